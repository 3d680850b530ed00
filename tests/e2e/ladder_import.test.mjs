// The class ladder's imports with the files teachers really have (issue 29): a GBK roster as
// Excel saves CSV on a Chinese system, UTF-16 ("Unicode text") and Windows-1252 (a Western
// Excel) are read in their encoding, which the confirmation names, with the names shown; a file
// no encoding reads is refused rather than imported with U+FFFD; look-alike names are refused
// as one student twice; a file over the ladder's limit is refused at once, before it is read,
// and one just under it keeps the page responsive. Screenshots in /tmp/shots-ladder-import/.
//
// The fixtures in tests/fixtures/ladder/ are real bytes made with Python's codecs, e.g.
// `open('roster-gbk.csv', 'wb').write('name,points\r\n张三,120\r\n…'.encode('gbk'))`
// (`utf-16-le` after `codecs.BOM_UTF16_LE`, `cp1252`; roster-bad-bytes.csv is "Zo\xeb\xff").
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { launchBrowser, until, watchLongTasks } from './browser.mjs';
import { action, openSitePage } from './play_helpers.mjs';

const SHOTS = '/tmp/shots-ladder-import';
const fixture = (name) => readFileSync(new URL(`../fixtures/ladder/${name}`, import.meta.url));

let browser;
before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function openLadder(lang, viewport) {
  const opened = await openSitePage(browser, 'ladder.html', { lang, viewport });
  await opened.page.waitForSelector('#record-title');
  return opened;
}

function pick(page, name, buffer) {
  return page.locator('#import-file').setInputFiles({ name, mimeType: 'text/csv', buffer });
}

const storedNames = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('qitong-ladder') ?? '{"students":[]}').students.map((s) => s.name));

