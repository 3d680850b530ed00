// "Check my lesson": the validator (`checkLesson`, the same as `cargo xtask lessons`) and the
// lesson player come from the teacher module; this script reads the dropped, picked or pasted
// file, lists the problems (as text) and mounts the preview.
import init, { checkLesson, checkCourse, LessonPlayer } from './pkg/qitong_teacher.js';
import { NO_STORAGE, readStored, storageWorks, store } from './storage.js';

// generated: lang-key
const LANG_KEY = 'qitong-lang';
// /generated

const TEXT = {
  'zh-CN': {
    home: '← 棋童首页', title: '检查我的课',
    intro: '把一个课程文件（.toml）拖到下面，或者选择文件、粘贴文字。这里用的检查和 cargo xtask lessons 完全一样：每个问题都写出第几行。',
    inputHeading: '课程文件', drop: '把 .toml 文件拖到这里', pick: '选择文件…',
    fileName: '文件名（用来检查 id；粘贴时可以不填）', paste: '或者把文件内容粘贴到这里：', check: '检查',
    resultHeading: '检查结果', previewHeading: '预览', previewHint: '这就是孩子们看到的样子；可以直接试着做一做。',
    helpHeading: '怎样把新课放到网站上',
    help1: '在这里检查，直到显示“没有发现问题”。',
    help2: '把文件放进网站的 lessons/<阶段>/ 文件夹，文件名就是课的 id，例如 lessons/rook/rook-moves.toml。',
    help3: '在 lessons/course.toml 里这个阶段的 lessons = [ … ] 中加上它的 id。',
    help4: '重新上传网站；也可以在电脑上运行 cargo xtask lessons 一次检查整个课程。',
    format: '课程文件格式说明（lessons/FORMAT.md）',
    empty: '还没有内容：拖入、选择或粘贴一个课程文件。',
    ok: '没有发现问题 ✓', problems: (n) => `发现 ${n} 个问题：`,
    line: (n) => `第 ${n} 行`, step: (n) => `第 ${n} 步`, wholeFile: '整个文件',
    courseNote: '这是 course.toml：只检查它自己（它列出的课文件不在这里）。',
    unreadable: '这个文件读不出来。', other: 'English', noStorage: NO_STORAGE['zh-CN'],
  },
  en: {
    home: '← Qitong home', title: 'Check my lesson',
    intro: 'Drop a lesson file (.toml) below, pick one, or paste its text. The check is exactly the one of cargo xtask lessons: every problem names its line.',
    inputHeading: 'Lesson file', drop: 'Drop a .toml file here', pick: 'Choose a file…',
    fileName: 'File name (checks the id; may stay empty for pasted text)', paste: 'Or paste the file’s text here:', check: 'Check',
    resultHeading: 'Result', previewHeading: 'Preview', previewHint: 'This is what the children see; you can try it right here.',
    helpHeading: 'How to add a lesson to the site',
    help1: 'Check it here until it says “No problems found”.',
    help2: 'Put the file into the site’s lessons/<stage>/ folder; the file name is the lesson id, e.g. lessons/rook/rook-moves.toml.',
    help3: 'Add its id to that stage’s lessons = [ … ] in lessons/course.toml.',
    help4: 'Upload the site again; on a computer, cargo xtask lessons checks the whole course at once.',
    format: 'The lesson file format (lessons/FORMAT.md)',
    empty: 'Nothing yet: drop, choose or paste a lesson file.',
    ok: 'No problems found ✓', problems: (n) => (n === 1 ? '1 problem found:' : `${n} problems found:`),
    line: (n) => `line ${n}`, step: (n) => `step ${n}`, wholeFile: 'whole file',
    courseNote: 'This is course.toml: only the file itself is checked (the lesson files it lists are not here).',
    unreadable: 'This file could not be read.', other: '中文', noStorage: NO_STORAGE.en,
  },
};

const $ = (id) => document.getElementById(id);
const textarea = $('lesson-text');
const nameInput = $('file-name');
const summary = $('summary');
const list = $('problems');
const preview = $('preview');

// Storage may be blocked or full: the page works all the same and says so under its intro.
let lang = readStored(LANG_KEY) === 'en' ? 'en' : 'zh-CN';
$('storage-note').hidden = storageWorks();
let player = null;
let checked = false;

function words() {
  return TEXT[lang];
}

