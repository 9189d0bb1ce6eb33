// Browser end-to-end test of large text (issue 40): the page at 200 % as a person who needs larger text gets it.
//   1. A phone (390x844 CSS px, touch, device-pixel ratio 2: the ratio changes how many pixels a frame draws, not
//      the layout, and touch_test checks a ratio of 3): the toolbar's "Aa" menu set to 200 % by taps. The font is
//      then 30 CSS px, the choice is kept in localStorage and read again after a reload, and the screen is one
//      column the finger scrolls (the toolbar first), since 195 units are too narrow for the sheet.
//   2. The whole column walked with the finger on the default link, the README's compare link and its sweep link:
//      at every stop no text is cut at an edge or drawn over another (status().text) and no probed control lies past
//      the screen's width; the sweep finishes and its plot is at least 200 CSS px tall.
//   3. A desktop window at the browser's 200 % zoom (a 1280x800 window is then 640x400 CSS px at device-pixel ratio
//      2, with a mouse): the same walk with the wheel, on the same three links.
// Usage: node tools/e2e/zoom_test.mjs   (env WEB_SITE, E2E_OUT, CHROMIUM)
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage, status, waitFor,
         waitFrames, moreFrames } from './page.mjs';

const { site, outDir } = e2ePaths();
fs.mkdirSync(outDir, { recursive: true });
const chromium = await requirePrerequisites('zoom_test', { site });
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);

const links = {
  default: '#v=1&data=separable&n=200&noise=uniform&eta=0.1&learner=perceptron&seed=1&steps=100000',
  compare: '#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging',
  sweep: '#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5',
};
// Opens `link` (hashchange), waits until it is built (and a sweep until it finished), pauses a single run.
async function openLink(page, link) {
  await page.evaluate((l) => { location.hash = l; }, link);
  await waitFor(page, (l) => window.marginlab.status().url !== '' && !window.marginlab.status().building, link, 60000);
  if (/x\.eta/.test(link)) {
    await waitFor(page, () => { const t = window.marginlab.status().sweep; return t && t.finished; }, null, 120000, 250);
  }
  await moreFrames(page, 4);
}
// Walks the stacked column from its top to its end, `move` scrolling it down a step at a time; at every stop
// notes cut or overlapping texts and probed controls past the screen's width.
async function walkColumn(page, viewport, where, move, scrollUp) {
  const problems = [], outside = new Set();
  for (let k = 0; k < 8 && (await status(page)).column_scroll_px > 0; k++) await scrollUp();
  let s = await status(page), stops = 0;
  for (; stops < 40; stops++) {
    s = await status(page);
    if (s.text.cut || s.text.overlaps) {
      problems.push(`${where} at ${s.column_scroll_px.toFixed(0)} px: ${s.text.examples.slice(0, 2).join('; ')}`);
      if (problems.length <= 2) {
        await page.screenshot({ path: path.join(outDir, `zoom_test_problem_${where.replace(/[^a-z0-9]+/gi, '_')}_${problems.length}.png`) });
      }
    }
    for (const [name, [x, y, w]] of Object.entries(s.probes)) {
      if (y >= 0 && y <= viewport.height && (x - w / 2 < -0.5 || x + w / 2 > viewport.width + 0.5)) outside.add(name);
    }
    if (s.column_scroll_px >= s.column_scroll_max_px - 0.5) break;
    // A panel that scrolls itself (the plots, the confusion matrices) takes the finger or the wheel until its end,
    // then the column does: stuck only when six moves in a row leave the column where it was.
    const before = s.column_scroll_px;
    for (let tries = 0; tries < 6 && (await status(page)).column_scroll_px <= before; tries++) await move();
    if ((await status(page)).column_scroll_px <= before) {  // stuck: checked below
      await page.screenshot({ path: path.join(outDir, `zoom_test_stuck_${where.replace(/[^a-z0-9]+/gi, '_')}.png`) });
      break;
    }
  }
  s = await status(page);
  return { problems, outside: [...outside], end: s.column_scroll_px >= s.column_scroll_max_px - 0.5 && s.column_scroll_max_px > 0,
           stops, scroll: s.column_scroll_px, max: s.column_scroll_max_px };
}
// Checks one screen's walk.
function checkWalk(name, walk) {
  check(`${name}: the column scrolls to its end (${walk.stops} stops)`, walk.end, `${walk.scroll} of ${walk.max}`);
  check(`${name}: no text cut or overlapping anywhere in the column`, walk.problems.length === 0, walk.problems.slice(0, 4).join(' | '));
  check(`${name}: no control past the screen's width`, walk.outside.length === 0, walk.outside.join(', '));
}
// The three links on one screen: each walked, the sweep's plot measured, a screenshot of each.
async function walkLinks(page, viewport, name, move, scrollUp) {
  for (const [which, link] of Object.entries(links)) {
    await openLink(page, link);
    if (which === 'default') await page.keyboard.press(' ');  // paused: the numbers stay still while walked
    const s = await status(page);
    check(`${name}: ${which}: one stacked column`, s.layout === 'stacked', s.layout);
    if (which === 'sweep') {
      const plot = s.probes['sweep.plot'];
      check(`${name}: sweep: finished, its plot at least 200 px tall`, s.sweep && s.sweep.finished && plot && plot[3] >= 200,
            JSON.stringify(plot));
    }
    await page.screenshot({ path: path.join(outDir, `zoom_test_${name}_${which}.png`) });
    checkWalk(`${name}: ${which}`, await walkColumn(page, viewport, `${name} ${which}`, move, scrollUp));
  }
}

