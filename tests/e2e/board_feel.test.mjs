// <chess-board>'s feel and its contract: moves slide (unless the reader asked for reduced
// motion), destinations preview under the mouse, sounds are generated and muted by default, and
// custom-elements.json describes the element as it is.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, siteUrl, until } from './browser.mjs';
import { boardsPage, cell, clickSquare, events, pieceOn, settle } from './board_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Records the transforms the board animates pieces from.
const WATCH_ANIMATIONS = () => {
  window.__slides = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function watchedAnimate(keyframes, options) {
    window.__slides.push(keyframes[0].transform);
    return animate.call(this, keyframes, options);
  };
};

async function slidesOfAMove(reducedMotion) {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" fen="4k3/8/8/8/8/8/8/4K2R w K - 0 1"></chess-board>', { reducedMotion, init: WATCH_ANIMATIONS });
  await clickSquare(page, 'b', 'e1');
  await clickSquare(page, 'b', 'g1');
  // The slides start as the move is drawn: once the king stands on g1.
  await until(() => page.locator('#b [data-square="g1"] .piece').getAttribute('data-piece'), 'K');
  await until(() => page.locator('#b [data-square="f1"] .piece').getAttribute('data-piece'), 'R');
  const slides = await page.evaluate(() => window.__slides);
  assert.deepEqual(problems, []);
  await context.close();
  return slides;
}

test('a move slides into place (castling: king and rook), except for readers who prefer reduced motion', async () => {
  assert.deepEqual(await slidesOfAMove('no-preference'), ['translate(-200%, 0%)', 'translate(200%, 0%)']);
  assert.deepEqual(await slidesOfAMove('reduce'), []);
});

test('hovering or focusing a destination previews the piece there', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  await clickSquare(page, 'b', 'g1');
  const preview = page.locator('#b .preview');
  await until(() => cell(page, 'b', 'f3').getAttribute('class'), /\bdest\b/, 'the knight is picked up');
  await until(() => preview.isVisible(), false);
  const box = await cell(page, 'b', 'f3').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await settle(page);
  await until(() => preview.isVisible(), true);
  await until(() => preview.boundingBox(), (placed) => Math.abs(placed.x - box.x) < 1 && Math.abs(placed.y - box.y) < 1, 'over f3');
  await page.mouse.move(box.x + box.width / 2, box.y - box.height * 2);
  await settle(page);
  await until(() => preview.isVisible(), false, 'g5 is no destination');
  assert.deepEqual(problems, []);
  await context.close();
});

// Counts the oscillators the page starts.
const WATCH_AUDIO = () => {
  window.__beeps = 0;
  const create = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function createOscillator() {
    window.__beeps += 1;
    return create.call(this);
  };
};

