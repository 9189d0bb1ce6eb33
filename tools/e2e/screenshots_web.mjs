// One screenshot of the page (for screenshots.sh): opens build/web with a link, trains at full speed
// until the app pauses at the link's step budget (or the learner is done), moves the mouse out of the
// way and saves a PNG (1280x800 unless SIZE is given).
// Usage: node tools/e2e/screenshots_web.mjs '<link>' OUT.png [WIDTHxHEIGHT] [--csv FILE] [--first] [--gallery] [--scroll N]
//   --csv FILE   load FILE through the page's file input (the link names it: data=csv&csv=NAME)
//   --first      the first screen: no fast-forward, the picture after about two seconds at the default speed
//   --gallery    open the Gallery window (the toolbar's button) before the picture
//   --scroll N   turn the mouse wheel N notches down over the sidebar first (its lower sections: Learner, Share)
//   --touch      a phone or tablet: Chromium's mobile emulation with touch (isMobile, hasTouch), the device-pixel
//                ratio DPR (default 3); the page takes its touch layout (app/models/layout.h)
//   --tab NAME   with --touch: tap the sheet layout's tab NAME (settings, plots, confusion) before the picture
// Env: TEXT_SIZE (100 to 200) opens the page with that text size stored, as the toolbar's Aa menu keeps it.
import { chromium } from 'playwright-core';
import { e2ePaths, launchChromium, moreFrames, serveDirectory } from './page.mjs';

const { site } = e2ePaths();
const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); if (i < 0) return null; const v = args[i + 1]; args.splice(i, 2); return v; };
const bool = (name) => { const i = args.indexOf(name); if (i < 0) return false; args.splice(i, 1); return true; };
const csv = flag('--csv');
const first = bool('--first');
const gallery = bool('--gallery');
const scroll = Number(flag('--scroll') || 0);
const touch = bool('--touch');
const tab = flag('--tab');
const [link = '', out = 'screenshot.png', size = '1280x800'] = args;
const [width, height] = size.split('x').map(Number);
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
// DPR=2 renders as a high-DPI screen would (device pixels = 2 x CSS pixels).
const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: Number(process.env.DPR || (touch ? 3 : 1)),
                                     isMobile: touch, hasTouch: touch });
if (process.env.TEXT_SIZE) await page.addInitScript((t) => localStorage.setItem('marginlab.text_size', t), process.env.TEXT_SIZE);
await page.goto(base + link);
await page.waitForFunction(() => window.marginlab && window.marginlab.frames >= 2, null, { timeout: 300000 });
const waitFrames = (n) => moreFrames(page, n);  // n more frames (ImGui reads input once a frame)
if (csv) {
  await page.setInputFiles('#file', csv);
  await page.waitForFunction(() => window.marginlab.status().csv_rows > 0, null, { timeout: 300000 });
}
if (first) {
  await waitFrames(90);  // the first screen as a visitor meets it: training at the default speed
} else {
  await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
  // A single run or Compare pauses at its step budget; a sweep stops when every cell has its row.
  await page.waitForFunction(() => { const s = window.marginlab.status(); return (s.has_session || s.sweep) && !s.playing; }, null,
                             { timeout: 600000, polling: 250 });
}
if (gallery) {
  // ImGui reads the mouse once a frame: hold the press across frames.
  const at = await page.evaluate(() => window.marginlab.status().probes['run.gallery']);
  await page.mouse.move(at[0], at[1]);
  await waitFrames(3);
  await page.mouse.down();
  await waitFrames(3);
  await page.mouse.up();
  await page.waitForFunction(() => window.marginlab.status().gallery_open, null, { timeout: 60000 });
}
for (let i = 0; i < scroll; ++i) {
  // One notch a few frames apart (ImGui reads the wheel once a frame), over the sidebar's middle.
  await page.mouse.move(60, height / 2);
  await page.mouse.wheel(0, 100);
  await waitFrames(2);
}
if (touch && tab) {
  // A finger held for three frames on the tab (web/touch.js: ImGui sees a press and a release).
  const cdp = await page.context().newCDPSession(page);
  const at = await page.evaluate((name) => window.marginlab.status().probes['tab.' + name], tab);
  if (!at) throw new Error(`no tab ${tab} in this layout`);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: at[0], y: at[1] }] });
  await waitFrames(3);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}
if (!touch) await page.mouse.move(width - 1, height - 1);
await waitFrames(8);
await page.screenshot({ path: out });
console.log(out);
await browser.close();
server.close();
