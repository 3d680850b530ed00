// Big and odd lesson files (issue 29 §1, §11) in real Chromium: check.html refuses a file over
// 1 MB by its size at once, in both languages, without a long task; a file just under it lists
// 100 problems and says how many more, in time linear in its size; a file with old Mac line ends
// (`\r`) has its problem on the same line on check.html and in `<chess-lesson src>`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, settle, until } from './browser.mjs';
import { openSitePage } from './play_helpers.mjs';

/**
 * The longest main-thread task allowed while a file over the limit is refused: its size is read,
 * not the file (issue 29: "never blocks a page for more than ~100 ms at a time").
 */
const REFUSAL_LONGEST_MS = 100;

/**
 * The longest task allowed while a file just under the limit (0.9 MB, 40,000 unknown keys) is
 * read into the text box, checked and previewed. Measured here at load average 7-8 on 2 cores:
 * 1.1-2.2 s, most of it Chromium's layout of the text box holding 40,000 lines (ours is
 * checkLesson, 80 ms, and the preview's second reading). Before issue 29 the reading alone took
 * 3.9 s for 20,000 keys and 12.7 s for 50,000 in Chromium (~8 s for 40,000): a bound that catches
 * reading that is not linear, with room for this machine's load. Not the issue's ~100 ms: see
 * docs/teachers-files.md, "Big lesson files".
 */
const CHECK_LONGEST_MS = 6000;

const GOOD = 'title = { zh = "好", en = "Good" }\n[[step]]\nkind = "narration"\nlines = [{ zh = "你好", en = "Hello" }]\n';

/** A lesson followed by `count` unknown keys (about 20 bytes each). */
const unknownKeys = (count) => GOOD + Array.from({ length: count }, (_, i) => `unknown_key_${i} = "x"\n`).join('');

let browser;
let folder;
before(async () => {
  browser = await launchBrowser();
  folder = await mkdtemp(path.join(tmpdir(), 'qitong-check-big-'));
});
after(async () => {
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Notes every long task (start and duration), registered before the page's scripts. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: Math.round(entry.duration) });
  }).observe({ type: 'longtask', buffered: true });
}

async function openCheck(lang) {
  const opened = await openSitePage(browser, 'check.html', { fakeTime: false, lang, init: observeLongTasks });
  await opened.page.locator('body[data-ready="true"]').waitFor();
  return opened;
}

/** Picks `text` as the file `name`, waits for the summary to match `summary`, and returns the
 *  durations of the long tasks since the pick. The file is written to disk and picked by its
 *  path: Playwright hands a file given as a buffer to the page through a script of its own,
 *  whose decoding of 3 MB is a long task of the page's. */
async function pick(page, name, text, summary) {
  const file = path.join(folder, name);
  await writeFile(file, text);
  const since = await page.evaluate(() => performance.now());
  await page.locator('#file-input').setInputFiles(file);
  await until(() => page.locator('#summary').textContent(), summary, `the summary after picking ${name}`);
  // A long task is reported once it has ended: two more frames, then read them.
  await settle(page);
  return page.evaluate((t) => window.__longTasks.filter((task) => task.start >= t).map((task) => task.duration), since);
}

