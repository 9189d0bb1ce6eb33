// Browser test of real data as a newcomer brings it (issue 12, done-when 3): scikit-learn's iris, wine, breast
// cancer and digits, exported at test time from Debian's python3-sklearn with a header and the label column
// FIRST (named "target"), load through the page's file input. The page finds the label column by its name,
// proposes standardized features and a bias coordinate (written into the link), and UMA reaches a test error
// below 0.15 on each; the link with the file reproduces the page's run on the command line bit for bit.
// Also: Escape closes an open combo (ImGui 1.86 closes popups on Escape only with keyboard navigation).
// Usage: node tools/e2e/newcomer_test.mjs   (env WEB_SITE, BUILD_NATIVE, E2E_OUT, CHROMIUM, PYTHON)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage as openIn, status,
         waitFor, waitFrames, moreFrames, runToPause } from './page.mjs';

const { site, outDir, cli } = e2ePaths();
const python = process.env.PYTHON || '/usr/bin/python3';  // Debian's, with python3-sklearn (tools/setup.sh)
const kMaxTestError = 0.15;
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('newcomer_test', { site, cli });

// --- the data sets, exported now (header row, label column first) ---
const datasets = [
  { name: 'iris', loader: 'load_iris', rows: 150, classes: 3 },
  { name: 'wine', loader: 'load_wine', rows: 178, classes: 3 },
  { name: 'breast_cancer', loader: 'load_breast_cancer', rows: 569, classes: 2 },
  { name: 'digits', loader: 'load_digits', rows: 1797, classes: 10 },
];
const exporter = `
import csv, sys
from sklearn import datasets
out = sys.argv[1]
for name, loader in [${datasets.map((d) => `('${d.name}', '${d.loader}')`).join(', ')}]:
    b = getattr(datasets, loader)()
    with open(out + '/newcomer_' + name + '.csv', 'w', newline='') as f:
        w = csv.writer(f)
        w.writerow(['target'] + [str(n) for n in b.feature_names])
        for x, y in zip(b.data, b.target):
            w.writerow([int(y)] + [repr(float(v)) for v in x])
`;
const exported = spawnSync(python, ['-c', exporter, outDir], { encoding: 'utf8' });
if (exported.status !== 0) {
  console.log(`newcomer_test: exporting the scikit-learn data sets with ${python} failed (python3-sklearn: tools/setup.sh):\n${exported.stderr}`);
  process.exit(1);
}

const { server, base } = await serveDirectory(site);
function cliRun(url, steps, csv) {
  const r = spawnSync(cli, ['run', '--url', url, '--steps', String(steps), '--json', '--csv', csv], { encoding: 'utf8' });
  if (r.status !== 0) return { error: r.stderr };
  return JSON.parse(r.stdout.trim().split('\n').pop());
}

const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const openPage = (hash) => openIn(context, base + hash);

try {
  for (const d of datasets) {
    const csv = path.join(outDir, `newcomer_${d.name}.csv`);
    // A newcomer's path: the page open on its own data, then a file chosen; UMA (multiclass, 004).
    const page = await openPage('#v=1&data=separable&learner=uma&seed=1');
    const error = await waitFrames(page, 2);
    check(`${d.name}: the page loads`, !error, error);
    await page.setInputFiles('#file', csv);
    await waitFor(page, (name) => window.marginlab.status().url.includes('csv=' + name), `newcomer_${d.name}.csv`);
    const s = await runToPause(page);
    check(`${d.name}: all rows load`, s.csv_rows === d.rows, `${s.csv_rows} rows`);
    check(`${d.name}: the first column, named target, is the label`, /[#&]label=target(&|$)/.test(s.url), s.url);
    check(`${d.name}: standardize and bias are proposed and in the link`,
          /[#&]norm=standardize(&|$)/.test(s.url) && /[#&]bias=1(&|$)/.test(s.url), s.url);
    check(`${d.name}: UMA's test error is below ${kMaxTestError}`, s.test_error !== null && s.test_error < kMaxTestError,
          `test error ${s.test_error} after ${s.steps} steps`);
    const hash = await page.evaluate(() => window.marginlab.traceSha256());
    const ref = cliRun(s.url, s.steps, csv);
    check(`${d.name}: the link and the file reproduce the run on the command line`,
          hash === ref.trace_sha256 && Math.abs(ref.test_error - s.test_error) < 1e-6,
          `${hash} vs ${ref.trace_sha256 || ref.error}, test error ${ref.test_error}`);

    if (d.name === 'iris') {
      // Escape closes an open combo: the loaded file's label-column list.
      const at = s.probes['data.label_column'];
      check('the label column list is drawn on screen', at && at[1] > 0 && at[1] < 800, JSON.stringify(at));
      if (at) {
        await page.mouse.move(at[0], at[1]);
        await page.mouse.down();
        await moreFrames(page, 2);
        await page.mouse.up();
        await moreFrames(page, 2);
        const open = await status(page);
        check('a click opens the combo', open.popup_open === true);
        await page.keyboard.down('Escape');
        await moreFrames(page, 2);
        await page.keyboard.up('Escape');
        await moreFrames(page, 2);
        const closed = await status(page);
        check('Escape closes the open combo and changes nothing else', closed.popup_open === false && closed.url === open.url,
              `popup_open ${closed.popup_open}, ${closed.url}`);
      }
    }
    await page.close();
  }
  check('no uncaught page errors', pageErrors.length === 0, pageErrors.join(' | '));
} catch (e) {
  check('the test ran to the end', false, e.stack || String(e));
} finally {
  await browser.close();
  server.close();
}
finish('newcomer_test');
