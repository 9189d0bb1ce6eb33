// Browser end-to-end test of the first minute (issue 26) at 1280x800: every number on screen true and the
// feedback where the eye is. playwright-core drives Debian's chromium (headless, WebGL2 through SwiftShader)
// against build/web served on 127.0.0.1.
//   1. the welcome run's numbers line: its mistakes pass the clean-data bound and the line says so
//      ("> 66.7 by", never "≤" for a count beyond its bound)
//   2. no layout jump: after the first edit (a seed typed into the toolbar) no probed widget moved > 4 px
//   3. Compare: one line per learner under the toolbar, each with its count against its kind of bound
//   4. a CSV starts without the welcome run's label noise (a notice says so); a CSV error after that good
//      file, with the sidebar scrolled down, is visible without scrolling (pinned at the sidebar's top)
//   5. "link copied" is drawn beside Copy link, inside the 1280x800 window
//   6. the README's sweep link and the gallery's UMA sweep: no text cut at an edge or drawn over another while
//      the sweep runs and once it has finished (the glyphs of the frame, status().text: app/panels/panel.h)
// Usage: node tools/e2e/first_minute_test.mjs   (env WEB_SITE, E2E_OUT, CHROMIUM)
import fs from 'node:fs';
import path from 'node:path';
import { clickAt, e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, openPage, status, waitFor, waitFrames,
         moreFrames, runToPause } from './page.mjs';

const { root, site, outDir } = e2ePaths();
fs.mkdirSync(outDir, { recursive: true });
const W = 1280, H = 800;

const chromium = await requirePrerequisites('first_minute_test', { site });
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: W, height: H } });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });

// Scrolls the sidebar (the wheel over it) by `notches` (positive: down).
async function scrollSidebar(page, notches) {
  await page.mouse.move(150, 600);
  for (let i = 0; i < Math.abs(notches); i++) {
    await page.mouse.wheel(0, notches > 0 ? 120 : -120);
    await moreFrames(page, 2);
  }
}
const inWindow = (p) => p && p[0] >= 0 && p[0] <= W && p[1] >= 0 && p[1] <= H;
// "N ≤ B" or "N > B by X" in a line: the relation must be the numbers' own.
function relationIsTrue(text) {
  const le = /(\d+(?:\.\d+)?) \u2264 (\d+(?:\.\d+)?)/.exec(text);
  const gt = /(\d+(?:\.\d+)?) > (\d+(?:\.\d+)?) by (\d+(?:\.\d+)?)/.exec(text);
  if (le) return Number(le[1]) <= Number(le[2]);
  if (gt) return Number(gt[1]) > Number(gt[2]);
  return /\(no bound\)|O\(\) rate/.test(text);
}