function applyLanguage() {
  document.documentElement.lang = lang;
  for (const element of document.querySelectorAll('[data-t]')) element.textContent = words()[element.dataset.t];
  const switchButton = $('lang-switch');
  switchButton.textContent = words().other;
  switchButton.lang = lang === 'en' ? 'zh-CN' : 'en';
  document.title = `${words().title} · 棋童`;
  check();
}

/** Selects line `line` (from 1) of the text, as a click on a problem's line number asks. */
function selectLine(line) {
  const lines = textarea.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
  textarea.focus();
  textarea.setSelectionRange(start, start + (lines[line - 1] ?? '').length);
  // Scroll the selected line into view (a textarea does not do it by itself for a selection).
  const lineHeight = textarea.scrollHeight / Math.max(lines.length, 1);
  textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

function problemItem(problem) {
  const item = document.createElement('li');
  const place = problem.line == null ? words().wholeFile
    : words().line(problem.line) + (problem.step == null ? '' : ` · ${words().step(problem.step)}`);
  const message = document.createElement('span');
  message.className = 'message';
  message.textContent = problem.message;
  if (problem.line == null) {
    const label = document.createElement('span');
    label.className = 'place';
    label.textContent = place;
    item.append(label, message);
  } else {
    const jump = document.createElement('button');
    jump.type = 'button';
    jump.className = 'place';
    jump.textContent = place;
    jump.addEventListener('click', () => selectLine(problem.line));
    item.append(jump, message);
  }
  return item;
}

function showPreview(name, text) {
  if (player) player.free();
  preview.replaceChildren();
  const host = document.createElement('div');
  host.className = 'preview-host';
  host.lang = lang;
  preview.append(host);
  player = new LessonPlayer(host, host.attachShadow({ mode: 'open' }), 'lesson');
  // Pasted text has no file name: the player is given the one its id asks for, as the list
  // (which skips the id check then) would.
  const id = /^\s*id\s*=\s*"([^"]*)"/m.exec(text)?.[1]?.trim();
  player.loadLesson(name || `${id || 'pasted'}.toml`, text, null);
}

function check() {
  const text = textarea.value;
  list.replaceChildren();
  summary.className = 'summary';
  if (!text.trim()) {
    summary.textContent = checked ? words().empty : '';
    if (player) player.free();
    player = null;
    preview.replaceChildren();
    return;
  }
  checked = true;
  const name = nameInput.value.trim();
  const isCourse = name.split(/[/\\]/).pop() === 'course.toml';
  const found = isCourse ? checkCourse(text, lang) : checkLesson(name, text, lang);
  summary.textContent = found.length === 0 ? words().ok : words().problems(found.length);
  summary.classList.add(found.length === 0 ? 'ok' : 'bad');
  list.append(...found.map(problemItem));
  if (isCourse) {
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = words().courseNote;
    preview.replaceChildren(note);
  } else {
    showPreview(name, text);
  }
}

/** Checks, and on a narrow screen (the result below the text) scrolls the result into view. */
function checkAndReveal() {
  check();
  const top = summary.getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight - 80) summary.scrollIntoView({ block: 'start' });
}

async function readFile(file) {
  if (!file) return;
  try {
    textarea.value = await file.text();
    nameInput.value = file.name;
    textarea.scrollTop = 0;
  } catch {
    textarea.value = '';
    summary.textContent = words().unreadable;
    return;
  }
  checkAndReveal();
}

await init();

const dropZone = $('drop-zone');
for (const kind of ['dragenter', 'dragover']) {
  dropZone.addEventListener(kind, (event) => {
    event.preventDefault();
    dropZone.classList.add('over');
  });
}
dropZone.addEventListener('dragleave', () => dropZone.classList.remove('over'));
dropZone.addEventListener('drop', (event) => {
  event.preventDefault();
  dropZone.classList.remove('over');
  readFile(event.dataTransfer?.files?.[0]);
});
// A file dropped next to the zone must not replace the page with the file.
window.addEventListener('dragover', (event) => event.preventDefault());
window.addEventListener('drop', (event) => event.preventDefault());
$('file-input').addEventListener('change', (event) => readFile(event.target.files?.[0]));
textarea.addEventListener('paste', () => setTimeout(check));
$('check-button').addEventListener('click', checkAndReveal);
$('lang-switch').addEventListener('click', () => {
  lang = lang === 'en' ? 'zh-CN' : 'en';
  if (!store(LANG_KEY, lang)) $('storage-note').hidden = false;
  applyLanguage();
});
applyLanguage();
document.body.dataset.ready = 'true';
