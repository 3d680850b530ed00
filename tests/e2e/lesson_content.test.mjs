// The real course's content where issue 12 found it wrong, driven as a child would (mouse on a
// laptop, touch on a phone, both languages): a star drill that keeps to the piece its prompt
// names, the set-up checker quoting the rhyme's words for a king and queen swapped and marking
// both squares, the whole rules rhyme as one poem with pinyin, and claiming a draw on your turn.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, open, until } from './browser.mjs';
import { STEP, press } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true, how: 'touch' },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false, how: 'mouse' },
];
const LANGS = ['zh-CN', 'en'];

/** A move by two square presses, waiting for the player to pick the piece up first. */
async function move(page, device, uci) {
  await press(page, `sq:${uci.slice(0, 2)}`, device.how);
  await page.locator(`chess-lesson .lp-board .sq.selected[data-square="${uci.slice(0, 2)}"]`).waitFor();
  await press(page, `sq:${uci.slice(2, 4)}`, device.how);
}

/** Waits until the feedback box's text matches `pattern` (Playwright's locators reach into the
 *  element's shadow root); returns the text. */
async function feedbackMatching(page, pattern) {
  const box = page.locator('chess-lesson .lp-feedback', { hasText: pattern });
  await box.waitFor();
  return box.textContent();
}

/** The squares marked as wrong on the lesson board, sorted. */
async function warned(page) {
  const squares = await page.locator('chess-lesson .lp-board .sq.mark').evaluateAll((els) => els.map((e) => e.dataset.square));
  return squares.sort();
}

