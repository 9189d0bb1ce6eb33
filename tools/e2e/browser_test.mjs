// Browser end-to-end test of the playground (issue 6): playwright-core drives Debian's chromium
// (headless, WebGL2 through SwiftShader) against build/web served on 127.0.0.1.
//   1. the page loads and trains the default experiment; the hash follows the app's canonical URL; it
//      builds the experiment before it makes its WebGL2 context (the wait for the GPU process overlaps it)
//   2. a link with a chosen config reproduces the native `marginlab run --url U --steps N` trace hash
//   3. a CSV loaded through the file input trains, and matches `marginlab run --csv` too; reading a file
//      shows progress and Esc cancels it
//   4. the share link round-trips (open it in a new page: same canonical URL, same trace), and
//      editing the hash (hashchange) switches the experiment
//   5. a hidden page pauses training
//   6. a browser without wasm SIMD or WebGL2 gets a readable error instead of a blank page
//   7. on a high-DPI screen (devicePixelRatio 2) the canvas has device pixels and clicks land where drawn
//   8. a long kernel projection shows its progress, and Escape cancels it back to the previous link
// Screenshots go to $E2E_OUT (default build/e2e); with --docs the default-experiment picture is also
// written to docs/img/screenshot_web_default.png.
// Usage: node tools/e2e/browser_test.mjs [--docs]   (env WEB_SITE, BUILD_NATIVE, E2E_OUT, CHROMIUM)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage as openIn, status,
         waitFor, waitFrames, runToPause } from './page.mjs';

const { root, site, outDir, cli } = e2ePaths();
const writeDocs = process.argv.includes('--docs');
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('browser_test', { site, cli });

// --- a static server for build/web on 127.0.0.1 ---
const { server, base } = await serveDirectory(site);

