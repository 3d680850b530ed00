// The embed guide (www/embed.html) and the iframe page (www/frame.html): every live example
// renders; every snippet, pasted into a blank page on another site, makes the same widget; the
// reference tables say what custom-elements.json says; the copy buttons copy (or select); the
// frame shows each widget kind and a friendly note for a bad address; both languages; no console
// errors or CSP violations; axe clean. Screenshots go to /tmp/shots-embed/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { accessibilityViolations, eventually, launchBrowser, open, settle, siteUrl, until } from './browser.mjs';

const SHOTS = '/tmp/shots-embed';
const KINDS = ['board', 'lesson', 'quiz', 'clock'];
/** The guide's snippets in order: the four kinds, the board against the computer, the iframe. */
const SNIPPETS = ['board', 'computer', 'lesson', 'quiz', 'clock', 'iframe'];
const TAG = { board: 'chess-board', computer: 'chess-board', lesson: 'chess-lesson', quiz: 'chess-quiz', clock: 'chess-clock' };
/** How the guide's tests open a page: CSP violations, console warnings, failed requests and HTTP
 *  errors count as problems; 'domcontentloaded', as the callers wait for the widgets themselves (a
 *  CI run once stalled on embed.html's load event, with no request left pending). */
const GUIDE = { csp: true, waitUntil: 'domcontentloaded', watch: { warnings: true, requests: true, http: true } };
/** What shows that each kind of widget has drawn itself. */
const DRAWN = {
  board: 'chess-board [part~="board"] [data-square="e1"]',
  lesson: 'chess-lesson .lp-step',
  quiz: 'chess-quiz .lp-step',
  clock: 'chess-clock .face.white .time',
};
/** Blank class pages on another site (this machine, another port: another origin), by path. */
const classPages = new Map();
const otherSite = createServer((request, response) => {
  const page = classPages.get(request.url);
  response.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(page ?? 'not found');
});

let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  await new Promise((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await browser?.close();
  otherSite.close();
});

/** Scrolls to each live example, as a reader does (the guide's widgets far down start as they come near), and waits for it. */
async function guideDrawn(page) {
  const drawn = async (kind, selector) => {
    await page.locator(`[data-example="${kind}"]`).scrollIntoViewIfNeeded();
    await page.locator(`[data-example="${kind}"] ${selector}`).first().waitFor();
  };
  for (const kind of KINDS) await drawn(kind, DRAWN[kind]);
  await drawn('computer', DRAWN.board);
  // The iframe example is `loading="lazy"` too.
  await page.locator('[data-example="iframe"]').scrollIntoViewIfNeeded();
  await page.frameLocator('[data-example="iframe"] iframe').locator(DRAWN.board).waitFor();
  // The squares are built before the first draw fills them (and the fouls line): wait for it.
  await settle(page);
}

/** The text a widget shows (its shadow tree), to compare two copies of it. */
function widgetText(page, selector) {
  return page.locator(selector).first().evaluate((el) => el.shadowRoot.textContent.replace(/\s+/g, ' ').trim());
}

for (const lang of ['zh-CN', 'en']) {
  test(`the guide in ${lang}: every live example renders, no errors, axe clean, screenshots`, async () => {
    const { context, page, problems } = await open(browser, 'embed.html', { ...GUIDE, lang });
    await guideDrawn(page);
    await until(() => page.evaluate(() => document.documentElement.lang), lang);
    const title = await page.locator('main > header h1').innerText();
    assert.match(title, lang === 'en' ? /Put Qitong on your class web site/ : /把棋童放进你的班级网页/);
    // The widgets speak the page's language too.
    await until(() => widgetText(page, '[data-example="clock"] chess-clock'), lang === 'en' ? /Black/ : /黑/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      // The widgets refit at a frame after the resize: wait for the page to fit.
      await eventually(async () => {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `nothing sticks out sideways at ${width} px (${overflow})`);
      });
      await page.screenshot({ path: `${SHOTS}/guide-${lang}-${width}.png`, fullPage: true });
    }
    assert.deepEqual(problems, []);
    await context.close();

    // axe-core is an inline script: only this second look bypasses the page's CSP.
    const axe = await open(browser, 'embed.html', { ...GUIDE, lang, bypassCSP: true });
    await guideDrawn(axe.page);
    assert.deepEqual(await accessibilityViolations(axe.page), []);
    await axe.context.close();
  });
}

