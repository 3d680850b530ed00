// Phones and tablets, upright and on their side, in both languages and with two font stacks of
// different metrics (the machine's own fonts, and DejaVu alone with a wide monospace face forced
// on the player, so that every text wraps elsewhere): every control of a step of each kind (the
// test course) is in sight once scrolled to, nothing covers it (the point at its centre is the
// control), and a finger's tap there reaches it; what the step says after that tap is in sight.
// The play page's board is wholly in sight and the largest thing on the screen at six sizes,
// before and after 开始下棋 and after a move (with the button that presses the clock), and a tap
// on e8 reaches it.
//
// The bug behind it (issue 27): on a phone the step's buttons were a sticky bar over the side
// column; it covered the lower half of a class rule's buttons, and a tap at 提和's centre (a
// finger's touch area is hit-tested, not one point) pressed the bar: nothing happened.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { launchBrowser, settle, siteUrl, until } from './browser.mjs';
import { lessonContext, openPlayer } from './lesson_helpers.mjs';

const DEJAVU = '/usr/share/fonts/truetype/dejavu';

/** A browser that sees only DejaVu (where it is installed; else the machine's fonts), for other
 *  metrics than the default stack's without uninstalling anything. */
function launchDejaVu() {
  const env = { ...process.env };
  if (existsSync(DEJAVU)) {
    const dir = mkdtempSync(join(tmpdir(), 'qitong-fonts-'));
    writeFileSync(join(dir, 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${DEJAVU}</dir><cachedir>${dir}/cache</cachedir></fontconfig>\n`);
    env.FONTCONFIG_FILE = join(dir, 'fonts.conf');
  }
  return chromium.launch({
    executablePath: process.env.QITONG_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    env,
  });
}

const browsers = {};
before(async () => {
  browsers.system = await launchBrowser();
  browsers.dejavu = await launchDejaVu();
});
after(async () => {
  await browsers.system?.close();
  await browsers.dejavu?.close();
});

/** The second stack also forces a wide monospace face and roomier lines on the player. */
async function forceWide(page) {
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '.lp, .lp * { font-family: "DejaVu Sans Mono", monospace !important; letter-spacing: 0.04em; line-height: 1.6; }';
    document.querySelector('chess-lesson').shadowRoot.append(style);
  });
}

const PHONE = { width: 390, height: 844 };
const PHONE_SIDE = { width: 844, height: 390 };
const TABLET = { width: 768, height: 1024 };
const TABLET_SIDE = { width: 1024, height: 768 };

// The first step of each example lesson, and the class play's draw offer (its rules' buttons).
const KINDS = [
  'verse', 'narration', 'star-drill', 'setup-board', 'find-all-moves', 'special-move', 'legal-or-not',
  'mate-in-one', 'escape-check', 'is-stalemate', 'quiz', 'write-san', 'points-calculator', 'demo',
  'class-play', 'class-vote', 'vs-computer', 'puzzle', 'paint', 'tap-squares',
].map((k) => `${k}/1`).concat(['class-play/3']);

/** In the page: every control of the player (buttons, text boxes) scrolled just into sight one
 *  by one, with what is wrong with each: out of the screen, or another element at its centre. */
function controlsCovered() {
  const root = document.querySelector('chess-lesson').shadowRoot;
  const deepest = (x, y) => {
    let el = document.elementFromPoint(x, y);
    while (el?.shadowRoot) {
      const inner = el.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === el) break;
      el = inner;
    }
    return el;
  };
  const name = (el) => el && `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${el.getAttribute('data-act') ?? ''}] "${el.textContent.trim().slice(0, 20)}"`;
  const found = [];
  for (const el of root.querySelectorAll('.lp-step button, .lp-step input, .lp-top button')) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) found.push(`${name(el)} at ${Math.round(r.top)}-${Math.round(r.bottom)} of ${innerHeight}`);
    else {
      const hit = deepest(x, y);
      if (!hit || !(el === hit || el.contains(hit))) found.push(`${name(el)} is under ${name(hit)}`);
    }
  }
  return found;
}

/** In the page: the feedback box, when it says something, is in sight and nothing covers it. */
function feedbackHidden() {
  const root = document.querySelector('chess-lesson').shadowRoot;
  const box = root.querySelector('.lp-feedback');
  if (!box || !box.textContent.trim()) return null;
  const r = box.getBoundingClientRect();
  const words = root.querySelector('.lp-words').getBoundingClientRect();
  const top = Math.max(0, words.top);
  const bottom = Math.min(innerHeight, words.bottom);
  // Wholly in sight, or (taller than the box it scrolls in) its start in sight and the rest
  // filling the box: its first lines are read without scrolling.
  const inSight = (r.top >= top - 0.5 && r.bottom <= bottom + 0.5) || (r.top >= top - 0.5 && r.top + 40 <= bottom && r.bottom >= bottom - 0.5);
  if (!inSight) return `"${box.textContent.trim().slice(0, 30)}" at ${Math.round(r.top)}-${Math.round(r.bottom)}, its box ${Math.round(top)}-${Math.round(bottom)}`;
  let hit = document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, top) + 4);
  while (hit?.shadowRoot && hit.shadowRoot.elementFromPoint(r.left + 4, Math.max(r.top, top) + 4)) {
    const inner = hit.shadowRoot.elementFromPoint(r.left + r.width / 2, Math.max(r.top, top) + 4);
    if (inner === hit) break;
    hit = inner;
  }
  return hit && box.contains(hit) || hit === box ? null : `"${box.textContent.trim().slice(0, 30)}" is under ${hit?.className}`;
}

/** Taps the first control of the step's own words (not the board, not the step buttons) with a
 *  finger at its centre; returns the `data-act` the click reached and what the feedback says. */
async function tapFirstControl(page) {
  const control = page.locator('chess-lesson .lp-words button:not([disabled])').first();
  if (!(await control.count())) return null;
  await control.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
  const want = await control.getAttribute('data-act');
  const box = await control.boundingBox();
  await page.evaluate(() => {
    window.qtClicked = null;
    // Bubbling: by the time the click reaches the window, the player has acted and redrawn.
    window.addEventListener('click', (e) => { window.qtClicked = e.composedPath()[0]?.closest?.('[data-act]')?.getAttribute('data-act') ?? 'nothing'; }, { once: true });
  });
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const reached = await until(() => page.evaluate(() => window.qtClicked), (v) => v !== null, `the tap on ${want}`);
  return { want, reached };
}

const CASES = [
  { stack: 'system', lang: 'zh-CN', screen: PHONE },
  { stack: 'system', lang: 'en', screen: PHONE },
  { stack: 'dejavu', lang: 'zh-CN', screen: PHONE },
  { stack: 'dejavu', lang: 'en', screen: PHONE },
  { stack: 'system', lang: 'en', screen: TABLET },
  { stack: 'dejavu', lang: 'zh-CN', screen: TABLET },
  { stack: 'system', lang: 'zh-CN', screen: PHONE_SIDE },
  { stack: 'dejavu', lang: 'en', screen: PHONE_SIDE },
];

for (const { stack, lang, screen } of CASES) {
  test(`every step kind's controls in sight, uncovered and tappable (${screen.width}x${screen.height}, ${lang}, ${stack} fonts)`, async () => {
    const context = await lessonContext(browsers[stack], { viewport: screen, hasTouch: true, lang });
    const { page, problems } = await openPlayer(context, `#/examples/${KINDS[0]}`);
    if (stack === 'dejavu') await forceWide(page);
    const misfits = {};
    for (const step of KINDS) {
      await page.evaluate((h) => { location.hash = h; }, `#/examples/${step}`);
      await until(() => page.evaluate((s) => location.hash === `#/examples/${s}` && Boolean(document.querySelector('chess-lesson').shadowRoot.querySelector('[data-kind]')), step), true, step);
      if (await page.locator('chess-lesson .lp-board-wrap').count()) await page.locator('chess-lesson .lp-board .wrap.sized').waitFor();
      await settle(page);
      const found = await page.evaluate(controlsCovered);
      const tapped = await tapFirstControl(page);
      if (tapped && tapped.reached !== tapped.want) found.push(`a tap on ${tapped.want} reached ${tapped.reached}`);
      await settle(page);
      const hidden = await page.evaluate(feedbackHidden);
      if (hidden) found.push(`after the tap the feedback ${hidden}`);
      if (found.length) misfits[step] = found;
    }
    await page.screenshot({ path: join(tmpdir(), `qitong-phone-${screen.width}x${screen.height}-${lang}-${stack}.png`) });
    assert.deepEqual(misfits, {});
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a lesson\'s board on a phone on its side fills the screen\'s height', async () => {
  const context = await lessonContext(browsers.system, { viewport: PHONE_SIDE, hasTouch: true, lang: 'zh-CN' });
  const { page } = await openPlayer(context, '#/examples/class-play/3');
  await page.locator('chess-lesson .lp-board .wrap.sized').waitFor();
  await settle(page);
  const board = await page.evaluate(() => {
    const squares = [...document.querySelector('chess-lesson').shadowRoot.querySelector('.lp-board').shadowRoot.querySelectorAll('[data-square]')].map((s) => s.getBoundingClientRect());
    return { top: Math.min(...squares.map((r) => r.top)), bottom: Math.max(...squares.map((r) => r.bottom)) };
  });
  assert.ok(board.top >= 0 && board.bottom <= PHONE_SIDE.height, `the board at ${board.top}-${board.bottom}`);
  assert.ok(board.bottom - board.top >= 0.75 * PHONE_SIDE.height, `the board is ${board.bottom - board.top} px of ${PHONE_SIDE.height}`);
  await context.close();
});

// ---- the play page ------------------------------------------------------------------------

const PLAY_SCREENS = [PHONE, PHONE_SIDE, TABLET, TABLET_SIDE, { width: 1366, height: 768 }, { width: 1920, height: 1080 }];

/** In the page: the board's squares' box, and the largest other box of the page's own parts. */
function playBoard() {
  const board = document.querySelector('chess-board');
  const squares = [...board.shadowRoot.querySelectorAll('[data-square]')].map((s) => s.getBoundingClientRect());
  const box = { top: Math.min(...squares.map((r) => r.top)), bottom: Math.max(...squares.map((r) => r.bottom)), left: Math.min(...squares.map((r) => r.left)), right: Math.max(...squares.map((r) => r.right)) };
  // The things a child sees beside the board: the clock, the buttons, the texts.
  const others = [...document.querySelectorAll('chess-clock, main button, main h1, main p, main input')].map((el) => el.getBoundingClientRect())
    .map((r) => Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0)) * Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0)));
  return { ...box, largestOther: Math.max(0, ...others), width: innerWidth, height: innerHeight };
}