for (const device of DEVICES) {
  for (const lang of LANGS) {
    test(`rook/walls on a ${device.name} (${lang}): the knight stays put, the rook's own way earns three stars`, async () => {
      const { context, page, problems } = await open(browser, 'lesson.html#/rook/walls/4', { ...device, lang, ready: STEP });
      const prompt = await page.locator('chess-lesson .lp-prompt').textContent();
      assert.match(prompt, lang === 'en' ? /rook/ : /车/, 'the prompt names the piece to move');
      // The shortcut the old par rewarded: move the knight out of the rook's way.
      await move(page, device, 'd1e3');
      const refusal = await feedbackMatching(page, lang === 'en' ? /only the marked rook moves/ : /只走标出来的车/);
      assert.doesNotMatch(refusal, /★/);
      await page.locator('chess-lesson .lp-board .sq.mark[data-square="a1"]').waitFor();
      assert.deepEqual(await warned(page), ['a1']);
      assert.match(await page.locator('chess-lesson .lp-board [data-square="d1"] button').getAttribute('aria-label'), /knight|马/, 'the knight did not move');
      // The rook goes round: b1, b8, h8, h1 is the fewest with the rook alone, so par is 4.
      assert.match(await page.locator('chess-lesson .lp-count').first().textContent(), /4/);
      const path = ['a1b1', 'b1b8', 'b8h8', 'h8h1'];
      for (const [i, uci] of path.entries()) {
        await move(page, device, uci);
        if (i < path.length - 1) await page.locator(`chess-lesson .lp-board [data-square="${uci.slice(2)}"] .piece svg`).waitFor();
      }
      await page.locator('chess-lesson .lp-feedback .lp-big-stars').waitFor();
      assert.equal(await page.locator('chess-lesson .lp-feedback .lp-big-stars').textContent(), '★★★');
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`set-up on a ${device.name} (${lang}): king and queen swapped quote 白皇后白，白王黑 and mark both squares`, async () => {
      const { context, page, problems } = await open(browser, 'lesson.html#/setup/whole-board/2', { ...device, lang, ready: STEP });
      await press(page, 'tray:K', device.how);
      await press(page, 'sq:d1', device.how);
      await page.locator('chess-lesson .lp-board [data-square="d1"] .piece svg').waitFor();
      await press(page, 'tray:Q', device.how);
      await press(page, 'sq:e1', device.how);
      await page.locator('chess-lesson .lp-board [data-square="e1"] .piece svg').waitFor();
      await press(page, 'check', device.how);
      const text = await feedbackMatching(
        page,
        lang === 'en'
          ? /The 2 marked squares are wrong\.\s*Remember the rhyme: The white queen stands on a light square\. The white king stands on a dark square\./
          : /标出的 2 个格子摆错了。\s*记住口诀：白皇后白，白王黑。/,
      );
      assert.doesNotMatch(text, /corner|右下角/);
      // The marks are drawn a frame after the feedback's text.
      await until(() => warned(page), ['d1', 'e1'], 'both squares marked');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

for (const lang of LANGS) {
  test(`the rules rhyme (${lang}) is one poem: its name, six couplets (twelve lines) with pinyin, each with its piece`, async () => {
    const device = DEVICES[1];
    const { context, page, problems } = await open(browser, 'lesson.html#/pawn/verses/2', { ...device, lang, ready: STEP });
    await page.locator('chess-lesson .lp-verse').waitFor();
    assert.match(await page.locator('chess-lesson [data-kind]').textContent(), lang === 'en' ? /rules rhyme \(规则口诀\)/ : /国际象棋的规则口诀/);
    const lines = await page.locator('chess-lesson .lp-verse .lp-zh').evaluateAll((els) => els.map((e) => [...e.querySelectorAll('ruby')].length));
    assert.deepEqual(lines, Array(12).fill(7), 'pinyin over every character');
    const first = await page.locator('chess-lesson .lp-verse .lp-zh ruby').first().textContent();
    assert.equal(first, '小xiǎo');
    if (lang === 'en') {
      const meanings = await page.locator('chess-lesson .lp-verse .lp-en').allTextContents();
      const firstHalves = meanings.filter((_, i) => i % 2 === 0);
      assert.deepEqual(firstHalves.map((m) => m.split(':')[0]), ['The pawn', 'The rook (the castle)', 'The knight', 'The bishop', 'The queen', 'The king']);
    }
    // The step before shows the pieces on the board in the rhyme's order.
    await press(page, 'back', device.how);
    await page.locator('chess-lesson [data-kind="narration"]').waitFor();
    // Its board is drawn a frame after its text: wait for the last of the six pieces.
    await page.locator('chess-lesson .lp-board [data-square="g4"] .piece[data-piece="K"]').waitFor();
    const order = [];
    for (const sq of ['b4', 'c4', 'd4', 'e4', 'f4', 'g4']) order.push(await page.locator(`chess-lesson .lp-board [data-square="${sq}"] button`).getAttribute('aria-label'));
    // The board's labels: "b4, white pawn" / "b4 白兵".
    assert.deepEqual(order.map((label) => label.replace(/^[a-h][1-8],? /, '')), lang === 'en'
      ? ['white pawn', 'white rook', 'white knight', 'white bishop', 'white queen', 'white king']
      : ['白兵', '白车', '白马', '白象', '白后', '白王']);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`draw-offer (${lang}): a draw is claimed only on your own turn`, async () => {
    const device = DEVICES[0];
    const { context, page, problems } = await open(browser, 'lesson.html#/etiquette/draw-offer/7', { ...device, lang, ready: STEP });
    assert.match(await page.locator('chess-lesson [data-kind]').textContent(), lang === 'en' ? /claim a draw/ : /声称和棋/);
    await press(page, 'choose:0', device.how);
    await feedbackMatching(page, lang === 'en' ? /Wait until it is your turn/ : /等轮到自己走棋再说/);
    await press(page, 'choose:1', device.how);
    const text = await feedbackMatching(page, lang === 'en' ? /Only when it is your turn may you adjust a piece, offer a draw or claim a draw/ : /当轮到你时，你才可以提出调好棋子、提出和棋或声称和棋/);
    assert.match(text, /★★/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
