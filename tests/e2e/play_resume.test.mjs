// "Play a friend" keeps the game in progress (issue 12, item 6): saved after every change,
// offered back after a reload or in a new tab, its clock paused with the times it had; a
// finished game is not offered; storage that throws is said once and the page still plays; a
// damaged or newer record is kept aside and said. Both languages, phone and laptop sizes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, siteUrl, until } from './browser.mjs';
import { action, clickMove, openSitePage, pressClock } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const WORDS = {
  en: { title: 'Continue the last game?', two: /2 moves played · White Ann 5:0\d · Black 5:0\d/, three: /3 moves played/, cannot: /can't save the game/, once: "can't save", damaged: /damaged.*"qitong-play-game-damaged"/, newer: /newer version.*"qitong-play-game-damaged"/, ask: /deleted for good/ },
  'zh-CN': { title: '继续上次的棋局？', two: /已经走了 2 步 · 白方 Ann 5:0\d · 黑方 5:0\d/, three: /已经走了 3 步/, cannot: /不能保存棋局/, once: '不能保存', damaged: /坏了.*“qitong-play-game-damaged”/, newer: /新版本.*“qitong-play-game-damaged”/, ask: /再也找不回来/ },
};
const SIZES = { en: { width: 1366, height: 768 }, 'zh-CN': { width: 390, height: 844 } };

const clock = (page) => page.locator('chess-clock');
const remaining = (page, side) => clock(page).evaluate((c, s) => c.remaining(s), side);
const sheet = (page) => page.locator('table.moves tbody').innerText();

// Until the page's record holds `text` (it is written after every change).
async function savedContains(page, text) {
  await page.waitForFunction((t) => (localStorage.getItem('qitong-play-game') ?? '').includes(t), text);
}

for (const lang of ['en', 'zh-CN']) {
  const w = WORDS[lang];
  test(`a reload offers the game back: board, sheet and times, the clock paused until the players press (${lang})`, async () => {
    const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, viewport: SIZES[lang] });
    await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
    await page.locator('#play-white-name').fill('Ann');
    await action(page, 'tc:5+3').click();
    await action(page, 'start').click();
    await clickMove(page, 'e2', 'e4');
    await pressClock(page);
    await clickMove(page, 'e7', 'e5');
    await pressClock(page);
    await savedContains(page, 'e7e5 press:black');
    const black = await remaining(page, 'black');
    const white = await remaining(page, 'white');
    await page.reload();

    const offer = page.locator('.play-saved');
    await offer.waitFor();
    assert.equal(await offer.locator('h2').innerText(), w.title);
    assert.match(await offer.locator('.saved-line').innerText(), w.two);
    // The board and the score sheet show the game; nothing moves while the players choose.
    await page.waitForSelector('chess-board [data-square="e5"] .qt-piece');
    assert.equal(await page.locator('chess-board').evaluate((b) => b.fen()), 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    assert.match(await sheet(page), /1\s+e4\s+e5/);
    assert.equal(await page.locator('chess-board').getAttribute('readonly'), '');
    assert.equal(await clock(page).evaluate((c) => c.state), 'paused');
    assert.equal(await clock(page).evaluate((c) => c.running), 'white');
    assert.equal(await remaining(page, 'black'), black);
    const whiteBack = await remaining(page, 'white');
    assert.ok(whiteBack <= white && whiteBack > white - 5000, `${whiteBack} near ${white}`);
    assert.equal(await page.locator('.play-setup').count(), 0);
    assert.equal(await action(page, 'start').count(), 0);
    // The focus is on "continue": the keyboard takes it too.
    await page.waitForFunction(() => document.activeElement?.dataset.act === 'saved:continue');
    // Time passing changes nothing: the clock is paused.
    await page.clock.runFor(5000);
    assert.equal(await remaining(page, 'white'), whiteBack);

    await action(page, 'saved:continue').click();
    await offer.waitFor({ state: 'hidden' });
    // Still paused, with a big button to go on; the board waits.
    await action(page, 'resume-clock').waitFor();
    assert.equal(await clock(page).evaluate((c) => c.state), 'paused');
    assert.equal(await page.locator('chess-board').getAttribute('readonly'), '');
    await action(page, 'resume-clock').click();
    await page.waitForFunction(() => document.querySelector('chess-clock').state === 'running');
    assert.equal(await clock(page).evaluate((c) => c.running), 'white');
    await page.waitForFunction(() => !document.querySelector('chess-board').hasAttribute('readonly'));
    await clickMove(page, 'g1', 'f3');
    await pressClock(page);
    assert.match(await sheet(page), /2\s+Nf3/);
    assert.match(await page.locator('.play-sheet .players').innerText(), /Ann/);
    await savedContains(page, 'g1f3 press:white');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('closing the tab and opening a new one: the offer on the table and the touched piece come back; a new game asks first', async () => {
  const lang = 'en';
  const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, viewport: SIZES[lang] });
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await action(page, 'start').click();
  await clickMove(page, 'e2', 'e4');
  await pressClock(page);
  await clickMove(page, 'e7', 'e5');
  await pressClock(page);
  // White moves and offers a draw, and the tab is closed before the press.
  await clickMove(page, 'g1', 'f3');
  await action(page, 'offer').click();
  await savedContains(page, 'g1f3 offer:white');
  await page.close();

  const second = await context.newPage();
  second.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await second.goto(new URL('play.html', siteUrl()).href);
  await second.locator('.play-saved').waitFor();
  assert.match(await second.locator('.play-saved .saved-line').innerText(), WORDS.en.three);
  await action(second, 'saved:continue').click();
  await action(second, 'resume-clock').click();
  // White's move waits for its press, the offer made with it.
  await action(second, 'press').waitFor();
  assert.match(await second.locator('.play-controls .offer-note').innerText(), /White offers a draw/);
  await pressClock(second);
  await action(second, 'answer:no').waitFor();
  // Black touches the knight, then the tab goes: touch-move still binds in the next one.
  await second.locator('chess-board [data-square="b8"]').click();
  await savedContains(second, 'touch:b8');
  await second.close();

  const third = await context.newPage();
  third.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await third.goto(new URL('play.html', siteUrl()).href);
  await third.locator('.play-saved').waitFor();
  // "Start a new game" asks first; "no" goes back to the offer.
  await action(third, 'saved:new').click();
  await until(() => third.locator('.play-saved .confirm').innerText(), WORDS.en.ask);
  await action(third, 'saved:keep').click();
  await action(third, 'saved:continue').click();
  await action(third, 'resume-clock').click();
  await action(third, 'answer:no').waitFor();
  await third.evaluate(() => {
    window.__illegal = [];
    document.querySelector('chess-board').addEventListener('illegal-move', (e) => window.__illegal.push(e.detail.code));
  });
  await clickMove(third, 'd7', 'd6');
  await third.waitForFunction(() => window.__illegal.includes('touch-move-must-move'));
  await clickMove(third, 'b8', 'c6');
  await pressClock(third);
  assert.match(await sheet(third), /2\s+Nf3 \(=\)\s+Nc6/);
  // Black resigns: a finished game is not offered again.
  await action(third, 'resign:black').click();
  await action(third, 'resign-yes').click();
  await third.waitForSelector('.play-result:not([hidden])');
  await savedContains(third, 'resign:black');
  await third.reload();
  await third.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await action(third, 'start').waitFor();
  assert.equal(await third.locator('.play-saved').isHidden(), true);
  assert.equal(await third.locator('table.moves').count(), 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new game instead of the saved one: asked, then the saved game is gone', async () => {
  const { page, context, problems } = await openSitePage(browser, 'play.html', { lang: 'zh-CN', viewport: SIZES['zh-CN'] });
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await action(page, 'start').click();
  await clickMove(page, 'd2', 'd4');
  await pressClock(page);
  await savedContains(page, 'd2d4 press:white');
  await page.reload();
  await action(page, 'saved:new').click();
  await until(() => page.locator('.play-saved .confirm').innerText(), WORDS['zh-CN'].ask);
  await action(page, 'saved:discard').click();
  await action(page, 'start').waitFor();
  assert.equal(await page.locator('.play-saved').isHidden(), true);
  assert.equal(await page.locator('chess-board').evaluate((b) => b.fen()), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  assert.equal(await clock(page).evaluate((c) => c.state), 'ready');
  await page.waitForFunction(() => localStorage.getItem('qitong-play-game') === null);
  await page.reload();
  await action(page, 'start').waitFor();
  assert.equal(await page.locator('.play-saved').isHidden(), true);
  assert.deepEqual(problems, []);
  await context.close();
});

// localStorage that throws on every read and write (a blocked or private browser).
function throwingStorage() {
  for (const name of ['getItem', 'setItem']) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (...args) {
      if (this === window.localStorage) throw new DOMException('The operation is insecure.', 'SecurityError');
      return original.apply(this, args);
    };
  }
}

for (const lang of ['en', 'zh-CN']) {
  test(`storage that throws: the page says once that it cannot save, and still plays (${lang})`, async () => {
    const { page, context, problems } = await openSitePage(browser, 'play.html', { viewport: SIZES[lang], init: throwingStorage });
    await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
    if (lang === 'en') await action(page, 'lang').click();
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const note = page.locator('.play-note');
    await note.waitFor();
    assert.match(await note.innerText(), WORDS[lang].cannot);
    assert.equal(await note.getAttribute('role'), 'status');
    await action(page, 'start').click();
    await clickMove(page, 'e2', 'e4');
    await pressClock(page);
    await clickMove(page, 'e7', 'e5');
    await pressClock(page);
    assert.match(await sheet(page), /1\s+e4\s+e5/);
    // Said once: one note, not one per move.
    assert.equal(await page.locator('.play-note').count(), 1);
    assert.equal((await note.innerText()).split(WORDS[lang].once).length, 2);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, kind, record, said] of [
  ['en', 'damaged', '{"version":1,', 'damaged'],
  ['zh-CN', 'damaged', '{"version":1,', 'damaged'],
  ['en', 'newer', '{"version":99,"journal":"e2e4"}', 'newer'],
  ['zh-CN', 'newer', '{"version":99,"journal":"e2e4"}', 'newer'],
]) {
  test(`a ${kind} record is kept aside and said, never overwritten (${lang})`, async () => {
    const seed = (raw) => {
      if (!sessionStorage.getItem('seeded-game')) {
        sessionStorage.setItem('seeded-game', '1');
        localStorage.setItem('qitong-play-game', raw);
      }
    };
    const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, viewport: SIZES[lang], init: `(${seed})(${JSON.stringify(record)})` });
    const note = page.locator('.play-note');
    await note.waitFor();
    assert.match(await note.innerText(), WORDS[lang][said]);
    assert.equal(await page.evaluate(() => localStorage.getItem('qitong-play-game-damaged')), record);
    // The page plays on, and saves its own game now.
    await action(page, 'start').click();
    await clickMove(page, 'e2', 'e4');
    await savedContains(page, 'e2e4');
    assert.equal(await page.evaluate(() => localStorage.getItem('qitong-play-game-damaged')), record);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
