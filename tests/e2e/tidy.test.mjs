// The browser tests' own rules, checked on their text (no browser needed): they wait for a
// condition, never a fixed time, and never read the page right after an input. A loaded machine
// draws later; a test that reads too early fails now and then, and a flaky test blocks everyone.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const here = path.dirname(fileURLToPath(import.meta.url));
const FILES = (await readdir(here)).filter((name) => name.endsWith('.mjs')).sort();
const sources = await Promise.all(FILES.map(async (name) => ({ name, lines: (await readFile(path.join(here, name), 'utf8')).split('\n') })));

/** The one place a timer is allowed: the polling interval of browser.mjs's wait helpers. */
const POLL_INTERVAL = { file: 'browser.mjs', marker: '// tidy: the poll interval' };

// Inputs a person makes (Playwright's and the helpers'), at the start of a statement.
const INPUT = /\bawait\s+(?:.*\.(?:click|dblclick|tap|fill|press|type|check|uncheck|selectOption|setInputFiles)\(|.*\bdispatchTouchEvent\b|.*\b(?:mouse|keyboard|touchscreen)\.\w+\(|(?:clickSquare|dragPiece|touchDrag|clickMove|keys|key|press|pressClock|square|move|answer|checkText)\()/;
// A DOM read whose answer an input changes, awaited inside an assertion or a plain assignment.
const READ = /\.(?:textContent|innerText|innerHTML|getAttribute|isVisible|isHidden|isEnabled|isDisabled|isChecked|inputValue|count|boundingBox|allTextContents|allInnerTexts)\(|\b(?:squaresWith|pieceOn|bubbleText|statusText|shownProblems|rosterRow|widgetText)\(/;
const READ_RIGHT_AWAY = /^\s*(?:assert\.\w+\(\s*\(?await\b|(?:const|let)\s+[^=]+=\s*\(?await\b)(?!\s*(?:until|eventually)\()/;

/** The code of each line: comments and string contents do not count. */
function code(line) {
  return line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''").replace(/\/\/.*$/, '');
}

test('the tidy check sees the e2e files', () => {
  assert.ok(FILES.includes('browser.mjs') && FILES.includes('tidy.test.mjs') && FILES.length > 10, FILES.join(', '));
});

test('no test sleeps a fixed time: no waitForTimeout, no setTimeout', () => {
  const found = [];
  for (const { name, lines } of sources) {
    lines.forEach((line, i) => {
      if (name === 'tidy.test.mjs') return;
      if (name === POLL_INTERVAL.file && line.includes(POLL_INTERVAL.marker)) return;
      if (/\bwaitForTimeout\s*\(|\bsetTimeout\b|\bsetInterval\b|timers\/promises/.test(code(line))) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], 'wait for the condition instead (until, eventually, locator.waitFor, page.waitForFunction in browser.mjs)');
});

test('the poll interval is the only timer, and it is where the marker says', () => {
  const browser = sources.find((s) => s.name === POLL_INTERVAL.file);
  const marked = browser.lines.filter((line) => line.includes(POLL_INTERVAL.marker));
  assert.equal(marked.length, 1);
  assert.match(marked[0], /^const nextPoll = \(\) => new Promise\(\(resolve\) => setTimeout\(resolve, POLL_INTERVAL_MS\)\);/);
});

test('no assertion reads the page in the statement right after an input', () => {
  const found = [];
  for (const { name, lines } of sources) {
    if (name === 'tidy.test.mjs') continue;
    const statements = lines.map((line, i) => ({ text: code(line), at: i + 1 })).filter((s) => s.text.trim() !== '');
    for (let i = 1; i < statements.length; i += 1) {
      const before = statements[i - 1].text;
      const now = statements[i].text;
      if (INPUT.test(before) && READ_RIGHT_AWAY.test(now) && READ.test(now)) {
        found.push(`${name}:${statements[i].at}: ${lines[statements[i].at - 1].trim()}`);
      }
    }
  }
  assert.deepEqual(found, [], 'after an input, wait for the state (await until(() => read, expected)) instead of reading it at once');
});

// The checks above must catch what they are for: each pattern on a sample.
test('the tidy patterns catch a read right after an input and let a wait through', () => {
  const pairs = [
    ["  await page.locator('#b .pen').click();", "  assert.equal(await page.locator('#b .pen').getAttribute('aria-pressed'), 'true');", true],
    ["  await clickSquare(page, 'b', 'e2');", "  const dests = await squaresWith(page, 'b', 'dest');", true],
    ["  await page.keyboard.press('Enter');", "  assert.match((await bubbleText(page, 'b')), /x/);", true],
    ["  await pressClock(page);", "  const face = await page.locator('.face').textContent();", true],
    ["  await square(page, 'e4', 'touch');", "  assert.equal(await page.locator('.sq.selected').count(), 1);", true],
    ["  await page.locator('#b .pen').click();", "  await until(() => page.locator('#b .pen').getAttribute('aria-pressed'), 'true');", false],
    ["  await page.locator('#x').waitFor();", "  assert.equal(await page.locator('#x').count(), 1);", false],
  ];
  for (const [before, now, flagged] of pairs) {
    assert.equal(INPUT.test(code(before)) && READ_RIGHT_AWAY.test(code(now)) && READ.test(code(now)), flagged, `${before} / ${now}`);
  }
  assert.match(code('  await page.waitForTimeout(300);'), /\bwaitForTimeout\s*\(/);
  assert.doesNotMatch(code("  // never waitForTimeout( here"), /\bwaitForTimeout\s*\(/);
});