function cliRun(url, steps, csv) {
  const args = ['run', '--url', url, '--steps', String(steps), '--json'];
  if (csv) args.push('--csv', csv);
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  if (r.status !== 0) return { error: r.stderr };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

const openPage = (hash = '', init = null) => openIn(context, base + hash, init);

try {
  // 1. The default experiment loads and trains; the hash is the canonical URL. When main() marks ml:prepared
  //    the experiment is built and no WebGL2 context exists yet (web/main.cpp).
  {
    const page = await openPage('', () => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name, ...rest) => {
        if (name === 'ml:prepared') {
          window.__atPrepared = { has_session: window.marginlab.status().has_session, context: !!window.marginlabStart.gl };
        }
        return mark(name, ...rest);
      };
    });
    const error = await waitFrames(page, 3);
    check('the page loads without an error screen', !error, error);
    const prepared = await page.evaluate(() => window.__atPrepared || null);
    check('the experiment is built before the WebGL2 context is made', prepared && prepared.has_session && !prepared.context,
          JSON.stringify(prepared));
    await waitFor(page, () => window.marginlab.status().steps >= 20);
    const s = await status(page);
    check('the default experiment trains', s.has_session && s.steps >= 20, `steps ${s.steps}, frames ${s.frames}`);
    const hash = await page.evaluate(() => location.hash);
    check('the URL hash is the canonical link', hash === s.url, `${hash} vs ${s.url}`);
    const title = await page.title();
    check('the title names the experiment', title.startsWith('marginlab'), title);
    // Let the default run reach its budget: the picture is then the same on every run.
    const done = await runToPause(page);
    await page.mouse.move(1279, 799);
    await waitFrames(page, done.frames + 3);
    const shot = path.join(outDir, 'screenshot_web_default.png');
    await page.screenshot({ path: shot });
    check('a screenshot of the default experiment is saved', fs.statSync(shot).size > 40000, shot);
    if (writeDocs) fs.copyFileSync(shot, path.join(root, 'docs/img/screenshot_web_default.png'));
    await page.close();
  }

  // 1b. One wheel notch over the sidebar scrolls it by about three lines (emscripten's GLFW hands over the
  // browser's pixel delta, ~100 per notch with the sign flipped; the page converts it to notches).
  {
    const page = await openPage('#v=1&data=classes&q=3&learner=uma&seed=1&steps=50');  // a long sidebar: UMA's parameters
    await waitFrames(page, 3);
    await page.mouse.move(150, 450);
    let s = await status(page);
    await page.mouse.wheel(0, 100);
    await waitFrames(page, s.frames + 4);
    s = await status(page);
    check('one wheel notch down over the sidebar scrolls it down about three lines, not to an end',
          s.sidebar_scroll_lines >= 2 && s.sidebar_scroll_lines <= 5 && s.sidebar_scroll_lines < s.sidebar_scroll_max_lines,
          `scrolled ${s.sidebar_scroll_lines.toFixed(2)} of ${s.sidebar_scroll_max_lines.toFixed(2)} lines`);
    await page.mouse.wheel(0, -100);
    await waitFrames(page, s.frames + 4);
    s = await status(page);
    check('one notch up scrolls it back to the top', s.sidebar_scroll_lines === 0,
          `at ${s.sidebar_scroll_lines.toFixed(2)} lines`);
    await page.close();
  }

  // 1c. A number field takes typing: one click on the toolbar's Seed, digits and Enter set the seed.
  {
    const page = await openPage('#v=1&data=separable&learner=perceptron&seed=1&steps=50');
    await waitFrames(page, 3);
    // Each press is held across frames: ImGui 1.86 reads button and key *state* once a frame, so a press and
    // release that both land between two frames (a fast synthetic click) can be missed by it — a race of
    // the test, not what a person's click does.
    let s = await status(page);
    await page.mouse.move(567, 20);
    await page.mouse.down();
    await waitFrames(page, s.frames + 2);
    await page.mouse.up();
    s = await status(page);
    await waitFrames(page, s.frames + 2);
    await page.keyboard.type('42');
    s = await status(page);
    await waitFrames(page, s.frames + 2);
    await page.keyboard.down('Enter');
    s = await status(page);
    await waitFrames(page, s.frames + 2);
    await page.keyboard.up('Enter');
    await waitFrames(page, s.frames + 6);
    s = await status(page);
    check('a single click on a number field, digits and Enter set the value', /[#&]seed=42(&|$)/.test(s.url), s.url);
    await page.close();
  }

  // 2. A chosen link reproduces the native command line's trace, bit for bit.
  {
    const link = '#v=1&data=circle&n=300&noise=uniform&eta=0.1&learner=kernel_perceptron&seed=5&steps=500';
    const page = await openPage(link);
    await waitFrames(page, 2);
    const s = await runToPause(page);
    const hash = await page.evaluate(() => window.marginlab.traceSha256());
    const ref = cliRun(link, s.steps);
    check('the page stops at the link\'s step budget', s.steps === 500, `steps ${s.steps}`);
    check('browser trace_sha256 equals native marginlab run\'s', hash && hash === ref.trace_sha256,
          `${hash} vs ${ref.trace_sha256 || ref.error}`);
    check('browser canonical URL equals the command line\'s', s.url === ref.config, `${s.url} vs ${ref.config}`);
    await page.close();
  }

  // 3. A CSV through the file input trains, and matches the command line on the same file.
  {
    const csv = path.join(outDir, 'browser_blobs.csv');
    const rows = ['u,v,label'];
    for (let i = 0; i < 240; i++) {
      const s = i % 2 ? 1 : -1;
      const a = Math.sin(i * 0.61) * 1.3, b = Math.cos(i * 1.37) * 1.1;
      rows.push(`${(a + 2.0 * s).toFixed(4)},${(b + 0.7 * s).toFixed(4)},${s > 0 ? 'yes' : 'no'}`);
    }
    fs.writeFileSync(csv, rows.join('\n') + '\n');
    const page = await openPage('#v=1&data=separable&noise=uniform&eta=0.1&learner=perceptron&seed=2&steps=300');
    await waitFrames(page, 2);
    await page.setInputFiles('#file', csv);
    await waitFor(page, () => window.marginlab.status().csv_rows > 0);
    const s = await runToPause(page);
    check('the CSV from the file input trains', s.csv_rows === 240 && s.train_rows > 0 && s.steps > 0,
          `rows ${s.csv_rows}, train ${s.train_rows}, steps ${s.steps}`);
    check('the link names the file', s.url.includes('data=csv') && s.url.includes('csv=browser_blobs.csv'), s.url);
    const hash = await page.evaluate(() => window.marginlab.traceSha256());
    const ref = cliRun(s.url, s.steps, csv);
    check('CSV run: browser trace_sha256 equals marginlab run --csv\'s', hash === ref.trace_sha256,
          `${hash} vs ${ref.trace_sha256 || ref.error}`);
    await page.close();
  }

  // 3b. Reading a big file shows its progress and can be cancelled (Esc): nothing changes. The reader is
  //     held half-way (a stand-in FileReader that reports 40 % and never finishes) to make the read long.
  {
    const csv = path.join(outDir, 'browser_blobs.csv');
    const page = await openPage('#v=1&data=separable&learner=perceptron&seed=2&steps=50', () => {
      FileReader.prototype.readAsArrayBuffer = function () {
        setTimeout(() => this.onprogress && this.onprogress({ lengthComputable: true, loaded: 40, total: 100 }), 50);
      };
      FileReader.prototype.abort = function () { setTimeout(() => this.onabort && this.onabort(), 0); };
    });
    await waitFrames(page, 2);
    const before = await status(page);
    await page.setInputFiles('#file', csv);
    await waitFor(page, () => (document.getElementById('file-percent') || {}).textContent === '40 %');
    check('reading a file shows its progress', true);
    await page.keyboard.press('Escape');
    await waitFor(page, () => /Reading cancelled/.test(document.getElementById('overlay').innerText));
    await waitFor(page, () => document.getElementById('overlay').className === 'hidden');
    const after = await status(page);
    check('Esc cancels the read and nothing changes', after.url === before.url && after.csv_rows === before.csv_rows,
          `${after.url}, csv rows ${after.csv_rows}`);
    await page.close();
  }

  // 4. The share link round-trips; editing the hash switches the experiment.
  {
    const page = await openPage('#v=1&data=xor&n=200&noise=uniform&eta=0.2&learner=kernel_perceptron&seed=9&steps=150&hide=confusion');
    await waitFrames(page, 2);
    const a = await runToPause(page);
    const hashA = await page.evaluate(() => window.marginlab.traceSha256());
    const share = await page.evaluate(() => location.origin + location.pathname + Module.ccall('ml_url', 'string', [], []));
    const other = await context.newPage();
    await other.goto(share);
    await waitFrames(other, 2);
    const b = await runToPause(other);
    const hashB = await other.evaluate(() => window.marginlab.traceSha256());
    check('the share link opens the same experiment', b.url === a.url, `${b.url} vs ${a.url}`);
    check('the share link reproduces the same trace', hashA === hashB && b.steps === a.steps, `${hashA} vs ${hashB}`);
    await other.evaluate(() => { location.hash = '#v=1&data=gaussian&d=5&n=300&learner=averaging&seed=4'; });
    // The link is the page's at once; its experiment is built at the next frame (App::run_deferred_build).
    await waitFor(other, () => { const s = window.marginlab.status(); return s.url.includes('data=gaussian') && !s.building; });
    const c = await status(other);
    check('hashchange opens the edited link', c.url.includes('learner=averaging') && c.has_session, c.url);
    await other.close();
    await page.close();
  }

  // 5. Training pauses while the page is hidden.
  {
    const page = await openPage('#v=1&data=separable&n=2000&noise=uniform&eta=0.1&learner=perceptron&seed=3&steps=1000000');
    await waitFrames(page, 2);
    await waitFor(page, () => window.marginlab.status().steps > 0);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const before = await status(page);
    await page.waitForTimeout(1500);
    const after = await status(page);
    check('a hidden page does not train', !after.visible && after.steps === before.steps, `${before.steps} -> ${after.steps}`);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(page, (n) => window.marginlab.status().steps > n, after.steps);
    check('training resumes when the page is visible again', true);
    await page.close();
  }

  // 6. Missing wasm SIMD or WebGL2: a readable error screen.
  {
    const noSimd = await openPage('', () => { WebAssembly.validate = () => false; });
    await waitFor(noSimd, () => document.body.dataset.error);
    const text = await noSimd.evaluate(() => document.getElementById('overlay').innerText);
    check('without wasm SIMD the page explains it', /SIMD/.test(text) && /cannot run/.test(text), text.replace(/\s+/g, ' ').slice(0, 120));
    await noSimd.close();
    const noGl = await openPage('', () => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) { return kind === 'webgl2' ? null : get.call(this, kind, ...rest); };
    });
    await waitFor(noGl, () => document.body.dataset.error);
    const glText = await noGl.evaluate(() => document.getElementById('overlay').innerText);
    check('without WebGL2 the page explains it', /WebGL2/.test(glText), glText.replace(/\s+/g, ' ').slice(0, 120));
    await noGl.close();
  }

  // 7. High-DPI: the drawing buffer has devicePixelRatio x the CSS size, ImGui lays out in CSS pixels, so
  //    a click on the toolbar's Step button (CSS position as on a 1x screen) steps once.
  {
    const hiDpi = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 });
    const page = await hiDpi.newPage();
    await page.goto(base + '#v=1&data=separable&n=200&learner=perceptron&seed=2&steps=30');
    await waitFrames(page, 3);
    const s = await runToPause(page);
    const size = await page.evaluate(() => { const c = document.getElementById('canvas'); return [c.width, c.height, c.clientWidth, c.clientHeight]; });
    check('at devicePixelRatio 2 the canvas has twice the CSS pixels', size[0] === 2 * size[2] && size[1] === 2 * size[3], size.join(' x '));
    const frames = await page.evaluate(() => window.marginlab.frames);
    await page.mouse.click(204, 20);
    await waitFor(page, (n) => window.marginlab.frames >= n + 4, frames);
    const after = await status(page);
    check('at devicePixelRatio 2 a click on Step takes one step', after.steps === s.steps + 1, `${s.steps} -> ${after.steps}`);
    await hiDpi.close();
  }

  // 8. A kernel projection prepares in frame slices with visible progress; Escape cancels it and the page goes
  //    back to the link it came from.
  {
    const cheap = '#v=1&data=ring&n=400&learner=perceptron&seed=1&steps=100';
    const page = await openPage(cheap);
    await waitFrames(page, 3);
    const before = await status(page);
    // Large enough that the preparation takes seconds in wasm (it must still be running when Escape arrives).
    await page.evaluate(() => { location.hash = '#v=1&data=ring&n=40000&learner=uma&q=2&l.projection=nystrom&l.dims=600&seed=1'; });
    await waitFor(page, () => { const s = window.marginlab.status(); return s.preparing && s.prepare_progress > 0; }, undefined);
    const during = await status(page);
    await waitFor(page, (n) => window.marginlab.frames >= n + 2, during.frames);
    const later = await status(page);
    check('a kernel projection prepares while frames keep coming', during.preparing && during.steps === 0 &&
          later.frames >= during.frames + 2, `progress ${during.prepare_progress} -> ${later.prepare_progress}`);
    await page.keyboard.press('Escape');
    await waitFor(page, (url) => { const s = window.marginlab.status(); return !s.preparing && s.url === url; }, before.url);
    const after = await status(page);
    check('Escape cancels the preparation and returns to the previous link', after.url === before.url && !after.preparing,
          after.url);
    await page.close();
  }
} catch (e) {
  check('the browser test ran to the end', false, String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
}
check('no uncaught error on any page (e.g. a fullscreen request without a user gesture)', pageErrors.length === 0,
      pageErrors.join('; '));
finish('browser_test');
