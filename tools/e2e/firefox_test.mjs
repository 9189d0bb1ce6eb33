// The golden links in a second browser engine: the page in Debian's Firefox ESR (SpiderMonkey, WebGL2 in
// software through Mesa under Xvfb) runs each golden link of tests/golden/runs.tsv to its step budget and
// must give the trace hash recorded there (the native command line's, which the wasm build reproduces),
// so "the same link gives the same run in any browser" is checked on two engines. With --engine chromium
// (or both) the same harness drives Debian's headless Chromium, for a side-by-side check.
//
// How (docs/toolchain.md §6): playwright-core cannot drive stock Firefox, so the page drives itself. The test serves
// build/web/site on 127.0.0.1 with one script added to index.html (probe.js, below; the files on disk are
// never changed). On a page opened as ?run=I#<link>, the probe sets full speed, waits until the run pauses at
// its step budget (or the learner is done, or the page shows an error), POSTs the status and
// window.marginlab.traceSha256() to the server, and loads the next link the server answers with: one browser
// start for all links. A link that reports nothing within the timeout fails, and the browser is restarted on
// the next one. Each browser runs with a fresh profile in a scratch folder and is stopped by its PID.
//
// Usage: node tools/e2e/firefox_test.mjs [--engine firefox|chromium|both] [--links all|quick|SUBSTRING]
//   --links all (the default): every row (30 links: about 35 s in Firefox, 60 s in Chromium on 2 busy cores);
//   quick: one row per learner family, including the perceptron and 4-class UMA links;
//   SUBSTRING: the rows whose link contains it.
// Env: WEB_SITE (default build/web/site), FIREFOX (default firefox-esr), CHROMIUM (default /usr/bin/chromium),
//      E2E_OUT (default build/e2e), LINK_TIMEOUT seconds per link (default 240).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { e2ePaths } from './page.mjs';

const { root, site, outDir } = e2ePaths();
const linkTimeout = 1000 * Number(process.env.LINK_TIMEOUT || 240);
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
};
const engineArg = argValue('--engine', 'firefox');
const linksArg = argValue('--links', 'all');
const engines = engineArg === 'both' ? ['firefox', 'chromium'] : [engineArg];
for (const e of engines) {
  if (e !== 'firefox' && e !== 'chromium') {
    console.log(`firefox_test: unknown engine '${e}' (firefox, chromium or both)`);
    process.exit(2);
  }
}
fs.mkdirSync(outDir, { recursive: true });

// --- the golden links: link, steps, native trace hash ---
const golden = fs.readFileSync(path.join(root, 'tests/golden/runs.tsv'), 'utf8').split('\n')
  .filter((line) => line.trim() && !line.startsWith('%'))
  .map((line) => { const [link, steps, hash] = line.split('\t'); return { link, steps: Number(steps), hash }; });
// The quick set: the two links (perceptron, 4-class UMA) and the first row of other learner families.
const quickLearners = ['perceptron', 'kernel_perceptron', 'averaging', 'halving', 'coreset_svm', 'smooth_boost',
                       'rp', 'uma', 'ultraconservative'];
