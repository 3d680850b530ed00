// The home page (the course map) and the certificates in real Chromium, over the real course:
// "continue" for a fresh child and with stored progress, the remembered language, a gated stage,
// certificates (the name as text, an unfinished stage refused, print media), keyboard, axe,
// reduced motion, and screenshots at phone, laptop and projector sizes into /tmp/shots-home/.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import axe from 'axe-core';
import { courseLessons, courseStages, launchBrowser, open, until } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHOTS = '/tmp/shots-home';

let browser;
before(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** The steps of a real lesson file (`stage/lesson`). */
async function stepCount(key) {
  const text = await readFile(path.join(root, 'lessons', `${key}.toml`), 'utf8');
  return text.split('\n').filter((line) => line.trim() === '[[step]]').length;
}

/** Progress JSON (the player's `qitong-progress-v1` format) with `done` lessons finished with
 *  3 stars a step and `partly` lessons done up to the given step count. */
async function progressJson(done, partly = {}) {
  const lessons = {};
  for (const key of done) lessons[key] = Array(await stepCount(key)).fill(3);
  for (const [key, steps] of Object.entries(partly)) lessons[key] = Array(steps).fill(3);
  return JSON.stringify({ format: 'qitong-progress', version: 1, lessons });
}

const BOARD_STAGE = courseLessons('board').map((id) => `board/${id}`);

/**
 * A context with the given stored progress and language, and optionally the course gated (the
 * rook stage then asks for more stars than exist). `bypassCSP` only for injecting axe-core.
 */
async function homeContext({ progress, lang, gated = false, viewport, colorScheme, reducedMotion, bypassCSP = false } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 }, colorScheme, reducedMotion, bypassCSP });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(
    ([p, l]) => {
      // Only on the first load of each key, so that a reload keeps what the page stored.
      if (p != null && sessionStorage.getItem('seeded-p') == null) {
        localStorage.setItem('qitong-progress-v1', p);
        sessionStorage.setItem('seeded-p', '1');
      }
      if (l != null && sessionStorage.getItem('seeded-l') == null) {
        localStorage.setItem('qitong-lang', l);
        sessionStorage.setItem('seeded-l', '1');
      }
    },
    [progress ?? null, lang ?? null],
  );
  if (gated) {
    // The home page reads the course index (compiled): gate it, and make the rook stage need
    // more stars than there are.
    await context.route('**/lessons/course-index.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: gatedCourse(await response.text()) });
    });
  }
  return context;
}

/**
 * The compiled course index `text` (`[lines, names, tree]`: the tree as JSON, and one line number per
 * value and per key, in the order they are read) with stages gated and the rook stage asking
 * for 9999 stars. The added key and its value take two lines, each the same as the one before.
 */
function gatedCourse(text) {
  const [lines, names, tree] = JSON.parse(text);
  assert.equal(tree.gate_stages, false);
  tree.gate_stages = true;
  // How many line numbers a value takes: one, plus one per key and what is below it.
  const size = (value) => {
    if (Array.isArray(value)) {
      return value.length === 2 && value[0] === null ? 1 : 1 + value.reduce((n, item) => n + size(item), 0);
    }
    if (value !== null && typeof value === 'object') {
      return 1 + Object.values(value).reduce((n, item) => n + 1 + size(item), 0);
    }
    return 1;
  };
  // The place just after the rook stage's last line: the root, the keys before "stage", the
  // "stage" key and its array, and the stages up to and including the rook's.
  let at = 1;
  for (const [key, value] of Object.entries(tree)) {
    if (key === 'stage') break;
    at += 1 + size(value);
  }
  at += 2;
  const rook = tree.stage.findIndex((stage) => stage.id === 'rook');
  assert.ok(rook >= 0, 'the course has a rook stage');
  for (const stage of tree.stage.slice(0, rook + 1)) at += size(stage);
  tree.stage[rook].unlock_stars = 9999;
  lines.splice(at, 0, 0, 0);
  return JSON.stringify([lines, names, tree]);
}

/** How the home page and the certificates are opened (in a context of `homeContext`): Rust has
 *  drawn the page; console warnings and HTTP errors count as problems. */
const DRAWN = { ready: '.hm', watch: { warnings: true, http: true } };

async function axeViolations(page) {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => window.axe.run());
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
}

