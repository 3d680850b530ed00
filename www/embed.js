// The embed guide's bootstrap: the language switch, the snippets made absolute (so a copied
// snippet works from another site), each live example made from its snippet's exact text, and
// the copy buttons. The widgets themselves come from qitong-elements.js.
import { readStored, storageNote, storageWorks, store } from './storage.js';

// generated: lang-key
const LANG_KEY = 'qitong-lang';
// /generated
const LANGS = ['zh-CN', 'en'];

/** The folder this guide is served from: qitong-elements.js, frame.html and lessons/ live there. */
const site = new URL('.', import.meta.url);

function savedLang() {
  const lang = readStored(LANG_KEY);
  return LANGS.includes(lang) ? lang : null;
}

/** Says once, under the page's title, that this computer saves nothing (the live lessons say it too). */
function noteNoStorage() {
  if (document.querySelector('.storage-note')) return;
  document.querySelector('main.embed > header > h1').after(storageNote('note storage-note'));
}

function setLang(lang, remember) {
  document.documentElement.lang = lang;
  for (const live of document.querySelectorAll('[data-label-en]')) {
    live.dataset.labelZh ??= live.getAttribute('aria-label');
    live.setAttribute('aria-label', lang === 'en' ? live.dataset.labelEn : live.dataset.labelZh);
  }
  for (const status of document.querySelectorAll('.copy-status')) status.textContent = '';
  // Storage refused (private mode, full): the switch still works for this visit.
  if (remember && !store(LANG_KEY, lang)) noteNoStorage();
}

/** `markup` with its relative `src` / `base` addresses made absolute on this site. */
function absolute(markup) {
  return markup.replace(/\b(src|base)="([^"]*)"/g, (_, name, value) => `${name}="${new URL(value, site).href}"`);
}

const scriptTag = `<script type="module" src="${new URL('qitong-elements.js', site).href}"></script>`;
document.getElementById('script-tag').textContent = scriptTag;

/** Each live example is its snippet's markup; the snippet adds the script tag (not for iframes). */
const examples = [];
for (const live of document.querySelectorAll('[data-example]')) {
  const code = document.getElementById(`snippet-${live.dataset.example}`);
  const markup = absolute(code.textContent);
  code.textContent = live.dataset.example === 'iframe' ? markup : `${scriptTag}\n${markup}`;
  examples.push({ live, markup });
}
function showExamples() {
  for (const { live, markup } of examples) live.innerHTML = markup;
}

function say(status, zh, en) {
  status.textContent = document.documentElement.lang === 'en' ? en : zh;
}

/** Selects the snippet's text, so Ctrl+C / ⌘C copies it where the Clipboard API is refused. */
function selectText(code) {
  const range = document.createRange();
  range.selectNodeContents(code);
  const selection = getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
}

for (const button of document.querySelectorAll('button[data-copy]')) {
  const code = document.getElementById(button.dataset.copy);
  const status = button.parentElement.querySelector('.copy-status');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent);
      say(status, '复制好了！贴到你的网页里吧。', 'Copied! Paste it into your page.');
    } catch {
      selectText(code);
      say(status, '已经选中了：按 Ctrl+C（苹果电脑 ⌘C）复制。', 'Selected: press Ctrl+C (⌘C on a Mac) to copy.');
    }
  });
}

document.getElementById('lang-switch').addEventListener('click', () => {
  setLang(document.documentElement.lang === 'en' ? 'zh-CN' : 'en', true);
  // The lesson widgets read their language when they start: start the examples again.
  showExamples();
});

setLang(savedLang() ?? 'zh-CN', false);
if (!storageWorks()) noteNoStorage();
showExamples();
