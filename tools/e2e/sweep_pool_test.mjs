// Browser end-to-end test of the sweeps' Web Worker pool (issue 30): playwright-core drives Debian's chromium
// (headless, WebGL2 through SwiftShader) against build/web served on 127.0.0.1.
//   1. A single-run page starts no worker and never asks for the worker's module; the first download grows
//      by pool.js alone (at most 10 % of it).
//   2. The README's sweep link with jobs=2 (two workers): rows byte-identical to `marginlab sweep`, with
//      jobs=1 too, and a bigger link (docs/bench_sweep.md's second) run to its end on two workers; the page's cells/s (from the pool's creation, the worker module's download and compile
//      included, to the last row), its frame times while sweeping, where a frame's time goes (the app's own
//      work and its GL calls, FrameCost) and the workers' heap are measured, and the frames of the idle
//      single-run page of 1. for comparison (the frame time the renderer alone allows).
//   3. A worker that dies is replaced and its piece runs again: the rows are still the same bytes.
//   4. A link with refused cells: each becomes its error row while the others finish.
//   5. Cancel stops a running sweep: every worker terminated (the time from Cancel to the last worker gone
//      is measured), no row merged after it, frames still drawn.
//   6. A worker module that does not load (HTTP 404): every cell becomes its error row naming it, and the
//      pool does not start workers again and again.
//   7. The worker's script does not load (HTTP 404): the same; a worker that fails before it is ready breaks
//      the pool down instead of being replaced.
// Figures go to build/e2e/sweep_pool_timing.json for bench/sweep_throughput.sh (docs/bench_sweep.md).
// Usage: node tools/e2e/sweep_pool_test.mjs   (env WEB_SITE, BUILD_NATIVE, E2E_OUT, CHROMIUM)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, openPage as openIn, status,
         waitFor as waitForIn, waitFrames, moreFrames, runToPause } from './page.mjs';

const { root, site, outDir, cli } = e2ePaths();
fs.mkdirSync(outDir, { recursive: true });
const chromium = await requirePrerequisites('sweep_pool_test', { site, cli });
const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');

// The README's sweep link (3 learners x 5 eta values x 5 seeds), and a slow one to cancel.
const SWEEP = '#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5';
const SLOW = '#v=1&data=separable&n=4000&d=20&noise=uniform&steps=20000&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5&jobs=2';
// n=8 cannot make 10 cross-validation folds: those cells are refused (error rows), the others run.
const REFUSED = '#v=1&data=separable&test=0&learner=rp&l.cv=1&l.cv_folds=10&steps=50&seed=1&x.n=8,40,60&x.seed=1..2&jobs=2';

