// Embedding on another school's site (issue 27 §3, issue 29): the guide's snippets on a class page
// of another origin, once from a host that sends CORS headers and once from one that does not;
// the computer opponent replying there (its worker is a same-origin blob: module); an element whose
// wasm does not arrive says so in the page's language and tries again; the computer's files
// missing or stalled is said on the board with a way to retry; a page whose module is missing
// says so; an embedded clock leaves Space to the page unless it has the focus; a quiz and a
// lesson in an iframe of the guide's stated size show every control.
//
// The hosts: the site itself (QITONG_SITE_URL, with `Access-Control-Allow-Origin: *`), and a
// proxy of it on another port, under a path that says how it behaves: `/cors/` adds the header,
// `/plain/` strips it (a plain static host), `/broken/` and `/stalled/` add it but answer the
// computer's wasm with a 404 or never. Class pages are served by a third origin.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { eventually, launchBrowser, open, settle, siteUrl, until } from './browser.mjs';

const SHOTS = '/tmp/shots-embed';
const KINDS = ['board', 'lesson', 'quiz', 'clock'];
const DRAWN = {
  board: '[part~="board"] [data-square="e1"]',
  lesson: '.lp-step',
  quiz: '.lp-step',
  clock: '.face.white .time',
};
/** The iframe sizes the guide states (embed.html#iframe), checked below. */
const FRAME_SIZES = { quiz: [720, 540], lesson: [900, 600] };

/** Class pages by path, on their own origin. */
const classPages = new Map();
const classSite = createServer((req, res) => {
  const page = classPages.get(req.url);
  res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(page ?? 'not found');
});

/** Requests the stalled host holds unanswered, ended when the tests end. */
const held = new Set();
/** Whether the broken host answers the computer's wasm with a 404 (else it serves it). */
let computerMissing = true;
const proxy = createServer((req, res) => {
  const [, mode, ...rest] = req.url.split('/');
  const path = `/${rest.join('/')}`;
  if (!['cors', 'plain', 'broken', 'stalled'].includes(mode)) {
    res.writeHead(404).end();
    return;
  }
  const computerWasm = path.includes('qitong_computer_bg.wasm');
  if (mode === 'broken' && computerWasm && computerMissing) {
    res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end('missing');
    return;
  }
  if (mode === 'stalled' && computerWasm) {
    held.add(res);
    return;
  }
  const upstream = new URL(siteUrl());
  const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path, method: req.method }, (answer) => {
    const headers = { ...answer.headers };
    delete headers['access-control-allow-origin'];
    if (mode !== 'plain') headers['access-control-allow-origin'] = '*';
    res.writeHead(answer.statusCode, headers);
    answer.pipe(res);
  });
  forward.on('error', () => res.writeHead(502).end());
  forward.end();
});

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = (server) => `http://127.0.0.1:${server.address().port}`;
const host = (mode) => `${origin(proxy)}/${mode}/`;

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  await listen(classSite);
  await listen(proxy);
});
after(async () => {
  for (const res of held) res.destroy();
  await browser?.close();
  classSite.close();
  proxy.close();
});

/** How these tests open a page (each loads its own): no service worker, so each host is asked
 *  for every file, as on a first visit; HTTP errors count as problems. */
const ORIGINS = { viewport: { width: 1100, height: 900 }, serviceWorkers: 'block', watch: { http: true } };

/** A class page on the class site's origin, with `body` in it; its URL. */
function classPage(name, body, lang = 'zh-CN') {
  classPages.set(`/${name}`, `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Our class</title><link rel="icon" href="data:,"></head><body><h1>Our class</h1>\n${body}\n</body></html>`);
  const url = `${origin(classSite)}/${name}`;
  assert.notEqual(new URL(url).origin, new URL(siteUrl()).origin);
  return url;
}

