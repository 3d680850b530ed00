// Issue 29 §5: restoring the biggest JSON backup the ladder page accepts keeps the page
// responsive — no main-thread task over 100 ms while it is read — and reads it right (the count
// of students and games, a named student). The page reads a backup in steps between the
// browser's tasks, as it reads a CSV import (`classroom::ladder::JsonImport`); in one go a
// backup near the limit was one task of ~1 s. Screenshots in /tmp/shots-ladder-backup/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { launchBrowser, until, watchLongTasks } from './browser.mjs';
import { action, openSitePage } from './play_helpers.mjs';

const SHOTS = '/tmp/shots-ladder-backup';
// `MAX_JSON_BYTES`: above any ladder the browser's storage keeps (docs/teachers-files.md).
const LIMIT = 8 * 1024 * 1024;

// The biggest backup, written once for the tests that pick it: a path, as the teacher's file is
// (a buffer would be built in the page by Playwright, in a task of its own).
const BIG = '/tmp/qitong-ladder-backup.json';
let browser;
let bigGames;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  const { text, games } = backup(2000, LIMIT - 1024);
  writeFileSync(BIG, text);
  bigGames = games;
});
after(async () => {
  await browser?.close();
});

/// A school's ladder as the page writes it (two-space JSON): `students` students, then pairs of
/// them drawing games at equal totals (the points table moves nothing, so every chain holds),
/// as many games as fit under `bytes`.
function backup(students, bytes) {
  const name = (i) => `学生 ${String(i).padStart(4, '0')}`;
  const write = (games) => {
    const history = Array.from({ length: games }, (_, g) => {
      const a = (2 * g) % students;
      return { date: '2026-12-05', a: a + 1, b: a + 2, score: 0.5, a_before: 0, b_before: 0, delta_a: 0, delta_b: 0, a_after: 0, b_after: 0 };
    });
    const draws = new Array(students).fill(0);
    for (const { a, b } of history) {
      draws[a - 1] += 1;
      draws[b - 1] += 1;
    }
    const ladder = {
      format: 'qitong-ladder',
      version: 1,
      students: draws.map((d, i) => ({ id: i + 1, name: name(i), points: 0, games: d, wins: 0, draws: d, losses: 0 })),
      history,
    };
    return `${JSON.stringify(ladder, null, 2)}\n`;
  };
  const empty = Buffer.byteLength(write(0));
  const perGame = (Buffer.byteLength(write(1000)) - empty) / 1000;
  let games = Math.floor((bytes - empty) / perGame);
  let text = write(games);
  while (Buffer.byteLength(text) > bytes) {
    games -= Math.ceil((Buffer.byteLength(text) - bytes) / perGame);
    text = write(games);
  }
  return { text, games };
}

test('the biggest backup the page accepts is read in steps: no task over 100 ms, the right students and games', async () => {
  const [path, games] = [BIG, bigGames];
  const size = statSync(path).size;
  assert.ok(size <= LIMIT && size > LIMIT - 64 * 1024, `${size} bytes`);
  const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang: 'zh-CN', viewport: { width: 1366, height: 768 } });
  await page.waitForSelector('#record-title');
  // This machine's 2 cores are shared: up to 3 runs, the best counts (as for the CSV import).
  const runs = [];
  while (runs.length < 3 && !runs.some((ms) => ms < 100)) {
    const longest = await watchLongTasks(page);
    await page.locator('#import-file').setInputFiles(path);
    // While it reads the page says so, and answers: the language button works.
    await until(() => page.locator('.notice').textContent(), /正在读取文件（8 MB）……|Reading the file \(8 MB\)…/);
    await action(page, 'lang').click();
    await until(() => page.locator('#ask-text').textContent(), new RegExp(`^Read as UTF-8\\. The file holds 2000 students and ${games} games\\.`));
    await until(() => page.locator('#ask-names').textContent(), /^Names: 学生 0000, 学生 0001, .*学生 0011 … and 1988 more$/);
    await action(page, 'lang').click();
    await until(() => page.locator('#ask-text').textContent(), new RegExp(`^读取的编码：UTF-8。文件里有 2000 位同学、${games} 盘对局。`));
    await action(page, 'no').click();
    await until(() => page.locator('#ask-text').count(), 0);
    runs.push(await longest());
  }
  console.log(`restoring a backup of ${size} bytes (2000 students, ${games} games): longest task ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  assert.ok(Math.min(...runs) < 100, `tasks of ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a class\'s year restored: the students and games are the backup\'s', async () => {
  // 40 students and 2,000 games: ~0.5 MB, a class's school year.
  const { text, games } = backup(40, 600 * 1024);
  const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang: 'en', viewport: { width: 390, height: 844 } });
  await page.waitForSelector('#record-title');
  await page.locator('#import-file').setInputFiles({ name: 'class-year.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await until(() => page.locator('#ask-text').textContent(), new RegExp(`^Read as UTF-8\\. The file holds 40 students and ${games} games\\.`));
  await action(page, 'yes').click();
  await until(() => page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('qitong-ladder') ?? '{"students":[],"history":[]}');
    return [stored.students.length, stored.history.length, stored.students[17]?.name];
  }), [40, games, '学生 0017']);
  await until(() => page.locator('table.ladder-table th.student:text-is("学生 0017")').count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('while a big backup is read the page says so in its language, at a phone\'s and a laptop\'s width', async () => {
  const path = BIG;
  for (const [lang, width, height] of [['zh-CN', 390, 844], ['en', 390, 844], ['zh-CN', 1366, 768], ['en', 1366, 768]]) {
    const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang, viewport: { width, height } });
    await page.waitForSelector('#record-title');
    await page.locator('#import-file').setInputFiles(path);
    const reading = lang === 'en' ? 'Reading the file (8 MB)…' : '正在读取文件（8 MB）……';
    await until(() => page.locator('.notice').textContent(), reading);
    await page.screenshot({ path: `${SHOTS}/reading-${lang}-${width}.png` });
    await until(() => page.locator('#ask-text').count(), 1);
    await until(() => page.locator('.notice').textContent(), '', 'the reading message is gone');
    await page.screenshot({ path: `${SHOTS}/question-${lang}-${width}.png` });
    const box = await page.locator('.confirm.ask').boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= width, JSON.stringify(box));
    assert.deepEqual(problems, []);
    await context.close();
  }
});
