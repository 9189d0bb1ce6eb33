// One screenshot of the page (for screenshots.sh): opens build/web with a link, trains at full speed
// until the app pauses at the link's step budget (or the learner is done), moves the mouse out of the
// way and saves a 1280x800 PNG. Usage: node tools/e2e/screenshots_web.mjs '<link>' OUT.png
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchChromium, serveDirectory } from './page.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const site = path.resolve(root, process.env.WEB_SITE || 'build/web/site');
const [link = '', out = 'screenshot.png'] = process.argv.slice(2);
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
// DPR=2 renders as a high-DPI screen would (device pixels = 2 x CSS pixels).
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: Number(process.env.DPR || 1) });
await page.goto(base + link);
await page.waitForFunction(() => window.marginlab && window.marginlab.frames >= 2, null, { timeout: 300000 });
await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
// A single run or Compare pauses at its step budget; a sweep stops when every cell has its row.
await page.waitForFunction(() => { const s = window.marginlab.status(); return (s.has_session || s.sweep) && !s.playing; }, null,
                           { timeout: 600000, polling: 250 });
const frames = await page.evaluate(() => window.marginlab.frames);
await page.mouse.move(1279, 799);
await page.waitForFunction((n) => window.marginlab.frames >= n + 8, frames, { timeout: 300000 });
await page.screenshot({ path: out });
console.log(out);
await browser.close();
server.close();
