// Browser end-to-end test of the lessons (issue 27): a reader follows the whole halving_mistakes lesson (4 steps)
// in headless Chromium at 1280x800 (mouse and keyboard) and on a 390x844 phone (dpr 3, touch; the sheet layout's
// Lesson and Settings tabs, typing through the page's hidden input), meeting each goal by changing settings in
// the panels as a reader would (never by loading a solution link):
//   1. the step's own link (a demonstration) is marked met once its run ends
//   2. Next; the Data panel's Concepts field typed to 1000000 meets "|C| >= 1000000 and mistakes <= the bound"
//   3. Next; randomized_halving chosen in the Learner panel's combo meets its goal
//   4. Next; uniform noise chosen in the Noise panel's combo empties the version space
// and checks that every step is marked met, that the page's link keeps lesson= and step= throughout, that the
// progress survives a reload (localStorage), and that the gallery lists the lessons first for a first-time
// visitor (nothing stored) and after the ready-made experiments once there is progress.
// Leaves build/e2e/lesson_desktop.png and lesson_phone.png: step 2 met (the README's lesson screenshots).
// With --docs they are also copied to docs/img/.
// Usage: node tools/e2e/lesson_test.mjs [--docs]   (env WEB_SITE, E2E_OUT, CHROMIUM; LESSON_SIZES=desktop,phone picks the
// sizes, LESSON_DEBUG=1 saves a screenshot after each combo is pressed)
import fs from 'node:fs';
import path from 'node:path';
import { clickAt, e2ePaths, launchChromium, serveDirectory, requirePrerequisites, check, finish, pageErrors, openPage, status, waitFor,
         waitFrames, moreFrames } from './page.mjs';

const { root, site, outDir } = e2ePaths();
const writeDocs = process.argv.includes('--docs');  // the README's lesson screenshots, docs/img/lesson_*.png
fs.mkdirSync(outDir, { recursive: true });

const chromium = await requirePrerequisites('lesson_test', { site });
const { server, base } = await serveDirectory(site);
const browser = await launchChromium(chromium);
const started = Date.now();

// One way of pressing a widget per screen: the mouse held across frames (ImGui 1.86 reads the button once a
// frame), or a finger through CDP's Input.dispatchTouchEvent (as tools/e2e/touch_test.mjs does).
function reader(page, cdp, size) {
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map(([x, y], i) => ({ x, y, id: i, radiusX: 4, radiusY: 4, force: 1 })) });
  const H = size.viewport.height;
  const r = {
    phone: size.touch,
    async press([x, y]) {
      if (size.touch) {
        await touch('touchStart', [[x, y]]);
        await moreFrames(page, 3);
        await touch('touchEnd', []);
        await moreFrames(page, 3);
      } else {
        await clickAt(page, x, y);
      }
    },
    // Scrolls the panel `name` is in (the Lesson panel for lesson.*, else the Experiment panel) with the wheel or
    // a finger's drag until `name` is drawn well inside the screen.
    async reach(name) {
      for (let i = 0; i < 30; i++) {
        const s = await status(page);
        const at = s.probes[name];
        if (at && at[1] > (size.touch ? s.probes['tab.settings'][1] + 70 : 70) && at[1] < H - 40) {
          // A finger's scroll may still be settling: press where the widget stays.
          await moreFrames(page, 6);
          const again = (await status(page)).probes[name];
          if (again && Math.abs(again[1] - at[1]) < 1) return again;
          continue;
        }
        const down = !at || at[1] >= H - 40;
        const side = s.probes[name.startsWith('lesson.') ? 'lesson.panel' : 'sidebar'];
        if (size.touch) {
          const from = Math.min(side[1] + 80, H - 60), to = from + (down ? -60 : 60);
          await touch('touchStart', [[side[0], from]]);
          await moreFrames(page, 2);
          for (let k = 1; k <= 6; k++) {
            await touch('touchMove', [[side[0], from + (to - from) * k / 6]]);
            await moreFrames(page, 1);
          }
          await touch('touchEnd', []);
          await moreFrames(page, 4);
        } else {
          await page.mouse.move(side[0], side[1]);
          await page.mouse.wheel(0, down ? 120 : -120);
          await moreFrames(page, 2);
        }
      }
      throw new Error(`the widget '${name}' never came on screen`);
    },
    async tab(name) {
      if (!size.touch) return;
      await r.press((await status(page)).probes[`tab.${name}`]);
    },
    // Types `text` into a number field and commits it with Enter (the phone's keyboard: the hidden input).
    async type(field, text) {
      await r.press(await r.reach(`field.${field}`));
      await page.keyboard.type(text);
      await moreFrames(page, 3);
      await page.keyboard.down('Enter');
      await moreFrames(page, 2);
      await page.keyboard.up('Enter');
      await moreFrames(page, 3);
    },
    // Opens a combo and picks the entry `id`.
    async choose(field, id) {
      const at = await r.reach(`field.${field}`);
      await r.press(at);
      if (process.env.LESSON_DEBUG) {
        console.log(`   pressed field.${field} at ${at}; now ${(await status(page)).probes[`field.${field}`]}`);
        await page.screenshot({ path: path.join(outDir, `lesson_choose_${field}.png`) });
      }
      await waitFor(page, (n) => window.marginlab.status().probes[n], `field.${field}.${id}`, 20000, 50)
        .catch(async (e) => {
          const p = (await status(page)).probes;
          throw new Error(`no '${field}.${id}' in the open combo (${Object.keys(p).filter((k) => k.startsWith(`field.${field}`)).join(' ')}): ${e}`);
        });
      await r.press((await status(page)).probes[`field.${field}.${id}`]);
    },
  };
  return r;
}