test('sounds are WebAudio beeps, only with the sound attribute', async () => {
  const html = '<chess-board id="quiet"></chess-board><chess-board id="loud" sound></chess-board>';
  const { page, context, problems } = await boardsPage(browser, html, { init: WATCH_AUDIO });
  await clickSquare(page, 'quiet', 'e2');
  await clickSquare(page, 'quiet', 'e4');
  await clickSquare(page, 'quiet', 'f1');
  await clickSquare(page, 'quiet', 'c4');
  // The quiet board did move and refuse (so it had its chances to beep).
  await until(() => pieceOn(page, 'quiet', 'e4'), 'P');
  await until(async () => (await events(page, 'illegal-move')).filter((e) => e.board === 'quiet').length, 1, 'the quiet board refused f1');
  const beeps = () => page.evaluate(() => window.__beeps);
  await until(beeps, 0, 'muted by default');
  await clickSquare(page, 'loud', 'e2');
  await clickSquare(page, 'loud', 'e4');
  await until(beeps, 1, 'a move: one beep');
  await clickSquare(page, 'loud', 'f8');
  await clickSquare(page, 'loud', 'c5');
  await until(beeps, 2, 'a refusal: one low buzz');
  await page.evaluate(() => {
    document.getElementById('loud').sound = false;
  });
  await clickSquare(page, 'loud', 'e7');
  await clickSquare(page, 'loud', 'e5');
  await until(() => pieceOn(page, 'loud', 'e5'), 'p');
  await until(beeps, 2, 'switched off again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('custom-elements.json documents the element as it is', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  const response = await page.request.get(new URL('custom-elements.json', siteUrl()).href);
  const manifest = await response.json();
  const [module] = manifest.modules;
  const [element] = module.declarations;
  assert.equal(module.path, 'qitong-elements.js');
  assert.equal(element.tagName, 'chess-board');
  const actual = await page.evaluate(() => {
    const Board = customElements.get('chess-board');
    const board = document.getElementById('b');
    return {
      observed: Board.observedAttributes,
      methods: Object.getOwnPropertyNames(Board.prototype).filter(
        (n) => n !== 'constructor' && typeof Object.getOwnPropertyDescriptor(Board.prototype, n).value === 'function',
      ),
      parts: [...new Set([...board.shadowRoot.querySelectorAll('[part]')].flatMap((el) => el.getAttribute('part').split(' ')))],
    };
  });
  assert.deepEqual(element.attributes.map((a) => a.name).sort(), [...actual.observed].sort());
  const documented = element.members.filter((m) => m.kind === 'method').map((m) => m.name);
  for (const method of documented) assert.ok(actual.methods.includes(method), `${method} exists`);
  for (const method of ['setPosition', 'move', 'undo', 'flip', 'fen', 'pgn', 'setShapes']) assert.ok(documented.includes(method), `${method} documented`);
  assert.deepEqual(element.events.map((e) => e.name), ['move', 'illegal-move', 'game-over', 'select', 'played']);
  const parts = element.cssParts.map((p) => p.name);
  for (const part of actual.parts) assert.ok(parts.includes(part), `part ${part} documented`);
  const css = await page.evaluate(() => document.getElementById('b').shadowRoot.querySelector('style').textContent);
  for (const property of element.cssProperties.map((p) => p.name)) {
    assert.ok(css.includes(property) || property.startsWith('--qt-white') || property.startsWith('--qt-black'), `${property} is used`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('moved within the page a board keeps its game; removed, it lets go, and put back it starts afresh', async () => {
  const html = '<div id="left"><chess-board id="b"></chess-board></div><div id="right"></div>';
  const { page, context, problems } = await boardsPage(browser, html, { init: () => {
    window.__errors = [];
    window.addEventListener('error', (e) => window.__errors.push(e.message));
  } });
  await page.evaluate(() => document.getElementById('b').move('e4'));
  await page.evaluate(() => document.getElementById('right').append(document.getElementById('b')));
  await settle(page);
  await until(() => page.evaluate(() => document.getElementById('b').fen()), /4P3/, 'moved: same game');
  await clickSquare(page, 'b', 'e7');
  await clickSquare(page, 'b', 'e5');
  await until(() => page.evaluate(() => document.getElementById('b').fen()), /4p3\/4P3/, 'still playable after the move');
  // Removed, the board lets go of its game soon after (not in the same task: a board moved
  // within the page is removed and put back at once); wait for that, then put it back.
  await page.evaluate(() => {
    window.__removed = document.getElementById('b');
    window.__removed.remove();
  });
  const released = () => page.evaluate(() => {
    try {
      window.__removed.fen();
      return null;
    } catch (e) {
      return e.code;
    }
  });
  await until(released, (code) => code !== null, 'the removed board lets go of its game');
  assert.equal(await released(), 'NOT_CONNECTED');
  const restoredFen = await page.evaluate(() => {
    document.body.append(window.__removed);
    return window.__removed.fen();
  });
  assert.equal(restoredFen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await settle(page);
  await clickSquare(page, 'b', 'd2');
  await clickSquare(page, 'b', 'd4');
  await until(() => page.locator('#b [data-square="d4"] .piece').getAttribute('data-piece'), 'P');
  // Resizing never makes the browser report a ResizeObserver loop.
  await page.setViewportSize({ width: 500, height: 900 });
  await settle(page);
  await settle(page);
  await until(() => page.evaluate(() => window.__errors), []);
  assert.deepEqual(problems, []);
  await context.close();
});