function quickSet(rows) {
  const chosen = [];
  for (const learner of quickLearners) {
    const row = rows.find((r) => new RegExp(`[#&]learner=${learner}(&|$)`).test(r.link) &&
                                 (learner !== 'uma' || /[#&]q=4(&|$)/.test(r.link)));
    if (row && !chosen.includes(row)) chosen.push(row);
  }
  return chosen;
}
const links = linksArg === 'all' ? golden : linksArg === 'quick' ? quickSet(golden)
  : golden.filter((r) => r.link.includes(linksArg));
if (links.length === 0) {
  console.log(`firefox_test: no golden link matches '${linksArg}'`);
  process.exit(2);
}
for (const f of ['index.html', 'glue.js', 'marginlab-app.js', 'marginlab-app.wasm']) {
  if (!fs.existsSync(path.join(site, f))) {
    console.log(`firefox_test: ${path.join(site, f)} is missing: build the web preset first`);
    process.exit(1);
  }
}
// A golden link with the step budget of its row: the page pauses there, as `marginlab run --steps N` stops.
const withSteps = (link, steps) => link.replace(/&steps=\d+/, '') + `&steps=${steps}`;

// --- the page's self-driving probe (runs in the browser) ---
const probe = `(() => {
  const index = Number(new URLSearchParams(location.search).get('run'));
  if (!Number.isInteger(index)) return;
  const started = performance.now();
  const post = (report) => fetch('/__result', { method: 'POST', body: JSON.stringify(report) })
    .then((r) => r.json()).then((next) => { if (next.url) location.replace(next.url); });
  let speedSet = false;
  const poll = () => {
    const error = document.body.dataset.error;
    if (error) { post({ index, error }); return; }
    const api = window.marginlab;
    if (api && api.frames >= 2) {
      if (!speedSet) { Module.ccall('ml_set_speed', null, ['number'], [0]); speedSet = true; }
      const s = api.status();
      if (s.has_session && !s.playing) {
        post({ index, steps: s.steps, url: s.url, hash: api.traceSha256(),
               seconds: (performance.now() - started) / 1000, agent: navigator.userAgent });
        return;
      }
    }
    setTimeout(poll, 200);
  };
  poll();
})();`;

// --- the server: the site, the probe, and the results ---
const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
                '.png': 'image/png', '.json': 'application/json' };
let onResult = () => {};
let nextUrl = () => null;
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  if (req.method === 'POST' && url.pathname === '/__result') {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      let report = {};
      try { report = JSON.parse(body); } catch (e) { report = { error: 'unreadable report: ' + body.slice(0, 200) }; }
      const next = nextUrl(report.index);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ url: next }));
      onResult(report);
    });
    return;
  }
  if (url.pathname === '/__probe.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    res.end(probe);
    return;
  }
  const file = path.join(site, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
  if (!file.startsWith(site) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    res.end('not found');
    return;
  }
  const type = types[path.extname(file)] || 'application/octet-stream';
  res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  if (path.basename(file) === 'index.html') {
    res.end(fs.readFileSync(file, 'utf8').replace('</body>', '<script src="/__probe.js"></script>\n</body>'));
  } else {
    fs.createReadStream(file).pipe(res);
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${server.address().port}/`;
const pageUrl = (i) => `${base}?run=${i}#${withSteps(links[i].link, links[i].steps).replace(/^#/, '')}`;

// --- browsers ---
// Firefox prefs: WebGL2 in software (Mesa llvmpipe under Xvfb; headless Firefox has no WebGL2 here), no
// first-run pages, no background traffic.
const firefoxPrefs = {
  'webgl.force-enabled': true, 'browser.aboutwelcome.enabled': false,
  'browser.startup.homepage_override.mstone': 'ignore', 'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false, 'toolkit.telemetry.reportingpolicy.firstRun': false,
  'app.update.auto': false, 'app.normandy.enabled': false, 'extensions.update.enabled': false,
  'browser.safebrowsing.malware.enabled': false, 'browser.safebrowsing.phishing.enabled': false,
  'network.captive-portal-service.enabled': false, 'network.connectivity-service.enabled': false,
  'browser.sessionstore.resume_from_crash': false, 'browser.tabs.warnOnClose': false,
};
function startBrowser(engine, url) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), `marginlab-${engine}-`));
  let command, args;
  if (engine === 'firefox') {
    fs.writeFileSync(path.join(profile, 'user.js'), Object.entries(firefoxPrefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('\n') + '\n');
    command = 'xvfb-run';
    args = ['-a', '-s', '-screen 0 1280x800x24', process.env.FIREFOX || 'firefox-esr', '--profile', profile,
            '--no-remote', '--new-instance', '--new-window', url];
  } else {
    command = process.env.CHROMIUM || '/usr/bin/chromium';
    args = ['--headless=new', `--user-data-dir=${profile}`, '--no-sandbox', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
            '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--window-size=1280,800', url];
  }
  const log = fs.openSync(path.join(outDir, `${engine}_test.log`), 'a');
  // Its own process group, so the browser and (Firefox) Xvfb stop together by the group's id.
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log] });
  return { child, profile };
}
function stopBrowser(browser) {
  if (!browser) return;
  try { process.kill(-browser.child.pid, 'SIGTERM'); } catch (e) { /* already gone */ }
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try { process.kill(-browser.child.pid, 0); } catch (e) { break; }
    spawnSync('sleep', ['0.2']);
  }
  try { process.kill(-browser.child.pid, 'SIGKILL'); } catch (e) { /* gone */ }
  fs.rmSync(browser.profile, { recursive: true, force: true });
}

// --- run ---
let failures = 0;
function check(name, ok, detail = '') {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ': ' + detail : ''}`);
  if (!ok) failures++;
}
if (engines.includes('firefox') && spawnSync('which', [process.env.FIREFOX || 'firefox-esr']).status !== 0) {
  console.log('firefox_test: firefox-esr is missing: run tools/setup.sh (Debian package firefox-esr)');
  process.exit(1);
}
for (const engine of engines) {
  console.log(`== ${engine}: ${links.length} golden link(s) ==`);
  let browser = null;
  let agentShown = false;
  const engineStart = Date.now();
  for (let i = 0; i < links.length; i++) {
    const report = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ index: i, error: `no report within ${linkTimeout / 1000} s` }), linkTimeout);
      onResult = (r) => { if (r.index === i) { clearTimeout(timer); resolve(r); } };
      nextUrl = (index) => (index === i && i + 1 < links.length ? pageUrl(i + 1) : null);
      if (!browser) browser = startBrowser(engine, pageUrl(i));
    });
    if (report.agent && !agentShown) { console.log(`  ${report.agent}`); agentShown = true; }
    const { link, steps, hash } = links[i];
    const name = `${engine}: ${link} (${steps} steps)`;
    if (report.error) {
      check(name, false, report.error);
      stopBrowser(browser);  // a page that hangs or failed: the next link gets a fresh browser
      browser = null;
      continue;
    }
    check(name, report.hash === hash,
          report.hash === hash ? `${hash.slice(0, 16)}…, ${report.steps} steps in ${report.seconds.toFixed(1)} s`
                               : `trace ${report.hash} after ${report.steps} steps, golden ${hash} (page ${report.url})`);
  }
  stopBrowser(browser);
  console.log(`  ${engine}: ${((Date.now() - engineStart) / 1000).toFixed(0)} s`);
}
server.close();
console.log(failures ? `firefox_test: ${failures} FAILED` : 'firefox_test: passed');
process.exit(failures ? 1 : 0);
