// Browser end-to-end test of the View's controls (issue 12): playwright-core drives Debian's chromium
// (headless, WebGL2 through SwiftShader) against build/web served on 127.0.0.1.
//   1. "add point" mode: a click in the 2-D view adds a training point; the link records it (edits=)
//      and the run trains on one more example; the edit is a new history entry
//   2. a setting changed in a widget (the seed, typed) is another entry; history.back() restores the
//      previous seed, a second back() the link without the edit, forward() the edit again
//   3. "flip label" mode: a click on a training point relabels it (edits=y<row>_<class>)
//   4. a drag over the view pans and the wheel zooms: view-only, so neither changes the link or the history
//   0. first of all, the decision regions are drawn: a line of the canvas through the view's centre has
//      pixels of both classes' light region tints (the regions program is compiled after the first frame)
// Usage: node tools/e2e/view_test.mjs   (env WEB_SITE, E2E_OUT, CHROMIUM)
import fs from 'node:fs';
import path from 'node:path';
import { clickAt, e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage, status, waitFor,
         waitFrames, moreFrames } from './page.mjs';

const { site, outDir } = e2ePaths();
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('view_test', { site });
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
async function probe(page, name) {
  const s = await status(page);
  return s.probes[name];
}
const historyLength = (page) => page.evaluate(() => history.length);
// Waits until the app's link matches `re` (and the hash equals it); returns the status.
async function waitUrl(page, re) {
  await waitFor(page, (src) => {
    const s = window.marginlab.status();
    return new RegExp(src).test(s.url) && location.hash === s.url && s.has_session;
  }, re.source);
  return status(page);
}

