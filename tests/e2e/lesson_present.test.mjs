// Projector mode of the lesson player, as a teacher uses it (issue 12): after a click on
// 投影模式 / Projector (or any button) the presenter's Space pages and never switches the mode
// off; each reveal names the real answer (never "Correct!" for the class's wrong pick), R is
// offered only where it reveals something; a class vote shows its explanation and the teacher's
// count of hands. Both languages, 1920x1080 and 1280x720.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { feedback, lessonContext, openPlayer } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const button = (page, act) => page.locator(`chess-lesson [data-act="${act}"]`);
const stepNumber = (page) => page.evaluate(() => location.hash.split('/').pop());
const help = (page) => page.locator('chess-lesson .lp-help');
/** Waits for the address to show step `n`. */
const onStep = (page, n) => page.waitForFunction((s) => location.hash.endsWith(`/${s}`), String(n));

const SIZES = [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }];
const WORDS = {
  en: { answer: /The answer: 2\. Black/, correct: /Correct/, help: /R Enter: answer/, hands: /Show of hands: 1\. Thank you: 4; 3\. Nothing at all: 19/, vote: /The answer: 1\. Thank you/ },
  'zh-CN': { answer: /答案：2\. 黑方/, correct: /答对了/, help: /R 回车：答案/, hands: /举手：1\. 谢谢：4 人；3\. 什么也不说：19 人/, vote: /答案：1\. 谢谢/ },
};

for (const viewport of SIZES) {
  for (const lang of ['zh-CN', 'en']) {
    const words = WORDS[lang];

    test(`after a click on the projector switch, Space and Enter page and reveal (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const context = await lessonContext(browser, { viewport, lang });
      const { page, problems } = await openPlayer(context, '#/examples/quiz/1');
      await page.locator('chess-lesson [data-kind="quiz"]').waitFor();
      await button(page, 'present').click();
      await page.locator('chess-lesson .lp-present').waitFor();
      await page.keyboard.press('Enter');
      await page.locator('chess-lesson [data-act="show"][aria-pressed="true"]').waitFor();
      await page.keyboard.press('Space');
      await onStep(page, 2);
      assert.equal(await page.locator('chess-lesson').getAttribute('present'), '', 'still in projector mode');
      // A click on any button (here: back) leaves the keys to the presenter too.
      await button(page, 'back').click();
      await onStep(page, 1);
      await page.keyboard.press('Space');
      await onStep(page, 2);
      assert.equal(await page.locator('chess-lesson .lp-present').count(), 1);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a reveal names the real answer, and R is offered only where it does something (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const context = await lessonContext(browser, { viewport, lang });
      const { page, problems } = await openPlayer(context, '?present#/examples/quiz/1');
      await page.locator('chess-lesson [data-kind="quiz"]').waitFor();
      assert.match(await help(page).innerText(), words.help);
      // The class said "White" (wrong); the teacher reveals.
      await button(page, 'choose:0').click();
      await page.locator('chess-lesson .lp-feedback.lp-oops').waitFor();
      await page.keyboard.press('r');
      await page.locator('chess-lesson [data-act="show"][aria-pressed="true"]').waitFor();
      const revealed = await feedback(page).innerText();
      assert.match(revealed, words.answer);
      assert.doesNotMatch(revealed, words.correct);
      await page.screenshot({ path: `/tmp/shots-lesson-present-quiz-${viewport.width}-${lang}.png` });

      // Find-all-moves: R shows every square.
      await page.evaluate(() => { location.hash = '#/examples/find-all-moves/1'; });
      await page.locator('chess-lesson [data-kind="find-all-moves"]').waitFor();
      assert.match(await help(page).innerText(), words.help);
      await page.keyboard.press('r');
      await page.locator('chess-lesson [data-act="show"][aria-pressed="true"]').waitFor();
      // The board draws the reveal a frame after the step's buttons change: wait for its squares.
      const found = page.locator('chess-lesson .lp-board .sq.found');
      await until(async () => (await found.count()) >= 4, true, 'every square is shown');
      const squares = await found.count();
      assert.match(await feedback(page).innerText(), new RegExp(String(squares)));

      // A step without an answer to reveal: no R in the help, and R does nothing.
      await page.evaluate(() => { location.hash = '#/examples/demo/1'; });
      await page.locator('chess-lesson [data-kind="demo"]').waitFor();
      assert.doesNotMatch(await help(page).innerText(), words.help);
      assert.doesNotMatch(await help(page).innerText(), /R[ ：:]/);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a class vote's reveal shows the answer, the explanation and the show of hands (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const context = await lessonContext(browser, { viewport, lang });
      const { page, problems } = await openPlayer(context, '?present#/examples/class-vote/1');
      await page.locator('chess-lesson [data-kind="class-vote"]').waitFor();
      await page.locator('chess-lesson #lp-hands-0').fill('4');
      await page.locator('chess-lesson #lp-hands-2').fill('19');
      await page.locator('chess-lesson #lp-hands-2').press('Tab');
      await button(page, 'show').click();
      await page.locator('chess-lesson .lp-tally').waitFor();
      const text = await feedback(page).innerText();
      assert.match(text, words.vote);
      assert.match(text, words.hands);
      assert.match(await page.locator('chess-lesson .lp-detail').innerText(), /\S/, 'the explanation');
      await page.screenshot({ path: `/tmp/shots-lesson-present-vote-${viewport.width}-${lang}.png` });
      // Hidden again, the count is kept for the next reveal.
      await page.keyboard.press('r');
      await page.locator('chess-lesson [data-act="show"][aria-pressed="false"]').waitFor();
      assert.equal(await page.locator('chess-lesson #lp-hands-2').inputValue(), '19');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
