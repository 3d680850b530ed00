// The garbage-argument sweep (api_sweep_harness.mjs) in Chromium: the same harness, run in a
// page, with real elements for the DOM exports (BoardWidget, ClockElement, LessonPlayer,
// mountBoard, mountPlay, mountPoints, mountLadder, mountCheck, mountHome), so their methods are swept too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, siteUrl } from './browser.mjs';
import { documentedCodes, MODULES, runSweep } from './api_sweep_harness.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// A few exports the sweep must find by itself in each module, the DOM ones among them.
const EXPECTED = {
  qitong_elements: ['BoardWidget.move', 'BoardWidget.setShapes', 'BoardWidget.claimDraw'],
  qitong_clock: ['ClockElement.reset', 'ClockElement.press', 'ClockElement.remaining'],
  qitong: ['BoardWidget.move', 'BoardWidget.setShapes', 'ClockElement.reset', 'mountBoard', 'mountPlay', 'PlayPage.result', 'Game.play'],
  qitong_lessons: ['LessonPlayer.loadCourse', 'LessonPlayer.act'],
  qitong_course: ['LessonPlayer.loadCourse', 'LessonPlayer.act'],
  qitong_course_basics: ['LessonPlayer.loadCourse', 'LessonPlayer.act'],
  qitong_home: ['mountHome', 'HomePage.courseFiles'],
  qitong_ladder: ['mountLadder'],
  qitong_board_lessons: ['BoardWidget.move', 'BoardWidget.setShapes', 'LessonPlayer.loadCourse', 'LessonPlayer.act'],
  qitong_board_lessons_basics: ['BoardWidget.move', 'BoardWidget.setShapes', 'LessonPlayer.loadCourse', 'LessonPlayer.act'],
  qitong_teacher: ['mountLadder', 'mountCheck', 'LessonPlayer.loadLesson', 'BoardWidget.claimDraw', 'Ladder.recordGame', 'perft'],
  qitong_computer: ['computerMove', 'newGame'],
};

for (const name of MODULES) {
  test(`${name} in Chromium: every export, DOM ones included, refuses garbage with a coded error`, async () => {
    const page = await browser.newPage();
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // A same-origin document with no scripts of its own: the module file shown as text.
    await page.goto(new URL(`pkg/${name}.js`, siteUrl()).href);
    const result = await page.evaluate(runSweep, { moduleUrl: new URL(`pkg/${name}.js`, siteUrl()).href, codes: documentedCodes(), dom: true });
    await page.close();
    assert.deepEqual(result.problems, [], JSON.stringify(result.tally));
    assert.equal(result.tally.trap + result.tally.uncoded, 0);
    assert.equal(result.tally.skipped, 0, 'in a page every class has a live object');
    for (const key of EXPECTED[name]) assert.ok(result.swept.includes(key), `${key} not swept: ${result.swept.join(', ')}`);
    assert.deepEqual(pageErrors, []);
  });
}
