// The vs-computer step in real Chromium (lessons/examples/vs-computer.toml through the test
// course): the child's moves on the board, the computer's replies from the real engine worker
// (www/qitong-computer.js, imported by the lesson shell only when a step asks), the goal judged,
// stars stored, "try again" in the middle of the computer's thinking. The scripted child reads
// the position from the board and asks the page's own computer API for a good move.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { act, childsTurn, feedback, goodMove, lessonContext, move, movesMade, openPlayer, placement, press, stepComplete } from './lesson_helpers.mjs';

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
