// Projector mode in real Chromium (issue 7): `?present` and the "投影模式 / Projector" button on
// the lesson player (through the test course), the teacher's pacing keys, answers hidden until
// revealed, drawing on the board, sizes at 1080p, axe-core; the same switch on play.html.
// Screenshots at 1920x1080 and 1280x720 in both languages go to /tmp/shots-projector/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import axe from 'axe-core';
import { eventually, launchBrowser, siteUrl, until } from './browser.mjs';
import { boardFitted, feedback, lessonContext, openPlayer, settle } from './lesson_helpers.mjs';

const SHOTS = '/tmp/shots-projector';
const FULL_HD = { width: 1920, height: 1080 };

let browser;
before(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

/** axe-core's violations, injected by the debugger rather than a script tag (so that a page's
 * Content-Security-Policy does not block it). */
async function violations(page) {
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => window.axe.run());
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
}

const step = (page) => page.evaluate(() => location.hash);
const host = (page) => page.locator('chess-lesson');
const button = (page, act) => page.locator(`chess-lesson [data-act="${act}"]`);

/** Presses `key` with the focus on the page itself (nothing focused), as a presenter clicker does. */
async function key(page, name) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(name);
  await settle(page);
}

/** Opens the player in projector mode at `hash`. */
async function present(options, hash) {
  const context = await lessonContext(browser, { viewport: FULL_HD, ...options });
  const { page, problems } = await openPlayer(context, `?present${hash}`);
  await page.locator('chess-lesson [data-kind]').waitFor();
  return { context, page, problems };
}