function cliSweep(url, name) {
  const out = path.join(outDir, `sweep_pool_${name}.jsonl`);
  fs.rmSync(out, { force: true });
  const r = spawnSync(cli, ['sweep', '--url', url, '--jobs', '1', '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) return { error: (r.stderr || '').trim().split('\n').pop() };
  return { bytes: fs.readFileSync(out, 'utf8') };
}
// By nearest rank, as FrameTimes::percentile_ms (app/models/frame_times.h).
function pick(values, p) {
  const d = [...values].sort((a, b) => a - b);
  return d[Math.min(d.length - 1, Math.round(p * (d.length - 1)))];
}
// Median and 95th percentile of the intervals between the frames run from time `from` to `to`
// (performance.now), how many of them were drawn (the page skips a frame that shows nothing new,
// app/models/redraw_gate.h), the median of their app part and of the drawn ones' GL calls (FrameCost).
function frameStats(times, costs, from, to = Infinity) {
  const d = [], app = [], gl = [];
  for (let i = 1; i < times.length; i++) {
    if (times[i - 1] < from || times[i] > to) continue;
    d.push(times[i] - times[i - 1]);
    app.push(costs[i].app_ms);
    if (costs[i].drawn) gl.push(costs[i].gl_ms);
  }
  return { frames: d.length, drawn: gl.length, median_ms: pick(d, 0.5), p95_ms: pick(d, 0.95),
           app_median_ms: pick(app, 0.5), gl_median_ms: gl.length ? pick(gl, 0.5) : 0 };
}
// "over 233 frames (41 drawn; app 0.4 ms, GL calls of a drawn frame 35.0 ms)"
const framesText = (f) => `over ${f.frames} frames (${f.drawn} drawn; app ${f.app_median_ms.toFixed(1)} ms, ` +
                          `GL calls of a drawn frame ${f.gl_median_ms.toFixed(1)} ms)`;
const frames = (page, from, to) =>
  page.evaluate(() => [window.__frameTimes, window.__frameCosts]).then(([t, c]) => frameStats(t, c, from, to));

const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const requested = [];
context.on('request', (r) => requested.push(new URL(r.url()).pathname));
// A page at `hash` whose frames are time-stamped.
async function openPage(hash) {
  const page = await openIn(context, base + hash, () => {
    window.__frameTimes = [];
    window.__frameCosts = [];
    const install = () => {
      if (!window.marginlab) return setTimeout(install, 0);
      const done = window.marginlab.frameDone;
      window.marginlab.frameDone = (k, cost, hasSession) => {
        window.__frameTimes.push(performance.now());
        window.__frameCosts.push(cost);
        done(k, cost, hasSession);
      };
    };
    install();
  });
  await waitFrames(page, 2, 300000);
  return page;
}
const waitFor = (page, predicate, arg) => waitForIn(page, predicate, arg, 600000);
const poolStats = (page) => page.evaluate(() => window.marginlabPool.stats());
// Runs a sweep page to its end: its rows, seconds, frame times and the pool's figures. With `crashes`, the
// page opens a single run first, asks the pool to make that many pieces' workers die, then goes to `hash`.
async function sweepPage(hash, crashes = 0) {
  const page = await openPage(crashes ? '#v=1&data=separable&n=40&learner=perceptron&steps=1' : hash);
  if (crashes) {
    await page.evaluate(([n, h]) => { window.marginlabPool.crashNext(n); location.hash = h; }, [crashes, hash]);
  }
  const t0 = Date.now();
  await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && s.sweep.completed > 0; });
  const during = await poolStats(page);
  await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && (s.sweep.finished || s.sweep.error); });
  const s = await status(page);
  const rows = await page.evaluate(() => window.marginlab.sweepRows());
  const after = await poolStats(page);
  // From the pool's creation (its workers' start, the module's download and compile) to the last row.
  const seconds = after.last_end_ms > after.created_ms ? (after.last_end_ms - after.created_ms) / 1000 : (Date.now() - t0) / 1000;
  const drawn = await frames(page, after.created_ms, after.last_end_ms);
  return { page, s, rows, seconds, frames: drawn, during, after };
}