for (const lang of ['zh-CN', 'en']) {
  test(`the play page's board is the largest thing, wholly in sight, before and after the start, and a tap on e8 reaches it (${lang})`, async () => {
    const misfits = {};
    for (const screen of PLAY_SCREENS) {
      const touch = screen.width < 1100;
      const context = await browsers[lang === 'en' ? 'dejavu' : 'system'].newContext({ viewport: screen, hasTouch: touch });
      await context.addInitScript((l) => localStorage.setItem('qitong-lang', l), lang);
      const page = await context.newPage();
      await page.goto(new URL('play.html', siteUrl()).href);
      await page.locator('chess-board .wrap.sized').waitFor();
      await page.locator('[data-act="start"]').waitFor();
      await settle(page);
      const found = [];
      const check = async (when) => {
        const b = await page.evaluate(playBoard);
        const size = b.right - b.left;
        if (b.top < -0.5 || b.left < -0.5 || b.bottom > b.height + 0.5 || b.right > b.width + 0.5) found.push(`${when}: the board at ${Math.round(b.left)},${Math.round(b.top)}-${Math.round(b.right)},${Math.round(b.bottom)}`);
        if (size * size < b.largestOther) found.push(`${when}: the board (${Math.round(size)} px) is smaller than another part (${Math.round(b.largestOther)} px²)`);
        if (size < 0.5 * Math.min(b.width, b.height)) found.push(`${when}: the board is ${Math.round(size)} px of ${b.width}x${b.height}`);
      };
      await check('before the start');
      const start = page.locator('[data-act="start"]');
      await start.scrollIntoViewIfNeeded();
      if (touch) await start.tap();
      else await start.click();
      await page.locator('[data-act="start"]').waitFor({ state: 'detached' });
      await settle(page);
      await check('after the start');
      // A move: the board and the button that presses the clock both in sight, no scrolling.
      for (const sq of ['e2', 'e4']) {
        const at = page.locator(`chess-board [data-square="${sq}"] button`);
        if (touch) await at.tap();
        else await at.click();
      }
      await page.locator('[data-act="press"]').waitFor();
      await settle(page);
      await check('after a move');
      const press = await page.locator('[data-act="press"]').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= -0.5 && r.bottom <= innerHeight + 0.5 ? null : `${Math.round(r.top)}-${Math.round(r.bottom)} of ${innerHeight}`;
      });
      if (press) found.push(`after a move the clock's button is at ${press}`);
      // A finger on e8 (the black king): the board hears it.
      const e8 = await page.evaluate(() => {
        const r = document.querySelector('chess-board').shadowRoot.querySelector('[data-square="e8"]').getBoundingClientRect();
        window.qtDown = null;
        window.addEventListener('pointerdown', (e) => { window.qtDown = e.composedPath()[0]?.closest?.('[data-square]')?.getAttribute('data-square') ?? 'elsewhere'; }, { once: true, capture: true });
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      });
      if (touch) await page.touchscreen.tap(e8.x, e8.y);
      else await page.mouse.click(e8.x, e8.y);
      const reached = await until(() => page.evaluate(() => window.qtDown), (v) => v !== null, 'the press on e8');
      if (reached !== 'e8') found.push(`a tap on e8 reached ${reached}`);
      await page.screenshot({ path: join(tmpdir(), `qitong-play-${screen.width}x${screen.height}-${lang}.png`) });
      if (found.length) misfits[`${screen.width}x${screen.height}`] = found;
      await context.close();
    }
    assert.deepEqual(misfits, {});
  });
}