test('the language switch changes the page and is remembered', async () => {
  const { context, page, problems } = await open(browser, 'embed.html', GUIDE);
  await guideDrawn(page);
  await until(() => page.evaluate(() => document.documentElement.lang), 'zh-CN');
  const switcher = page.locator('#lang-switch');
  await until(() => switcher.innerText(), 'English');
  await switcher.focus();
  await page.keyboard.press('Enter');
  await until(() => page.evaluate(() => document.documentElement.lang), 'en');
  await until(() => page.evaluate(() => localStorage.getItem('qitong-lang')), 'en');
  await until(() => page.locator('main > header h1').innerText(), /Put Qitong/);
  // The examples start again in English, each as the reader comes near it.
  await guideDrawn(page);
  // Let their files arrive before reloading (each lesson
  // and quiz has drawn its step in English, each board and clock itself). Not 'networkidle': under load the offline
  // worker's downloads can keep the network busy past any timeout.
  await until(
    () =>
      page.evaluate(() => {
        const lessons = [...document.querySelectorAll('chess-lesson, chess-quiz')];
        const drawn = (selector, s) => [...document.querySelectorAll(selector)].every((w) => w.shadowRoot?.querySelector(s) != null);
        return (
          lessons.length > 0 &&
          lessons.every((w) => w.shadowRoot?.querySelector('.lp[lang="en"] .lp-step') != null) &&
          // The boards and clocks are drawn once their module has arrived.
          drawn('chess-board', '[part~="board"] [data-square="e1"]') &&
          drawn('chess-clock', '.face.white .time') &&
          [...document.querySelectorAll('iframe')].every(
            (f) => f.contentDocument?.querySelector('chess-board')?.shadowRoot?.querySelector('[part~="board"] [data-square="e1"]') != null,
          )
        );
      }),
    true,
  );
  await page.reload();
  await until(() => page.evaluate(() => document.documentElement.lang), 'en');
  await guideDrawn(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the reference tables say what custom-elements.json says', async () => {
  const { context, page, problems } = await open(browser, 'embed.html', GUIDE);
  await guideDrawn(page);
  const manifest = await (await page.request.get(new URL('custom-elements.json', siteUrl()).href)).json();
  const declarations = manifest.modules.flatMap((m) => m.declarations);
  const strip = (t) => t.trim().replace(/^CustomEvent<([\s\S]*)>$/, '$1');
  for (const tag of ['chess-board', 'chess-lesson', 'chess-quiz', 'chess-clock']) {
    const element = declarations.find((d) => d.tagName === tag);
    assert.ok(element, `${tag} is in custom-elements.json`);
    const rows = (kind) =>
      page.locator(`table.ref[data-element="${tag}"][data-kind="${kind}"] tbody tr`).evaluateAll((trs) =>
        trs.map((tr) => ({ name: tr.querySelector('th').textContent.trim(), type: tr.querySelector('td code').textContent.trim() })));
    await until(() => rows('attributes'), element.attributes.map((a) => ({ name: a.name, type: a.type.text })), `${tag} attributes`);
    await until(() => rows('events'), element.events.map((e) => ({ name: e.name, type: strip(e.type.text) })), `${tag} events`);
  }
  // The manifest itself matches the elements: observed attributes, and the lesson shells' reads.
  const observed = await page.evaluate(async () => {
    await customElements.whenDefined('chess-clock');
    return { board: customElements.get('chess-board').observedAttributes, clock: customElements.get('chess-clock').observedAttributes };
  });
  const names = (tag) => declarations.find((d) => d.tagName === tag).attributes.map((a) => a.name).sort();
  assert.deepEqual(names('chess-board'), [...observed.board].sort());
  // The clock observes all but `size`, which only its shadow CSS reads (`:host([size="small"])`).
  assert.deepEqual(names('chess-clock').filter((n) => n !== 'size'), [...observed.clock].sort());
  const clockCss = await page.evaluate(() => document.querySelector('[data-example="clock"] chess-clock').shadowRoot.querySelector('style').textContent);
  assert.match(clockCss, /:host\(\[size="small"\]\)/);
  const shell = await (await page.request.get(new URL('qitong-lesson-elements.js', siteUrl()).href)).text();
  // What the shell reads when it starts, and what it observes (`present`, `lang`).
  const lessonObserved = await page.evaluate(() => customElements.get('chess-lesson').observedAttributes);
  const read = [...new Set([...[...shell.matchAll(/getAttribute\('([a-z-]+)'\)/g)].map((m) => m[1]), ...lessonObserved])].sort();
  for (const tag of ['chess-lesson', 'chess-quiz']) {
    assert.deepEqual(names(tag), read, `${tag}: the attributes the shell reads`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('each snippet, pasted into a blank page on another site, makes the same widget', async () => {
  const guide = await open(browser, 'embed.html', GUIDE);
  await guideDrawn(guide.page);
  const site = new URL(siteUrl());
  const snippets = await guide.page.locator('pre.snippet code[id^="snippet-"]').evaluateAll((codes) =>
    Object.fromEntries(codes.map((c) => [c.id.replace('snippet-', ''), c.textContent])));
  assert.deepEqual(Object.keys(snippets), SNIPPETS);
  const scriptTag = `<script type="module" src="${new URL('qitong-elements.js', site).href}"></script>`;
  await until(() => guide.page.locator('#script-tag').textContent(), scriptTag);
  for (const kind of [...KINDS, 'computer']) assert.ok(snippets[kind].startsWith(`${scriptTag}\n`), `${kind}: the script tag first`);
  // Each live example is exactly the snippet's markup.
  for (const [kind, text] of Object.entries(snippets)) {
    const markup = text.replace(`${scriptTag}\n`, '');
    const live = await guide.page.locator(`[data-example="${kind}"]`).evaluate((el) => el.firstElementChild.outerHTML);
    const parsed = await guide.page.evaluate((m) => {
      const t = document.createElement('template');
      t.innerHTML = m;
      return t.content.firstElementChild.outerHTML;
    }, markup);
    assert.equal(live, parsed, `${kind}: the live example is the snippet`);
    for (const [, url] of markup.matchAll(/(?:src|base)="([^"]*)"/g)) assert.ok(url.startsWith(site.href), `${kind}: ${url} is absolute`);
  }
  const expected = {};
  for (const kind of [...KINDS, 'computer']) expected[kind] = await widgetText(guide.page, `[data-example="${kind}"] ${TAG[kind]}`);
  expected.fen = await guide.page.locator('[data-example="board"] chess-board').evaluate((b) => b.fen());
  await guide.context.close();

  for (const [kind, snippet] of Object.entries(snippets)) {
    const { context, page, problems } = await open(browser, null, GUIDE);
    classPages.set(`/${kind}`, `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>Our class</title><link rel="icon" href="data:,"></head><body><h1>Our class</h1>\n${snippet}\n</body></html>`);
    const classPage = `http://127.0.0.1:${otherSite.address().port}/${kind}`;
    assert.notEqual(new URL(classPage).origin, site.origin);
    await page.goto(classPage);
    if (kind === 'iframe') {
      const frame = page.frameLocator('iframe');
      await frame.locator(DRAWN.board).waitFor();
      await until(() => frame.locator('chess-board').getAttribute('orientation'), 'black');
    } else {
      await page.locator(DRAWN[kind === 'computer' ? 'board' : kind]).first().waitFor();
      const tag = TAG[kind];
      await until(() => widgetText(page, tag), expected[kind], `${kind}: the same widget on another site`);
      if (kind === 'board') await until(() => page.locator('chess-board').evaluate((b) => b.fen()), expected.fen);
    }
    assert.deepEqual(problems, [], `${kind}: no errors on the other site`);
    await context.close();
  }
});

test('the copy button puts the snippet on the clipboard, or selects it when that is refused', async () => {
  const granted = await open(browser, 'embed.html', { ...GUIDE, permissions: ['clipboard-read', 'clipboard-write'] });
  await guideDrawn(granted.page);
  for (const kind of ['board', 'iframe']) {
    await granted.page.locator(`button[data-copy="snippet-${kind}"]`).click();
    // The copy is done once the status says so; then the clipboard holds the snippet.
    await until(() => granted.page.locator(`#status-${kind}`).innerText(), /复制好了/);
    const snippet = await granted.page.locator(`#snippet-${kind}`).textContent();
    await until(() => granted.page.evaluate(() => navigator.clipboard.readText()), snippet, `the ${kind} snippet is on the clipboard`);
  }
  assert.deepEqual(granted.problems, []);
  await granted.context.close();

  const refused = await open(browser, 'embed.html', {
    ...GUIDE,
    lang: 'en',
    init: () => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    },
  });
  await guideDrawn(refused.page);
  await refused.page.locator('button[data-copy="snippet-clock"]').focus();
  await refused.page.keyboard.press('Enter');
  await refused.page.locator('#status-clock').filter({ hasText: 'Selected' }).waitFor();
  await until(() => refused.page.evaluate(() => getSelection().toString()), await refused.page.locator('#snippet-clock').textContent());
  assert.deepEqual(refused.problems, []);
  await refused.context.close();
});

test('frame.html shows each kind of widget, filling the frame', async () => {
  const cases = [
    ['frame.html?board&fen=8/8/8/8/3R4/8/8/4k2K+w+-+-+0+1&orientation=black&coordinates=outside', async (page) => {
      await page.locator(DRAWN.board).waitFor();
      await until(() => page.locator('chess-board').evaluate((b) => b.fen()), '8/8/8/8/3R4/8/8/4k2K w - - 0 1');
      await until(() => page.locator('chess-board').getAttribute('orientation'), 'black');
      const box = await page.locator('chess-board [part~="board"]').first().boundingBox();
      assert.ok(box.height >= 0.8 * 400 - 60, `the board fills the frame (${box.width}×${box.height})`);
    }],
    ['frame.html?lesson=rook/moves&lang=en', async (page) => {
      await page.locator(DRAWN.lesson).first().waitFor();
      await until(() => page.evaluate(() => document.documentElement.lang), 'en');
      await until(() => widgetText(page, 'chess-lesson'), /rook/i);
    }],
    ['frame.html?quiz=rook/moves&step=7', async (page) => {
      await page.locator(DRAWN.quiz).first().waitFor();
    }],
    ['frame.html?clock=5+3&theme=projector', async (page) => {
      await page.locator(DRAWN.clock).waitFor();
      await until(() => page.locator('chess-clock').getAttribute('time-control'), '5+3');
      await until(() => page.locator('chess-clock .face.white .time').textContent(), '5:00');
    }],
  ];
  for (const [path, check] of cases) {
    const { context, page, problems } = await open(browser, path, { ...GUIDE, viewport: { width: 400, height: 460 } });
    await check(page);
    await page.screenshot({ path: `${SHOTS}/frame-${path.split('?')[1].split(/[=&]/)[0]}.png` });
    assert.deepEqual(problems, [], path);
    await context.close();
  }
  const axe = await open(browser, 'frame.html?board', { ...GUIDE, bypassCSP: true, viewport: { width: 400, height: 460 } });
  await axe.page.locator(DRAWN.board).waitFor();
  assert.deepEqual(await accessibilityViolations(axe.page), []);
  await axe.context.close();
});

test('frame.html with an address it cannot read shows a friendly note, in both languages', async () => {
  for (const [query, says] of [
    ['', /\?board/],
    ['?clock=soon', /clock=soon/],
    ['?board&fen=not-a-position', /FEN/],
    ['?board&lesson=rook/moves', /board \+ lesson/],
    ['?board&orientation=sideways', /orientation=sideways/],
    ['?quiz=rook/moves&step=zero', /step=zero/],
    ['?lesson=<b>hi</b>', /<b>hi<\/b>/],
  ]) {
    for (const lang of ['zh-CN', 'en']) {
      const { context, page, problems } = await open(browser, `frame.html${query}`, { ...GUIDE, lang, viewport: { width: 400, height: 460 } });
      const note = page.locator('.oops[role="alert"]');
      await note.waitFor();
      const text = await note.innerText();
      assert.match(text, lang === 'en' ? /does not know what to show/ : /不知道要显示什么/, query);
      assert.match(text, says, query);
      await until(() => page.locator('.oops b').count(), 0, 'the address is shown as text');
      if (query === '?clock=soon' && lang === 'zh-CN') {
        await page.screenshot({ path: `${SHOTS}/frame-bad.png` });
        await page.locator('#lang-switch').click();
        await until(() => note.innerText(), /does not know what to show/);
      }
      assert.deepEqual(problems, [], query);
      await context.close();
    }
  }
  const axe = await open(browser, 'frame.html?clock=soon', { ...GUIDE, bypassCSP: true, viewport: { width: 400, height: 460 } });
  await axe.page.locator('.oops').waitFor();
  assert.deepEqual(await accessibilityViolations(axe.page), []);
  await axe.context.close();
});
