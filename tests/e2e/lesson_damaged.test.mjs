// A damaged compiled lesson file (issue 29 §10): lesson.html reads the site's compiled copy of
// each lesson (`examples/quiz.json`), and when that copy cannot be read — cut short, empty, an
// HTML error page served as the file, nested too deeply, not the compiled form at all — the
// player says that the site's copy is damaged and that rebuilding the site fixes it, in the
// page's language, instead of sending the teacher to "check my lesson" about a source that
// checks clean there. So does a copy that is still JSON of the right shape but whose text carries
// U+FFFD (its bytes mangled on the way: the build writes U+FFFD as `\ufffd`). A damaged course
// index (`course-index.json`, which the stage map and the home page draw from) is said the same
// way on both pages, instead of a blank page, "loading" for ever or "check my lesson".
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, siteUrl, until } from './browser.mjs';
import { lessonContext, openPlayer } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const SAYS = {
  en: "examples/quiz.toml: the site's compiled copy of this file is damaged; rebuilding the site (cargo xtask dist) fixes it",
  'zh-CN': 'examples/quiz.toml: 网站上这个文件的编译副本坏了，重新构建网站（cargo xtask dist）就能修好',
};

/** `real` (a Buffer) with the three bytes of its first Chinese character replaced by `bytes`. */
function mangled(real, bytes) {
  const cjk = real.findIndex((b) => b >= 0xe0 && b < 0xf0);
  return Buffer.concat([real.subarray(0, cjk), Buffer.from(bytes), real.subarray(cjk + 3)]);
}

/** The damaged copies, made from the real compiled file `real` (a Buffer). */
function variants(real) {
  // The first byte of a three-byte character (the lessons' Chinese text): a cut after it leaves
  // half a character, which the browser reads as U+FFFD.
  const cjk = real.findIndex((b) => b >= 0xe0 && b < 0xf0);
  assert.ok(cjk > 0, 'the compiled lesson has Chinese text');
  return [
    // Still JSON of the compiled form, a character of its text mangled: bytes that are not
    // UTF-8 (read as U+FFFD), or U+FFFD itself (a program that misread the file saved it so).
    ['a character of its text not UTF-8', mangled(real, [0xff, 0xfe, 0xfd])],
    ['a character of its text saved as U+FFFD', mangled(real, [0xef, 0xbf, 0xbd])],
    ['empty', ''],
    ['a space', ' '],
    ['cut in half', real.subarray(0, real.length >> 1)],
    ['cut inside a character', real.subarray(0, cjk + 1)],
    ['cut before its last bracket', real.subarray(0, real.length - 1)],
    ['an HTML error page', '<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>'],
    ['nested 100,000 arrays deep', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['nested 100,000 objects deep', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
    ['nested deeper than the form allows', `[[],[],${'{"a":'.repeat(100)}1${'}'.repeat(100)}]`],
    ['null', 'null'],
    ['an empty object', '{}'],
    ['a table where the form has its lines', '[[],[],{"id":"quiz"}]'],
    ['an error of the wrong shape', '{"error":"broken"}'],
    ['bytes that are not UTF-8', Buffer.from([0xff, 0xfe, 0x00, 0x5b, 0x80, 0x81])],
    ['gzip bytes served as text', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x8b, 0x8e, 0x05, 0x00])],
  ];
}

