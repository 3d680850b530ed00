// The class ladder in real Chromium: a play-a-friend game (touch-move, a declined then refused
// draw offer, mate, score sheet, PGN download) recorded into the ladder with the handout's
// points, undo, export/import (a malformed CSV changes nothing), reload, damaged storage, both
// languages, axe, and screenshots in /tmp/shots-ladder/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { accessibilityViolations, eventually, launchBrowser, until } from './browser.mjs';
import { action, clickMove, openSitePage, pressClock } from './play_helpers.mjs';

const SHOTS = '/tmp/shots-ladder';

// The handout's table (SPEC.md §9), written out again here so that the page is checked against
// the table, not against itself. Points in tenths; awards rounded to 0.1, halves away from zero.
// Returns what A gains (B loses the same) when A (points a) scores `scoreA` against B (points b).
function handoutAward(a, b, scoreA) {
  const d = Math.abs(a - b);
  const round = (x) => Math.sign(x) * Math.round(Math.abs(x) * 10 + 1e-9) / 10;
  if (scoreA === 0.5) {
    const lowerGains = d < 10 ? 0 : d < 100 ? (10 + d / 10) / 2 : d / 4;
    return round(a < b ? lowerGains : a > b ? -lowerGains : 0);
  }
  const aWins = scoreA === 1;
  const winnerIsLower = aWins ? a < b : b < a;
  const winnerIsHigher = aWins ? a > b : b > a;
  let gain;
  if (d < 10) gain = 10;
  else if (winnerIsLower) gain = d < 100 ? 10 + d / 10 : d / 2;
  else if (winnerIsHigher) gain = d < 100 ? 10 - d / 125 : d < 200 ? 2 : 0;
  else gain = 10;
  return round(aWins ? gain : -gain);
}

function levelEn(points, games) {
  const level = points < 100 ? 'Unrated' : `Level ${Math.max(1, 31 - Math.floor(points / 100))}`;
  return games < 50 ? `${level} (provisional)` : level;
}

let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function openLadder(page) {
  await page.waitForSelector('body[data-ready="true"]');
  await page.waitForSelector('#record-title');
}

async function addStudent(page, name, points) {
  await page.locator('#add-name').fill(name);
  await page.locator('#add-points').fill(String(points));
  await action(page, 'add').click();
  await page.waitForSelector(`table.ladder-table th.student:text-is("${name}")`);
}

// The row of `name` in the roster as [rank, name, points, level, games, W/D/L].
async function rosterRow(page, name) {
  const row = page.locator('table.ladder-table tbody tr', { has: page.locator(`th.student:text-is("${name}")`) });
  const cells = await row.locator('th, td').allInnerTexts();
  return cells.slice(0, 6).map((c) => c.trim());
}

async function closeBubble(page) {
  const close = page.locator('chess-board .bubble-close');
  if (await close.isVisible()) await close.click();
}

