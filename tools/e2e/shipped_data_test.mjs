// Browser end-to-end test of the data that ships with marginlab (data/README.md, issue 24): the page fetches a
// link's data from its own data/ folder when the link names it, never as part of the first download.
//   1. the gallery's banana entry (app/models/gallery.cpp, opened with its Open button) fetches IDA banana split 1:
//      the view shows the set's 400 real training points, and the trace hash after the link's steps equals
//      `marginlab run --url LINK --steps N`'s; after a reload of the page, it equals it again
//   2. a link naming a file the site's data/MANIFEST.tsv does not list shows an error naming the data set and
//      the file, and no run starts
//   3. a file the site serves with other bytes than the manifest's is refused, naming the file
//   4. every real-data entry, opened from the gallery at the speed the gallery gives it (gallery_speed), reaches
//      its step budget, where its text's claims hold, within 20 s of the click (the fetch included)
// The picture of banana open in the page goes to $E2E_OUT/shipped_banana.png; with --docs also to
// docs/img/screenshot_web_banana.png (the README shows it).
// Usage: node tools/e2e/shipped_data_test.mjs [--docs]   (env WEB_SITE, BUILD_NATIVE, E2E_OUT, CHROMIUM)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage as openIn, status,
         waitFor, waitFrames, moreFrames } from './page.mjs';

const { root, site, buildNative, outDir, cli } = e2ePaths();
const writeDocs = process.argv.includes('--docs');
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('shipped_data_test', { site, cli });

// The gallery's links in table order, read from their one declaration (app/models/gallery.cpp).
function galleryLinks() {
  const file = fs.readFileSync(path.join(root, 'app/models/gallery.cpp'), 'utf8');
  const text = file.slice(file.indexOf('gallery() {'));  // the table only (kWelcomeLink is declared above it)
  return [...text.matchAll(/"(#v=1&[^"]*)"((?:\s*"[^"]*")*)/g)].map((m) => m[1] + m[2].replace(/\s*"([^"]*)"/g, '$1'));
}
// The gallery's banana entry: its index and its link.
function galleryEntry(fragment) {
  const links = galleryLinks();
  const index = links.findIndex((l) => l.includes(fragment));
  return { index, link: links[index] };
}
const banana = galleryEntry('csv=ida%2Fbanana%2Fbanana');
// Every real-data entry of the gallery: its index and link (the links that name data=csv).
const realDataEntries = () => galleryLinks().map((link, index) => ({ index, link })).filter((e) => e.link.includes('data=csv'));
check('the gallery has a banana entry', banana.index >= 0, banana.link);

