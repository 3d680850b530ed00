// Widgets far down a page start when the reader comes near them (issue 27: the embedding guide's
// dozen widgets, all built in its first seconds, were most of a slow phone's blocking time). On a
// class page of another origin: the board on the first screen draws at once; one far below does
// not until it is scrolled near; a script's method call starts a waiting board at once; a board
// in a hidden tab starts when the tab opens; one moved up the page starts there; a lesson far
// below starts (and fetches its file) only when scrolled near.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { launchBrowser, open, settle, siteUrl, until } from './browser.mjs';

const DRAWN = '[part~="board"] [data-square="e1"]';
/** A gap taller than two screens: what is past it is far. */
const GAP = '<div style="height: 4000px">…</div>';

const classSite = createServer((request, response) => {
  const site = new URL(siteUrl());
  const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Our class</title><link rel="icon" href="data:,">
<script type="module" src="${new URL('qitong-elements.js', site).href}"></script></head><body><h1>Our class</h1>
<chess-board id="top"></chess-board>
<div id="tab" hidden><chess-board id="tabbed"></chess-board></div>
${GAP}<chess-board id="far" fen="8/8/8/8/8/8/8/K6k w - - 0 1"></chess-board>
${GAP}<chess-board id="called"></chess-board>
${GAP}<chess-board id="moved"></chess-board>
${GAP}<chess-lesson id="lesson" src="${new URL('lessons/rook/moves.toml', site).href}"></chess-lesson>
</body></html>`;
  response.writeHead(request.url === '/' ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(request.url === '/' ? page : 'not found');
});

let browser;
before(async () => {
  browser = await launchBrowser();
  await new Promise((resolve) => classSite.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await browser?.close();
  classSite.close();
});

/** Whether the element `id` has built its widget (its shadow root holds anything). */
const started = (page, id) => page.locator(`#${id}`).evaluate((element) => (element.shadowRoot?.childElementCount ?? 0) > 0);

test('widgets far down a class page start when the reader comes near them', async () => {
  const { context, page, problems } = await open(browser, null, { viewport: { width: 390, height: 844 }, touch: true });
  const lessonFile = [];
  page.on('request', (request) => {
    if (request.url().endsWith('rook/moves.toml')) lessonFile.push(request.url());
  });
  await page.goto(`http://127.0.0.1:${classSite.address().port}/`);
  await page.locator(`#top ${DRAWN}`).waitFor();
  // Every module the page needs has arrived (the lessons' too) and two frames have passed: an
  // element that starts on its own has started by now.
  await page.waitForLoadState('networkidle');
  await settle(page);
  for (const id of ['far', 'called', 'moved', 'lesson', 'tabbed']) assert.equal(await started(page, id), false, `#${id} waits`);
  assert.deepEqual(lessonFile, [], 'the far lesson has not fetched its file');

  // A script calls a method of a waiting board: it starts there and then.
  const fen = await page.evaluate(() => document.getElementById('called').fen());
  assert.equal(fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await page.locator(`#called ${DRAWN}`).waitFor({ state: 'attached' });

  // The hidden tab opens: its board starts.
  await page.evaluate(() => {
    document.getElementById('tab').hidden = false;
  });
  await page.locator(`#tabbed ${DRAWN}`).waitFor();

  // Scrolled near, the far board starts, from its attribute.
  await page.locator('#far').scrollIntoViewIfNeeded();
  await page.locator('#far [part~="board"] [data-square="a1"]').waitFor();
  await until(() => page.locator('#far').evaluate((board) => board.fen()), '8/8/8/8/8/8/8/K6k w - - 0 1');

  // Moved to the top of the page before it started, a board starts there.
  await page.evaluate(() => {
    scrollTo(0, 0);
    document.body.prepend(document.getElementById('moved'));
  });
  await page.locator(`#moved ${DRAWN}`).waitFor();

  // The lesson starts, and fetches its file, when the reader gets to it.
  assert.equal(await started(page, 'lesson'), false);
  await page.locator('#lesson').scrollIntoViewIfNeeded();
  await page.locator('#lesson .lp-step').waitFor();
  assert.equal(lessonFile.length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});