const timing = { written: new Date().toISOString() };
try {
  // 1. A single run: no worker, no worker module.
  {
    const page = await openPage('#v=1&data=separable&n=400&learner=perceptron&seed=3&steps=400');
    await runToPause(page);  // to its step budget at full speed: nothing moves any more
    await moreFrames(page, 20);
    const idleFrom = await page.evaluate(() => performance.now());
    await moreFrames(page, 40);
    const idle = await frames(page, idleFrom);
    console.log(`MEASURED  an idle single-run page (the run finished): frame median ${idle.median_ms.toFixed(1)} ms, ` +
                `p95 ${idle.p95_ms.toFixed(1)} ms ${framesText(idle)}`);
    timing.idle = idle;
    const st = await poolStats(page);
    check('a single-run page starts no worker and never asks for the worker module',
          st.alive === 0 && st.workers_started === 0 && !st.module_requested &&
          !requested.some((p) => /marginlab-worker|worker\.js/.test(p)), JSON.stringify(st));
    const size = (f) => fs.statSync(path.join(site, f)).size;
    const first = ['index.html', 'glue.js', 'marginlab-app.js', 'marginlab-app.wasm'].reduce((a, f) => a + size(f), 0);
    const growth = size('pool.js') / first;
    check('the first download grows by pool.js alone, at most 10 %', growth <= 0.10 &&
          requested.includes('/pool.js'), `${size('pool.js')} bytes on ${first} (${(100 * growth).toFixed(2)} %)`);
    timing.first_download_bytes = first;
    timing.pool_js_bytes = size('pool.js');
    timing.worker_bytes = size('marginlab-worker.wasm') + size('marginlab-worker.js') + size('worker.js');
    await page.close();
  }

  // 2. The README's link on two workers and on one: the command line's bytes.
  const ref = cliSweep(SWEEP, 'cli');
  check('marginlab sweep runs the README link', !ref.error, ref.error || '');
  const two = await sweepPage(SWEEP + '&jobs=2');
  check('jobs=2: two workers run the sweep', two.during.alive === 2 && two.s.sweep.completed === 75 && !two.s.sweep.error,
        `${two.during.alive} workers, ${two.s.sweep.completed}/75 cells in ${two.seconds.toFixed(2)} s`);
  check('jobs=2: the rows equal `marginlab sweep`\'s byte for byte', two.rows === ref.bytes,
        `${sha256(two.rows).slice(0, 16)} vs ${sha256(ref.bytes || '').slice(0, 16)}`);
  check('the workers report their heap (bounded by 512 MB)', two.after.heap_max > 0 && two.after.heap_max <= 512 * 1048576,
        `${(two.after.heap_max / 1048576).toFixed(0)} MB`);
  const readyS = (two.after.ready_ms - two.after.created_ms) / 1000;
  console.log(`MEASURED  pool of 2: 75 cells in ${two.seconds.toFixed(2)} s from the pool's creation (first worker ready after ` +
              `${readyS.toFixed(2)} s), ${(75 / two.seconds).toFixed(1)} cells/s; frame median ${two.frames.median_ms.toFixed(1)} ms, ` +
              `p95 ${two.frames.p95_ms.toFixed(1)} ms ${framesText(two.frames)}`);
  Object.assign(timing, { cells: 75, seconds: two.seconds, ready_seconds: readyS, frames: two.frames,
                          heap_max_bytes: two.after.heap_max, jobs: 2 });
  await two.page.close();
  const one = await sweepPage(SWEEP + '&jobs=1');
  check('jobs=1: one worker, the same rows as jobs=2', one.during.alive === 1 && one.rows === two.rows,
        `${one.during.alive} worker, ${sha256(one.rows).slice(0, 16)}`);
  timing.seconds_jobs1 = one.seconds;
  await one.page.close();
  // The bigger link of docs/bench_sweep.md on two workers: a few seconds of cells, where the pool's start
  // weighs less and the frames while sweeping are many.
  const big = await sweepPage(SLOW);
  check('jobs=2: the bigger link runs to its end on two workers', big.s.sweep.finished && big.s.sweep.completed === 75 &&
        big.s.sweep.error_rows === 0, `${big.s.sweep.completed}/75 cells in ${big.seconds.toFixed(2)} s`);
  console.log(`MEASURED  the bigger link on a pool of 2: ${(75 / big.seconds).toFixed(1)} cells/s, frame median ` +
              `${big.frames.median_ms.toFixed(1)} ms, p95 ${big.frames.p95_ms.toFixed(1)} ms ${framesText(big.frames)}`);
  timing.big = { cells: 75, seconds: big.seconds, frames: big.frames };
  await big.page.close();

  // 3. A worker that dies: replaced, its piece run again, the same rows.
  const crashed = await sweepPage(SWEEP + '&jobs=2', 1);
  check('a dead worker is replaced and its piece retried: the same rows', crashed.after.workers_replaced >= 1 &&
        crashed.rows === two.rows && crashed.s.sweep.error_rows === 0,
        `${crashed.after.workers_replaced} replaced, ${sha256(crashed.rows).slice(0, 16)}`);
  await crashed.page.close();

  // 4. Refused cells become error rows; the others finish.
  const refRefused = cliSweep(REFUSED, 'refused');
  const refused = await sweepPage(REFUSED);
  check('refused cells become their error rows while the others finish', refused.s.sweep.finished &&
        refused.s.sweep.error_rows === 2 && refused.s.sweep.completed === 6 && refused.rows === refRefused.bytes,
        `${refused.s.sweep.error_rows} error rows of ${refused.s.sweep.completed}, equal to marginlab sweep's: ${refused.rows === refRefused.bytes}`);
  // The refusal in sight on the desktop: a red line naming the reason over the plot (some cells ran; with test=0 the
  // plot says no cell gave the metric a value, not that cells are running), and for the
  // letters link (every cell over the page's resource budget) the reason in the empty plot's place, never
  // "running" once the sweep finished.
  const line = refused.s.probes['sweep.refused'];
  check('a partly refused sweep says why on screen', /^2 of 6 cells refused: /.test(refused.s.sweep.refusal) &&
        line && line[1] > 0 && line[1] < 800 && !/running/.test(refused.s.sweep.plot_note),
        `${JSON.stringify(line)} ${refused.s.sweep.refusal}; plot: ${refused.s.sweep.plot_note}`);
  await refused.page.close();
  const letters = await sweepPage(fs.readFileSync(path.join(root, 'docs/reproductions/uma_real_letter.url'), 'utf8').trim());
  const empty = letters.s.probes['sweep.refused'];
  check('every cell refused: the plot names the budget and the command line that admits it', letters.s.sweep.finished &&
        /^all 12 cells refused: the configuration is over the resource budget.*`marginlab sweep`/.test(letters.s.sweep.plot_note) &&
        empty && empty[1] > 0 && empty[1] < 800 && !/running/.test(letters.s.sweep.plot_note), `${JSON.stringify(empty)} ${letters.s.sweep.plot_note}`);
  await letters.page.close();

  // 5. Cancel a running sweep.
  {
    const page = await openPage(SLOW);
    await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && s.sweep.completed >= 2; });
    const running = await poolStats(page);
    const at = (await status(page)).probes['sweep.cancel'];
    const t0 = await page.evaluate(() => performance.now());
    await page.mouse.click(at[0], at[1]);
    await waitFor(page, () => window.marginlabPool.stats().alive === 0);
    const gone = await page.evaluate(() => window.marginlabPool.stats().last_stop_ms);
    const cancelled = await status(page);
    const rowsAt = (await page.evaluate(() => window.marginlab.sweepRows())).length;
    const framesAt = cancelled.frames;
    await page.waitForTimeout(3000);
    const later = await status(page);
    const rowsLater = (await page.evaluate(() => window.marginlab.sweepRows())).length;
    const ms = gone - t0;
    check('Cancel terminates every worker', running.alive === 2 && cancelled.sweep.cancelled &&
          (await poolStats(page)).alive === 0, `${running.alive} workers before, cancelled after ${cancelled.sweep.completed} cells`);
    check('no row is merged after Cancel', later.sweep.completed === cancelled.sweep.completed && rowsLater === rowsAt,
          `${cancelled.sweep.completed} then ${later.sweep.completed} cells`);
    check('the page still draws after Cancel', later.frames > framesAt + 5, `${later.frames - framesAt} frames in 3 s`);
    console.log(`MEASURED  Cancel to the last worker gone: ${ms.toFixed(1)} ms`);
    timing.cancel_to_gone_ms = ms;
    await page.close();
  }
  // 6. The worker module does not load: each cell's error row names it, and no worker is started again.
  {
    await context.route('**/marginlab-worker.wasm', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const broken = await sweepPage(REFUSED);
    await context.unroute('**/marginlab-worker.wasm');
    const named = broken.rows.split('\n').filter((line) => line.includes('marginlab-worker.wasm: HTTP 404')).length;
    check('a worker module that does not load: every cell its error row naming it, no worker left or started again',
          broken.s.sweep.finished && broken.s.sweep.error_rows === 6 && named === 6 && broken.after.alive === 0 &&
          broken.after.workers_started === 2,
          `${broken.s.sweep.error_rows} error rows (${named} naming the module), ${broken.after.alive} alive, ` +
          `${broken.after.workers_started} started`);
    await broken.page.close();
  }
  // 7. The worker's script does not load: the workers fail before they are ready, so the pool breaks down
  //    (each cell its error row) instead of replacing them again and again.
  {
    await context.route('**/worker.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    const broken = await sweepPage(REFUSED);
    await context.unroute('**/worker.js');
    const named = broken.rows.split('\n').filter((line) => line.includes('the worker could not start')).length;
    check('a worker script that does not load: every cell its error row, no worker left or started again',
          broken.s.sweep.finished && broken.s.sweep.error_rows === 6 && named === 6 && broken.after.alive === 0 &&
          broken.after.workers_started === 2,
          `${broken.s.sweep.error_rows} error rows (${named} saying the worker could not start), ` +
          `${broken.after.alive} alive, ${broken.after.workers_started} started`);
    await broken.page.close();
  }
  fs.writeFileSync(path.join(outDir, 'sweep_pool_timing.json'), JSON.stringify(timing, null, 1));
} catch (e) {
  check('the test ran to its end', false, e.stack || String(e));
} finally {
  await browser.close();
  server.close();
}
finish('sweep_pool_test');