function cliRun(url, steps) {
  const r = spawnSync(cli, ['run', '--url', url, '--steps', String(steps), '--json'], { encoding: 'utf8', cwd: root });
  if (r.status !== 0) return { error: r.stderr };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

// A click held across frames (ImGui reads the mouse once a frame) on the widget the app probed as `name`.
async function clickProbe(page, name) {
  let at = (await status(page)).probes[name];
  // A gallery entry below the gallery window's visible part (its explanations grew): scroll it into view.
  for (let i = 0; i < 20 && at && name.startsWith('gallery.') && at[1] > 460; i++) {
    await page.mouse.move(640, 300);
    await page.mouse.wheel(0, 120);
    await moreFrames(page, 4);
    at = (await status(page)).probes[name];
  }
  await moreFrames(page, 6);  // the last wheel event may land a few frames late: read the settled position
  at = (await status(page)).probes[name];
  if (!at) return false;
  await page.mouse.move(at[0], at[1]);
  await moreFrames(page, 3);
  await page.mouse.down();
  await moreFrames(page, 3);
  await page.mouse.up();
  await moreFrames(page, 3);
  return true;
}

// Waits until the run built from the fetched data paused at its step budget (or the page showed a data error).
async function runFetched(page) {
  await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
  await waitFor(page, () => document.body.dataset.dataError ||
                (window.marginlab.status().has_session && !window.marginlab.status().playing));
  return status(page);
}

const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const firstDownload = [];  // the files the page fetched before it drew its first frame
try {
  // 1. The gallery's banana entry: fetched on demand, the 400 training points, the command line's hash.
  let link = '';
  {
    const page = await openIn(context, base);
    page.on('request', (r) => { if (!page.__drawn) firstDownload.push(new URL(r.url()).pathname); });
    const error = await waitFrames(page, 3);
    page.__drawn = true;
    check('the page loads', !error, error);
    check('the first download fetches nothing from data/', !firstDownload.some((p) => p.startsWith('/data/')),
          firstDownload.join(' '));
    const opened = (await clickProbe(page, 'run.gallery')) && (await status(page)).gallery_open &&
                   (await clickProbe(page, 'gallery.' + banana.index));
    check('the gallery\'s banana entry is opened with its Open button', opened);
    const s = await runFetched(page);
    const dataError = await page.evaluate(() => document.body.dataset.dataError || '');
    check('banana is fetched and checked without an error', !dataError && !s.error, dataError || s.error);
    check('the view shows the set\'s 400 training points', s.train_rows === 400 && s.csv_rows === 400,
          `train_rows ${s.train_rows}, csv_rows ${s.csv_rows}`);
    link = s.url;
    const hash = await page.evaluate(() => window.marginlab.traceSha256());
    const ref = cliRun(link, s.steps);
    console.log(`  link ${link}\n  steps ${s.steps}: page ${hash}, marginlab run ${ref.trace_sha256 || ref.error}`);
    check('the page\'s trace hash equals marginlab run\'s', hash && hash === ref.trace_sha256,
          `${hash} vs ${ref.trace_sha256 || ref.error}`);
    // The picture shows the 400 training points alone: the View's "test points" box unticked.
    check('the View\'s test points are hidden for the picture', await clickProbe(page, 'view.test_points'));
    await page.mouse.move(1279, 799);
    await moreFrames(page, 8);
    const shot = path.join(outDir, 'shipped_banana.png');
    await page.screenshot({ path: shot });
    check('a picture of banana in the page is saved', fs.statSync(shot).size > 40000, shot);
    if (writeDocs) fs.copyFileSync(shot, path.join(root, 'docs/img/screenshot_web_banana.png'));
    // The same link after a reload: fetched again, the same hash.
    await page.reload();
    await waitFrames(page, 3);
    const again = await runFetched(page);
    const hashAgain = await page.evaluate(() => window.marginlab.traceSha256());
    console.log(`  after a reload, steps ${again.steps}: page ${hashAgain}`);
    check('after a reload the page gives the same hash', again.url === link && hashAgain === ref.trace_sha256 &&
          again.train_rows === 400, `${hashAgain} vs ${ref.trace_sha256}`);
    await page.close();
  }
  // 4. Every real-data entry shows what its text claims within 20 s: it reaches its step budget by then.
  {
    const entries = realDataEntries();
    check('the gallery has six real-data entries', entries.length === 6, entries.map((e) => e.link).join(' '));
    const page = await openIn(context, base);
    await waitFrames(page, 3);
    for (const e of entries) {
      const budget = Number((e.link.match(/[#&]steps=(\d+)/) || [])[1]);
      const opened = (await clickProbe(page, 'run.gallery')) && (await clickProbe(page, 'gallery.' + e.index));
      const started = Date.now();
      let s = null;
      try {
        await waitFor(page, (b) => { const t = window.marginlab.status(); return t.has_session && t.steps >= b && !t.playing; },
                      budget, 30000, 100);
      } catch (err) { /* checked below */ }
      const seconds = (Date.now() - started) / 1000;
      s = await status(page);
      check(`gallery entry ${e.index} reaches its ${budget} steps within 20 s`, opened && s.steps >= budget && seconds <= 20,
            `${s.steps} steps in ${seconds.toFixed(1)} s at ${s.steps_per_tick ?? '?'} steps per frame (${s.url})`);
    }
    await page.close();
  }
  // 2. A link naming a file the manifest does not list: an error naming the set and the file, no run.
  {
    const missing = link.replace(/split=\d+/, 'split=11');
    const page = await openIn(context, base + missing);
    await waitFrames(page, 3);
    await waitFor(page, () => document.body.dataset.dataError);
    const text = await page.evaluate(() => document.getElementById('data-error').textContent);
    const s = await status(page);
    check('a missing file is a visible error naming the set and the file',
          text.includes("data set 'ida/banana/banana' split 11") && text.includes('ida/banana/banana_train_11.csv') &&
          !s.has_session, text);
    await page.close();
  }
  // 3. A file served with other bytes than the manifest records: refused, naming the file.
  {
    const page = await context.newPage();
    await page.route('**/data/ida/banana/banana_test_1.csv', async (route) => {
      const body = fs.readFileSync(path.join(site, 'data/ida/banana/banana_test_1.csv'), 'utf8').replace('1', '2');
      await route.fulfill({ status: 200, body, headers: { 'Content-Length': String(Buffer.byteLength(body)) } });
    });
    await page.goto(base + link);
    await waitFrames(page, 3);
    await waitFor(page, () => document.body.dataset.dataError);
    const text = await page.evaluate(() => document.getElementById('data-error').textContent);
    check('a file with other bytes than the manifest\'s is refused, naming it',
          text.includes('ida/banana/banana_test_1.csv') && text.includes('sha256') && !(await status(page)).has_session,
          text);
    await page.close();
  }
  // 4. Cancel while a file is on its way: the page goes back to the link it showed before, with no error and no
  //    data of the cancelled link loaded (the file's response is held until Cancel is pressed).
  {
    const page = await openIn(context, base);
    await waitFrames(page, 3);
    const before = (await status(page)).url;
    let release = () => {};
    const held = new Promise((resolve) => { release = resolve; });
    await page.route('**/data/ida/banana/banana_train_1.csv', async (route) => { await held; await route.abort(); });
    await page.evaluate((l) => { window.location.hash = l; }, link);
    await waitFor(page, () => { const b = document.getElementById('data-cancel'); return b && b.offsetParent !== null; });
    await page.click('#data-cancel');
    release();
    await waitFor(page, () => { const b = document.getElementById('data-cancel'); return !b || b.offsetParent === null; });
    await moreFrames(page, 5);
    const s = await status(page);
    const dataError = await page.evaluate(() => document.body.dataset.dataError || '');
    check('Cancel while fetching goes back to the previous link, with no error and no banana rows',
          s.url === before && !dataError && s.has_session && s.train_rows !== 400,
          `url ${s.url} (before ${before}), error '${dataError}', train_rows ${s.train_rows}`);
    await page.close();
  }
  check('no page error', pageErrors.length === 0, pageErrors.join('; '));
} finally {
  await browser.close();
  server.close();
}
finish('shipped_data_test');
