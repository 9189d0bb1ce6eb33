// Browser end-to-end test of issue 15's links (the resource budget and the session's error boundary):
// playwright-core drives Debian's chromium (headless) against build/web served on 127.0.0.1.
//   1. The landmark link that crashed the page (uncaught exception, frames stopped, "building…" forever) is
//      capped by the budget: the page says which fields it lowered, keeps drawing while the kernel fit
//      prepares in slices, and Escape cancels the preparation.
//   2. The Halving link (one step took 131-293 s) is capped: steps are taken while frames keep coming, and
//      Space pauses the run.
//   3. A link the session refuses shows the named error, the page keeps drawing and the run before it stays.
//   4. No uncaught error on any page.
// Usage: node tools/e2e/robust_test.mjs   (env WEB_SITE, CHROMIUM)
import fs from 'node:fs';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage as openIn, status,
         waitFor, waitFrames, moreFrames } from './page.mjs';

const { site } = e2ePaths();

const chromium = await requirePrerequisites('robust_test', { site });


const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
async function openPage(hash) {
  const page = await openIn(context, base + hash);
  await waitFrames(page, 2);
  return page;
}
// Frames drawn over `ms` milliseconds of wall time.
async function framesDuring(page, ms) {
  const f0 = await page.evaluate(() => window.marginlab.frames);
  await page.waitForTimeout(ms);
  return (await page.evaluate(() => window.marginlab.frames)) - f0;
}

try {
  // 1. The landmark link.
  {
    const link = '#v=1&data=ring&n=1000000&learner=rp&l.projection=kpca&l.landmarks=100000&l.dims=5000&seed=1';
    const page = await openPage('#v=1&data=ring&n=400&learner=perceptron&seed=1&steps=50');
    await waitFor(page, () => window.marginlab.status().steps > 0);
    const before = await status(page);
    await page.evaluate((h) => { location.hash = h; }, link);
    await waitFor(page, () => { const s = window.marginlab.status(); return s.url.includes('n=1000000') && (s.preparing || s.error); });
    const s = await status(page);
    const notices = s.notices.join('\n');
    check('landmark link: the page names the capped fields', /field 'l\.dims': 5000 is over the resource budget/.test(notices) &&
          /field 'l\.landmarks': 100000 is over the resource budget/.test(notices), notices.slice(0, 300));
    check('landmark link: no error screen, the capped run prepares', s.error === '' && s.preparing, `error '${s.error}'`);
    // Frames keep coming (before the budget they stopped for good) and the fit moves on; at n = 10^6 one slice
    // of the fit (a row block of the Nyström covariance) is long, so the bar is "frames", not a frame rate.
    const frames = await framesDuring(page, 4000);
    const later = await status(page);
    check('landmark link: the page keeps drawing while the kernel fit prepares',
          frames >= 2 && later.prepare_progress > s.prepare_progress && document_ok(later),
          `${frames} frames in 4 s, progress ${s.prepare_progress.toFixed(3)} -> ${later.prepare_progress.toFixed(3)}`);
    await page.keyboard.press('Escape');
    await waitFor(page, (url) => { const t = window.marginlab.status(); return !t.preparing && t.url === url; }, before.url);
    check('landmark link: Escape cancels the preparation and returns to the previous link', true);
    await page.close();
  }

  // 2. The Halving link.
  {
    const page = await openPage('#v=1&data=finite&d=20&concepts=1000000&n=100000&learner=halving&seed=1');
    const s0 = await status(page);
    const notices = s0.notices.join('\n');
    check('Halving link: the page names the capped field', /field 'concepts': 1000000 is over the resource budget/.test(notices),
          notices.slice(0, 300));
    await waitFor(page, () => window.marginlab.status().steps > 0);
    const frames = await framesDuring(page, 3000);
    const s1 = await status(page);
    check('Halving link: frames keep coming while it steps', frames >= 5 && s1.steps > 0, `${frames} frames in 3 s, ${s1.steps} steps`);
    if (s1.playing) {
      await page.keyboard.press('Space');
      await waitFor(page, () => !window.marginlab.status().playing, undefined, 30000);
      const s2 = await status(page);
      await page.waitForTimeout(1000);
      const s3 = await status(page);
      check('Halving link: Space pauses the run', !s3.playing && s3.steps === s2.steps, `${s2.steps} -> ${s3.steps}`);
    } else {
      check('Halving link: the run ended by itself (nothing to pause)', s1.done || s1.steps > 0, JSON.stringify(s1.steps));
    }
    await page.close();
  }

  // 3. A link the session refuses: a named error, the page keeps drawing, and the run before it stays (its
  //    steps and its link), as the session's error boundary promises.
  {
    const refused = '#v=1&data=separable&n=8&test=0&learner=rp&l.cv=1&l.cv_folds=10&seed=1';
    const page = await openPage('#v=1&data=separable&n=100&learner=perceptron&seed=1&steps=40');
    await waitFor(page, () => { const s = window.marginlab.status(); return s.has_session && !s.playing; });
    const before = await status(page);
    await page.evaluate((h) => { location.hash = h; }, refused);
    await waitFor(page, () => window.marginlab.status().error !== '');
    await moreFrames(page, 3);
    const s = await status(page);
    check('a refused link shows its named error', /cross-validation folds/.test(s.error), s.error);
    check('the run before it is kept, with its link', s.has_session && s.steps === before.steps && s.url === before.url &&
          /previous run is kept/.test(s.error), `steps ${before.steps} -> ${s.steps}, url ${s.url}`);
    const hash = await page.evaluate(() => location.hash);
    check('the address bar shows the kept run\'s link', hash === before.url, hash);
    const frames = await framesDuring(page, 2000);
    check('after the error the page keeps drawing', frames >= 5, `${frames} frames in 2 s`);
    await page.close();
    // With no run to keep: the error alone, and frames still come.
    const fresh = await openPage(refused);
    await waitFor(fresh, () => window.marginlab.status().error !== '');
    const e = await status(fresh);
    check('a refused first link shows its error with no run', !e.has_session && /cross-validation folds/.test(e.error), e.error);
    check('... and the page keeps drawing', (await framesDuring(fresh, 2000)) >= 5);
    await fresh.close();
  }
} catch (e) {
  check('the robust test ran to the end', false, String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
}
check('no uncaught error on any page', pageErrors.length === 0, pageErrors.join('; '));
finish('robust_test');

function document_ok(s) { return s && s.error === ''; }