try {
  const link = '#v=1&data=separable&n=80&d=2&learner=perceptron&seed=1&steps=30';
  const page = await openPage(context, base + link);
  await waitFrames(page, 4);
  let s = await waitUrl(page, /seed=1/);
  const rows0 = s.train_rows;
  const length0 = await historyLength(page);
  check('the page opens the link without adding history', !s.url.includes('edits='), s.url);

  // 0. The regions are drawn: one drawn frame's row of pixels through the image's centre (read in the frame, as
  // the drawing buffer is not kept; the page draws only frames that change, so it is asked to draw one),
  // counted by tint: light (every channel > 120) and clearly orange (r - b > 40) or blue (b - r > 40). The canvas
  // without regions is grey, the points are saturated.
  const middle = await probe(page, 'view.image');
  const tints = await page.evaluate((y) => new Promise((resolve) => {
    const done = window.marginlab.frameDone;
    window.marginlab.redraw();
    window.marginlab.frameDone = (...args) => {
      done(...args);
      if (!args[1].drawn) return;
      window.marginlab.frameDone = done;
      const gl = window.marginlabStart.gl;
      const row = new Uint8Array(gl.drawingBufferWidth * 4);
      gl.readPixels(0, gl.drawingBufferHeight - 1 - Math.round(y), gl.drawingBufferWidth, 1, gl.RGBA, gl.UNSIGNED_BYTE, row);
      let orange = 0, blue = 0;
      for (let i = 0; i < row.length; i += 4) {
        const [r, g, b] = [row[i], row[i + 1], row[i + 2]];
        if (Math.min(r, g, b) <= 120) continue;
        if (r - b > 40) orange++;
        if (b - r > 40) blue++;
      }
      resolve({ orange, blue });
    };
  }), middle[1]);
  check('the decision regions are drawn in the view (pixels of both tints across its middle)',
        tints.orange > 20 && tints.blue > 20, JSON.stringify(tints));

  // 1. Add a point: the mode, then a click in the middle of the view.
  const add = await probe(page, 'view.mode.add');
  check('the view offers "add point"', Array.isArray(add), JSON.stringify(add));
  await clickAt(page, add[0], add[1]);
  const centre = await probe(page, 'view.image');
  await clickAt(page, centre[0] + 30, centre[1] - 20);
  s = await waitUrl(page, /[#&]edits=p1_[-0-9.e]+_[-0-9.e]+(&|$)/);
  check('a click in the view adds a point to the link', /edits=p1_/.test(s.url), s.url);
  check('the run trains on the added point', s.train_rows === rows0 + 1, `train rows ${rows0} -> ${s.train_rows}`);
  const length1 = await historyLength(page);
  check('the edit is one new history entry', length1 === length0 + 1, `history ${length0} -> ${length1}`);
  const withEdit = s.url;

  // 2. The seed, typed into the toolbar's number field (as browser_test.mjs 1c).
  await page.mouse.move(567, 20);
  await moreFrames(page, 2);
  await page.mouse.down();
  await moreFrames(page, 2);
  await page.mouse.up();
  await moreFrames(page, 2);
  await page.keyboard.type('7');
  await moreFrames(page, 2);
  await page.keyboard.down('Enter');
  await moreFrames(page, 2);
  await page.keyboard.up('Enter');
  s = await waitUrl(page, /[#&]seed=7(&|$)/);
  check('typing a seed changes the link', /seed=7/.test(s.url) && s.url.includes('edits=p1_'), s.url);
  const length2 = await historyLength(page);
  check('the seed change is one more history entry', length2 === length1 + 1, `history ${length1} -> ${length2}`);

  await page.evaluate(() => history.back());
  s = await waitUrl(page, /[#&]seed=1(&|$)/);
  check('Back restores the previous seed (and keeps the edit)', s.url === withEdit, `${s.url} vs ${withEdit}`);
  await page.evaluate(() => history.back());
  s = await waitUrl(page, /^((?!edits=).)*$/);
  check('Back again removes the added point', !s.url.includes('edits=') && s.train_rows === rows0,
        `${s.url}, train rows ${s.train_rows}`);
  await page.evaluate(() => history.forward());
  s = await waitUrl(page, /edits=p1_/);
  check('Forward redoes the edit', s.url === withEdit && s.train_rows === rows0 + 1, s.url);
  const length3 = await historyLength(page);
  check('Back and Forward add no entries', length3 === length2, `history ${length2} -> ${length3}`);

  // 3. Flip a label: a click where the point was added (it, or a training point nearer to the click,
  // within 10 px) gives that row the other class.
  const flip = await probe(page, 'view.mode.flip');
  await clickAt(page, flip[0], flip[1]);
  await clickAt(page, centre[0] + 30, centre[1] - 20);
  try {
    s = await waitUrl(page, /edits=p1_[^&,]+,y[0-9]+_[01](&|$)/);
  } catch (e) {
    s = await status(page);
  }
  check('a click in "flip label" mode relabels the point under it', /edits=p1_[^&,]+,y[0-9]+_[01](&|$)/.test(s.url), s.url);

  // 4. Pan and zoom are the viewer's: the link and the history stay.
  const before = s.url;
  const length4 = await historyLength(page);
  const look = await probe(page, 'view.mode.look');
  await clickAt(page, look[0], look[1]);
  await page.mouse.move(centre[0], centre[1]);
  await page.mouse.down();
  await moreFrames(page, 2);
  for (let k = 1; k <= 5; k++) {
    await page.mouse.move(centre[0] - 12 * k, centre[1] + 8 * k);
    await moreFrames(page, 1);
  }
  await page.mouse.up();
  await moreFrames(page, 3);
  await page.mouse.wheel(0, -100);
  await moreFrames(page, 4);
  const reset = await probe(page, 'view.reset_zoom');
  check('a drag and the wheel zoom and pan the view (a reset button appears)', Array.isArray(reset), JSON.stringify(reset));
  s = await status(page);
  check('panning and zooming leave the link alone', s.url === before, s.url);
  check('... and the history', (await historyLength(page)) === length4);
  await page.screenshot({ path: path.join(outDir, 'view_test.png') });
  check('no page errors', pageErrors.length === 0, pageErrors.join('; '));
} catch (e) {
  check('the test ran to the end', false, String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
}
finish('view_test');
