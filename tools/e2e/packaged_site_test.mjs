// Loads the page from a packaged site served by tools/serve_site.sh (tests/tools/packaged_site_test.sh starts
// it): the page must start, build the welcome run and train, with no page error, from that folder alone.
// Usage: node tools/e2e/packaged_site_test.mjs BASE_URL   (env WEB_SITE: the packaged folder; CHROMIUM)
import path from 'node:path';
import { launchChromium, requirePrerequisites, check, finish, openPage, status, waitFrames, waitFor,
         pageErrors } from './page.mjs';

const base = process.argv[2];
const site = path.resolve(process.env.WEB_SITE || 'build/site-package/marginlab');
const chromium = await requirePrerequisites('packaged_site_test', { site });
const browser = await launchChromium(chromium);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, base);
  const error = await waitFrames(page, 4, 120000);
  check('the packaged page starts', error === '', error);
  await waitFor(page, () => { const s = window.marginlab.status(); return s.has_session && s.steps > 0; }, null, 120000);
  const s = await status(page);
  check('the packaged page builds the welcome run and trains', s.has_session && s.steps > 0, `${s.steps} steps`);
  check('no page error', pageErrors.length === 0, pageErrors.join('; '));
} catch (e) {
  check('the test ran to its end', false, e.stack || String(e));
} finally {
  await browser.close();
}
finish('packaged_site_test');