for (const [lang, refused] of [
  ['en', /^This file is 3\.[0-9] MB: too large, not checked\. A lesson file may have at most 1 MB/],
  ['zh', /^这个文件有 3\.[0-9] MB，太大了，没有检查：课程文件最多 1 MB/],
]) {
  test(`a 3.2 MB file of 150,000 unknown keys is refused at once by its size (${lang})`, async () => {
    const { page, context, problems } = await openCheck(lang);
    try {
      const text = unknownKeys(150_000);
      assert.ok(text.length > 3.1 * 1024 * 1024, `${text.length} bytes`);
      const tasks = await pick(page, 'huge.toml', text, refused);
      assert.deepEqual(await page.locator('#problems li').count(), 0);
      assert.equal(await page.locator('#lesson-text').inputValue(), '', 'the file is not read into the text box');
      assert.equal(await page.locator('#summary').getAttribute('class'), 'summary bad');
      assert.ok(tasks.every((ms) => ms <= REFUSAL_LONGEST_MS), `long tasks: ${tasks.join(', ')} ms`);
      // Pasted (or typed) text that long is refused the same way, by its length (set by a
      // script: Playwright's typing of 3 MB takes minutes).
      await page.locator('#lesson-text').evaluate((area, value) => { area.value = value; }, text);
      await page.locator('#check-button').click();
      await until(() => page.locator('#summary').textContent(), refused, 'the summary after pasting');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a file just under 1 MB of unknown keys: 100 problems listed, then how many more, read in linear time', async () => {
  const { page, context, problems } = await openCheck('en');
  try {
    const count = 40_000;
    const text = unknownKeys(count);
    assert.ok(text.length > 0.9 * 1024 * 1024 && text.length <= 1024 * 1024, `${text.length} bytes`);
    const tasks = await pick(page, 'many.toml', text, `${count} problems found:`);
    const listed = await page.locator('#problems li').allTextContents();
    assert.equal(listed.length, 101);
    assert.match(listed[0], /^line 5 · step 1unknown key "unknown_key_0"/);
    assert.equal(listed[100], `…and ${count - 100} more problems, not listed: fix the ones above and check again`);
    console.log(`check: ${text.length} bytes checked; long tasks ${JSON.stringify(tasks)} ms`);
    assert.ok(tasks.every((ms) => ms <= CHECK_LONGEST_MS), `long tasks: ${tasks.join(', ')} ms`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** A lesson whose second step's FEN is wrong, at line 10, with old Mac line ends. */
const OLD_MAC = `${GOOD}\n# a comment\n[[step]]\nkind = "star-drill"\ndrill = true\nfen = "8/8/8/8/8/8/8/R6"\nstars = ["a5"]\n`.replaceAll('\n', '\r');

/** A class page with one lesson file, `<chess-lesson src>`, read as the teacher wrote it. */
const LESSON_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="favicon.svg"><title>lesson</title>
<script type="module" src="qitong-lesson-elements.js"></script></head>
<body><chess-lesson src="old-mac/stars.toml"></chess-lesson></body></html>`;

test('old Mac line ends (\\r): check.html and <chess-lesson src> find the same problem on the same line', async () => {
  const { page, context, problems } = await openCheck('en');
  try {
    await pick(page, 'stars.toml', OLD_MAC, '1 problem found:');
    const [shown] = await page.locator('#problems li').allTextContents();
    assert.match(shown, /^line 10 · step 2the position is wrong/);
    await context.route('**/old-mac-page.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: LESSON_PAGE }));
    await context.route('**/old-mac/stars.toml', (route) => route.fulfill({ contentType: 'text/plain; charset=utf-8', body: OLD_MAC }));
    await page.goto(new URL('old-mac-page.html', page.url()).href);
    const broken = page.locator('chess-lesson .lp-broken li');
    const line = await until(() => broken.first().textContent(), /^stars\.toml:\d+/, 'the player\'s problem');
    assert.match(line, /^stars\.toml:10: step 2: the position is wrong/);
    assert.equal(await broken.count(), 1);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('<chess-lesson src> of a 3.2 MB file says at once that it is too large (it took 27.8 s)', async () => {
  const { page, context, problems } = await openCheck('en');
  try {
    const huge = unknownKeys(150_000);
    await context.route('**/huge-page.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: LESSON_PAGE.replace('old-mac/stars.toml', 'huge/stars.toml') }));
    await context.route('**/huge/stars.toml', (route) => route.fulfill({ contentType: 'text/plain; charset=utf-8', body: huge }));
    await page.goto(new URL('huge-page.html', page.url()).href);
    const broken = page.locator('chess-lesson .lp-broken li');
    const line = await until(() => broken.first().textContent(), /^stars\.toml:0/, 'the player\'s problem');
    assert.match(line, /^stars\.toml:0: this file is too large: a lesson file may have at most 1 MB \(1,048,576 bytes\)/);
    assert.equal(await broken.count(), 1);
    const tasks = await page.evaluate(() => window.__longTasks.map((task) => task.duration));
    assert.ok(tasks.every((ms) => ms <= CHECK_LONGEST_MS), `long tasks: ${tasks.join(', ')} ms`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
