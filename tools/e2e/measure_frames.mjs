// Frame times of the page in headless Chromium (for bench/frontend.sh): opens build/web with a link at
// full training speed, skips warm-up frames, then records the time between consecutive frames the
// module reports (window.marginlab.frameDone) and each frame's cost (the app's own work apart from the
// training slice and the GL calls; App::last_frame_cost), and where the page's start went (the ml:* marks
// web/glue.js and web/main.cpp put on the Performance timeline).
// Prints one JSON object: {"link", "frames", "median_ms", "p95_ms", "app_cpu_median_ms", "app_cpu_p95_ms",
// "train_median_ms", "gl_median_ms", "first_frame_ms", "first_run_frame_ms" (the first frame showing the
// built run), "start" (each mark's time since navigation, ms), "steps"}.
// With WARM_GPU=1 a blank page first creates a WebGL2 context, so the measured page finds the browser's GPU
// process running, as in a browser that is already open (a fresh headless Chromium starts it for the first
// context, which then takes hundreds of ms of the page's start).
// Usage: node tools/e2e/measure_frames.mjs '<link>' [frames=120]   (env WEB_SITE, CHROMIUM, WARM_GPU)
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
if (process.env.WARM_GPU === '1') {
  const blank = await browser.newPage();
  const ok = await blank.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    return !!gl && !!gl.getParameter(gl.VERSION);
  });
  if (!ok) throw new Error('measure_frames: WARM_GPU: no WebGL2 context in a blank page');
  await blank.close();
}
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
// Record every frame's time stamp and cost from the start.
await page.addInitScript(() => {
  window.__frameTimes = [];
  window.__frameCosts = [];
  const install = () => {
    if (!window.marginlab) return setTimeout(install, 0);
    const done = window.marginlab.frameDone;
    window.marginlab.frameDone = (n, cost, hasSession) => {
      window.__frameTimes.push(performance.now());
      window.__frameCosts.push(cost);
      done(n, cost, hasSession);
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
  // Nearest rank, as FrameTimes::percentile_ms (app/models/frame_times.h).
  const pick = (values, p) => {
    const d = [...values].sort((a, b) => a - b);
    return d[Math.min(d.length - 1, Math.round(p * (d.length - 1)))];
  };
  const intervals = [];
  for (let i = warm + 1; i <= warm + count; i++) intervals.push(t[i] - t[i - 1]);
  const costs = window.__frameCosts.slice(warm + 1, warm + count + 1);
  const start = {};
  for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('ml:')) start[m.name.slice(3)] = m.startTime;
  return { frames: intervals.length, median_ms: pick(intervals, 0.5), p95_ms: pick(intervals, 0.95),
           app_cpu_median_ms: pick(costs.map((c) => c.app_ms), 0.5), app_cpu_p95_ms: pick(costs.map((c) => c.app_ms), 0.95),
           train_median_ms: pick(costs.map((c) => c.train_ms), 0.5), gl_median_ms: pick(costs.map((c) => c.gl_ms), 0.5),
           first_frame_ms: start['first-frame'], first_run_frame_ms: start['first-run-frame'], start,
           steps: window.marginlab.status().steps };
}, [warm, count]);
console.log(JSON.stringify({ link, ...result }));
await browser.close();
server.close();
