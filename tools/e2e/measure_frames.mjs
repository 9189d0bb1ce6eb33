// Frame times of the page in headless Chromium (for bench/frontend.sh): opens build/web with a link at
// full training speed, skips warm-up frames, then records the time between consecutive frames the
// module reports (window.marginlab.frameDone) and the time from navigation to the first frame.
// Prints one JSON object: {"link", "frames", "median_ms", "p95_ms", "first_frame_ms",
// "first_run_frame_ms" (the first frame showing the built run), "steps"}.
// Usage: node tools/e2e/measure_frames.mjs '<link>' [frames=120]   (env WEB_SITE, CHROMIUM)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { launchChromium, serveDirectory } from './page.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const site = path.resolve(root, process.env.WEB_SITE || 'build/web/site');
const link = process.argv[2] || '';
const count = Number(process.argv[3] || 120);
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
// Record every frame's time stamp from the start (the first one gives time to first frame).
await page.addInitScript(() => {
  window.__frameTimes = [];
  const install = () => {
    if (!window.marginlab) return setTimeout(install, 0);
    const done = window.marginlab.frameDone;
    window.marginlab.frameDone = (n) => {
      window.__frameTimes.push(performance.now());
      done(n);
      if (window.__runAt === undefined && window.marginlab.status().has_session) window.__runAt = performance.now();
    };
  };
  install();
});
await page.goto(base + link);
await page.waitForFunction(() => window.__frameTimes.length >= 1, null, { timeout: 300000 });
await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
const warm = 10;
await page.waitForFunction((n) => window.__frameTimes.length >= n, warm + count + 1, { timeout: 600000, polling: 500 });
const result = await page.evaluate(([warm, count]) => {
  const t = window.__frameTimes;
  const d = [];
  for (let i = warm + 1; i <= warm + count; i++) d.push(t[i] - t[i - 1]);
  d.sort((a, b) => a - b);
  const pick = (p) => d[Math.min(d.length - 1, Math.round(p * (d.length - 1)))];
  return { frames: d.length, median_ms: pick(0.5), p95_ms: pick(0.95), first_frame_ms: t[0],
           first_run_frame_ms: window.__runAt,
           steps: window.marginlab.status().steps };
}, [warm, count]);
console.log(JSON.stringify({ link, ...result }));
await browser.close();
server.close();
