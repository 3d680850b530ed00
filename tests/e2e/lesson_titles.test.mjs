// Every lesson's title fits the lesson header in two lines at most on a phone (issue 28 §3: the
// English titles of three lessons took three lines at 390 px): each lesson of the shipped course is
// opened at 320 and 390 px wide, in English and in Chinese, and the header's title counted by its
// line boxes (the text's client rects, one a line).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { courseLessons, launchBrowser, siteUrl, until } from './browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const STAGES = readFileSync(new URL('../../lessons/course.toml', import.meta.url), 'utf8')
  .split('\n').filter((line) => line.startsWith('id = ')).map((line) => line.match(/"([^"]+)"/)[1]);

/** Every lesson of the course, `stage/lesson`, with its title in both languages. */
const LESSONS = STAGES.flatMap((stage) => courseLessons(stage).map((lesson) => {
  const text = readFileSync(new URL(`../../lessons/${stage}/${lesson}.toml`, import.meta.url), 'utf8');
  const line = text.split('\n').find((l) => l.startsWith('title = '));
  const [, zh, en] = line.match(/zh = "([^"]*)", en = "([^"]*)"/);
  return { key: `${stage}/${lesson}`, zh, en };
}));

/** The header title's text and its number of lines (its text's line boxes). */
function titleLines() {
  const h1 = document.querySelector('chess-lesson')?.shadowRoot?.querySelector('.lp-top h1');
  if (!h1?.firstChild) return { text: null, lines: 0 };
  const range = document.createRange();
  range.selectNodeContents(h1);
  const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return { text: h1.textContent, lines: tops.size };
}

for (const lang of ['en', 'zh']) {
  for (const width of [320, 390]) {
    test(`every lesson title takes two lines at most at ${width} px (${lang})`, async () => {
      assert.ok(LESSONS.length >= 90, `${LESSONS.length} lessons read`);
      const context = await browser.newContext({ viewport: { width, height: 844 }, hasTouch: true, isMobile: true });
      context.setDefaultTimeout(60_000);
      await context.addInitScript((l) => localStorage.setItem('qitong-lang', l), lang);
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const tooLong = [];
      for (const lesson of LESSONS) {
        const hash = `#/${lesson.key}/1`;
        if (page.url() === 'about:blank') await page.goto(new URL(`lesson.html${hash}`, siteUrl()).href);
        else await page.evaluate((h) => { location.hash = h; }, hash);
        const title = lesson[lang];
        // Counted once the header shows this lesson's title (it is redrawn with the step).
        const { lines } = await until(() => page.evaluate(titleLines), (t) => t.text === title, `${lesson.key}: its title "${title}" in the header`);
        if (lines > 2) tooLong.push(`${lesson.key} "${title}": ${lines} lines`);
      }
      assert.deepEqual(tooLong, [], `titles over two lines at ${width} px (${lang})`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