const touch = (cdp, type, points) => cdp.send('Input.dispatchTouchEvent', {
  type, touchPoints: points.map(([x, y], i) => ({ x, y, id: i, radiusX: 4, radiusY: 4, force: 1 })) });
async function tap(page, cdp, [x, y]) {
  await touch(cdp, 'touchStart', [[x, y]]);
  await moreFrames(page, 3);
  await touch(cdp, 'touchEnd', []);
  await moreFrames(page, 4);
}
// A finger's vertical drag along the screen's left margin (outside the view's image, which a drag pans).
async function drag(page, cdp, from, to) {
  await touch(cdp, 'touchStart', [[6, from]]);
  await moreFrames(page, 1);
  for (let k = 1; k <= 4; k++) {
    await touch(cdp, 'touchMove', [[6, from + (to - from) * k / 4]]);
    await moreFrames(page, 1);
  }
  await touch(cdp, 'touchEnd', []);
  await moreFrames(page, 3);
}

try {
  // 1. A phone at 200 % by the app's own menu.
  {
    const viewport = { width: 390, height: 844 };
    const context = await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await openPage(context, base + links.default);
    const cdp = await context.newCDPSession(page);
    check('phone: the page starts', (await waitFrames(page, 4)) === '');
    await waitFor(page, () => window.marginlab.status().has_session);
    let s = await status(page);
    check('phone: 100 % at first (15 px text, the sheet)', s.text_size === 100 && s.font_size === 15 && s.layout === 'sheet',
          `${s.text_size} % ${s.font_size} px ${s.layout}`);
    await tap(page, cdp, s.probes['run.text_size']);
    s = await status(page);
    check('phone: a tap on Aa opens the text sizes', Array.isArray(s.probes['text_size.200']), Object.keys(s.probes).join(','));
    if (s.probes['text_size.200']) await tap(page, cdp, s.probes['text_size.200']);
    await moreFrames(page, 6);
    s = await status(page);
    const stored = await page.evaluate(() => localStorage.getItem('marginlab.text_size'));
    check('phone: a tap on 200 % doubles the text (30 px), kept in localStorage', s.text_size === 200 && s.font_size === 30 && stored === '200',
          `${s.text_size} % ${s.font_size} px, stored ${stored}`);
    check('phone: at 200 % the screen is one column (195 units are too narrow for the sheet)', s.layout === 'stacked', s.layout);
    await page.reload();
    await waitFrames(page, 4);
    await waitFor(page, () => window.marginlab.status().has_session);
    s = await status(page);
    check('phone: the text size is read again after a reload', s.text_size === 200 && s.font_size === 30, `${s.text_size} %`);
    // Each drag moves the column 720 px, less than the screen's 844: every line is on screen at some stop.
    await walkLinks(page, viewport, 'phone 200 %', () => drag(page, cdp, 800, 80), () => drag(page, cdp, 80, 800));
    await context.close();
  }
  // 3. A desktop window at the browser's 200 % zoom.
  {
    const viewport = { width: 640, height: 400 };
    const context = await browser.newContext({ viewport, deviceScaleFactor: 2 });
    const page = await openPage(context, base + links.default);
    check('desktop at 200 % zoom: the page starts', (await waitFrames(page, 4)) === '');
    await waitFor(page, () => window.marginlab.status().has_session);
    await page.mouse.move(4, 300);
    const wheel = async (dy) => { await page.mouse.wheel(0, dy); await moreFrames(page, 3); };
    // Five notches move the column 375 px, less than the window's 400.
    await walkLinks(page, viewport, 'desktop 200 % zoom', () => wheel(500), () => wheel(-5000));
    await context.close();
  }
} catch (e) {
  check('zoom_test ran to its end', false, e.stack || String(e));
}
check('no uncaught page errors', pageErrors.length === 0, pageErrors.join(' | '));
await browser.close();
server.close();
finish('zoom_test');