// Waits until the lesson is at `step` and its check is decided (met or not), the run played at full speed.
async function decided(page, step) {
  await page.evaluate(() => Module.ccall('ml_set_speed', null, ['number'], [0]));
  await waitFor(page, (k) => { const l = window.marginlab.status().lesson; return l && l.step === k && l.state !== 'waiting'; },
                step, 120000);
  return (await status(page)).lesson;
}

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, touch: true },
].filter((z) => !process.env.LESSON_SIZES || process.env.LESSON_SIZES.split(',').includes(z.name));
let current = null;  // the page under test (a failure's screenshot)
try {
  for (const size of sizes) {
    const t0 = Date.now();
    console.log(`-- ${size.name} ${size.viewport.width}x${size.viewport.height}`);
    const context = await browser.newContext({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor,
                                               isMobile: size.touch, hasTouch: size.touch });
    // A first-time visitor: nothing stored, the gallery lists the lessons first.
    let page = await openPage(context, base);
    current = page;
    check(`${size.name}: the page starts`, (await waitFrames(page, 4)) === '');
    let cdp = await context.newCDPSession(page);
    let r = reader(page, cdp, size);
    await r.press((await status(page)).probes['run.gallery']);
    let s = await status(page);
    check(`${size.name}: a first-time visitor's gallery lists the lessons first`,
          s.gallery_open && s.lessons_first && s.progress === '' &&
          s.probes['lesson_list.halving_mistakes'][1] < s.probes['gallery.0'][1],
          `lessons at y ${s.probes['lesson_list.halving_mistakes']?.[1]}, experiments at ${s.probes['gallery.0']?.[1]}`);
    // The lesson is opened from the gallery's list.
    await r.press(s.probes['lesson_list.halving_mistakes']);
    s = await status(page);
    check(`${size.name}: the gallery's Start opens the lesson's first step`,
          s.lesson && s.lesson.name === 'halving_mistakes' && s.lesson.step === 1 && !s.gallery_open &&
          /^#lesson=halving_mistakes&step=1&v=1&/.test(await page.evaluate(() => location.hash)),
          await page.evaluate(() => location.hash));
    if (r.phone) check(`${size.name}: the sheet shows the Lesson tab`, s.layout === 'sheet' && s.sheet_tab === 3,
                       `layout ${s.layout}, tab ${s.sheet_tab}`);

    // Step 1: a demonstration.
    let lesson = await decided(page, 1);
    check(`${size.name}: step 1 (a demonstration) is met by its own link`, lesson.state === 'met', lesson.why);
    // Step 2: Concepts typed into the Data panel.
    await r.press(await r.reach('lesson.next'));
    lesson = await decided(page, 2);
    check(`${size.name}: Next opens step 2, not yet met by its own link`, lesson.state === 'not_met', lesson.why);
    await r.tab('settings');
    await r.type('concepts', '1000000');
    await r.tab('lesson');
    lesson = await decided(page, 2);
    s = await status(page);
    check(`${size.name}: Concepts = 1000000 typed into the Data panel meets step 2`,
          lesson.state === 'met' && /concepts=1000000/.test(s.url) && s.link.startsWith('#lesson=halving_mistakes&step=2&'),
          `${lesson.state}: ${lesson.why}; ${s.link}`);
    await page.screenshot({ path: path.join(outDir, `lesson_${size.name}.png`) });  // a step met (README's shot)
    if (writeDocs) fs.copyFileSync(path.join(outDir, `lesson_${size.name}.png`), path.join(root, `docs/img/lesson_${size.name}.png`));
    // Step 3: the Learner panel's combo.
    await r.press(await r.reach('lesson.next'));
    lesson = await decided(page, 3);
    check(`${size.name}: step 3 is not yet met by its own link`, lesson.state === 'not_met', lesson.why);
    await r.tab('settings');
    await r.choose('learner', 'randomized_halving');
    await r.tab('lesson');
    lesson = await decided(page, 3);
    check(`${size.name}: randomized_halving chosen in the Learner panel meets step 3`, lesson.state === 'met',
          `${lesson.state}: ${lesson.why}`);
    // Step 4: the Noise panel's combo.
    await r.press(await r.reach('lesson.next'));
    lesson = await decided(page, 4);
    check(`${size.name}: step 4 is not yet met by its own link`, lesson.state === 'not_met', lesson.why);
    await r.tab('settings');
    await r.choose('noise', 'uniform');
    await r.tab('lesson');
    lesson = await decided(page, 4);
    s = await status(page);
    check(`${size.name}: uniform noise chosen in the Noise panel meets step 4`, lesson.state === 'met',
          `${lesson.state}: ${lesson.why}`);
    check(`${size.name}: every step is marked met`, lesson.met_count === 4 && s.progress === 'halving_mistakes:1,2,3,4',
          `${lesson.met_count} met, progress '${s.progress}'`);
    const hash = await page.evaluate(() => location.hash);
    check(`${size.name}: the page's link says where the reader is`, hash === s.link && hash.startsWith('#lesson=halving_mistakes&step=4&'),
          hash);
    if (!r.phone) {  // the Share panel's Copy link copies the same link, lesson keys in front
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      await r.press(await r.reach('share.copy_link'));
      const copied = await page.evaluate(() => navigator.clipboard.readText()).catch(() => '');
      check(`${size.name}: Copy link copies the lesson's link`, copied.endsWith(hash), copied.slice(0, 120));
    }

    // A reload keeps the progress; the gallery then lists the ready-made experiments first.
    await page.reload();
    current = page;
    check(`${size.name}: the page starts again`, (await waitFrames(page, 4)) === '');
    cdp = await context.newCDPSession(page);
    r = reader(page, cdp, size);
    s = await status(page);
    check(`${size.name}: the progress survives a reload`,
          s.progress === 'halving_mistakes:1,2,3,4' && s.lesson && s.lesson.step === 4 && s.lesson.met_count === 4,
          `progress '${s.progress}', lesson ${JSON.stringify(s.lesson)}`);
    await r.press(s.probes['run.gallery']);
    s = await status(page);
    check(`${size.name}: with progress stored, the gallery lists the experiments first`,
          s.gallery_open && !s.lessons_first && s.probes['gallery.0'][1] < s.probes['lesson_list.halving_mistakes'][1],
          `experiments at y ${s.probes['gallery.0']?.[1]}, lessons at ${s.probes['lesson_list.halving_mistakes']?.[1]}`);
    await page.close();
    await context.close();
    console.log(`   ${size.name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  check('no page errors', pageErrors.length === 0, pageErrors.join('; '));
} catch (e) {
  check('the test ran to the end', false, String(e && e.stack || e));
  if (current) await current.screenshot({ path: path.join(outDir, 'lesson_failure.png') }).catch(() => {});
} finally {
  await browser.close();
  server.close();
}
console.log(`lesson_test: ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish('lesson_test');
