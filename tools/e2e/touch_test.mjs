// Browser end-to-end test of touch (issue 25): Chromium's mobile emulation (a 390x844 phone at device-pixel
// ratio 3 and an 820x1180 tablet at 2, touch, isMobile), fingers through CDP's Input.dispatchTouchEvent held
// for whole frames, and the app's real state read through window.marginlab.status():
//   1. 20 taps held 1 to 9 frames on Step, +100 and Gallery in random order each act once on the target tapped
//      (steps +1, +100, the gallery opened or closed), and no tooltip stays up once the finger lifts
//   2. a vertical one-finger drag over the Experiment panel scrolls it by about the drag's distance
//   3. the 2-D view's image takes at least a quarter of the screen's height; a drag over it pans it (its
//      rectangle moves, same size), a pinch zooms it (smaller)
//   4. a long-press in the view adds a point that the link records (edits=p...)
//   5. a tap on the seed field focuses the page's hidden input (the phone's keyboard); what is typed there
//      and Enter change the link's seed; the input loses the focus with the field
//   6. every panel's controls come on screen (each tab of the phone's sheet, the Experiment panel scrolled to
//      its end), none past the screen's width, and no text is cut at an edge or drawn over another there
//   7. the README's compare and sweep links, a gallery sweep and the letters sweep whose every cell the budget
//      refuses: no text cut or overlapping, the view at least 35 % of the height in compare, the sweep's plot at
//      least 200 px tall, the refusal's reason on screen and no "running" once the sweep finished
//   8. every probed control seen (all of the above) is a 44x44 px touch target; a number field opens the
//      decimal pad (the hidden input's inputmode)
// Usage: node tools/e2e/touch_test.mjs   (env WEB_SITE, E2E_OUT, CHROMIUM, TOUCH_SEED for the taps' order)
import fs from 'node:fs';
import path from 'node:path';
import { e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage, status, waitFor,
         waitFrames, moreFrames } from './page.mjs';

const { site, outDir } = e2ePaths();
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('touch_test', { site });
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);

// A small deterministic generator for the taps' order and hold times (TOUCH_SEED varies it).
let rng = Number(process.env.TOUCH_SEED || 25);
const random = () => ((rng = (rng * 1103515245 + 12345) % 2147483648) / 2147483648);

// Fingers through CDP: each call is one touch event; `points` are [x, y] pairs in CSS pixels.
const touch = (cdp, type, points) => cdp.send('Input.dispatchTouchEvent', {
  type, touchPoints: points.map(([x, y], i) => ({ x, y, id: i, radiusX: 4, radiusY: 4, force: 1 })) });
async function tap(page, cdp, [x, y], frames) {
  await touch(cdp, 'touchStart', [[x, y]]);
  await moreFrames(page, frames);
  await touch(cdp, 'touchEnd', []);
  await moreFrames(page, 4);
}
// One finger from `from` to `to` in `steps` moves, a frame each.
async function drag(page, cdp, from, to, steps) {
  await touch(cdp, 'touchStart', [from]);
  await moreFrames(page, 2);
  for (let k = 1; k <= steps; k++) {
    await touch(cdp, 'touchMove', [[from[0] + (to[0] - from[0]) * k / steps, from[1] + (to[1] - from[1]) * k / steps]]);
    await moreFrames(page, 1);
  }
  await touch(cdp, 'touchEnd', []);
  await moreFrames(page, 4);
}
const probe = async (page, name) => (await status(page)).probes[name];
// Controls smaller than a touch target among a status' probes on screen (a probe is [x, y, width, height]; a point
// has no size).
const notControls = /^(learner\.stop_reason|sweep\.plot|sweep\.refused|view\.panel|view\.image.*|sidebar|lesson\.panel)$/;
const smallTargets = (st, viewport) => Object.entries(st.probes)
  .filter(([name, [x, y, w, h]]) => !notControls.test(name) && w > 0 && h > 0 && y >= 0 && y <= viewport.height && x >= 0 && x <= viewport.width)
  .filter(([, [, , w, h]]) => w < 43.5 || h < 43.5).map(([name, [, , w, h]]) => `${name} ${w.toFixed(0)}x${h.toFixed(0)}`);