for (const lang of ['zh-CN', 'en']) {
  test(`${lang}: a GBK roster from a Chinese Excel is read as GBK, the question names the encoding and shows the names`, async () => {
    for (const [width, height] of [[390, 844], [1366, 768]]) {
      const { page, context, problems } = await openLadder(lang, { width, height });
      await pick(page, 'roster.csv', fixture('roster-gbk.csv'));
      const read = lang === 'en' ? /^Read as GBK \(GB18030, Chinese Excel's CSV\)\. The file holds 4 students/ : /^读取的编码：GBK（GB18030，中文 Excel 的 CSV）。文件里有 4 位同学/;
      await until(() => page.locator('#ask-text').textContent(), read);
      await until(() => page.locator('#ask-names').textContent(), lang === 'en' ? 'Names: 张三, 李四, 王小明, 欧阳娜娜' : '名单：张三、李四、王小明、欧阳娜娜');
      await until(() => page.locator('.notice').textContent(), '', 'the reading message is gone');
      await page.screenshot({ path: `${SHOTS}/gbk-question-${lang}-${width}.png` });
      // The question's text and buttons stay inside the screen.
      const box = await page.locator('.confirm.ask').boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= width, JSON.stringify(box));
      if (width === 390) {
        await action(page, 'yes').click();
        await until(() => storedNames(page), ['张三', '李四', '王小明', '欧阳娜娜']);
        await until(() => page.locator('table.ladder-table th.student:text-is("欧阳娜娜")').count(), 1);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  });
}

test('UTF-16 and Windows-1252 files are read in their encoding; the names are right', async () => {
  const { page, context, problems } = await openLadder('en');
  await pick(page, 'unicode.csv', fixture('roster-utf16.csv'));
  await until(() => page.locator('#ask-text').textContent(), /^Read as UTF-16 \(Unicode text\)\. The file holds 3 students/);
  await until(() => page.locator('#ask-names').textContent(), 'Names: 小明, Zoë, José');
  await pick(page, 'western.csv', fixture('roster-cp1252.csv'));
  await until(() => page.locator('#ask-text').textContent(), /^Read as Windows-1252 \(Western European\)\. The file holds 3 students/);
  await until(() => page.locator('#ask-names').textContent(), 'Names: Zoë, José, Björn');
  await action(page, 'yes').click();
  await until(() => storedNames(page), ['Zoë', 'José', 'Björn']);
  // A UTF-8 file with a byte-order mark, as Excel's "CSV UTF-8" writes it.
  await pick(page, 'utf8.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name\n小红\n')]));
  await until(() => page.locator('#ask-text').textContent(), /^Read as UTF-8\. The file holds 1 students/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const lang of ['zh-CN', 'en']) {
  test(`${lang}: a file no encoding reads, or with U+FFFD in it, is refused and changes nothing`, async () => {
    const { page, context, problems } = await openLadder(lang);
    await pick(page, 'class.csv', Buffer.from('name\nAnn\n'));
    await action(page, 'yes').click();
    await until(() => storedNames(page), ['Ann']);
    await pick(page, 'bad.csv', fixture('roster-bad-bytes.csv'));
    const why = lang === 'en' ? /Nothing was imported; nothing changed\. Why: The text of “bad\.csv” cannot be read/ : /没有导入，什么都没变。原因： “bad\.csv” 的文字读不出来/;
    await until(() => page.locator('.notice .message.error').textContent(), why);
    await until(() => page.locator('#ask-text').count(), 0);
    await page.screenshot({ path: `${SHOTS}/unreadable-${lang}.png` });
    // Text that was already garbled by another program (U+FFFD written as UTF-8).
    await pick(page, 'garbled.csv', Buffer.from('name\nZo\uFFFD\n'));
    await until(() => page.locator('.notice .message.error').textContent(), lang === 'en' ? /roster CSV line 2, column name: .*\uFFFD/ : /名单 CSV 第 2 行（name 列）：名字里有 “\uFFFD”/);
    await until(() => storedNames(page), ['Ann']);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('names that look the same are refused as one student twice, saying which and how', async () => {
  const { page, context, problems } = await openLadder('en');
  for (const [roster, why] of [
    ['name\nZoë\nZoe\u0308\n', /line 3, column name: the name "Zoe\\u\{308\}" looks the same as "Zoë" \(roster CSV line 2, column name\): they differ only in an accent written as a separate mark/],
    ['name\nAnn\nBo\nAnn\u200B\n', /line 4, column name: the name "Ann\\u\{200b\}" looks the same as "Ann" \(roster CSV line 2, column name\): they differ only in an invisible character, U\+200B/],
    ['name\nAnn\n\uFF21nn\n', /line 3, column name: the name "Ａnn" looks the same as "Ann" .*full-width letters/],
  ]) {
    await pick(page, 'class.csv', Buffer.from(roster));
    await until(() => page.locator('.notice .message.error').textContent(), why);
    await until(() => page.locator('#ask-text').count(), 0);
  }
  await action(page, 'lang').click();
  await pick(page, 'class.csv', Buffer.from('name\nZoë\nZoe\u0308\n'));
  await until(() => page.locator('.notice .message.error').textContent(), /名字 “Zoe\u0308” 看起来和名单 CSV 第 2 行（name 列）的 “Zoë” 一样，只差重音符号的写法/);
  // Typed into the roster form, too.
  await page.locator('#add-name').fill('Zoë');
  await action(page, 'add').click();
  await page.locator('#add-name').fill('Zoe\u0308');
  await action(page, 'add').click();
  await until(() => page.locator('.notice .message.error').textContent(), /看起来和名单上的 Zoë 一样/);
  assert.deepEqual(await storedNames(page), ['Zoë']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a file over the limit is refused at once by its size; one just under it keeps the page responsive', async () => {
  const { page, context, problems } = await openLadder('en');
  // 50 MB, as in the issue: never read (a path, so that the browser gets the file itself).
  const bigPath = '/tmp/qitong-ladder-50mb.csv';
  writeFileSync(bigPath, Buffer.concat([Buffer.from('name\n'), Buffer.alloc(50 * 1024 * 1024, 'Student\n')]));
  let longest = await watchLongTasks(page);
  await page.locator('#import-file').setInputFiles(bigPath);
  await until(() => page.locator('.notice .message.error').textContent(), /“qitong-ladder-50mb\.csv” is 50 MB; a ladder CSV file is 4 MB at most \(no class or school has more\), so it was not read\./);
  const refusing = await longest();
  console.log(`refusing 50 MB: longest task ${refusing.toFixed(0)} ms`);
  assert.ok(refusing < 500, `refusing by the size took a ${refusing} ms task`);

  // Just under the limit: 4 MB of roster, ~210,000 names (more than any school); once names
  // only, once with ids out of order (what makes the import sort the ids and the students).
  for (const withIds of [false, true]) {
    const rows = [];
    let size = withIds ? 8 : 5;
    for (let i = 0; size < 4 * 1024 * 1024 - 64; i += 1) {
      const row = withIds ? `${1_000_000 - i},Student ${String(i).padStart(6, '0')}` : `Student ${String(i).padStart(6, '0')}`;
      rows.push(row);
      size += Buffer.byteLength(row) + 1;
    }
    // A path, as the teacher's file is: a buffer would be built in the page by Playwright, in a
    // task of its own of ~1 s.
    const schoolPath = '/tmp/qitong-ladder-school.csv';
    writeFileSync(schoolPath, `${withIds ? 'id,name' : 'name'}\n${rows.join('\n')}\n`);
    // This machine's 2 cores are shared with other work, which may stretch a task: as in
    // long_tasks.test.mjs, up to 3 runs, and the best counts. The old code's own work was one
    // task of 0.7-1.9 s, in every run.
    const runs = [];
    while (runs.length < 3 && !runs.some((ms) => ms < 100)) {
      longest = await watchLongTasks(page);
      await page.locator('#import-file').setInputFiles(schoolPath);
      // While it reads, the page answers: the language button works.
      await action(page, 'lang').click();
      await until(() => page.locator('#ask-text').textContent(), new RegExp(`^读取的编码：UTF-8。文件里有 ${rows.length} 位同学`));
      // The names come in id order: with ids out of order, the last line's first.
      const first = withIds ? `Student ${String(rows.length - 1).padStart(6, '0')}` : 'Student 000000';
      await until(() => page.locator('#ask-names').textContent(), new RegExp(`^名单：${first}、.*还有 ${rows.length - 12} 位$`));
      await action(page, 'lang').click();
      await until(() => page.locator('#ask-text').textContent(), new RegExp(`^Read as UTF-8\\. The file holds ${rows.length} students`));
      // The page answers after it reads: a click is handled.
      await action(page, 'no').click();
      await until(() => page.locator('#ask-text').count(), 0);
      runs.push(await longest());
    }
    console.log(`reading ${rows.length} ${withIds ? 'ids and names' : 'names'} (${(size / 1048576).toFixed(1)} MB): longest task ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    // Issue 29 §5: read in slices of 10 ms between the browser's tasks.
    assert.ok(Math.min(...runs) < 100, `tasks of ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