try {
  // 1. The welcome run (no link), run to its step budget.
  let page = await openPage(context, base);
  await waitFrames(page, 4);
  let s = await runToPause(page);
  check('the welcome run says its mistakes pass the clean-data bound',
        /mistakes 111 > 66\.7 by 44\.3 \(clean-data bound\)/.test(s.results) && !s.results.includes('\u2264'), s.results);
  await page.close();

  // 2. No layout jump: every probed widget before and after the first edit (a seed typed in the toolbar).
  page = await openPage(context, base);
  await waitFrames(page, 6);
  const before = (await status(page)).probes;
  await clickAt(page, 567, 20);
  await page.keyboard.type('7');
  await moreFrames(page, 2);
  await page.keyboard.down('Enter');
  await moreFrames(page, 2);
  await page.keyboard.up('Enter');
  await waitFor(page, () => /[#&]seed=7(&|$)/.test(window.marginlab.status().url));
  await moreFrames(page, 4);
  const after = (await status(page)).probes;
  const moved = Object.keys(before).filter((k) => after[k])
    .map((k) => [k, Math.max(Math.abs(after[k][0] - before[k][0]), Math.abs(after[k][1] - before[k][1]))]);
  const worst = moved.reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  check('the first edit moves no widget more than 4 px', moved.length >= 3 && worst[1] <= 4,
        `${moved.length} widgets compared; largest move ${worst[1].toFixed(1)} px (${worst[0]})`);
  await page.close();

  // 3. Compare: one line per learner under the toolbar.
  const compare = '#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging';
  page = await openPage(context, base + compare);
  await waitFrames(page, 4);
  await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
  await waitFor(page, () => { const st = window.marginlab.status(); return st.mode === 'compare' && !st.playing; });
  s = await status(page);
  const lines = s.compare_results || [];
  check('compare: one numbers line per learner', lines.length === 3, JSON.stringify(lines));
  check('compare: each line names its learner, its count and its test error',
        lines.length === 3 && ['Perceptron', 'Bylander', 'Averag'].every((n, i) => lines[i].startsWith(n)) &&
          lines.every((l) => /test err \d/.test(l)), JSON.stringify(lines));
  check('compare: every line\'s "≤" or ">" is what its numbers say', lines.length > 0 && lines.every(relationIsTrue),
        JSON.stringify(lines));
  await page.screenshot({ path: path.join(outDir, 'first_minute_compare.png') });
  await page.close();

  // 4. A good CSV, then (the sidebar scrolled down) one that does not parse.
  const good = path.join(outDir, 'first_minute_good.csv');
  const bad = path.join(outDir, 'first_minute_bad.csv');
  let rows = 'x1,x2,label\n';
  for (let i = 0; i < 40; i++) rows += `${(i % 7) - 3},${(i % 5) - 2 + (i % 2 ? 4 : -4)},${i % 2 ? 1 : -1}\n`;
  fs.writeFileSync(good, rows);
  fs.writeFileSync(bad, 'x1,x2,label\n1,2,1\n3,oops,-1\n');
  page = await openPage(context, base);
  await waitFrames(page, 4);
  await page.setInputFiles('#file', good);
  await waitFor(page, () => window.marginlab.status().url.includes('csv=first_minute_good.csv'));
  s = await status(page);
  check('a loaded CSV starts without label noise', !/noise=/.test(s.url) &&
        s.notices.some((n) => n.startsWith('label noise turned off')), s.url);
  await scrollSidebar(page, 8);
  s = await status(page);
  check('the sidebar was scrolled down before the bad file', s.sidebar_scroll_lines > 3, `${s.sidebar_scroll_lines} lines`);
  await page.setInputFiles('#file', bad);
  await waitFor(page, () => window.marginlab.status().notices.some((n) => n.includes('first_minute_bad.csv')));
  await moreFrames(page, 3);
  s = await status(page);
  const err = s.probes['notice.error.0'];
  check('the CSV error is visible without scrolling (top of the sidebar, inside the window)',
        inWindow(err) && err[0] < 420 && err[1] > 40, JSON.stringify(err));
  await page.screenshot({ path: path.join(outDir, 'first_minute_csv_error.png') });
  await page.close();

  // 5. "link copied" beside Copy link.
  page = await openPage(context, base);
  await waitFrames(page, 4);
  let copy = (await status(page)).probes['share.copy_link'];
  for (let i = 0; i < 12 && !(copy && copy[1] > 60 && copy[1] < H - 60); i++) {
    await scrollSidebar(page, copy && copy[1] < 60 ? -1 : 1);
    copy = (await status(page)).probes['share.copy_link'];
  }
  check('Copy link is reachable in the sidebar', inWindow(copy), JSON.stringify(copy));
  if (copy) await clickAt(page, copy[0], copy[1]);
  s = await status(page);
  const feedback = s.probes['share.feedback'];
  check('"link copied" is drawn inside the 1280x800 window, beside Copy link',
        inWindow(feedback) && copy && Math.abs(feedback[1] - copy[1]) < 60, `${JSON.stringify(feedback)} vs ${JSON.stringify(copy)}`);
  const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
  check('the clipboard holds the page\'s link', copied.includes('#v=1') && copied.includes('seed=1'), copied.slice(0, 120));
  await page.screenshot({ path: path.join(outDir, 'first_minute_link_copied.png') });
  await page.close();

  // 6. The sweeps' texts: the README's sweep link and the gallery's UMA entry, read from their sources.
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const gallery = fs.readFileSync(path.join(root, 'app/models/gallery.cpp'), 'utf8');
  const uma = /\{"UMA vs C = I",[^{]*?"(#v=1[^"]*)"\s*"(&x\.[^"]*)"/.exec(gallery);
  const sweeps = [['the README sweep', 'readme', (/\| sweep: [^`]*`(#v=1[^`]*)`/.exec(readme) || [])[1]],
                  ['the UMA sweep', 'uma', uma && uma[1] + uma[2]]];
  for (const [name, shot, link] of sweeps) {
    check(`${name}: its link is found`, !!link && link.includes('&x.'), String(link));
    if (!link) continue;
    page = await openPage(context, base + link);
    await waitFrames(page, 4);
    await waitFor(page, () => { const sw = window.marginlab.status().sweep; return sw && sw.completed >= 1; });
    const running = await status(page);
    await page.screenshot({ path: path.join(outDir, `first_minute_sweep_${shot}_running.png`) });
    await waitFor(page, () => window.marginlab.status().sweep.finished);
    await moreFrames(page, 3);
    const finished = await status(page);
    await page.screenshot({ path: path.join(outDir, `first_minute_sweep_${shot}_finished.png`) });
    for (const [when, st] of [['while it runs', running], ['once finished', finished]])
      check(`${name}: no text cut or overlapping ${when} (1280x800)`,
            st.mode === 'sweep' && st.text.glyphs > 200 && st.text.cut === 0 && st.text.overlaps === 0,
            `${st.text.glyphs} glyphs, ${st.text.cut} cut, ${st.text.overlaps} overlapping: ${st.text.examples.join('; ')}`);
    await page.close();
  }
} catch (e) {
  check('the test ran to its end', false, e.stack || String(e));
} finally {
  await browser.close();
  server.close();
}
finish('first_minute_test');
