// What every headless-browser script shares: a static server for build/web on 127.0.0.1 and Debian's
// chromium launched through playwright-core with WebGL2 on SwiftShader (docs/toolchain.md §6).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.png': 'image/png',
                '.css': 'text/css', '.json': 'application/json' };

// The folders every script takes from the environment, resolved against the repository's root: the page's
// site (WEB_SITE), the native build (BUILD_NATIVE) with its command line, and where outputs go (E2E_OUT).
export function e2ePaths() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const buildNative = path.resolve(root, process.env.BUILD_NATIVE || 'build/native');
  return { root, buildNative, cli: path.join(buildNative, 'marginlab'),
           site: path.resolve(root, process.env.WEB_SITE || 'build/web/site'),
           outDir: path.resolve(root, process.env.E2E_OUT || 'build/e2e') };
}

// The page's files a browser test needs in the site folder (the web build assembles them).
const kSiteFiles = ['index.html', 'glue.js', 'marginlab-app.js', 'marginlab-app.wasm'];

// What an end-to-end script needs before it starts, else it exits 1 naming what is missing: playwright-core
// (tools/setup.sh), the page's files in `site` (the web preset) and, when given, the native command line `cli`
// (the reference for trace hashes). Resolves to playwright-core's chromium.
export async function requirePrerequisites(script, { site, cli = null }) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (e) {
    console.log(`${script}: playwright-core is missing: run tools/setup.sh (npm install in tools/e2e)`);
    process.exit(1);
  }
  for (const f of kSiteFiles) {
    if (!fs.existsSync(path.join(site, f))) {
      console.log(`${script}: ${path.join(site, f)} is missing: build the web preset first`);
      process.exit(1);
    }
  }
  if (cli && !fs.existsSync(cli)) {
    console.log(`${script}: ${cli} is missing: build the native preset first (the reference for trace hashes)`);
    process.exit(1);
  }
  return chromium;
}

// Serves the files of `dir` on a free port of 127.0.0.1; resolves to { server, base } (base ends in '/').
export async function serveDirectory(dir) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const file = path.join(dir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${server.address().port}/` };
}

// Headless chromium ($CHROMIUM or /usr/bin/chromium) with WebGL2 through SwiftShader.
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--disable-quic', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  });
}

// --- checks and page helpers shared by the end-to-end scripts (each script is one process) ---

let failed = 0;
// Prints PASS or FAIL for one check, with its detail; a failed check makes the script fail at its end.
export function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failed++;
}
// How many checks failed so far.
export function failureCount() {
  return failed;
}

// Uncaught errors of every page opened with openPage (a page must load, run and be used without any).
export const pageErrors = [];
// A new page of `context` at `url`, its uncaught errors collected; `init` runs before the page's own scripts.
export async function openPage(context, url, init = null) {
  const page = await context.newPage();
  page.on('pageerror', (e) => {
    console.log('  page error:', e.message);
    pageErrors.push(e.message);
  });
  if (init) await page.addInitScript(init);
  await page.goto(url);
  return page;
}

// The app's status (window.marginlab.status(): steps, frames, url, probes, error, ...).
export function status(page) {
  return page.evaluate(() => window.marginlab.status());
}
// Waits until `predicate(arg)` holds in the page, polling every `polling` ms.
export async function waitFor(page, predicate, arg, timeout = 240000, polling = 250) {
  await page.waitForFunction(predicate, arg, { timeout, polling });
}
// Waits until the app drew `frames` frames in all, or the page showed its error screen; resolves to that
// error ('' when none).
export async function waitFrames(page, frames, timeout = 240000) {
  await waitFor(page, (n) => document.body.dataset.error || (window.marginlab && window.marginlab.frames >= n), frames,
                timeout, 'raf');
  return page.evaluate(() => document.body.dataset.error || '');
}
// Waits `k` more frames: ImGui 1.86 reads key and button state once a frame, so a press is held across frames.
// A click held across frames (ImGui 1.86 reads the button state once a frame).
export async function clickAt(page, x, y) {
  await page.mouse.move(x, y);
  await moreFrames(page, 2);
  await page.mouse.down();
  await moreFrames(page, 2);
  await page.mouse.up();
  await moreFrames(page, 3);
}

export async function moreFrames(page, k) {
  // The frame counter alone: status() builds the whole report (the frame's glyphs checked for cut text included).
  const frames = await page.evaluate(() => window.marginlab.frames);
  return waitFrames(page, frames + k);
}
// Runs at full speed until the app pauses (step budget) or the learner is done; resolves to the status then.
export async function runToPause(page) {
  await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
  await waitFor(page, () => { const s = window.marginlab.status(); return s.has_session && !s.playing; });
  return status(page);
}
// Ends the script: its verdict line, then exit status 0 when every check passed, else 1.
export function finish(script) {
  console.log(failed === 0 ? `${script}: all checks passed` : `${script}: ${failed} check(s) failed`);
  process.exit(failed === 0 ? 0 : 1);
}
