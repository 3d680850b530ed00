// The vs-computer step in real Chromium (lessons/examples/vs-computer.toml through the test
// course): the child's moves on the board, the computer's replies from the real engine worker
// (www/qitong-computer.js, imported by the lesson shell only when a step asks), the goal judged,
// stars stored, "try again" in the middle of the computer's thinking. The scripted child reads
// the position from the board and asks the page's own computer API for a good move.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { act, childsTurn, feedback, goodMove, lessonContext, move, movesMade, openPlayer, placement, press, settle, stepComplete } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const goal = (page) => page.locator('chess-lesson .lp-goal');

test('a vs-computer step is played through against the real engine, and only then is it downloaded', async () => {
  const context = await lessonContext(browser, { lang: 'en' });
  const { page, problems } = await openPlayer(context, '#/examples/mate-in-one/1');
  const computerFiles = [];
  page.on('request', (r) => {
    if (/qitong-computer|computer-worker|qitong_computer/.test(r.url())) computerFiles.push(r.url());
  });
  await page.locator('chess-lesson [data-kind="mate-in-one"]').waitFor();
  await move(page, 'a1a8', 'mouse');
  await until(() => stepComplete(page), 1, 'the mate-in-one step complete');
  assert.deepEqual(computerFiles, [], 'a page without vs-computer steps downloads nothing of the computer');

  await page.evaluate(() => { location.hash = '#/examples/vs-computer/1'; });
  await page.locator('chess-lesson [data-kind="vs-computer"]').waitFor();
  await until(() => goal(page).textContent(), /Goal: checkmate the king/);
  // "Try again" while the computer thinks: its answer never lands on the fresh board.
  await move(page, 'h1h5', 'mouse');
  await press(page, 'retry', 'mouse');
  await until(() => placement(page), '4k3/8/4K3/8/8/8/8/7Q', 'the step back at its own start');
  await until(() => goal(page).getAttribute('data-computer'), 'ready');
  // The child plays the engine's choices; the computer (level 1) answers from its worker.
  for (let i = 0; i < 6 && (await childsTurn(page, `the computer's reply ${i}`)); i += 1) {
    await move(page, await goodMove(page), 'mouse');
    await until(() => movesMade(page), i + 1, `move ${i + 1} counted`);
  }
  await until(() => stepComplete(page), 1, 'the mate against the computer').catch(async (error) => {
    error.message += `; the feedback says: ${await feedback(page).textContent()}`;
    throw error;
  });
  await until(() => feedback(page).textContent(), /Checkmate! You beat the computer/);
  assert.ok(computerFiles.some((url) => url.includes('qitong_computer_bg.wasm')), `the engine's module came with the step: ${computerFiles}`);

  // Step 2: promote and keep the new queen (the computer's rook cannot take it).
  await press(page, 'next', 'mouse');
  await until(() => goal(page).textContent(), /promote a pawn/);
  await move(page, 'b7b8q', 'mouse');
  await until(() => stepComplete(page), 1, 'the promotion kept after the computer\'s reply');
  await until(() => feedback(page).textContent(), /Promoted/);
  const stars = await until(() => page.evaluate(() => JSON.parse(localStorage.getItem('qitong-progress-v1'))?.lessons['examples/vs-computer']), (s) => Array.isArray(s) && s.length === 2, 'both steps stored');
  assert.ok(stars.every((n) => n >= 1 && n <= 3), `stars ${stars}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('while the computer thinks the board takes no move, and an illegal move is explained', async () => {
  const context = await lessonContext(browser, { lang: 'en' });
  const { page, problems } = await openPlayer(context, '#/examples/vs-computer/1');
  await page.locator('chess-lesson [data-kind="vs-computer"]').waitFor();
  await move(page, 'h1g3', 'mouse');
  await until(() => feedback(page).textContent(), /can't move like that/i);
  assert.equal(await goal(page).getAttribute('data-computer'), 'ready');
  await move(page, 'h1h7', 'mouse');
  await until(() => goal(page).getAttribute('data-computer'), 'ready', 'the computer answered');
  await until(() => feedback(page).textContent(), /Your turn|Checkmate|draw|Try again/);
  assert.ok(await act(page, 'retry').isVisible());
  assert.deepEqual(problems, []);
  await context.close();
});

test('a vs-computer step has a hint in words and a take-back, and running out of moves says so kindly with a way to start again', async () => {
  const context = await lessonContext(browser, { lang: 'en' });
  const { page, problems } = await openPlayer(context, '#/examples/vs-computer/1');
  await page.locator('chess-lesson [data-kind="vs-computer"]').waitFor();
  assert.equal(await act(page, 'take-back').count(), 0, 'nothing to take back before a move');
  await press(page, 'hint', 'mouse');
  // The hint names the piece and the square in words (no notation before it is taught).
  const hint = await until(() => page.locator('chess-lesson .lp-hint').textContent(), /^Hint: the white (queen|king) goes to [a-h][1-8]$/, 'the hint');
  assert.doesNotMatch(hint, /[KQRBN][a-h]?x?[a-h][1-8]/);
  await page.locator('chess-lesson .lp-board .shapes line.brush-blue').waitFor();
  // A move, the computer's answer, then both taken back.
  await move(page, 'h1h2', 'mouse');
  assert.ok(await childsTurn(page), 'the computer answered');
  assert.equal(await page.locator('chess-lesson .lp-hint').count(), 0, 'the hint went with the move');
  await press(page, 'take-back', 'mouse');
  await until(() => placement(page), '4k3/8/4K3/8/8/8/8/7Q', 'the move and the answer taken back');
  await until(() => feedback(page).textContent(), /Move taken back/);
  assert.equal(await movesMade(page), 0);
  // Six moves of the queen along the first row: no mate within twice the step's 3 moves.
  const shuffle = ['h1g1', 'g1f1', 'f1e1', 'e1d1', 'd1c1', 'c1b1'];
  for (const [i, uci] of shuffle.entries()) {
    await move(page, uci, 'mouse');
    if (i < shuffle.length - 1) {
      assert.ok(await childsTurn(page, `the computer's reply ${i}`), `the game goes on after move ${i + 1}`);
      await until(() => movesMade(page), i + 1, `move ${i + 1} counted`);
    }
  }
  await until(() => feedback(page).textContent(), /That's 6 moves, all this game has\. No problem: start again from the beginning!/);
  const again = page.locator('chess-lesson .lp-feedback [data-act="retry"]');
  assert.match(await again.textContent(), /Start again from the beginning/);
  await again.click();
  await until(() => placement(page), '4k3/8/4K3/8/8/8/8/7Q', 'the step back at its own start');
  assert.equal(await movesMade(page), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a won game against the computer is said once, and the final position stays in sight on a phone', async () => {
  const context = await lessonContext(browser, { lang: 'zh', viewport: { width: 390, height: 844 }, hasTouch: true });
  const { page, problems } = await openPlayer(context, '#/examples/vs-computer/1');
  await page.locator('chess-lesson [data-kind="vs-computer"]').waitFor();
  for (let i = 0; i < 6 && (await childsTurn(page, `the computer's reply ${i}`)); i += 1) {
    await move(page, await goodMove(page), 'mouse');
    await until(() => movesMade(page), i + 1, `move ${i + 1} counted`);
  }
  await until(() => stepComplete(page), 1, 'the mate against the computer');
  const said = await until(() => feedback(page).locator('.lp-message').allTextContents(), (t) => t.length > 0, 'the words of the end');
  assert.equal(said.length, 1, `one sentence: ${said}`);
  assert.match(said[0], /^将杀！你赢了电脑！用了 \d 步。$/);
  assert.doesNotMatch(await feedback(page).textContent(), /一方|握手|0-1|1-0/);
  // The mated king's board in sight, with the words and the next button.
  await settle(page);
  const inView = (box) => box != null && box.y >= 0 && box.y + box.height <= 844;
  const board = await page.locator('chess-lesson .lp-board').boundingBox();
  assert.ok(inView(board), `the board at ${JSON.stringify(board)}`);
  // The words' first line in sight inside the step's scrolling words box.
  const [words, message] = await Promise.all([page.locator('chess-lesson .lp-words').boundingBox(), feedback(page).locator('.lp-message').boundingBox()]);
  assert.ok(message.y >= words.y - 0.5 && message.y + 20 <= words.y + words.height, `the words at ${JSON.stringify(message)} in their box ${JSON.stringify(words)}`);
  assert.ok(inView(await act(page, 'next').boundingBox()), 'the next button in sight');
  assert.deepEqual(problems, []);
  await context.close();
});
