// Every page of the site (each `www/*.html`, found on disk: new pages are tested without being
// listed here), in both languages: the strict Content-Security-Policy meta and nothing it
// blocks, no inline script or handler, no console errors or failed requests, axe-core clean
// (light and dark colour scheme), `<html lang>` following the saved language, every control
// reachable by Tab with a visible focus mark, no motion under prefers-reduced-motion, and the
// offline module registered.
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { accessibilityViolations, launchBrowser, settle, siteUrl, until } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const www = path.join(root, 'www');
const PAGES = (await readdir(www)).filter((name) => name.endsWith('.html')).sort();
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; object-src 'none'";
const LANGS = ['zh-CN', 'en'];
// Screenshots of every page in the dark scheme, to look at (not compared by the test).
const SHOTS = '/tmp/shots-site';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * Opens `name` with the saved language `lang` and `options` for the context (colorScheme,
 * reducedMotion); records CSP violations (from before the page's own scripts), console errors,
 * page errors and failed requests, and waits until the page has settled.
 */
async function openSitePage(name, lang, options = {}) {
  // The service worker is blocked (offline.test.mjs tests it): its download of the whole site
  // after the load event would keep 'networkidle' off on a busy machine.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  await context.addInitScript((saved) => {
    localStorage.setItem('qitong-lang', saved);
    window.__cspViolations = [];
    window.addEventListener(
      'securitypolicyviolation',
      (e) => window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`),
      true,
    );
  }, lang);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  await page.goto(new URL(name, siteUrl()).href);
  await page.waitForLoadState('networkidle');
  await settle(page);
  return { context, page, problems, csp: () => page.evaluate(() => window.__cspViolations) };
}


test('the site has pages to test', () => {
  assert.ok(PAGES.includes('index.html') && PAGES.includes('lesson.html'), PAGES.join(', '));
});

for (const name of PAGES) {
  describe(name, () => {
    test('has the CSP meta, the offline module, and no inline script or handler', async () => {
      const html = await readFile(path.join(www, name), 'utf8');
      const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1]);
      assert.deepEqual(metas, [CSP], 'exactly one CSP meta, the same on every page');
      assert.ok(html.indexOf('Content-Security-Policy') < html.search(/<script|<link rel="stylesheet"/i), 'the CSP comes before anything it governs');
      assert.match(html, /<script type="module" src="offline\.js"><\/script>/, 'registers the offline worker (add <script type="module" src="offline.js"></script> to the head)');
      for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
        assert.match(script[1], /\bsrc=/, `an inline script: ${script[0].slice(0, 80)}`);
        assert.equal(script[2].trim(), '', 'a script with a src has no body');
      }
      assert.doesNotMatch(html, /<[^>]+\son[a-z]+\s*=/i, 'no inline event handler attributes');
      assert.doesNotMatch(html, /href\s*=\s*"javascript:/i, 'no javascript: URLs');
    });

    for (const lang of LANGS) {
      test(`loads in ${lang}: lang attribute, nothing blocked, no errors, axe clean`, async () => {
        const { context, page, problems, csp } = await openSitePage(name, lang);
        try {
          await until(() => page.getAttribute('html', 'lang'), lang, `<html lang> follows the saved language (qitong-lang = ${lang})`);
          await until(() => csp(), [], 'no Content-Security-Policy violations');
          // Nothing at run time adds inline handlers either (they would be blocked).
          const handlers = await page.evaluate(() => {
            const found = [];
            const walk = (node) => {
              for (const el of node.querySelectorAll('*')) {
                for (const attr of el.attributes) if (/^on/i.test(attr.name)) found.push(`${el.localName}[${attr.name}]`);
                if (el.shadowRoot) walk(el.shadowRoot);
              }
            };
            walk(document);
            return found;
          });
          assert.deepEqual(handlers, []);
          assert.deepEqual(await accessibilityViolations(page), []);
          assert.deepEqual(problems, []);
        } finally {
          await context.close();
        }
      });
    }

    test('axe clean in the dark colour scheme, and the page is dark there', async () => {
      const { context, page, problems, csp } = await openSitePage(name, 'zh-CN', { colorScheme: 'dark' });
      try {
        assert.deepEqual(await accessibilityViolations(page), []);
        const background = await page.evaluate(() => {
          // The colour behind the page: the body's, or the root's when the body has none.
          for (const el of [document.body, document.documentElement]) {
            const colour = getComputedStyle(el).backgroundColor;
            if (colour !== 'rgba(0, 0, 0, 0)') return colour;
          }
          return 'rgb(255, 255, 255)';
        });
        const [r, g, b] = background.match(/\d+/g).map(Number);
        assert.ok(r + g + b < 3 * 96, `a dark background under prefers-color-scheme: dark, got ${background}`);
        await mkdir(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, `${name.replace('.html', '')}-dark-laptop.png`) });
        await page.setViewportSize({ width: 390, height: 844 });
        await settle(page);
        await page.screenshot({ path: path.join(SHOTS, `${name.replace('.html', '')}-dark-phone.png`) });
        await until(() => csp(), []);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('every control is reachable by Tab and shows where the focus is', async () => {
      const { context, page, problems } = await openSitePage(name, 'zh-CN');
      try {
        // The embed guide's live examples start as the reader comes near them: scroll to each
        // and let it draw (its controls are then in the Tab order), then start from the top.
        for (const live of await page.locator('[data-example]:has(chess-board, chess-lesson, chess-quiz)').all()) {
          await live.scrollIntoViewIfNeeded();
          await live.locator('chess-board [part~="board"] [data-square="e1"], chess-lesson .lp-step, chess-quiz .lp-step').first().waitFor();
        }
        await page.evaluate(() => scrollTo(0, 0));
        const missingMark = [];
        let visited = 0;
        let first = null;
        for (let i = 0; i < 400; i += 1) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(() => {
            // Down through shadow roots and same-origin frames (the embed guide's iframe
            // example) to the control that has the focus.
            let el = document.activeElement;
            for (;;) {
              const inner = el?.shadowRoot?.activeElement ?? (el?.localName === 'iframe' ? el.contentDocument?.activeElement : null);
              if (!inner || inner === el.contentDocument?.body) break;
              if (el.localName === 'iframe') el.__tabbed = true;
              el = inner;
            }
            if (!el || el === document.body) return null;
            if (el.__tabbed) return { again: true };
            el.__tabbed = true;
            const describe = (e) => `${e.localName}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
            // A focus mark: an outline or a box shadow on the element, or (for a control drawn
            // by its label or container, e.g. a hidden file input) on a near ancestor.
            const marked = (e) => {
              const s = e.ownerDocument.defaultView.getComputedStyle(e);
              const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
              return outline || s.boxShadow !== 'none';
            };
            let mark = Number(el.ownerDocument.defaultView.getComputedStyle(el).opacity) > 0 && marked(el);
            let up = el;
            for (let level = 0; !mark && level < 3; level += 1) {
              up = up.parentElement ?? up.getRootNode().host;
              if (!up) break;
              mark = marked(up);
            }
            return { name: describe(el), mark };
          });
          if (focused === null) continue;
          if (focused.again) break;
          visited += 1;
          first ??= focused.name;
          if (!focused.mark) missingMark.push(focused.name);
        }
        assert.deepEqual(missingMark, [], 'every focused control has a visible outline or shadow');
        const unreached = await page.evaluate(() => {
          const found = [];
          const walk = (node) => {
            for (const el of node.querySelectorAll('*')) {
              if (el.shadowRoot) walk(el.shadowRoot);
              const tabbable = el.tabIndex >= 0 && !el.disabled && !el.closest('[inert]') && el.checkVisibility?.({ visibilityProperty: true });
              if (tabbable && !el.__tabbed) found.push(`${el.localName}${el.id ? `#${el.id}` : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`);
            }
          };
          walk(document);
          return found;
        });
        assert.deepEqual(unreached, [], `every tabbable control is reached by Tab (${visited} reached)`);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });

    test('under prefers-reduced-motion nothing moves', async () => {
      const { context, page, problems } = await openSitePage(name, 'zh-CN', { reducedMotion: 'reduce' });
      try {
        // Hover and focus what can be hovered and focused first: transitions start there.
        await page.keyboard.press('Tab');
        await page.mouse.move(400, 300);
        const moving = await page.evaluate(() =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && (a.effect?.getComputedTiming().duration ?? 0) > 1)
            .map((a) => `${a.constructor.name} ${a.animationName ?? a.transitionProperty ?? ''} on ${a.effect?.target?.localName}`),
        );
        assert.deepEqual(moving, []);
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  });
}
