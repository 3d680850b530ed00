// The embed guide's bootstrap: the language switch, the snippets made absolute (so a copied
// snippet works from another site) with a fallback line inside each element (what to check if the
// widget never starts), each live example made from its snippet's exact text, the copy buttons,
// and a check of this guide's own host: does it allow other sites to load the elements (CORS)?
// The widgets themselves come from qitong-elements.js.
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
  showHostCheck();
  // Storage refused (private mode, full): the switch still works for this visit.
  if (remember && !store(LANG_KEY, lang)) noteNoStorage();
}

/** `markup` with its relative `src` / `base` addresses made absolute on this site. */
function absolute(markup) {
  return markup.replace(/\b(src|base)="([^"]*)"/g, (_, name, value) => `${name}="${new URL(value, site).href}"`);
}

const scriptTag = `<script type="module" src="${new URL('qitong-elements.js', site).href}"></script>`;
document.getElementById('script-tag').textContent = scriptTag;

/** Each element's name in its fallback line. */
const NAMES = { board: ['棋盘', 'board'], computer: ['棋盘', 'board'], lesson: ['课', 'lesson'], quiz: ['题', 'quiz'], clock: ['棋钟', 'clock'] };

/**
 * The line inside a snippet's element, in the guide's language: shown by the browser until the
 * element starts (its shadow root hides it), so a widget that never starts says what to check.
 */
function fallbackLine(kind, lang) {
  const [zh, en] = NAMES[kind];
  return lang === 'en'
    ? `Loading Qitong’s ${en}… Still this line? Check that the script address above opens, and that its site sends the header Access-Control-Allow-Origin (CORS); or copy Qitong’s dist/ folder onto your own site.`
    : `正在加载棋童的${zh}……一直是这句话？请检查上面 script 的网址能不能打开，那个网站有没有发送 Access-Control-Allow-Origin 响应头（CORS）；或者把棋童的 dist/ 文件夹复制到你自己的网站上。`;
}

/** Each live example is its snippet's markup; the snippet adds the script tag (not for iframes). */
const examples = [];
for (const live of document.querySelectorAll('[data-example]')) {
  const code = document.getElementById(`snippet-${live.dataset.example}`);
  examples.push({ live, code, kind: live.dataset.example, markup: absolute(code.textContent) });
}
/** The snippets in the page's language (their fallback lines), and the live examples made from them. */
function showExamples() {
  const lang = document.documentElement.lang;
  for (const { live, code, kind, markup } of examples) {
    if (kind === 'iframe') {
      code.textContent = markup;
      live.innerHTML = markup;
      continue;
    }
    const filled = markup.replace(/><\/(chess-[a-z]+)>$/, (_, tag) => `>${fallbackLine(kind, lang)}</${tag}>`);
    code.textContent = `${scriptTag}\n${filled}`;
    live.innerHTML = filled;
  }
}

/**
 * Whether another site may load the elements from this guide's host: the script and the lessons
 * must come with `Access-Control-Allow-Origin: *` (null until known). Two small files, asked
 * for in full (a HEAD request is not answered well by every host); the wasm comes from the same
 * host as the script.
 */
let hostAllows = null;
const CHECKED = ['qitong-elements.js', 'lessons/course.toml'];

async function checkHost() {
  const allows = await Promise.all(
    CHECKED.map((file) =>
      fetch(new URL(file, site), { cache: 'no-store' }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.ok && response.headers.get('Access-Control-Allow-Origin') === '*';
        },
        () => false,
      ),
    ),
  );
  hostAllows = allows.every(Boolean);
  document.body.dataset.hostCheck = hostAllows ? 'cors' : 'no-cors';
  showHostCheck();
}

/** Says beside the script tag and each copy button what the host check found. */
function showHostCheck() {
  const en = document.documentElement.lang === 'en';
  const text =
    hostAllows === null
      ? en ? 'Checking whether other sites may load Qitong from this site…' : '正在检查别的网站能不能从这里加载棋童……'
      : hostAllows
        ? en
          ? '✓ This site sends the CORS header (Access-Control-Allow-Origin: *): the code works pasted on another site.'
          : '✓ 这个网站发送了 CORS 响应头（Access-Control-Allow-Origin: *）：代码贴到别的网站上也能用。'
        : en
          ? '✗ This site does not send the CORS header (Access-Control-Allow-Origin: *): pasted on another site, the code shows only its fallback line. Copy the dist/ folder onto your own site and use your own address, or have this site send that header.'
          : '✗ 这个网站没有发送 CORS 响应头（Access-Control-Allow-Origin: *）：代码贴到别的网站上只会显示那句提示。请把 dist/ 文件夹复制到你自己的网站上，用你自己的网址；或者让这个网站发送这个响应头。';
  for (const line of document.querySelectorAll('.host-check')) {
    line.textContent = text;
    line.classList.toggle('bad', hostAllows === false);
  }
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
checkHost();