async function downloadText(page, locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), locator.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('a play-a-friend game ends in mate and is recorded into the ladder with the handout\'s points', async () => {
  const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang: 'en' });
  await openLadder(page);
  await until(() => page.getAttribute('html', 'lang'), 'en');
  await until(() => page.locator('.privacy').first().textContent(), /stays in this browser on this computer/);
  // Ann already has a level; Bo will come from the play page.
  await addStudent(page, 'Ann', 150);
  await until(() => rosterRow(page, 'Ann'), ['1', 'Ann', '150', levelEn(150, 0), '0', '0/0/0']);

  await page.goto(new URL('play.html', page.url()).href);
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await page.evaluate(() => {
    window.__illegal = [];
    document.querySelector('chess-board').addEventListener('illegal-move', (e) => window.__illegal.push(e.detail.code));
  });
  await page.locator('#play-white-name').fill('Ann');
  await page.locator('#play-black-name').fill('Bo');
  await action(page, 'start').click();
  // Touch-move: White touches the f-pawn, then tries the knight.
  await page.locator('chess-board [data-square="f2"]').click();
  await clickMove(page, 'g1', 'f3');
  await until(async () => (await page.evaluate(() => window.__illegal)).includes('touch-move-must-move'), Boolean);
  await page.locator('chess-board [data-square="f3"]').click();
  // Move, (offer,) press the clock (SPEC §7): the mover's time runs until the press.
  await page.locator('[data-act="press"]').waitFor();
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'white');
  await pressClock(page);
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'black');
  // The touch-move explanation stays until it is closed (it covers the top of the board).
  // Whether it shows is known once the board has drawn the move.
  await page.locator('chess-board .sq.last[data-square="f3"]').waitFor();
  await closeBubble(page);
  await clickMove(page, 'e7', 'e5');
  await pressClock(page);
  // White moves and offers a draw, then presses; Black declines; White may not offer again.
  await clickMove(page, 'b1', 'c3');
  await action(page, 'offer').click();
  await pressClock(page);
  await page.waitForSelector('[data-act="answer:no"]');
  await action(page, 'answer:no').click();
  await clickMove(page, 'a7', 'a6');
  await pressClock(page);
  await clickMove(page, 'g2', 'g4');
  await action(page, 'offer').click();
  const refusal = page.locator('.play-controls .message');
  await refusal.waitFor();
  await until(() => refusal.textContent(), /declined/);
  await pressClock(page);
  await clickMove(page, 'd8', 'h4');
  await page.waitForSelector('.play-result:not([hidden])');
  await until(() => page.locator('.play-result .big').textContent(), /0-1 Black wins/);
  await page.screenshot({ path: `${SHOTS}/play-result-en-1280.png` });
  await until(() => page.locator('table.moves tbody').innerText(), /2\s+Nc3 \(=\)\s+a6\s+3\s+g4\s+Qh4#/);
  const pgn = await downloadText(page, page.locator('.play-result a.pgn'));
  assert.equal(pgn.name, 'qitong-2026-11-30-Ann-Bo.pgn');
  assert.match(pgn.text, /\[White "Ann"\]/);
  assert.match(pgn.text, /\[Result "0-1"\]/);
  assert.match(pgn.text, /1\. f3 e5 2\. Nc3 a6 3\. g4 Qh4#/);

  // On to the ladder: the result is waiting, Bo is offered a place on the roster.
  await action(page, 'ladder').click();
  await page.waitForURL(/ladder\.html#record$/);
  await openLadder(page);
  await until(() => page.evaluate(() => document.activeElement?.id), 'record-title');
  await until(() => page.locator('#pending .big').textContent(), /Ann \(White\) 0-1 Bo \(Black\)/);
  await until(() => page.locator('#pending').textContent(), /Bo is not on the roster yet/);
  await page.screenshot({ path: `${SHOTS}/pending-en-1280.png`, fullPage: true });
  await action(page, 'add-missing:Bo').click();
  await page.waitForSelector('table.ladder-table th.student:text-is("Bo")');
  await until(() => page.locator('#rec-white option:checked').textContent(), 'Ann');
  await until(() => page.locator('#rec-black option:checked').textContent(), 'Bo');
  await until(() => action(page, 'score:0').getAttribute('aria-pressed'), 'true');

  // The points before confirming, as the handout's table gives them.
  const delta = handoutAward(150, 0, 0); // Ann (White, 150) lost to Bo (Black, 0)
  assert.equal(delta, -75);
  const annAfter = 150 + delta;
  const boAfter = 0 - delta;
  await until(() => page.locator('#change-white').textContent(),
    `Ann: 150 → ${annAfter} (${delta}), ${levelEn(150, 0)} → ${levelEn(annAfter, 1)}`);
  await until(() => page.locator('#change-black').textContent(),
    `Bo: 0 → ${boAfter} (+${boAfter}), ${levelEn(0, 0)} → ${levelEn(boAfter, 1)}`);
  await until(() => rosterRow(page, 'Ann'), ['1', 'Ann', '150', levelEn(150, 0), '0', '0/0/0'], 'nothing recorded yet');
  await action(page, 'confirm-record').click();
  await page.waitForSelector('.notice .message.ok');
  await until(() => page.locator('.notice').textContent(), /Recorded: 2026-11-30 · Ann 0-1 Bo · -75 \/ \+75/);
  await until(() => rosterRow(page, 'Ann'), ['1', 'Ann', String(annAfter), levelEn(annAfter, 1), '1', '0/0/1']);
  await until(() => rosterRow(page, 'Bo'), ['1', 'Bo', String(boAfter), levelEn(boAfter, 1), '1', '1/0/0']);
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder-pending')), null, 'the pending game is done');
  await until(() => page.locator('#pending').count(), 0);

  // A second game through the form: a draw between equal totals changes nothing (D < 10).
  await page.locator('#rec-white').selectOption({ label: 'Bo' });
  await page.locator('#rec-black').selectOption({ label: 'Ann' });
  await action(page, 'score:0.5').click();
  assert.equal(handoutAward(75, 75, 0.5), 0);
  await until(() => page.locator('#change-white').textContent(), /^Bo: 75 → 75 \(0\)/);
  await action(page, 'confirm-record').click();
  await until(() => page.locator('ol.history li').allInnerTexts(),
    ['2026-11-30 · Bo ½-½ Ann · 0 / 0', '2026-11-30 · Ann 0-1 Bo · -75 / +75']);

  // Undo says which game it takes back, and only the last one goes.
  await action(page, 'undo').click();
  await until(() => page.locator('#ask-text').textContent(), /Undo the last recorded game\? 2026-11-30 · Bo ½-½ Ann/);
  await action(page, 'yes').click();
  await until(() => page.locator('.notice').textContent(), /Undone: 2026-11-30 · Bo ½-½ Ann/);
  await until(() => page.locator('ol.history li').count(), 1);
  await until(() => rosterRow(page, 'Bo'), ['1', 'Bo', '75', levelEn(75, 1), '1', '1/0/0']);

  // Removing a student with games is refused, clearly.
  await action(page, `remove:${await page.locator('tr', { has: page.locator('th.student:text-is("Ann")') }).getAttribute('data-id')}`).click();
  await until(() => page.locator('.notice .message.error').textContent(), /Ann: Cannot remove: 1 recorded games/);

  // Reload: everything is still there.
  await page.reload();
  await openLadder(page);
  await until(() => rosterRow(page, 'Ann'), ['1', 'Ann', '75', levelEn(75, 1), '1', '0/0/1']);
  await until(() => page.locator('ol.history li').count(), 1);
  await page.screenshot({ path: `${SHOTS}/ladder-en-1280.png`, fullPage: true });

  // Export JSON, change the ladder, import the export back: the same ladder again.
  const exported = await downloadText(page, page.getByRole('link', { name: 'Export JSON (full backup)' }));
  assert.equal(exported.name, 'qitong-ladder-2026-11-30.json');
  const stored = await page.evaluate(() => localStorage.getItem('qitong-ladder'));
  assert.equal(exported.text, stored);
  assert.equal(JSON.parse(exported.text).version, 1);
  const roster = await downloadText(page, page.getByRole('link', { name: 'Export roster CSV' }));
  assert.match(roster.text, /^\uFEFFid,name,points,games,wins,draws,losses,level\r\n/);
  await addStudent(page, 'Cy', 0);
  await page.locator('#import-file').setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(exported.text) });
  await page.waitForSelector('#ask-text');
  await until(() => page.locator('#ask-text').textContent(), /holds 2 students and 1 games.*current 3 students and 1 games/);
  await action(page, 'yes').click();
  await until(() => page.locator('.notice').textContent(), /Imported: 2 students and 1 games/);
  await until(() => page.locator('table.ladder-table th.student:text-is("Cy")').count(), 0);
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder')), exported.text);

  // A malformed CSV changes nothing and says where.
  await page.locator('#import-file').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from('name,points\nAnn,150\nBo,abc\n') });
  await page.waitForSelector('.notice .message.error');
  const why = await page.locator('.notice .message.error').textContent();
  assert.match(why, /Nothing was imported; nothing changed\. Why: roster CSV line 3, column points/);
  await until(() => page.locator('#ask-text').count(), 0);
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder')), exported.text);
  await until(() => rosterRow(page, 'Bo'), ['1', 'Bo', '75', levelEn(75, 1), '1', '1/0/0']);

  assert.deepEqual(problems, []);
  await context.close();
});