for (const lang of ['en', 'zh-CN']) {
  test(`every damaged compiled copy of a lesson is said to be the site's, with the fix (${lang})`, async () => {
    const context = await lessonContext(browser, { lang, serviceWorkers: 'block' });
    let body = null;
    let real = null;
    // Registered after the test course's route, so it answers first for this one file.
    await context.route('**/lessons/examples/quiz.json', async (route) => {
      if (body === null) await route.fallback();
      else await route.fulfill({ status: 200, contentType: 'application/json', body });
    });
    const { page, problems } = await openPlayer(context);
    real = await page.evaluate(async () => Array.from(new Uint8Array(await (await fetch('lessons/examples/quiz.json')).arrayBuffer())));
    real = Buffer.from(real);
    assert.match(real.toString('utf8'), /^\[\[/, 'the real compiled lesson');
    for (const [name, damaged] of variants(real)) {
      body = damaged;
      await page.goto(new URL(`lesson.html?v=${encodeURIComponent(name)}#/examples/quiz/1`, page.url()).href);
      const broken = page.locator('chess-lesson .lp-broken[data-lesson="quiz"]');
      await until(() => broken.locator('li').allTextContents(), [SAYS[lang]], name);
      assert.doesNotMatch(await broken.textContent(), /check\.html|检查我的课|check my lesson/, name);
    }
    // The real copy still plays.
    body = null;
    await page.goto(new URL('lesson.html?v=real#/examples/quiz/1', page.url()).href);
    await page.locator('chess-lesson [data-kind="quiz"]').waitFor();
    // Blocking the service worker (so that no copy is kept) is said on the console.
    assert.deepEqual(problems.filter((p) => !p.includes('Service Worker registration blocked')), []);
    await context.close();
  });
}

const INDEX_SAYS = {
  en: "course-index.json: the site's compiled copy of this file is damaged; rebuilding the site (cargo xtask dist) fixes it",
  'zh-CN': 'course-index.json: 网站上这个文件的编译副本坏了，重新构建网站（cargo xtask dist）就能修好',
};

/** The damaged copies of the course index, made from the real one `real` (a Buffer). */
function indexVariants(real) {
  return [
    ['empty', ''],
    ['cut in half', real.subarray(0, real.length >> 1)],
    ['an HTML error page', '<!doctype html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>'],
    ['JSON of another shape', '{"stages":[{"id":"board"}]}'],
    ['a JSON array of numbers', '[1,2,3]'],
    ['a character of its text not UTF-8', mangled(real, [0xff, 0xfe, 0xfd])],
  ];
}

/** The two pages that draw from the index: where each says that the course could not load. */
const INDEX_PAGES = [
  ['the stage map', (v) => `lesson.html?v=${v}#/`, 'chess-lesson .lp-broken'],
  ['the home page', (v) => `index.html?v=${v}`, '#home .hm-broken'],
];

for (const lang of ['en', 'zh-CN']) {
  test(`a damaged course index is said to be the site's compiled copy, with the fix, on the stage map and the home page (${lang})`, async () => {
    const context = await lessonContext(browser, { lang, serviceWorkers: 'block' });
    let body = null;
    await context.route('**/lessons/course-index.json', async (route) => {
      if (body === null) await route.fallback();
      else await route.fulfill({ status: 200, contentType: 'application/json', body });
    });
    const page = await context.newPage();
    const problems = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(new URL('index.html', siteUrl()).href);
    const real = Buffer.from(await page.evaluate(async () => Array.from(new Uint8Array(await (await fetch('lessons/course-index.json')).arrayBuffer()))));
    assert.match(real.toString('utf8'), /^\[\[/, 'the real compiled index');
    for (const [name, damaged] of indexVariants(real)) {
      body = damaged;
      for (const [where, address, alert] of INDEX_PAGES) {
        await page.goto(new URL(address(encodeURIComponent(name)), siteUrl()).href);
        const lines = await until(() => page.locator(`${alert} p`).allTextContents(), (texts) => texts.length === 2, `${where}: ${name}`);
        assert.equal(lines[1], INDEX_SAYS[lang], `${where}: ${name}`);
        // The heading above it is in the page's language too.
        assert.equal(/[\u4e00-\u9fff]/.test(lines[0]), lang === 'zh-CN', `${where}: ${lines[0]}`);
        assert.doesNotMatch(lines.join(' '), /check\.html|检查我的课|check my lesson/, `${where}: ${name}`);
      }
    }
    // The real index still draws both.
    body = null;
    await page.goto(new URL('index.html?v=real', siteUrl()).href);
    await page.locator('#home .hm-hero').waitFor();
    await page.goto(new URL('lesson.html?v=real#/', siteUrl()).href);
    await page.locator('chess-lesson .lp-map').waitFor();
    assert.deepEqual(problems.filter((p) => !p.includes('Service Worker registration blocked')), []);
    await context.close();
  });
}