describe('home page: the course map', () => {
  test(`a fresh child sees all ${courseStages()} open stages with no stars, and "start" opens the first lesson`, async () => {
    const context = await homeContext();
    const { page, problems } = await open(context, 'index.html', DRAWN);
    await until(() => page.locator('.hm-stop').count(), courseStages());
    await until(() => page.locator('.hm-locked').count(), 0);
    await until(() => page.getAttribute('html', 'lang'), 'zh-CN');
    await until(() => page.locator('.hm-total strong').textContent(), '★ 0 / ' + (await page.locator('.hm-total strong').textContent()).split('/ ')[1]);
    const go = page.locator('#hm-continue');
    await until(() => go.textContent(), '▶ 开始上课');
    await until(() => go.getAttribute('href'), 'lesson.html#/board/squares/1');
    await until(() => page.locator('.hm-stop').first().textContent(), /棋盘.*★ 0 \/ \d+/);
    await until(() => page.locator('.hm-cert').count(), 0);
    for (const href of ['play.html', 'points.html', 'ladder.html', 'check.html', 'embed.html', 'lesson.html']) {
      await until(() => page.locator(`#teachers a[href="${href}"]`).count(), 1, href);
    }
    await go.click();
    await page.waitForURL(/lesson\.html#\/board\/squares\/1$/);
    await page.locator('chess-lesson .lp-top h1').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('with stored progress: stars shown, a certificate on the finished stage, continue at the right step', async () => {
    const progress = await progressJson(BOARD_STAGE, { 'setup/rhyme': 2 });
    const context = await homeContext({ progress });
    const { page, problems } = await open(context, 'index.html', DRAWN);
    const board = page.locator('.hm-stop[data-stage="board"]');
    await until(() => board.getAttribute('class'), /\bhm-complete\b/);
    const stars = await board.locator('.hm-stars').textContent();
    const [earned, max] = stars.replace('★ ', '').split(' / ').map(Number);
    assert.ok(earned > 0 && earned === max, stars);
    await until(() => board.locator('.hm-cert').getAttribute('href'), 'certificate.html#board');
    await until(() => page.locator('.hm-stop[data-stage="setup"]').getAttribute('class'), /\bhm-here\b/);
    await until(() => page.locator('.hm-stop[data-stage="setup"] .hm-cert').count(), 0);
    const go = page.locator('#hm-continue');
    await until(() => go.textContent(), '▶ 继续上课');
    await until(() => go.getAttribute('href'), 'lesson.html#/setup/rhyme/3');
    await go.click();
    await page.waitForURL(/lesson\.html#\/setup\/rhyme\/3$/);
    await page.locator('chess-lesson .lp-top h1').waitFor();
    await until(() => page.locator('chess-lesson').evaluate((e) => e.shadowRoot.textContent), /3 \/ 4|3 of 4|第 3 \/ 4 步/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('the language switch sets lang, is remembered across a reload, and switches back', async () => {
    const context = await homeContext();
    const { page, problems } = await open(context, 'index.html', DRAWN);
    await page.locator('[data-act="lang"]').click();
    await until(() => page.getAttribute('html', 'lang'), 'en');
    await until(() => page.locator('#hm-continue').textContent(), '▶ Start');
    await until(() => page.evaluate(() => localStorage.getItem('qitong-lang')), 'en');
    await until(() => page.evaluate(() => document.activeElement?.dataset.act), 'lang', 'the keyboard stays on the switch');
    await page.reload();
    await page.locator('.hm').waitFor();
    await until(() => page.getAttribute('html', 'lang'), 'en');
    await until(() => page.locator('.hm-stop').first().textContent(), /The board/);
    await until(() => page.title(), 'Qitong · Chess for kids');
    await page.locator('[data-act="lang"]').click();
    await until(() => page.getAttribute('html', 'lang'), 'zh-CN');
    await until(() => page.evaluate(() => localStorage.getItem('qitong-lang')), 'zh-CN');
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('a gated stage looks locked, says how many stars it needs, and has no link', async () => {
    const context = await homeContext({ gated: true });
    const { page, problems } = await open(context, 'index.html', DRAWN);
    const rook = page.locator('.hm-stop[data-stage="rook"]');
    await until(() => rook.getAttribute('class'), /\bhm-locked\b/);
    await until(() => rook.textContent(), /再拿 9999 颗星星就能开启/);
    await until(() => rook.locator('a').count(), 0);
    await until(() => page.locator('.hm-locked').count(), 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('keyboard only: Tab reaches "continue" within three presses and Enter opens the lesson', async () => {
    const context = await homeContext();
    const { page, problems } = await open(context, 'index.html', DRAWN);
    let presses = 0;
    while (presses < 3 && (await page.evaluate(() => document.activeElement?.id)) !== 'hm-continue') {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    await until(() => page.evaluate(() => document.activeElement?.id), 'hm-continue');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(outline, 'solid', 'focus is visible');
    await page.keyboard.press('Enter');
    await page.waitForURL(/lesson\.html#\/board\/squares\/1$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('reduced motion stops the pulsing button and the glowing stop', async () => {
    const context = await homeContext({ reducedMotion: 'reduce', progress: await progressJson([], { 'board/squares': 1 }) });
    const { page, problems } = await open(context, 'index.html', DRAWN);
    await until(() => page.locator('#hm-continue').evaluate((e) => getComputedStyle(e).animationName), 'none');
    await until(() => page.locator('.hm-here .hm-card').evaluate((e) => getComputedStyle(e).animationName), 'none');
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const lang of ['zh-CN', 'en']) {
    test(`axe-core finds no violations on the home and certificate pages (${lang}, light and dark)`, async () => {
      for (const colorScheme of ['light', 'dark']) {
        const progress = await progressJson(BOARD_STAGE, { 'setup/rhyme': 1 });
        const context = await homeContext({ lang, progress, colorScheme, gated: true, bypassCSP: true });
        const { page, problems } = await open(context, 'index.html', DRAWN);
        assert.deepEqual(await axeViolations(page), [], `home ${colorScheme}`);
        const cert = await open(context, 'certificate.html#board', DRAWN);
        await cert.page.locator('.hm-paper').waitFor();
        assert.deepEqual(await axeViolations(cert.page), [], `certificate ${colorScheme}`);
        const refused = await open(context, 'certificate.html#rook', DRAWN);
        assert.deepEqual(await axeViolations(refused.page), [], `refusal ${colorScheme}`);
        assert.deepEqual([...problems, ...cert.problems, ...refused.problems], []);
        await context.close();
      }
    });
  }
});

describe('certificates', () => {
  test('a finished stage: the typed name is shown as text, remembered, and both languages are on it', async () => {
    const context = await homeContext({ progress: await progressJson(BOARD_STAGE) });
    const { page, problems } = await open(context, 'certificate.html#board', DRAWN);
    await page.locator('.hm-paper').waitFor();
    await page.locator('#hm-name').fill('<b>Ann</b>');
    await until(() => page.locator('.hm-name-text').textContent(), '<b>Ann</b>');
    await until(() => page.locator('.hm-paper b').count(), 0, 'the name is never markup');
    const text = await page.locator('.hm-paper').textContent();
    assert.ok(text.indexOf('完成了第 1 阶段「棋盘」') >= 0 && text.indexOf('\u201cThe board\u201d') > text.indexOf('「棋盘」'), text);
    assert.match(text, /\d{4}年\d{1,2}月\d{1,2}日 · \d{1,2} [A-Z][a-z]+ \d{4}/);
    assert.match(text, /★ (\d+) \/ \1/);
    await page.reload();
    await page.locator('.hm-paper').waitFor();
    await until(() => page.locator('.hm-name-text').textContent(), '<b>Ann</b>');
    await until(() => page.locator('#hm-name').inputValue(), '<b>Ann</b>');
    // Print: only the certificate; no buttons, no name field.
    await page.emulateMedia({ media: 'print' });
    await until(() => page.locator('[data-act="print"]').isVisible(), false);
    await until(() => page.locator('.hm-bar').isVisible(), false);
    await until(() => page.locator('[data-act="lang"]').isVisible(), false);
    await until(() => page.locator('.hm-paper').isVisible(), true);
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
    assert.equal(pages.length, 1, 'one A4 landscape page');
    assert.match(pdf.toString('latin1'), /\/MediaBox\s*\[\s*0 0 84[12]\.\d+ 59[45]\.\d+\s*\]/);
    await page.emulateMedia({ media: 'screen' });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test('an unfinished stage gets a kind refusal and no certificate; the map offers none', async () => {
    const context = await homeContext({ progress: await progressJson(['rook/moves']), lang: 'en' });
    const { page, problems } = await open(context, 'certificate.html#rook', DRAWN);
    await until(() => page.locator('.hm-refuse').textContent(), new RegExp(`1 of ${courseLessons('rook').length} lessons done`));
    await until(() => page.locator('.hm-paper').count(), 0);
    await until(() => page.locator('[data-act="print"]').count(), 0);
    await until(() => page.locator('.hm-refuse a').getAttribute('href'), 'lesson.html#/rook/walls');
    // The address changes to another stage: the page follows.
    await page.evaluate(() => { location.hash = '#dragons'; });
    await page.locator('.hm-refuse', { hasText: 'not found' }).waitFor();
    const home = await open(context, 'index.html', DRAWN);
    await until(() => home.page.locator('.hm-stop[data-stage="rook"] .hm-cert').count(), 0);
    assert.deepEqual([...problems, ...home.problems], []);
    await context.close();
  });
});

describe('screenshots', () => {
  const sizes = [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 800 }],
    ['projector', { width: 1920, height: 1080 }],
  ];
  for (const lang of ['zh-CN', 'en']) {
    test(`home and certificate at phone, laptop and projector sizes (${lang})`, async () => {
      const progress = await progressJson([...BOARD_STAGE, 'setup/rhyme', 'setup/pawns-and-rows'], { 'setup/back-row': 2 });
      for (const [name, viewport] of sizes) {
        const context = await homeContext({ lang, progress, viewport, gated: true });
        const { page, problems } = await open(context, 'index.html', DRAWN);
        await page.screenshot({ path: `${SHOTS}/home-${name}-${lang}.png` });
        if (name === 'phone') await page.screenshot({ path: `${SHOTS}/home-${name}-${lang}-full.png`, fullPage: true });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `no sideways scrolling at ${viewport.width}px (${width})`);
        const cert = await open(context, 'certificate.html#board', DRAWN);
        await cert.page.locator('#hm-name').fill('王小明');
        await cert.page.screenshot({ path: `${SHOTS}/certificate-${name}-${lang}.png` });
        assert.deepEqual([...problems, ...cert.problems], []);
        await context.close();
      }
      const dark = await homeContext({ lang, progress, colorScheme: 'dark', gated: true });
      const { page } = await open(dark, 'index.html', DRAWN);
      await page.screenshot({ path: `${SHOTS}/home-dark-${lang}.png` });
      await dark.close();
    });
  }
});