test('damaged or newer stored data is kept, offered for download, and replaced only when asked', async () => {
  const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang: 'zh-CN' });
  await openLadder(page);
  const broken = '{"format":"qitong-ladder","version":1,"students":[';
  await page.evaluate((b) => localStorage.setItem('qitong-ladder', b), broken);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await until(() => page.locator('[role=alert]').textContent(), /保存的积分榜坏了/);
  await until(() => page.locator('#record').count(), 0, 'nothing to edit over the damaged data');
  const raw = await downloadText(page, page.getByRole('link', { name: '先下载保存的原始文字' }));
  assert.equal(raw.text, broken);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder')), broken, 'a visit does not destroy it');

  const newer = '{"format":"qitong-ladder","version":2,"students":[],"history":[],"teams":[]}';
  await page.evaluate((n) => localStorage.setItem('qitong-ladder', n), newer);
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await until(() => page.locator('[role=alert]').textContent(), /新版网站写的/);
  await action(page, 'fresh').click();
  await until(() => page.locator('#ask-text').textContent(), /真的要重新开始吗/);
  await action(page, 'no').click();
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder')), newer);
  await action(page, 'fresh').click();
  await action(page, 'yes').click();
  await page.waitForSelector('#record-title');
  await eventually(async () => {
    const fresh = JSON.parse(await page.evaluate(() => localStorage.getItem('qitong-ladder')));
    assert.deepEqual([fresh.version, fresh.students, fresh.history], [1, [], []]);
  });

  // A pending result that cannot be read is dropped with a message.
  await page.evaluate(() => localStorage.setItem('qitong-ladder-pending', '{"version":1,"white":"A","black":"B","result":"*"}'));
  await page.reload();
  await openLadder(page);
  await until(() => page.locator('.notice').textContent(), /读不出来，已经丢掉了/);
  await until(() => page.evaluate(() => localStorage.getItem('qitong-ladder-pending')), null);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const lang of ['zh-CN', 'en']) {
  test(`ladder.html in ${lang}: no console errors or CSP violations, axe clean, screenshots`, async () => {
    const strict = await openSitePage(browser, 'ladder.html', { lang, fakeTime: false });
    await openLadder(strict.page);
    assert.deepEqual(strict.problems, []);
    await strict.context.close();

    for (const [width, height] of [[390, 844], [1280, 800], [1920, 1080]]) {
      const { page, context, problems } = await openSitePage(browser, 'ladder.html', { lang, viewport: { width, height }, bypassCSP: true });
      await openLadder(page);
      await until(() => page.getAttribute('html', 'lang'), lang);
      await until(() => page.title(), lang === 'en' ? 'Class ladder · Qitong' : '班级积分榜 · 棋童');
      for (const [name, points] of [['小明', 0], ['小红', 120], ['Lily Chen', 305.5]]) await addStudent(page, name, points);
      await page.locator('#rec-white').selectOption({ label: '小明' });
      await page.locator('#rec-black').selectOption({ label: '小红' });
      await action(page, 'score:1').click();
      // 小明 (0) beats 小红 (120): the lower-rated player wins, D = 120.
      const gain = handoutAward(0, 120, 1);
      assert.equal(gain, 60);
      await until(() => page.locator('#change-white').textContent(), new RegExp(`0 → ${gain}`));
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.screenshot({ path: `${SHOTS}/preview-${lang}-${width}.png`, fullPage: true });
      await action(page, 'confirm-record').click();
      await page.locator('#rec-white').selectOption({ label: 'Lily Chen' });
      await page.locator('#rec-black').selectOption({ label: '小明' });
      await action(page, 'score:0.5').click();
      await action(page, 'confirm-record').click();
      await action(page, 'undo').click();
      assert.deepEqual(await accessibilityViolations(page), []);
      await page.screenshot({ path: `${SHOTS}/ladder-${lang}-${width}.png`, fullPage: true });
      await action(page, 'no').click();
      // The keyboard reaches the controls, with a visible focus.
      await page.locator('#add-name').focus();
      await page.keyboard.press('Tab');
      await until(() => page.evaluate(() => document.activeElement?.id), 'add-points');
      await page.keyboard.press('Tab');
      await until(() => page.evaluate(() => document.activeElement?.dataset.act), 'add');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
      assert.notEqual(outline, 'none');
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: `${SHOTS}/print-${lang}-${width}.png`, fullPage: true });
      await until(() => page.locator('#record').isVisible(), false);
      await until(() => page.locator('table.ladder-table').isVisible(), true);
      await page.emulateMedia({ media: 'screen' });
      // The language switch is remembered.
      await action(page, 'lang').click();
      const other = lang === 'en' ? 'zh-CN' : 'en';
      await until(() => page.getAttribute('html', 'lang'), other);
      await page.reload();
      await openLadder(page);
      await until(() => page.getAttribute('html', 'lang'), other);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}