test('?present pages the steps by arrows, PageDown/PageUp and Space', async () => {
  const { context, page, problems } = await present({ lang: 'en' }, '#/examples/legal-or-not/1');
  await until(() => host(page).getAttribute('present'), '', 'the attribute mirrors the mode');
  await until(() => host(page).evaluate((e) => e.present), true, 'and the property');
  await until(() => page.locator('chess-lesson .lp-help').innerText(), /PgDn/);
  const expected = ['2', '3', '4', '3', '2', '1', '1'];
  const seen = [];
  for (const [i, name] of ['ArrowRight', 'PageDown', 'Space', 'ArrowLeft', 'PageUp', 'PageUp', 'PageUp'].entries()) {
    await key(page, name);
    seen.push(await until(async () => (await step(page)).split('/').pop(), expected[i], `the step after ${name}`));
  }
  assert.deepEqual(seen, expected);
  // Focus in the board: the arrows walk the squares and do not page.
  await page.locator('chess-lesson .lp-board .sq button[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await settle(page);
  await until(async () => (await step(page)).split('/').pop(), '1');
  await page.keyboard.press('PageDown');
  await settle(page);
  await until(async () => (await step(page)).split('/').pop(), '2', 'PageDown (a clicker) pages from the board too');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a quiz and a legal-or-not step hide their answer until the teacher reveals it', async () => {
  const { context, page, problems } = await present({ lang: 'en' }, '#/examples/quiz/1');
  await until(() => feedback(page).innerText(), '', 'nothing shows the answer');
  await until(() => page.locator('chess-lesson .lp-right').count(), 0);
  await key(page, 'r');
  await until(() => feedback(page).innerText(), /Black starts the clock/);
  await until(() => button(page, 'choose:1').getAttribute('class'), /lp-right/);
  await until(() => button(page, 'show').getAttribute('aria-pressed'), 'true');
  await key(page, 'Enter');
  await until(() => feedback(page).innerText(), '', 'hidden again');
  await until(() => page.locator('chess-lesson .lp-right').count(), 0);
  // The button does the same; no stars are recorded for a reveal.
  await button(page, 'show').click();
  await settle(page);
  await until(() => feedback(page).innerText(), /Black starts the clock/);
  await until(() => page.evaluate(() => localStorage.getItem('qitong-progress-v1')), null);

  await page.evaluate(() => { location.hash = '#/examples/legal-or-not/1'; });
  await page.locator('chess-lesson [data-kind="legal-or-not"]').waitFor();
  await until(() => feedback(page).innerText(), '');
  await button(page, 'show').click();
  await settle(page);
  await until(() => feedback(page).innerText(), (v) => v !== '', 'the reason shows');
  await until(() => button(page, 'legal:0').getAttribute('class'), /lp-right/, 'this move is not allowed');
  await button(page, 'show').click();
  await settle(page);
  await until(() => feedback(page).innerText(), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a class vote shows the question big and reveals the answer', async () => {
  const { context, page, problems } = await present({ lang: 'zh-CN' }, '#/examples/class-vote/1');
  await until(() => button(page, 'reveal').count(), 0, 'one reveal button: the projector one');
  await key(page, 'R');
  await until(() => button(page, 'choose:0').getAttribute('class'), /lp-right/);
  const size = await page.locator('chess-lesson .lp-question').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 32, `question ${size}px`);
  await key(page, 'R');
  await until(() => page.locator('chess-lesson .lp-right').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 1920x1080 the board is nearly the screen tall and every text is at least 32 px', async () => {
  const { context, page, problems } = await present({ lang: 'zh-CN' }, '#/examples/quiz/1');
  await page.evaluate(() => { location.hash = '#/examples/legal-or-not/1'; });
  await page.locator('chess-lesson [data-kind="legal-or-not"]').waitFor();
  await eventually(async () => {
    const board = await page.locator('chess-lesson .lp-board').boundingBox();
    // The board's status line is for screen readers only here: the board takes its room.
    assert.ok(board.height >= 1000, `board ${board.height}px tall`);
    assert.ok(board.y + board.height <= FULL_HD.height + 1, 'the board fits on the screen');
  });
  for (const hash of ['#/examples/legal-or-not/1', '#/examples/quiz/1', '#/examples/verse/1']) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    // This step's own kind: the step before it has a [data-kind] too.
    await page.locator(`chess-lesson [data-kind="${hash.split('/')[2]}"]`).waitFor();
    await settle(page);
    const small = await page.locator('chess-lesson').evaluate((el) => {
      const out = [];
      for (const node of el.shadowRoot.querySelectorAll('h1, h2, p, button, label, span, rt, ruby')) {
        const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
        const size = parseFloat(getComputedStyle(node).fontSize);
        if (own && node.getClientRects().length && size < 32) out.push(`${node.tagName}.${node.className}: ${size}px`);
      }
      return out;
    });
    assert.deepEqual(small, [], hash);
  }
  const scroll = await page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(scroll <= FULL_HD.height + 2, `the verse fits on one screen (${scroll}px)`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Projector button switches the mode, the tab remembers it, the property too', async () => {
  const context = await lessonContext(browser, { viewport: FULL_HD, lang: 'en' });
  const { page, problems } = await openPlayer(context, '#/examples/quiz/1');
  await page.locator('chess-lesson [data-kind]').waitFor();
  await until(() => host(page).getAttribute('present'), null);
  await until(() => button(page, 'show').count(), 0, 'outside projector mode the quiz is as before');
  const events = page.evaluate(() => new Promise((r) => document.addEventListener('presentchange', (e) => r(e.detail.present), { once: true })));
  await button(page, 'present').click();
  await settle(page);
  await until(() => events, true);
  await until(() => host(page).getAttribute('present'), '');
  await until(() => button(page, 'present').getAttribute('aria-pressed'), 'true');
  await until(() => page.locator('chess-lesson .lp-present').count(), 1);
  await button(page, 'fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === document.documentElement);
  await button(page, 'fullscreen').click();
  await page.waitForFunction(() => document.fullscreenElement === null);
  await page.reload();
  await page.locator('chess-lesson [data-kind]').waitFor();
  await until(() => host(page).getAttribute('present'), '', 'remembered for the session');
  await host(page).evaluate((e) => { e.present = false; });
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-present').count(), 0);
  await until(() => button(page, 'present').getAttribute('aria-pressed'), 'false');
  await key(page, 'ArrowRight');
  await until(() => step(page), /quiz\/1$/, 'no pacing keys outside projector mode');
  await host(page).evaluate((e) => e.setAttribute('present', ''));
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-present').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the teacher draws arrows by right-drag and circles with the pen', async () => {
  const { context, page, problems } = await present({ lang: 'en' }, '#/examples/star-drill/1');
  const centre = async (sq) => {
    const box = await page.locator(`chess-lesson .lp-board [data-square="${sq}"]`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  await boardFitted(page);
  const [x1, y1] = await centre('a1');
  const [x2, y2] = await centre('a5');
  await page.mouse.move(x1, y1);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-board .shapes line.brush-green').count(), 1, 'a green arrow');
  await until(() => page.locator('chess-lesson .lp-board .sq.selected').count(), 0, 'no piece picked up');
  await button(page, 'pen').click();
  await settle(page);
  await page.locator('chess-lesson .lp-board [data-square="e5"]').click();
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-board .shapes circle.brush-green').count(), 1, 'the pen taps a circle');
  await button(page, 'clear').click();
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-board .shapes line.brush-green, chess-lesson .lp-board .shapes circle').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('axe-core finds nothing in projector mode', async () => {
  const { context, page, problems } = await present({ lang: 'zh-CN' }, '#/examples/quiz/1');
  assert.deepEqual(await violations(page), [], 'quiz, hidden');
  await key(page, 'r');
  assert.deepEqual(await violations(page), [], 'quiz, revealed');
  for (const hash of ['#/examples/legal-or-not/1', '#/examples/verse/1', '#/examples/class-vote/1', '#/']) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.locator(hash === '#/' ? 'chess-lesson .lp-map' : `chess-lesson [data-kind="${hash.split('/')[2]}"]`).waitFor();
    assert.deepEqual(await violations(page), [], hash);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('screenshots of projector mode at 1920x1080 and 1280x720, in both languages', async () => {
  for (const viewport of [FULL_HD, { width: 1280, height: 720 }]) {
    for (const lang of ['zh-CN', 'en']) {
      const { context, page, problems } = await present({ lang, viewport }, '#/examples/quiz/1');
      const name = (what) => `${SHOTS}/${what}-${viewport.width}x${viewport.height}-${lang}.png`;
      await page.screenshot({ path: name('quiz-hidden') });
      await key(page, 'r');
      await page.screenshot({ path: name('quiz-revealed') });
      for (const [hash, what] of [['#/examples/legal-or-not/1', 'legal-or-not'], ['#/examples/verse/1', 'verse'], ['#/examples/class-vote/1', 'class-vote'], ['#/examples/star-drill/1', 'star-drill']]) {
        await page.evaluate((h) => { location.hash = h; }, hash);
        await page.locator(`chess-lesson [data-kind="${what}"]`).waitFor();
        await settle(page);
        await page.screenshot({ path: name(what) });
        if (viewport === FULL_HD && what !== 'class-vote') {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          assert.ok(height <= FULL_HD.height + 2, `${what} (${lang}) fits on the screen: ${height}px`);
        }
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test('play.html has the projector switch too, and ?present', async () => {
  const context = await browser.newContext({ viewport: FULL_HD });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(new URL('play.html?present', siteUrl()).href);
  await page.locator('chess-board [data-square="e2"]').waitFor();
  await settle(page);
  await until(() => page.locator('html.present').count(), 1);
  await until(() => page.locator('chess-board').boundingBox(), (board) => board.height >= 800, 'a board at least 800 px tall');
  const size = await page.locator('#play h1, #play h2, #play button').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok(size >= 32, `text ${size}px`);
  await page.screenshot({ path: `${SHOTS}/play-1920x1080.png` });
  const toggle = page.locator('[data-act="present"]');
  await until(() => toggle.getAttribute('aria-pressed'), 'true');
  await toggle.click();
  await settle(page);
  await until(() => page.locator('html.present').count(), 0);
  await until(() => toggle.getAttribute('aria-pressed'), 'false');
  await toggle.click();
  await settle(page);
  await until(() => page.locator('html.present').count(), 1);
  await page.setViewportSize({ width: 1280, height: 720 });
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/play-1280x720.png` });
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
