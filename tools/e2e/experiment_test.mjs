// Browser end-to-end test of experiment links (issue 11): playwright-core drives Debian's chromium (headless,
// WebGL2 through SwiftShader) against build/web served on 127.0.0.1.
//   1. Compare: a link with a learner axis trains perceptron, Bylander and averaging side by side; each
//      learner's trace equals `marginlab run` on its cell's link; the Learner panel's remove, "add a
//      learner" and (on a single run) "compare with" edit the link's x.learner
//   2. Sweep: perceptron, Bylander and averaging at eta 0..0.4 over 5 seeds fills its plot while frames keep
//      coming (median frame time reported); the page's rows equal the native rows of the same link, byte for
//      byte: `marginlab sweep --url L --out F` when the command line has it, and the desktop app's own run
//   3. Export saves the rows as CSV and as the JSON lines of `marginlab sweep`, and the plot as PNG; a click
//      on a point lists its cells; choosing one opens it as a single run; Back returns to the sweep as it
//      was (not run again); Space pauses and resumes a running sweep
// Screenshots go to $E2E_OUT (default build/e2e); with --docs the Compare and Sweep pictures are also written
// to docs/img/screenshot_web_{compare,sweep}.png (1280x800).
// Usage: node tools/e2e/experiment_test.mjs [--docs]   (env WEB_SITE, BUILD_NATIVE, E2E_OUT, CHROMIUM)
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage as openIn, status,
         waitFor as waitForIn, waitFrames, moreFrames } from './page.mjs';

const { root, site, buildNative, outDir, cli } = e2ePaths();
const desktop = path.join(buildNative, 'marginlab-app');
const writeDocs = process.argv.includes('--docs');
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('experiment_test', { site, cli });

const sha256 = (bytes) => crypto.createHash('sha256').update(bytes).digest('hex');
function cliRun(url, steps) {
  const r = spawnSync(cli, ['run', '--url', url, '--steps', String(steps), '--json'], { encoding: 'utf8' });
  if (r.status !== 0) return { error: r.stderr };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}
// The native command line's rows for a sweep link (`marginlab sweep`), or { skip: reason } when this
// build's command line has no sweep command yet.
function cliSweep(url) {
  const out = path.join(outDir, 'experiment_sweep_cli.jsonl');
  fs.rmSync(out, { force: true });
  const r = spawnSync(cli, ['sweep', '--url', url, '--out', out], { encoding: 'utf8' });
  if (r.status !== 0) {
    const said = (r.stderr || r.stdout || '').trim().split('\n')[0];
    if (/unknown command|usage/i.test(said)) return { skip: `this marginlab has no 'sweep' command (${said})` };
    return { error: said };
  }
  return { sha256: sha256(fs.readFileSync(out)) };
}
// The desktop app's rows hash for a sweep link: --steps runs every cell before the first frame.
function desktopSweep(url) {
  if (!fs.existsSync(desktop)) return { skip: `${desktop} is missing` };
  const r = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1280x800x24', desktop, '--url', url, '--steps', '0', '--frames', '1',
                                   '--print-status'], { encoding: 'utf8' });
  if (r.error) return { skip: `xvfb-run could not start the desktop app (${r.error.message})` };
  if (r.status !== 0) return { error: (r.stderr || '').trim() };
  const s = JSON.parse(r.stdout.trim().split('\n').pop());
  return { sha256: s.sweep && s.sweep.rows_sha256, status: s };
}

const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
async function openPage(hash) {
  // Every frame's time stamp (the median interval says whether the page stays responsive).
  const page = await openIn(context, base + hash, () => {
    window.__frameTimes = [];
    window.__downloads = [];
    const install = () => {
      if (!window.marginlab) return setTimeout(install, 0);
      const done = window.marginlab.frameDone;
      window.marginlab.frameDone = (...args) => {
        window.__frameTimes.push(performance.now());
        done(...args);
      };
      // What the app saves (Export), recorded as well as downloaded: Chromium asks before a page's second
      // automatic download, which a headless test cannot answer.
      const save = window.marginlab.download;
      window.marginlab.download = (name, bytes, mime) => {
        window.__downloads.push({ name, bytes: Array.from(bytes) });
        save(name, bytes, mime);
      };
    };
    install();
  });
  await waitFrames(page, 2, 300000);
  return page;
}
// Clicks the widget the app drew under `name` in its last frame (status().probes).
// A widget below the window's edge (the sidebar scrolls; Compare's numbers lines make the toolbar taller) is
// first scrolled into view with the wheel over the sidebar.
async function clickWidget(page, name) {
  let at = (await status(page)).probes[name];
  for (let i = 0; i < 12 && at && at[1] > 780; i++) {
    await page.mouse.move(150, 500);
    await page.mouse.wheel(0, 120);
    await moreFrames(page, 2);
    at = (await status(page)).probes[name];
  }
  if (!at) throw new Error(`the app drew no widget '${name}'`);
  await page.mouse.click(at[0], at[1]);
}
// Sweeps and full runs on 2 busy cores take minutes.
const waitFor = (page, predicate, arg) => waitForIn(page, predicate, arg, 600000);
// Median and 95th percentile of the intervals between frames from index `from` on.
function frameStats(times, from) {
  const d = [];
  for (let i = Math.max(1, from); i < times.length; i++) d.push(times[i] - times[i - 1]);
  d.sort((a, b) => a - b);
  const pick = (p) => d[Math.min(d.length - 1, Math.round(p * (d.length - 1)))];
  return { frames: d.length, median_ms: pick(0.5), p95_ms: pick(0.95) };
}

