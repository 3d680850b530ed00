// <chess-clock> alone, as it stands next to a wooden board: Black starts it, Space presses it (focus in the clock),
// the arbiter pauses it, and a flag falls with the right verdict. Time is Playwright's fake clock.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityViolations, launchBrowser, until } from './browser.mjs';
import { openSitePage } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function clockPage(html, lang = 'en') {
  // points.html: a page with no boards to take away (a board freed under the fake clock
  // may still get its pending frame).
  const opened = await openSitePage(browser, 'points.html', { viewport: { width: 900, height: 700 }, bypassCSP: true });
  await opened.page.waitForSelector('#points-after-a');
  await opened.page.evaluate(async ({ html, lang }) => {
    // The points page has no elements of its own: the clock's come from the elements' script.
    await import(new URL('qitong-elements.js', document.baseURI).href);
    document.documentElement.lang = lang;
    document.body.innerHTML = `<main><h1>Clock</h1>${html}</main>`;
    // A clock put in the page later is defined once its module has loaded.
    if (html.includes('<chess-clock')) await customElements.whenDefined('chess-clock');
    window.__events = [];
    for (const type of ['press', 'flag', 'pause', 'resume']) {
      document.body.addEventListener(type, (e) => window.__events.push({ type, detail: e.detail, composed: e.composed }));
    }
  }, { html, lang });
  return opened;
}

const events = (page) => page.evaluate(() => window.__events);

test('Black starts the clock, Space presses it, the arbiter pauses it, a flag falls', async () => {
  const { page, context, problems } = await clockPage('<chess-clock time-control="0.5+2"></chess-clock>');
  const clock = page.locator('chess-clock');
  await until(() => clock.locator('.face.white .time').textContent(), '0:30');
  await until(() => clock.evaluate((c) => c.timeControl), '0.5+2');
  // White may not start it.
  await clock.locator('.face.white').click();
  await until(() => clock.locator('.alert').textContent(), /Black starts the clock/);
  await until(() => clock.evaluate((c) => c.state), 'ready');
  // Space with the focus in the clock (Tab to a face) is Black's start press; with nothing
  // focused it is the page's (embed_origins.test.mjs).
  await clock.locator('.face.white').focus();
  // From Black's press to White's, time moves only by runFor: White's time then does not depend
  // on how long a busy machine takes between the inputs. (Paused, no animation frame comes
  // either: the time flows again right after.)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  await page.keyboard.press('Space');
  await until(() => clock.evaluate((c) => c.running), 'white');
  await page.clock.runFor(5_000);
  await page.keyboard.press('Space');
  await until(() => clock.evaluate((c) => c.running), 'black');
  await page.clock.resume();
  const presses = await until(async () => (await events(page)).filter((e) => e.type === 'press'), (all) => all.length >= 2, 'two press events');
  assert.deepEqual(presses.map((e) => e.detail.side), ['black', 'white']);
  // White had 30 s, used 5 s (runFor) and got 2 s back.
  assert.ok(presses[1].detail.white > 26_000 && presses[1].detail.white <= 27_000, `${presses[1].detail.white}`);
  assert.equal(presses[1].composed, true);
  await until(() => clock.locator('.face.white .time').textContent(), /^0:2[67]$/);
  await until(() => clock.locator('.face.black').getAttribute('aria-pressed'), 'true');

  // The arbiter pauses: time stands still and presses are refused.
  await clock.locator('.pause').click();
  await until(() => clock.evaluate((c) => c.state), 'paused');
  await page.clock.runFor(60_000);
  await page.keyboard.press('Space');
  await until(() => clock.locator('.alert').textContent(), /paused/);
  const left = await clock.evaluate((c) => c.remaining('black'));
  await page.clock.runFor(5_000);
  await until(() => clock.evaluate((c) => c.remaining('black')), left);
  await clock.locator('.pause').click();
  await until(() => clock.evaluate((c) => c.state), 'running');
  await until(async () => (await events(page)).filter((e) => e.type === 'pause' || e.type === 'resume').length, 2);

  // Black runs out: a flag, with the verdict unknown (no position given) → White wins.
  await page.clock.runFor(31_000);
  const flag = await until(async () => (await events(page)).find((e) => e.type === 'flag'), Boolean, 'a flag event');
  assert.equal(flag.detail.side, 'black');
  assert.equal(flag.detail.opponentCanMate, null);
  assert.equal(flag.detail.result, '1-0');
  assert.match(flag.detail.message, /White wins/);
  await until(() => clock.evaluate((c) => c.state), 'stopped');
  await until(() => clock.locator('.face.black .time').textContent(), '0.0');
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a flag against a lone king is a draw; the clock speaks Chinese and resets', async () => {
  const { page, context, problems } = await clockPage(
    '<chess-clock time-control="1+0" fen="4k3/8/8/8/8/8/8/4K2Q w - - 0 1"></chess-clock>', 'zh-CN');
  const clock = page.locator('chess-clock');
  assert.equal(await clock.evaluate((c) => c.start()), true);
  await until(() => clock.locator('.status').textContent(), /白方的时间在走/);
  await page.clock.runFor(61_000);
  const flag = await until(async () => (await events(page)).find((e) => e.type === 'flag'), Boolean, 'a flag event');
  assert.equal(flag.detail.side, 'white');
  assert.equal(flag.detail.opponentCanMate, false);
  assert.equal(flag.detail.result, '1/2-1/2');
  assert.match(flag.detail.message, /和棋/);
  await clock.evaluate((c) => c.reset('5d3'));
  await until(() => clock.locator('.face.white .time').textContent(), '5:00');
  await until(() => clock.evaluate((c) => c.state), 'ready');
  await assert.rejects(clock.evaluate((c) => c.reset('soon')), /time control/);
  const refused = await clock.evaluate((c) => { try { c.reset('soon'); return null; } catch (e) { return e.code; } });
  assert.equal(refused, 'INVALID_ARGUMENT', 'a documented code (docs/api.md, Error codes)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a huge time-control attribute is refused by its length with a short warning, and the clock kept', async () => {
  // Issue 29 §8: the attribute was copied into the wasm whole, and its warning repeated it.
  const { page, context, problems } = await clockPage('<chess-clock time-control="5d3"></chess-clock>');
  const clock = page.locator('chess-clock');
  await until(() => clock.locator('.face.white .time').textContent(), '5:00');
  await clock.evaluate((c) => c.setAttribute('time-control', '棋'.repeat(1 << 20)));
  const warnings = await until(() => problems.filter((p) => p.startsWith('console warning')), (w) => w.length > 0, 'a warning');
  assert.equal(warnings.length, 1, warnings.join('\n').slice(0, 500));
  assert.match(warnings[0], /TOO_LARGE: <chess-clock time-control> is 1048576 characters long: at most 64 bytes/);
  assert.ok(warnings[0].length < 200, `a warning of ${warnings[0].length} characters`);
  assert.equal(await clock.evaluate((c) => c.remaining('white')), 300_000);
  // A real value afterwards still works.
  await clock.evaluate((c) => c.setAttribute('time-control', '1+0'));
  await until(() => clock.locator('.face.white .time').textContent(), '1:00');
  assert.deepEqual(problems.filter((p) => !p.startsWith('console warning')), []);
  await context.close();
});