/** The guide on `guideHost`: its host check's verdict and its four snippets (script tag included). */
async function guideSnippets(guideHost, lang = 'zh-CN') {
  const { context, page, problems } = await open(browser, null, { ...ORIGINS, lang });
  await page.goto(new URL('embed.html', guideHost).href, { waitUntil: 'domcontentloaded' });
  const verdict = await until(() => page.evaluate(() => document.body.dataset.hostCheck), /^(no-)?cors$/, 'the host check');
  const says = await page.locator('.snippet-box .host-check').first().innerText();
  const snippets = {};
  for (const kind of [...KINDS, 'computer']) snippets[kind] = await page.locator(`#snippet-${kind}`).textContent();
  await page.screenshot({ path: `${SHOTS}/origins-guide-${new URL(guideHost).pathname.split('/')[1] || 'site'}-${lang}.png` });
  await context.close();
  return { verdict, says, snippets, problems };
}

const scriptTag = (snippet) => snippet.split('\n')[0];
const markup = (snippet) => snippet.split('\n').slice(1).join('\n');

/** Whether the element's own light-DOM text (the snippet's fallback line) is drawn on the page. */
const fallbackShown = (locator) =>
  locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getClientRects().length > 0 && el.textContent.trim().length > 0;
  });

/** Plays e2–e4 by clicking, then waits for the computer's reply (a black move). */
async function playE4AndWaitForReply(page, board = 'chess-board[opponent]') {
  const cell = (sq) => page.locator(`${board} [data-square="${sq}"]`);
  await cell('e2').click();
  await cell('e4').click();
  await until(() => page.locator(board).evaluate((b) => b.fen().split(' ')[1]), 'w', 'the computer replied with a black move');
  const pgn = await page.locator(board).evaluate((b) => b.pgn());
  assert.match(pgn, /1\. e4 \S+/, pgn);
}