const COMPARE = '#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging';
// Issue 11 Done-when 3: perceptron, Bylander and averaging at eta 0..0.4 over 5 seeds, a small step budget.
const SWEEP = '#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5';

try {
  // 1. Compare.
  {
    const page = await openPage(COMPARE);
    await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
    await waitFor(page, () => { const s = window.marginlab.status(); return s.mode === 'compare' && s.compare.length === 3 && !s.playing; });
    const s = await status(page);
    check('a learner axis opens Compare with three learners', s.mode === 'compare' && s.compare.map((c) => c.learner).join() ===
          'perceptron,bylander,averaging', s.compare.map((c) => `${c.learner}@${c.steps}`).join(' '));
    for (const c of s.compare) {
      const ref = cliRun(c.cell, c.steps);
      check(`Compare: ${c.learner}'s trace equals marginlab run on its cell`, c.trace_sha256 && c.trace_sha256 === ref.trace_sha256,
            `${c.trace_sha256.slice(0, 16)} vs ${(ref.trace_sha256 || ref.error || '').slice(0, 16)} (${c.steps} steps)`);
    }
    await page.mouse.move(1279, 799);
    await moreFrames(page, 12);  // the boundaries of every learner are evaluated in frame slices
    const shot = path.join(outDir, 'screenshot_web_compare.png');
    await page.screenshot({ path: shot });
    check('a screenshot of Compare is saved', fs.statSync(shot).size > 40000, shot);
    if (writeDocs) fs.copyFileSync(shot, path.join(root, 'docs/img/screenshot_web_compare.png'));
    await page.close();
  }

  // 1b. The Learner panel edits the comparison (the link's x.learner).
  {
    const page = await openPage(COMPARE);
    await moreFrames(page, 3);
    await clickWidget(page, 'learner.remove.bylander');
    await waitFor(page, () => /&x\.learner=perceptron,averaging$/.test(window.marginlab.status().url), undefined, 30000);
    let s = await status(page);
    check('"remove" takes a learner out of the comparison', s.mode === 'compare' && s.compare.length === 2, s.url);
    await clickWidget(page, 'learner.add');
    await waitFor(page, () => window.marginlab.status().probes['learner.add.bylander'], undefined, 30000);
    await clickWidget(page, 'learner.add.bylander');
    await waitFor(page, () => /&x\.learner=perceptron,averaging,bylander$/.test(window.marginlab.status().url), undefined, 30000);
    s = await status(page);
    check('"add a learner" puts one back (last)', s.mode === 'compare' && s.compare.map((c) => c.learner).join() ===
          'perceptron,averaging,bylander' && (await page.evaluate(() => location.hash)) === s.url, s.url);
    await page.evaluate(() => { location.hash = '#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&learner=perceptron&hide=data'; });
    await waitFor(page, () => window.marginlab.status().mode === 'single', undefined, 30000);
    await moreFrames(page, 2);
    await clickWidget(page, 'learner.compare');
    await waitFor(page, () => window.marginlab.status().probes['learner.compare.averaging'], undefined, 30000);
    await clickWidget(page, 'learner.compare.averaging');
    await waitFor(page, () => window.marginlab.status().mode === 'compare', undefined, 30000);
    s = await status(page);
    check('"compare with" turns a single run into Compare', /&x\.learner=perceptron,averaging$/.test(s.url) && s.compare.length === 2, s.url);
    await page.close();
  }

  // 2. Sweep: the plot fills in, frames keep coming, the rows equal the native ones.
  let sweepStatus;
  {
    const page = await openPage(SWEEP);
    const startFrame = await page.evaluate(() => window.__frameTimes.length);
    const t0 = Date.now();
    await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && s.sweep.completed > 0; });
    const early = await status(page);
    check('the sweep plot fills in while it runs', early.sweep.markers > 0 && !early.sweep.finished,
          `${early.sweep.completed}/${early.sweep.total} cells, ${early.sweep.markers} markers`);
    await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && (s.sweep.finished || s.sweep.error); });
    const seconds = (Date.now() - t0) / 1000;
    const times = await page.evaluate(() => window.__frameTimes);
    const fr = frameStats(times, startFrame + 3);
    sweepStatus = await status(page);
    const sw = sweepStatus.sweep;
    check('the sweep finishes its 75 cells', sw.finished && !sw.error && sw.completed === 75 && sw.total === 75,
          `${sw.completed}/${sw.total} in ${seconds.toFixed(1)} s ${sw.error}`);
    check('the plot has all 15 points (3 learners x 5 eta values), one line per learner',
          sw.points === 15 && sw.points_filled === 15 && sw.markers === 15 && sw.lines === 3 && sw.x_key === 'eta',
          `points ${sw.points_filled}/${sw.points}, markers ${sw.markers}, lines ${sw.lines}, x ${sw.x_key}`);
    // At least a frame per 500 ms of the sweep (a fixed 30 failed once the worker pool ran it in 0.8 s).
    check('frames keep coming while it runs', fr.frames >= Math.max(3, Math.floor(seconds / 0.5)) && fr.median_ms < 250,
          `${fr.frames} frames in ${seconds.toFixed(1)} s, median ${fr.median_ms.toFixed(1)} ms, p95 ${fr.p95_ms.toFixed(1)} ms ` +
          `(the app's own median of its last frames: ${sweepStatus.frame_median_ms.toFixed(1)} ms)`);
    console.log(`MEASURED  browser sweep: 75 cells in ${seconds.toFixed(1)} s, frame median ${fr.median_ms.toFixed(1)} ms, p95 ${fr.p95_ms.toFixed(1)} ms`);
    // The page's throughput for bench/sweep_throughput.sh (docs/bench_sweep.md).
    fs.mkdirSync(path.resolve(root, 'build/e2e'), { recursive: true });
    fs.writeFileSync(path.resolve(root, 'build/e2e/sweep_timing.json'), JSON.stringify({
      cells: sw.completed, seconds, median_frame_ms: fr.median_ms, written: new Date().toISOString() }));
    {
      // For scale: the same page with a paused single run (what drawing alone costs in this browser).
      const idle = await openPage('#v=1&data=separable&n=400&learner=perceptron&seed=3&steps=1');
      const from = await idle.evaluate(() => window.__frameTimes.length);
      await waitFor(idle, (n) => window.__frameTimes.length >= n, from + 40);
      const st = frameStats(await idle.evaluate(() => window.__frameTimes), from + 5);
      console.log(`MEASURED  the same page drawing a paused single run: frame median ${st.median_ms.toFixed(1)} ms, p95 ${st.p95_ms.toFixed(1)} ms`);
      await idle.close();
    }
    const rows = await page.evaluate(() => window.marginlab.sweepRows());
    fs.writeFileSync(path.join(outDir, 'experiment_sweep_web.jsonl'), rows);
    check('the status hash is the sha256 of the page\'s rows', sha256(rows) === sw.rows_sha256 && rows.split('\n').length === 76,
          sw.rows_sha256.slice(0, 16));
    const viaCli = cliSweep(sweepStatus.url);
    if (viaCli.skip) console.log(`SKIP  rows equal \`marginlab sweep\`'s: ${viaCli.skip}`);
    else check('the page\'s rows equal `marginlab sweep --url L --out F` byte for byte', viaCli.sha256 === sw.rows_sha256,
               `${sw.rows_sha256.slice(0, 16)} vs ${(viaCli.sha256 || viaCli.error || '').slice(0, 16)}`);
    const viaDesktop = desktopSweep(sweepStatus.url);
    if (viaDesktop.skip) console.log(`SKIP  rows equal the desktop app's: ${viaDesktop.skip}`);
    else check('the page\'s rows equal the native desktop app\'s run of the same link', viaDesktop.sha256 === sw.rows_sha256,
               `${sw.rows_sha256.slice(0, 16)} vs ${(viaDesktop.sha256 || viaDesktop.error || '').slice(0, 16)}`);
    await page.mouse.move(1279, 799);
    await moreFrames(page, 4);
    const shot = path.join(outDir, 'screenshot_web_sweep.png');
    await page.screenshot({ path: shot });
    check('a screenshot of the Sweep is saved', fs.statSync(shot).size > 30000, shot);
    if (writeDocs) fs.copyFileSync(shot, path.join(root, 'docs/img/screenshot_web_sweep.png'));

    // 3. Export: the rows as CSV and JSON lines, the plot as PNG (downloads). The sidebar scrolls to them.
    await page.mouse.move(150, 500);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 100);
    await moreFrames(page, 4);
    const download = async (name) => {
      const before = await page.evaluate(() => window.__downloads.length);
      await clickWidget(page, name);
      await waitFor(page, (n) => window.__downloads.length > n, before, 30000);
      const d = await page.evaluate(() => window.__downloads[window.__downloads.length - 1]);
      const bytes = Buffer.from(d.bytes);
      fs.writeFileSync(path.join(outDir, 'experiment_' + d.name), bytes);
      return bytes;
    };
    const csv = (await download('export.rows_csv')).toString('utf8').split('\n');
    check('Export "Rows CSV": a header and one line per cell', /^index,learner,eta,seed,/.test(csv[0]) && /,cell$/.test(csv[0]) &&
          csv.length === 77 && csv[76] === '' && /^74,averaging,0\.4,5,/.test(csv[75]), `${csv[0].slice(0, 60)}... ${csv.length - 2} rows`);
    const jsonl = await download('export.rows_jsonl');
    check('Export "Rows JSONL": the bytes of the rows (sha256 as marginlab sweep\'s)', sha256(jsonl) === sw.rows_sha256,
          sha256(jsonl).slice(0, 16));
    const png = await download('export.sweep_png');
    check('Export "Sweep PNG": a PNG of the plot', png.subarray(1, 4).toString() === 'PNG' && png.length > 20000 &&
          png.readUInt32BE(16) > 600 && png.readUInt32BE(20) > 400, `${png.readUInt32BE(16)} x ${png.readUInt32BE(20)}, ${png.length} bytes`);

    // 4. A click on a point lists its cells; one opens as a single run; Back returns to the sweep as it was.
    const [mx, my] = sweepStatus.sweep.first_marker;
    await page.mouse.move(mx, my);
    await moreFrames(page, 2);
    await page.mouse.click(mx, my);
    await waitFor(page, () => window.marginlab.status().sweep.first_cell_entry[0] >= 0, undefined, 30000);
    const [ex, ey] = (await status(page)).sweep.first_cell_entry;
    await page.mouse.click(ex, ey);
    await waitFor(page, () => { const s = window.marginlab.status(); return s.mode === 'single' && !s.building; }, undefined, 30000);
    const single = await status(page);
    const hash = await page.evaluate(() => location.hash);
    check('choosing a cell of a point opens it as a single run', single.has_session && /learner=perceptron/.test(single.url) &&
          /eta=0(&|$)|&seed=1/.test(single.url) && !/x\./.test(single.url) && hash === single.url, single.url);
    check('the sweep\'s link is kept for the way back', single.parked_sweep_url === sweepStatus.url, single.parked_sweep_url);
    await page.goBack();
    await waitFor(page, () => window.marginlab.status().mode === 'sweep', undefined, 30000);
    const back = await status(page);
    check('Back returns to the sweep as it was, not run again', back.url === sweepStatus.url && back.sweep.finished &&
          back.sweep.completed === 75 && back.sweep.rows_sha256 === sweepStatus.sweep.rows_sha256, back.url);
    await page.close();
  }

  // 5. Space pauses a running sweep and resumes it.
  {
    const page = await openPage(SWEEP.replace('steps=200', 'steps=20000'));
    await waitFor(page, () => { const s = window.marginlab.status(); return s.sweep && s.sweep.completed >= 1; });
    await page.mouse.move(900, 400);
    // A press held over a few frames (down and up within one frame would not be seen by ImGui 1.86).
    const pressSpace = async () => {
      await page.keyboard.down('Space');
      await moreFrames(page, 2);
      await page.keyboard.up('Space');
    };
    await pressSpace();
    await waitFor(page, () => window.marginlab.status().sweep.paused, undefined, 30000);
    const a = await status(page);
    await page.waitForTimeout(1500);
    const b = await status(page);
    check('Space pauses the sweep: no cell finishes while paused', b.sweep.paused && b.sweep.completed === a.sweep.completed &&
          b.frames > a.frames, `${a.sweep.completed} -> ${b.sweep.completed} cells, frames ${a.frames} -> ${b.frames}`);
    await pressSpace();
    await waitFor(page, (n) => window.marginlab.status().sweep.completed > n, b.sweep.completed, 120000);
    check('Space resumes it', true);
    await page.close();
  }
} catch (e) {
  check('the experiment test ran to the end', false, String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
}
check('no uncaught error on any page', pageErrors.length === 0, pageErrors.join('; '));
finish('experiment_test');
