// Frame times of the page in headless Chromium (for bench/frontend.sh): opens build/web with a link at
// full training speed, skips warm-up frames, then records the time between consecutive frames the
// module reports (window.marginlab.frameDone) and each frame's cost (the app's own work apart from the
// training slice and the GL calls; App::last_frame_cost), and where the page's start went (the ml:* marks
// web/glue.js and web/main.cpp put on the Performance timeline).
// Prints one JSON object: {"link", "frames", "warm_frames" (the frames skipped first), "median_ms", "p95_ms",
// "app_cpu_median_ms", "app_cpu_p95_ms", "train_median_ms", "gl_median_ms", "first_frame_ms",
// "first_run_frame_ms" (the first frame showing the built run), "start" (each mark's time since navigation,
// ms), "steps" (read after the measured frames, so training ran on while the script waited), "measured_ms" (from the first measured interval's start to the
// last one's end), "measured_from_step" and "measured_to_step" (the session's steps as those two frames
// ended: the measured frames trained the steps in between), "train_total_ms" (their training slices, summed)}.
// With WARM_GPU=1 a blank page first creates a WebGL2 context, so the measured page finds the browser's GPU
// process running, as in a browser that is already open (a fresh headless Chromium starts it for the first
// context, which then takes hundreds of ms of the page's start).
// With STARTS=N (N > 1) it measures only the start, N times, each in a new browser, and prints
// {"link", "starts", "first_frame_ms", "first_run_frame_ms" (medians), "first_run_frame_all" (every start, in
// order), "start" (each mark's median), "loads" (the 1-minute load average after each start)}: one start
// varies by hundreds of ms on a machine that other work shares, the median of several much less.
// Usage: node tools/e2e/measure_frames.mjs '<link>' [frames=120]   (env WEB_SITE, CHROMIUM, WARM_GPU, STARTS)
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { e2ePaths, launchChromium, serveDirectory } from './page.mjs';

const { site } = e2ePaths();
const link = process.argv[2] || '';
const count = Number(process.argv[3] || 120);
const starts = Number(process.env.STARTS || 1);
const { server, base } = await serveDirectory(site);
// The median by nearest rank, as FrameTimes::percentile_ms (app/models/frame_times.h).
const pick = (values, p) => {
  const d = [...values].sort((a, b) => a - b);
  return d[Math.min(d.length - 1, Math.round(p * (d.length - 1)))];
};
if (starts > 1) {
  const runs = [];
  for (let i = 0; i < starts; i++) {
    const browser = await launchChromium(chromium);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + link);
    await page.waitForFunction(() => performance.getEntriesByName('ml:first-run-frame').length > 0, null, { timeout: 300000 });
    runs.push(await page.evaluate(() => {
      const start = {};
      for (const m of performance.getEntriesByType('mark')) if (m.name.startsWith('ml:')) start[m.name.slice(3)] = m.startTime;
      return start;
    }));
    runs[runs.length - 1].load = Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
    await browser.close();
  }
  const start = {};
  for (const name of Object.keys(runs[0])) if (name !== 'load') start[name] = pick(runs.map((r) => r[name]), 0.5);
  console.log(JSON.stringify({ link, starts, first_frame_ms: start['first-frame'], first_run_frame_ms: start['first-run-frame'],
                               first_run_frame_all: runs.map((r) => Math.round(r['first-run-frame'])), start,
                               loads: runs.map((r) => r.load) }));
  server.close();
  process.exit(0);
}
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
const warm = 10;
// Record every frame's time stamp and cost from the start, and the session's steps at the two frames that
// bound the measured intervals (read in the frame itself: reading them later would count steps trained while
// the script polls; two status reads in the whole run, so the frames measured pay nothing for them).
await page.addInitScript(([warm, count]) => {
  window.__frameTimes = [];
  window.__frameCosts = [];
  window.__stepsAt = {};
  const install = () => {
    if (!window.marginlab) return setTimeout(install, 0);
    const done = window.marginlab.frameDone;
    window.marginlab.frameDone = (n, cost, hasSession) => {
      window.__frameTimes.push(performance.now());
      window.__frameCosts.push(cost);
      const i = window.__frameTimes.length - 1;
      if (i === warm || i === warm + count) window.__stepsAt[i] = window.marginlab.status().steps;
      done(n, cost, hasSession);
    };
  };
  install();
}, [warm, count]);
await page.goto(base + link);
await page.waitForFunction(() => window.__frameTimes.length >= 1, null, { timeout: 300000 });
await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
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
  return { frames: intervals.length, warm_frames: warm, median_ms: pick(intervals, 0.5), p95_ms: pick(intervals, 0.95),
           app_cpu_median_ms: pick(costs.map((c) => c.app_ms), 0.5), app_cpu_p95_ms: pick(costs.map((c) => c.app_ms), 0.95),
           train_median_ms: pick(costs.map((c) => c.train_ms), 0.5), gl_median_ms: pick(costs.map((c) => c.gl_ms), 0.5),
           first_frame_ms: start['first-frame'], first_run_frame_ms: start['first-run-frame'], start,
           steps: window.marginlab.status().steps, measured_ms: t[warm + count] - t[warm],
           measured_from_step: window.__stepsAt[warm], measured_to_step: window.__stepsAt[warm + count],
           train_total_ms: costs.reduce((sum, c) => sum + c.train_ms, 0) };
}, [warm, count]);
console.log(JSON.stringify({ link, ...result }));
await browser.close();
server.close();