// The links of part 7.
const compareLink = '#v=1&data=separable&n=400&noise=uniform&eta=0.1&seed=3&steps=400&x.learner=perceptron,bylander,averaging';
const sweepLinks = {
  'README sweep': '#v=1&data=separable&n=400&noise=uniform&steps=200&x.learner=perceptron,bylander,averaging&x.eta=0:0.4:0.1&x.seed=1..5',
  'gallery coreset sweep': '#v=1&data=separable&n=2000&d=10&learner=coreset_svm&seed=1&steps=2000&x.l.epsilon=0.5,0.2,0.1,0.05,0.01',
  'letters sweep (every cell refused)': fs.readFileSync(new URL('../../docs/reproductions/uma_real_letter.url', import.meta.url), 'utf8').trim(),
};
// Opens `link` in the page (hashchange) and waits until it has been built.
async function openLink(page, link) {
  await page.evaluate((l) => { location.hash = l; }, link);
  await waitFor(page, (l) => window.marginlab.status().url !== '' && !window.marginlab.status().building, link, 60000);
  await moreFrames(page, 4);
}
const width = (r) => r[1] - r[0];

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  { name: 'tablet', viewport: { width: 820, height: 1180 }, deviceScaleFactor: 2 },
];
try {
  for (const size of sizes) {
    console.log(`-- ${size.name} ${size.viewport.width}x${size.viewport.height} dpr ${size.deviceScaleFactor}`);
    const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor,
                                               isMobile: true, hasTouch: true });
    const link = '#v=1&data=separable&n=200&noise=uniform&eta=0.1&learner=perceptron&seed=1&steps=100000';
    const page = await openPage(context, base + link);
    const cdp = await context.newCDPSession(page);
    check(`${size.name}: the page starts`, (await waitFrames(page, 4)) === '');
    await waitFor(page, () => window.marginlab.status().has_session);
    await page.keyboard.press(' ');  // pause: the steps below are the taps' only
    await waitFor(page, () => !window.marginlab.status().playing);
    let s = await status(page);
    const viewport = await page.evaluate(() => ({ inner: innerWidth, scroll: document.documentElement.scrollWidth,
                                                  touchAction: getComputedStyle(document.getElementById('canvas')).touchAction }));
    check(`${size.name}: the canvas takes the touches (touch-action: none), no page zoom or horizontal scroll`,
          viewport.touchAction === 'none' && viewport.scroll <= viewport.inner, JSON.stringify(viewport));

    // 1. Taps.
    const targets = { step: 'run.step', plus100: 'run.plus100', gallery: 'run.gallery' };
    let right = 0, tooltips = 0;
    const detail = [];
    for (let i = 0; i < 20; i++) {
      const which = Object.keys(targets)[Math.floor(random() * 3)];
      const frames = 1 + Math.floor(random() * 9);
      s = await status(page);
      const at = s.probes[targets[which]];
      const before = { steps: s.steps, gallery: s.gallery_open };
      await tap(page, cdp, at, frames);
      const expected = { steps: before.steps + (which === 'step' ? 1 : which === 'plus100' ? 100 : 0),
                         gallery: which === 'gallery' ? !before.gallery : before.gallery };
      try {
        await waitFor(page, (e) => { const t = window.marginlab.status(); return t.steps === e.steps && t.gallery_open === e.gallery; },
                      expected, 5000, 50);
      } catch (e) { /* counted below */ }
      await moreFrames(page, 3);
      s = await status(page);
      const ok = s.steps === expected.steps && s.gallery_open === expected.gallery;
      if (ok) right++;
      if (s.tooltip || s.pointer !== null) tooltips++;
      detail.push(`${which}/${frames}f:${ok ? 'ok' : `steps ${before.steps}->${s.steps} gallery ${s.gallery_open}`}`);
    }
    check(`${size.name}: 20 taps held 1-9 frames each act once on the target tapped`, right === 20,
          `${right}/20 (${detail.join(' ')})`);
    check(`${size.name}: no tooltip and no hover once the finger lifts`, tooltips === 0, `${tooltips} taps left one`);
    if ((await status(page)).gallery_open) await tap(page, cdp, await probe(page, 'run.gallery'), 2);

    // 2. A vertical drag over the Experiment panel scrolls it by about the distance.
    const side = await probe(page, 'sidebar');
    const y0 = Math.min(side[1] + 120, size.viewport.height - 40);
    s = await status(page);
    const scroll0 = s.sidebar_scroll_px, steps0 = s.steps;
    await drag(page, cdp, [side[0], y0], [side[0], y0 - 200], 10);
    s = await status(page);
    const scrolled = s.sidebar_scroll_px - scroll0;
    const room = s.sidebar_scroll_max_px - scroll0;  // the panel scrolls at most to its end
    const wanted = Math.min(200, room);
    check(`${size.name}: a 200 px drag up over the Experiment panel scrolls it by about 200 px`,
          room > 100 && scrolled > wanted * 0.75 && scrolled < wanted * 1.25 + 1,
          `scrolled ${scrolled.toFixed(1)} px of ${room.toFixed(1)} it can`);
    check(`${size.name}: ... and clicks nothing`, s.steps === steps0 && !s.gallery_open, s.url);

    // 3. Pan and pinch over the view, which keeps a share of the screen however the toolbar wraps (on a
    // phone it once shrank to a 40 px strip a pinch could not zoom); on a phone with the Plots tab open (the
    // Settings tab's form takes a third of the height: app/models/layout.h, kFormSheetShare).
    if (await probe(page, 'tab.plots')) {
      await tap(page, cdp, await probe(page, 'tab.plots'), 2);
      await moreFrames(page, 3);
    }
    s = await status(page);
    const imageH = s.probes['view.image.max'][1] - s.probes['view.image.min'][1];
    check(`${size.name}: the view's image is at least a quarter of the screen's height`,
          imageH >= 0.25 * size.viewport.height, `${imageH.toFixed(0)} px of ${size.viewport.height}`);
    const centre = await probe(page, 'view.image');
    const r0 = (await status(page)).view_range;
    await drag(page, cdp, [centre[0] - 50, centre[1]], [centre[0] + 50, centre[1]], 8);
    const r1 = (await status(page)).view_range;
    // The rectangle's centre moves left in data (the content follows the finger right). Its width may change: the
    // view's toolbar gains its "reset zoom" button, and the image, shorter, is refit to the same height in data.
    const shift = ((r1[0] + r1[1]) - (r0[0] + r0[1])) / 2;
    check(`${size.name}: a drag over the view pans it (its centre moves left in data, its height in data stays)`,
          shift < -0.1 * width(r0) && Math.abs((r1[3] - r1[2]) - (r0[3] - r0[2])) < 0.01 * (r0[3] - r0[2]),
          `${r0.map((v) => v.toFixed(3))} -> ${r1.map((v) => v.toFixed(3))}`);
    await touch(cdp, 'touchStart', [[centre[0] - 30, centre[1]], [centre[0] + 30, centre[1]]]);
    await moreFrames(page, 2);
    for (let k = 1; k <= 8; k++) {
      await touch(cdp, 'touchMove', [[centre[0] - 30 - 8 * k, centre[1]], [centre[0] + 30 + 8 * k, centre[1]]]);
      await moreFrames(page, 1);
    }
    await touch(cdp, 'touchEnd', []);
    await moreFrames(page, 4);
    s = await status(page);
    const r2 = s.view_range;
    const ratio = width(r2) / width(r1);
    check(`${size.name}: a pinch apart zooms the view in (fingers 60 -> 188 px apart: range x ~0.32)`,
          ratio > 0.2 && ratio < 0.5, `range width x${ratio.toFixed(3)}`);
    check(`${size.name}: panning and pinching leave the link alone`, !s.url.includes('edits='), s.url);

    // 4. A long-press in the view adds a point.
    const rows0 = s.train_rows;
    const c2 = await probe(page, 'view.image');
    await touch(cdp, 'touchStart', [[c2[0] + 20, c2[1] - 10]]);
    await page.waitForTimeout(900);
    await moreFrames(page, 14);  // 0.5 s and 12 frames (app/models/touch_gestures.h)
    await touch(cdp, 'touchEnd', []);
    try {
      await waitFor(page, () => /[#&]edits=p/.test(window.marginlab.status().url) && location.hash === window.marginlab.status().url,
                    null, 20000);
    } catch (e) { /* checked below */ }
    s = await status(page);
    check(`${size.name}: a long-press in the view adds a point recorded in the link`,
          /[#&]edits=p[01]_/.test(s.url) && (await page.evaluate(() => location.hash)).includes('edits=p'), s.url);
    await waitFor(page, () => window.marginlab.status().has_session, null, 20000);
    s = await status(page);
    check(`${size.name}: ... and the run trains on it`, s.train_rows === rows0 + 1, `train rows ${rows0} -> ${s.train_rows}`);

    // 5. Typing into the seed field through the hidden input.
    const seed = await probe(page, 'run.seed');
    check(`${size.name}: the seed field is on screen`, Array.isArray(seed), JSON.stringify(seed));
    await tap(page, cdp, seed, 3);
    let proxy = await page.evaluate(() => window.marginlabTouch.proxy());
    s = await status(page);
    check(`${size.name}: a tap on the seed field focuses the hidden input with the field's text`,
          proxy.focused && s.want_text_input && proxy.value === '1', JSON.stringify(proxy));
    await page.keyboard.type('7');
    await moreFrames(page, 4);
    await page.keyboard.press('Enter');
    try {
      await waitFor(page, () => /[#&]seed=7(&|$)/.test(window.marginlab.status().url), null, 20000);
    } catch (e) { /* checked below */ }
    await moreFrames(page, 3);
    s = await status(page);
    proxy = await page.evaluate(() => window.marginlabTouch.proxy());
    check(`${size.name}: typing 7 and Enter in the hidden input sets the link's seed`, /[#&]seed=7(&|$)/.test(s.url), s.url);
    check(`${size.name}: ... and the keyboard closes with the field`, !proxy.focused && !s.want_text_input, JSON.stringify(proxy));
    // 6. Every panel's controls can be reached: on a phone, each tab of the sheet shows its panel; the
    // Experiment panel, scrolled to its end with the finger, brings every section's controls on screen, none
    // outside the screen's width.
    s = await status(page);
    check(`${size.name}: the layout (${s.layout}) is the ${size.name === 'phone' ? 'sheet' : 'wide'} one, its frames touch targets`,
          s.layout === (size.name === 'phone' ? 'sheet' : 'wide') && s.frame_height >= 44 && s.font_size >= 12,
          `frame ${s.frame_height} px, font ${s.font_size} px`);
    // No text on screen is cut at an edge or drawn over another (status().text: the frame's glyphs), in every
    // tab of the sheet and all the way down the Experiment panel.
    const textProblems = [];
    const noteText = (where, st) => {
      if (st.text.cut || st.text.overlaps) textProblems.push(`${where}: ${st.text.examples.join('; ')}`);
    };
    if (s.layout === 'sheet') {
      for (const [tab, index] of [['plots', 1], ['confusion', 2], ['settings', 0]]) {
        await tap(page, cdp, await probe(page, `tab.${tab}`), 2);
        await moreFrames(page, 2);
        s = await status(page);
        check(`${size.name}: the ${tab} tab shows its panel`, s.sheet_tab === index, `sheet_tab ${s.sheet_tab}`);
        if (tab === 'settings') {
          check(`${size.name}: the settings sheet takes at least a third of the height`,
                s.probes.sidebar && s.probes.sidebar[3] >= size.viewport.height / 3 - 0.5, JSON.stringify(s.probes.sidebar));
        }
        noteText(`${tab} tab`, s);
        await page.screenshot({ path: path.join(outDir, `touch_test_${size.name}_${tab}.png`) });
      }
    }
    // A phone's view folds its controls behind "View options": unfolded for the controls' check.
    const options = await probe(page, 'view.options');
    if (options) {
      await tap(page, cdp, options, 2);
      await moreFrames(page, 3);
    }
    const seen = new Set(), outside = [];
    let drags = 0;
    for (let k = 0; k < 30; k++) {
      s = await status(page);
      noteText(`settings scrolled ${s.sidebar_scroll_px.toFixed(0)} px`, s);
      for (const [name, [x, y]] of Object.entries(s.probes)) {
        if (y < 0 || y > size.viewport.height) continue;
        seen.add(name);
        if (x < 0 || x > size.viewport.width) outside.push(name);
      }
      if (s.sidebar_scroll_px >= s.sidebar_scroll_max_px - 0.5) break;
      // Each drag moves the content by at most 60 % of the panel's visible height (the probe is the panel's
      // centre and the panel reaches the screen's bottom), so every line of it is on screen at some stop; each
      // drag costs frames, hundreds of ms each at a phone's pixel ratio under a software renderer: three moves.
      const panel = s.probes.sidebar;
      const distance = Math.min(300, Math.max(150, 0.6 * 2 * (size.viewport.height - panel[1])));
      const from = Math.min(panel[1] + distance / 2, size.viewport.height - 30);
      await drag(page, cdp, [panel[0], from], [panel[0], from - distance], 3);
      drags++;
    }
    s = await status(page);
    check(`${size.name}: the finger scrolls the Experiment panel to its end`, s.sidebar_scroll_px >= s.sidebar_scroll_max_px - 0.5,
          `${s.sidebar_scroll_px} of ${s.sidebar_scroll_max_px} in ${drags} drags`);
    const controls = ['run.step', 'run.seed', 'view.mode.add', 'learner.compare', 'share.copy_command'];
    check(`${size.name}: every panel's controls come on screen`, controls.every((n) => seen.has(n)),
          `missing: ${controls.filter((n) => !seen.has(n)).join(', ') || 'none'}`);
    check(`${size.name}: no control lies outside the screen's width`, outside.length === 0, outside.join(', '));
    check(`${size.name}: no text cut at an edge or overlapping another, in every panel`, textProblems.length === 0,
          textProblems.slice(0, 6).join(' | '));
    await page.screenshot({ path: path.join(outDir, `touch_test_${size.name}.png`) });
    const small = new Set(smallTargets(await status(page), size.viewport));
    if (options) await tap(page, cdp, await probe(page, 'view.options'), 2);  // folded again for part 7

    // 7. Compare and sweeps on this screen.
    await openLink(page, compareLink);
    await waitFor(page, () => window.marginlab.status().compare && window.marginlab.status().compare.length === 3, null, 30000);
    await moreFrames(page, 6);
    s = await status(page);
    const viewPanel = s.probes['view.panel'];
    check(`${size.name}: compare: the view keeps at least 35 % of the height`,
          viewPanel && viewPanel[3] >= 0.35 * size.viewport.height, `${viewPanel && viewPanel[3].toFixed(0)} px of ${size.viewport.height}`);
    check(`${size.name}: compare: no text cut or overlapping`, !s.text.cut && !s.text.overlaps, s.text.examples.slice(0, 4).join(' | '));
    smallTargets(s, size.viewport).forEach((t) => small.add(t));
    await page.screenshot({ path: path.join(outDir, `touch_test_${size.name}_compare.png`) });
    for (const [name, link] of Object.entries(sweepLinks)) {
      await openLink(page, link);
      try {
        await waitFor(page, () => { const t = window.marginlab.status().sweep; return t && t.finished; }, null, 120000, 250);
      } catch (e) { /* checked below */ }
      await moreFrames(page, 6);
      s = await status(page);
      const sw = s.sweep || {};
      check(`${size.name}: ${name}: finished`, sw.finished === true, JSON.stringify(sw).slice(0, 200));
      check(`${size.name}: ${name}: no text cut or overlapping`, !s.text.cut && !s.text.overlaps, s.text.examples.slice(0, 4).join(' | '));
      const plot = s.probes['sweep.plot'];
      check(`${size.name}: ${name}: the plot is at least 200 px tall`, plot && plot[3] >= 200, JSON.stringify(plot));
      if (sw.error_rows > 0) {
        const refusal = s.probes['sweep.refused'];
        check(`${size.name}: ${name}: the refusal's reason is on screen, naming the budget`,
              refusal && refusal[1] > 0 && refusal[1] < size.viewport.height && /^all \d+ cells refused: .*resource budget/.test(sw.refusal),
              `${JSON.stringify(refusal)} ${sw.refusal}`);
        check(`${size.name}: ${name}: the plot says why it is empty, not "running"`,
              sw.plot_note === sw.refusal && !/running/.test(sw.plot_note), sw.plot_note);
      }
      smallTargets(s, size.viewport).forEach((t) => small.add(t));
      await page.screenshot({ path: path.join(outDir, `touch_test_${size.name}_${name.split(' ')[0]}_${name.split(' ')[1]}.png`) });
    }

    // 8. Touch targets and the number keyboard.
    check(`${size.name}: every probed control is at least 44x44 px`, small.size === 0, [...small].slice(0, 12).join(', '));
    await openLink(page, link);
    await tap(page, cdp, await probe(page, 'run.seed'), 3);
    const keypad = await page.evaluate(() => window.marginlabTouch.proxy());
    check(`${size.name}: the seed field opens the decimal pad`, keypad.focused && keypad.inputMode === 'decimal', JSON.stringify(keypad));
    await context.close();
  }
  check('no page errors', pageErrors.length === 0, pageErrors.join('; '));
} catch (e) {
  check('the test ran to the end', false, String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
}
finish('touch_test');
