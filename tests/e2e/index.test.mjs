// The first page in real Chromium: the course map drawn by our Rust code (the lessons module),
// with no errors, served from the working tree and from dist/ under a sub-path; and the app
// module's exports (loaded by hand here: the first page no longer needs them).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityViolations, distUrl, launchBrowser, openPage, siteUrl, until } from './browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const [where, url] of [['the working tree', siteUrl], ['dist/ under a sub-path', distUrl]]) {
  describe(`index.html from ${where}`, () => {
    test('shows the course map: 20 stages and the button to start', async () => {
      const { page, problems } = await openPage(browser, url());
      await page.locator('.hm-trail').waitFor();
      await until(() => page.locator('.hm-stop').count(), 20);
      await until(() => page.locator('.hm-stop a.hm-card').count(), 20);
      await until(() => page.locator('#hm-continue').getAttribute('href'), 'lesson.html#/board/squares/1');
      await until(async () => (await page.locator('.hm-stop .hm-piece > svg').count()) > 10, true, 'stages show their pieces');
      assert.deepEqual(problems, []);
      await page.close();
    });

    test('has a language, a favicon, the wasm as application/wasm, and only relative URLs', async () => {
      const { page, problems, responses } = await openPage(browser, url());
      await page.locator('.hm-trail').waitFor();
      await until(() => page.getAttribute('html', 'lang'), 'zh-CN');
      const icon = await page.getAttribute('link[rel="icon"]', 'href');
      const iconResponse = await page.request.get(new URL(icon, page.url()).href);
      assert.equal(iconResponse.status(), 200);
      assert.match(iconResponse.headers()['content-type'], /^image\/svg\+xml/);
      const wasm = responses.find((r) => r.url().endsWith('/pkg/qitong_home_bg.wasm'));
      assert.ok(wasm, 'the page loaded pkg/qitong_home_bg.wasm');
      assert.equal(wasm.headers()['content-type'], 'application/wasm');
      for (const response of responses) {
        assert.ok(response.url().startsWith(url()), `${response.url()} is outside ${url()}`);
      }
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}

test('axe-core finds no accessibility violations on the first page', async () => {
  // axe-core is injected as an inline script, which the page's Content-Security-Policy forbids.
  const context = await browser.newContext({ bypassCSP: true });
  const { page, problems } = await openPage(context, siteUrl());
  await page.locator('.hm-trail').waitFor();
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('exports throw a JS Error with a stable code for garbage, and keep working', async () => {
  const { page, problems } = await openPage(browser, siteUrl());
  await page.locator('.hm-trail').waitFor();
  const outcome = await page.evaluate(async () => {
    const api = await import(new URL('pkg/qitong.js', document.baseURI).href);
    await api.default();
    const board = document.body.appendChild(document.createElement('div'));
    api.mountBoard(board);
    const attempt = (call) => {
      try {
        call();
        return 'no error';
      } catch (error) {
        return { isError: error instanceof Error, code: error.code, message: error.message };
      }
    };
    return {
      badFen: attempt(() => api.mountBoard(board, 'this is not a board')),
      badRank: attempt(() => api.boardPieces('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP')),
      notAnElement: attempt(() => api.mountBoard({ innerHTML: '' })),
      piecesAfterwards: api.boardPieces().length,
      piecesOnBoard: board.querySelectorAll('.qt-square > .qt-piece').length,
    };
  });
  assert.equal(outcome.badFen.isError, true);
  assert.equal(outcome.badFen.code, 'INVALID_FEN');
  assert.match(outcome.badFen.message, /^invalid FEN placement: /);
  assert.equal(outcome.badRank.code, 'INVALID_FEN');
  assert.match(outcome.badRank.message, /8 ranks/);
  assert.equal(outcome.notAnElement.isError, true);
  assert.equal(outcome.notAnElement.code, 'NOT_AN_ELEMENT');
  assert.equal(outcome.piecesAfterwards, 32);
  assert.equal(outcome.piecesOnBoard, 32, 'a rejected call leaves the board as it was');
  assert.deepEqual(problems, []);
  await page.close();
});