test('from a host with CORS: the four snippets and the computer opponent work on another site', async () => {
  const guide = await guideSnippets(host('cors'));
  assert.equal(guide.verdict, 'cors');
  assert.match(guide.says, /✓/);
  assert.deepEqual(guide.problems, []);
  for (const kind of KINDS) assert.match(guide.snippets[kind], new RegExp(`<chess-${kind}[^>]*>[^<]*CORS[^<]*</chess-${kind}>`), `${kind}: a fallback line in the element`);
  const tag = scriptTag(guide.snippets.board);
  assert.match(guide.snippets.computer, /<chess-board opponent="computer"[^>]*>[^<]*CORS/);
  const body = [tag, ...[...KINDS, 'computer'].map((kind) => markup(guide.snippets[kind]))].join('\n');
  const { context, page, problems } = await open(browser, null, ORIGINS);
  await page.goto(classPage('with-cors', body), { waitUntil: 'domcontentloaded' });
  for (const kind of KINDS) {
    const element = page.locator(`chess-${kind}`).first();
    await element.locator(DRAWN[kind]).first().waitFor();
    await until(() => fallbackShown(element), false, `${kind}: the fallback line is hidden once the element starts`);
  }
  await playE4AndWaitForReply(page);
  await page.screenshot({ path: `${SHOTS}/origins-with-cors.png`, fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('from a host without CORS: the guide says it will not work, and the pasted elements say what to check', async () => {
  for (const lang of ['zh-CN', 'en']) {
    const guide = await guideSnippets(host('plain'), lang);
    assert.equal(guide.verdict, 'no-cors');
    assert.match(guide.says, lang === 'en' ? /does not send the CORS header.*dist\//s : /没有发送 CORS 响应头.*dist\//s);
    // On its own site the guide's examples work: only other sites are refused.
    assert.deepEqual(guide.problems, []);
    const tag = scriptTag(guide.snippets.board);
    assert.ok(tag.includes(host('plain')), tag);
    const body = [tag, ...[...KINDS, 'computer'].map((kind) => markup(guide.snippets[kind]))].join('\n');
    const { context, page } = await open(browser, null, ORIGINS);
    await page.goto(classPage(`without-cors-${lang}`, body, lang), { waitUntil: 'load' });
    for (const kind of KINDS) {
      const element = page.locator(`chess-${kind}`).first();
      await until(() => fallbackShown(element), true, `${kind}: the fallback line shows`);
      const text = await element.innerText();
      assert.match(text, lang === 'en' ? /Check that the script address.*CORS.*dist\//s : /script 的网址.*CORS.*dist\//s, kind);
    }
    await until(() => fallbackShown(page.locator('chess-board[opponent]')), true, 'the computer\'s board: the fallback line shows');
    // The browser refused the script: no element started.
    await until(() => page.evaluate(() => customElements.get('chess-board') === undefined), true);
    await page.screenshot({ path: `${SHOTS}/origins-without-cors-${lang}.png`, fullPage: true });
    await context.close();
  }
});

test('the script loads but a wasm module does not: each element says so in the page\'s language and tries again', async () => {
  for (const lang of ['zh-CN', 'en']) {
    const body = `<script type="module" src="${host('cors')}qitong-elements.js"></script>
<chess-board fen="start"></chess-board>
<chess-clock time-control="5+3"></chess-clock>
<chess-quiz src="${host('cors')}lessons/rook/moves.toml" step="7"></chess-quiz>`;
    const { context, page } = await open(browser, null, ORIGINS);
    // The wasm files are refused until the child presses "try again".
    let refuse = true;
    await context.route(/_bg\.wasm$/, (route) => (refuse ? route.abort() : route.continue()));
    await page.goto(classPage(`no-wasm-${lang}`, body, lang), { waitUntil: 'domcontentloaded' });
    const said = lang === 'en' ? /could not load.*Check the internet connection/ : /没能加载出来.*请检查网络/;
    const notes = { board: page.locator('chess-board [data-qitong-note]'), clock: page.locator('chess-clock [data-qitong-note]'), quiz: page.locator('chess-quiz [data-qitong-note]') };
    for (const [kind, note] of Object.entries(notes)) {
      await note.waitFor();
      assert.match(await note.innerText(), said, kind);
    }
    await page.screenshot({ path: `${SHOTS}/origins-no-wasm-${lang}.png`, fullPage: true });
    refuse = false;
    for (const kind of ['board', 'clock', 'quiz']) {
      await notes[kind].getByRole('button', { name: lang === 'en' ? 'Try again' : '再试一次' }).click();
      await page.locator(`chess-${kind}`).locator(DRAWN[kind]).first().waitFor();
    }
    await context.close();
  }
});

test('the computer\'s wasm is missing: the board says so and its button asks again', async () => {
  for (const lang of ['zh-CN', 'en']) {
    computerMissing = true;
    const body = `<script type="module" src="${host('broken')}qitong-elements.js"></script>
<chess-board opponent="computer" level="1"></chess-board>`;
    const { context, page } = await open(browser, null, ORIGINS);
    await page.goto(classPage(`computer-missing-${lang}`, body, lang), { waitUntil: 'domcontentloaded' });
    const board = page.locator('chess-board');
    await board.locator(DRAWN.board).waitFor();
    await board.locator('[data-square="e2"]').click();
    await board.locator('[data-square="e4"]').click();
    const bubble = board.locator('.bubble');
    const said = lang === 'en' ? /The computer could not play.*Try again/ : /电脑没能下棋.*再试一次/;
    await until(() => bubble.locator('p').innerText(), said, 'the board says the computer could not play');
    await until(() => board.evaluate((b) => b.hasAttribute('thinking')), false);
    await page.screenshot({ path: `${SHOTS}/origins-computer-missing-${lang}.png` });
    // The file is back: the bubble's button asks again, and the computer answers.
    computerMissing = false;
    await bubble.getByRole('button', { name: lang === 'en' ? 'Try again' : '再试一次' }).click();
    await until(() => board.evaluate((b) => b.fen().split(' ')[1]), 'w', 'the computer replied after the retry');
    await context.close();
  }
});

test('the computer\'s wasm stalls: the question times out, and the board says so', async () => {
  const body = `<script type="module" src="${host('stalled')}qitong-elements.js"></script>
<chess-board opponent="computer" level="1"></chess-board>`;
  const { context, page } = await open(browser, null, { ...ORIGINS, clock: true });
  await page.goto(classPage('computer-stalled', body), { waitUntil: 'domcontentloaded' });
  const board = page.locator('chess-board');
  await board.locator(DRAWN.board).waitFor();
  await board.locator('[data-square="e2"]').click();
  await board.locator('[data-square="e4"]').click();
  await until(() => board.evaluate((b) => b.hasAttribute('thinking')), true, 'the computer thinks');
  // Past the stated limit (30 s plus the move's time), the question fails as such.
  await page.clock.fastForward(65_000);
  await until(() => board.locator('.bubble p').innerText(), /电脑想了太久/, 'the board says the computer did not answer in time');
  await until(() => board.evaluate((b) => b.hasAttribute('thinking')), false);
  await board.locator('.bubble').getByRole('button', { name: '再试一次' }).waitFor();
  await context.close();
});

test('play.html: the computer\'s wasm stalls, the question times out, and the page offers to ask again', async () => {
  // The whole site from the stalled host: its worker is same-origin there, its wasm never comes.
  const { context, page } = await open(browser, null, { ...ORIGINS, lang: 'en', clock: true });
  await page.goto(`${host('stalled')}play.html`, { waitUntil: 'domcontentloaded' });
  const action = (name) => page.locator(`[data-act="${name}"]`);
  await action('opponent:computer').click();
  await action('side:white').click();
  await action('level:1').click();
  await action('begin').click();
  await action('begin').waitFor({ state: 'detached' });
  await page.locator('chess-board [data-square="e2"]').click();
  await page.locator('chess-board [data-square="e4"]').click();
  await page.locator('.thinking').waitFor();
  await page.clock.fastForward(65_000);
  await action('retry').waitFor();
  await until(() => page.locator('.thinking').count(), 0, 'no longer "thinking"');
  await context.close();
});

test('a page whose module cannot be downloaded says so', async () => {
  for (const [path, file] of [
    ['index.html', /\/pkg\/qitong_home\.js$/],
    ['play.html', /\/pkg\/qitong\.js$/],
  ]) {
    const { context, page } = await open(browser, null, ORIGINS);
    await context.route(file, (route) => route.fulfill({ status: 404, body: 'missing' }));
    await page.goto(new URL(path, siteUrl()).href, { waitUntil: 'domcontentloaded' });
    const note = page.locator('.load-failed[role="alert"]');
    await note.waitFor();
    assert.match(await note.innerText(), /没能加载出来.*could not load/s, path);
    await until(() => page.locator('.hm-loading').count(), 0, `${path}: no "loading" left`);
    await context.close();
  }
});

test('an embedded clock leaves Space to the page until it has the focus', async () => {
  const filler = '<p style="height: 150vh">Homework: play a game with the clock.</p>';
  const url = classPage('clock-space', `<script type="module" src="${host('cors')}qitong-elements.js"></script>
<chess-clock time-control="5+3"></chess-clock>${filler}`);
  const { context, page } = await open(browser, null, { ...ORIGINS, viewport: { width: 900, height: 700 } });
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  const clock = page.locator('chess-clock');
  await clock.locator(DRAWN.clock).waitFor();
  await until(() => page.evaluate(() => document.activeElement === document.body), true);
  await page.keyboard.press('Space');
  // Space scrolls smoothly: wait until the page stands still, scrolled.
  const resting = () =>
    page.evaluate(() => new Promise((done) => {
      const y = scrollY;
      requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY === y ? y : -1)));
    }));
  await until(resting, (y) => y > 0, 'Space scrolled the page');
  assert.equal(await clock.evaluate((c) => c.state), 'ready', 'the clock did not start');
  await clock.locator('.face.white').focus();
  const before = await until(resting, (y) => y >= 0, 'the page stands still');
  await page.keyboard.press('Space');
  await until(() => clock.evaluate((c) => c.running), 'white', 'Space with the focus in the clock is Black\'s start press');
  assert.equal(await until(resting, (y) => y >= 0, 'the page stands still'), before, 'and the page did not scroll');
  await context.close();

  // In its own frame the clock is all there is: it takes the focus, and Space starts it.
  const framed = await open(browser, null, { ...ORIGINS, viewport: { width: 400, height: 460 } });
  await framed.page.goto(`${host('cors')}frame.html?clock=5+3`, { waitUntil: 'domcontentloaded' });
  const alone = framed.page.locator('chess-clock');
  await alone.locator(DRAWN.clock).waitFor();
  await until(() => framed.page.evaluate(() => document.activeElement?.localName), 'chess-clock', 'the clock has the focus');
  await framed.page.keyboard.press('Space');
  await until(() => alone.evaluate((c) => c.running), 'white', 'Space starts the framed clock');
  await framed.context.close();
});

for (const kind of ['quiz', 'lesson']) {
  test(`a ${kind} in an iframe of the guide's stated size shows every control`, async () => {
    const [width, height] = FRAME_SIZES[kind];
    // The guide states this size.
    const { context: guideContext, page: guidePage } = await open(browser, null, ORIGINS);
    await guidePage.goto(new URL('embed.html', siteUrl()).href, { waitUntil: 'domcontentloaded' });
    const sizes = await guidePage.locator('#iframe .frame-ref').innerText();
    assert.ok(sizes.includes(`width="${width}" height="${height}"`), `the guide states ${width}×${height} for ${kind}`);
    await guideContext.close();

    const src = kind === 'quiz' ? 'frame.html?quiz=rook/moves&step=7' : 'frame.html?lesson=rook/moves';
    const url = classPage(`frame-${kind}`, `<iframe src="${new URL(src, host('cors')).href}" width="${width}" height="${height}" title="Chess" style="border: 0"></iframe>`);
    for (const lang of ['zh-CN', 'en']) {
      const { context, page } = await open(browser, null, { ...ORIGINS, lang });
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      const frame = await (await page.waitForSelector('iframe')).contentFrame();
      const widget = frame.locator(`chess-${kind}`);
      await widget.locator('.lp-step').waitFor();
      if (kind === 'quiz') {
        // A wrong answer brings the "try again" button (the one that sat under the footer).
        const options = widget.locator('[data-act^="choose:"]');
        await options.first().waitFor();
        const count = await options.count();
        for (let i = 0; i < count; i += 1) {
          await options.nth(i).click();
          if (await widget.locator('[data-act="retry"]').count()) break;
        }
        await widget.locator('[data-act="retry"]').waitFor();
      }
      await settle(page);
      const blocked = await eventually(async () => {
        const report = await frame.evaluate(() => {
          const roots = [document, ...[...document.querySelectorAll('chess-quiz, chess-lesson')].map((w) => w.shadowRoot)];
          const controls = roots.flatMap((r) => [...r.querySelectorAll('button, a[href], input, select, [role="button"]')]).filter((c) => c.checkVisibility() && c.getClientRects().length > 0 && !c.closest('[data-square]'));
          const problems = [];
          for (const control of controls) {
            const box = control.getBoundingClientRect();
            const name = `${control.tagName} ${control.textContent.trim().slice(0, 30) || control.getAttribute('aria-label')}`;
            if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) {
              problems.push(`${name} outside the frame (${Math.round(box.top)}–${Math.round(box.bottom)} of ${innerHeight})`);
              continue;
            }
            const root = control.getRootNode();
            const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (!hit || !(hit === control || control.contains(hit))) problems.push(`${name} covered by ${hit?.tagName}.${hit?.className}`);
          }
          return { count: controls.length, problems };
        });
        assert.ok(report.count >= 3, `${report.count} controls`);
        assert.deepEqual(report.problems, []);
        return report;
      });
      assert.ok(blocked);
      await page.screenshot({ path: `${SHOTS}/origins-frame-${kind}-${lang}.png` });
      await context.close();
    }
  });
}
