// The class ladder with a school's roster (2,000 students, 600 games) in real Chromium: the
// roster is found by name and shown a page at a time, the newest games are listed until all are
// asked for, a game is recorded by typing both names (suggested from one list that is kept
// across redraws), and a redraw builds a page of rows, not the school: with 10,000 students one
// action used to take seconds (issue 13). The time of an action is printed, not asserted: a
// loaded machine decides it more than the page does. Both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchBrowser, siteUrl } from './browser.mjs';
import { action } from './play_helpers.mjs';

const STUDENTS = 2000;
const GAMES = 600;
// What one drawing may build, whatever the school's size (the kept list of names aside).
const MAX_DRAWN_ELEMENTS = 1500;

let browser;
let schoolJson;
before(async () => {
  browser = await launchBrowser();
  // The ladder file is made by the teacher module itself, as the page would store it.
  const m = await import(new URL('../../www/pkg/qitong_teacher.js', import.meta.url).href);
  m.initSync({ module: readFileSync(new URL('../../www/pkg/qitong_teacher_bg.wasm', import.meta.url)) });
  const ladder = new m.Ladder();
  for (let i = 0; i < STUDENTS; i++) ladder.addStudent(`学生${String(i).padStart(4, '0')}`);
  for (let i = 0; i < GAMES; i++) ladder.recordGame(1 + (i % 300), 301 + (i % 300), 1, '2026-12-01');
  schoolJson = ladder.toJson();
  ladder.free();
});
after(async () => {
  await browser?.close();
});

async function openSchool(lang) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  context.setDefaultTimeout(60_000);
  await context.addInitScript(([json, l]) => {
    if (!sessionStorage.getItem('school')) {
      sessionStorage.setItem('school', '1');
      localStorage.setItem('qitong-ladder', json);
      localStorage.setItem('qitong-lang', l);
    }
  }, [schoolJson, lang]);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(new URL('ladder.html', siteUrl()).href);
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#roster-count');
  return { page, context, problems };
}

// How long a click on `selector` takes, from the click to the next frame after it (the page
// redraws in the click handler): the best of `tries`, so that one slow moment of a loaded
// machine does not decide.
async function bestClickTime(page, selector, tries = 5) {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    const ms = await page.evaluate(async (target) => {
      const started = performance.now();
      document.querySelector(target).click();
      // The frame after the one that drew the change: it has been laid out and painted.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return performance.now() - started;
    }, selector);
    best = Math.min(best, ms);
  }
  return best;
}

for (const lang of ['zh-CN', 'en']) {
  test(`a school's ladder (${STUDENTS} students) in ${lang}: found by name, a page at a time, each drawing a page, not the school`, async () => {
    const { page, context, problems } = await openSchool(lang);
    const zh = lang === 'zh-CN';
    assert.equal(await page.locator('table.ladder-table tbody tr').count(), 100, 'one page of the roster');
    assert.equal(await page.locator('#roster-count').textContent(), zh ? `显示 100 / ${STUDENTS} 名学生` : `Showing 100 of ${STUDENTS} students`);
    assert.equal(await page.locator('ol.history li').count(), 50, 'the newest games');
    assert.equal(await page.locator('ol.history').getAttribute('start'), String(GAMES), 'numbered from the newest');

    // Show more: another page of rows.
    await action(page, 'roster-more').click();
    await page.waitForFunction(() => document.querySelectorAll('table.ladder-table tbody tr').length === 200);

    // Find by name: the field keeps its focus while the rows follow what is typed.
    const find = page.locator('#roster-filter');
    await find.click();
    await page.keyboard.type('学生199');
    await page.waitForFunction(() => document.querySelectorAll('table.ladder-table tbody tr').length === 10);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'roster-filter');
    assert.equal(await find.inputValue(), '学生199');
    await find.fill('nobody');
    await page.waitForFunction(() => document.querySelectorAll('table.ladder-table tbody tr').length === 0);
    await find.fill('');
    await page.waitForFunction(() => document.querySelectorAll('table.ladder-table tbody tr').length === 100);

    // Record a game by typing the two names (the list suggests them).
    await page.locator('#rec-white').fill('学生1500');
    await page.locator('#rec-white').press('Tab');
    await page.locator('#rec-black').fill('学生1501');
    await page.locator('#rec-black').press('Tab');
    await action(page, 'score:0.5').click();
    await page.locator('#change-white').waitFor();
    assert.match(await page.locator("#change-white").textContent(), /^学生1500.*0 → 0/, "a draw between equals changes nothing");
    await action(page, 'confirm-record').click();
    await page.waitForFunction((n) => document.querySelector('ol.history')?.getAttribute('start') === String(n), GAMES + 1);

    // A drawing builds a page of rows; the suggested names are one list, kept across drawings.
    await page.evaluate(() => { document.getElementById('rec-students').dataset.kept = 'yes'; });
    await action(page, 'lang').click();
    await page.waitForFunction((l) => document.documentElement.lang !== l, lang);
    assert.equal(await page.evaluate(() => document.querySelectorAll('#rec-students').length), 1);
    assert.equal(await page.evaluate(() => document.getElementById('rec-students').dataset.kept), 'yes', 'the same list, not built again');
    assert.equal(await page.locator('#rec-students option').count(), STUDENTS);
    const drawn = await page.evaluate(() => document.body.querySelectorAll('*').length - document.querySelectorAll('#rec-students option').length);
    assert.ok(drawn <= MAX_DRAWN_ELEMENTS, `one drawing built ${drawn} elements`);

    // Timings, printed: switching the language redraws everything; choosing a result too.
    const switched = await bestClickTime(page, '[data-act="lang"]');
    const scored = await bestClickTime(page, '[data-act="score:1"]');
    console.log(`# ladder with ${STUDENTS} students (${drawn} elements drawn): a language switch ${switched.toFixed(0)} ms, a result chosen ${scored.toFixed(0)} ms (best of 5; goal 100 ms)`);

    // Every history line on request.
    await action(page, 'history-all').click();
    await page.waitForFunction((n) => document.querySelectorAll('ol.history li').length === n, GAMES + 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
