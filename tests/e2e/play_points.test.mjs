// The points calculator in real Chromium: the handout's table cells, the steps in words, both
// languages, axe.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityViolations, eventually, launchBrowser, until } from './browser.mjs';
import { action, openSitePage } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Types the points, presses the result, and waits until the two lines pass `check` (an assertion); returns them. */
async function compute(page, a, b, result, check) {
  await page.locator('#points-a').fill(a);
  await page.locator('#points-b').fill(b);
  await action(page, result).click();
  return eventually(async () => {
    const lines = [await page.locator('#points-after-a').textContent(), await page.locator('#points-after-b').textContent()];
    check(lines);
    return lines;
  });
}

test('points.html: no CSP violation, no console error', async () => {
  const { page, context, problems } = await openSitePage(browser, 'points.html', { fakeTime: false });
  await page.waitForSelector('#points-after-a');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the handout cases, in English', async () => {
  const { page, context, problems } = await openSitePage(browser, 'points.html', { lang: 'en', fakeTime: false, bypassCSP: true });
  await page.waitForSelector('#points-after-a');
  // The lower-rated player wins with D = 100: D/2 = 50.
  await compute(page, '50', '150', 'a-wins', (lines) => assert.deepEqual(lines, ['A: 50 → 100 (+50), Unrated → Level 30', 'B: 150 → 100 (-50), Level 30 → Level 30']));
  // A draw at D = 100.2: D/4 = 25.05 → 25.1 for the lower-rated player.
  await compute(page, '0', '100.2', 'draw', ([a]) => assert.match(a, /0 → 25\.1 \(\+25\.1\)/));
  await until(() => page.locator('.steps').textContent(), /25\.05/);
  await until(() => page.locator('.steps').textContent(), /Rounded to one decimal: 25\.1/);
  // Draw with D < 10: nothing moves.
  await compute(page, '100', '105', 'draw', ([a]) => assert.match(a, /100 → 100 \(0\)/));
  // The higher-rated player wins at D = 20: 10 − 20/125 = 9.84 → 9.8.
  await compute(page, '120', '100', 'a-wins', ([, b]) => assert.match(b, /100 → 90\.2 \(-9\.8\)/));
  // The higher-rated player wins at D = 150: 2. At D ≥ 200: 0.
  await compute(page, '100', '250', 'b-wins', ([, b]) => assert.match(b, /250 → 252 \(\+2\)/));
  await compute(page, '300', '50', 'a-wins', ([a]) => assert.match(a, /300 → 300 \(0\)/));
  // The lower-rated player wins at D = 50: 10 + 5 = 15.
  await compute(page, '100', '150', 'a-wins', ([a]) => assert.match(a, /100 → 115 \(\+15\)/));
  // Garbage is explained, not computed.
  await page.locator('#points-a').fill('lots');
  await until(() => page.locator('#points-live').textContent(), /Type points like 150/);
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('in Chinese, remembered, axe clean', async () => {
  const { page, context, problems } = await openSitePage(browser, 'points.html', { lang: 'zh-CN', fakeTime: false, bypassCSP: true });
  await page.waitForSelector('#points-after-a');
  await until(() => page.getAttribute('html', 'lang'), 'zh-CN');
  await compute(page, '50', '150', 'a-wins', (lines) => assert.deepEqual(lines, ['甲：50 → 100（+50），无级别 → 30级', '乙：150 → 100（-50），30级 → 30级']));
  await until(() => page.locator('.steps').textContent(), /分低的一方（甲）赢了/);
  assert.deepEqual(await accessibilityViolations(page), []);
  await action(page, 'lang').click();
  await until(() => page.getAttribute('html', 'lang'), 'en');
  await until(() => page.locator('h1').textContent(), /Points calculator/);
  // The numbers typed stay across the switch.
  await until(() => page.locator('#points-a').inputValue(), '50');
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
