// frame.html's bootstrap: reads which widget the address asks for, checks the options against
// the values the elements accept, and shows that one widget (or a friendly note when the address
// cannot be read). Values only ever become attributes or text, never markup.
//
//   ?board[&fen=FEN][&orientation=black][&coordinates=outside|off][&theme=projector|high-contrast][&readonly]
//         [&computer=1..8[&side=black]]   (play the computer at that level; the child plays `side`)
//   ?lesson=stage/lesson   ?quiz=stage/lesson[&step=N]   ?clock=5+3[&theme=projector]   any: &lang=en|zh-CN
import { NO_STORAGE, readStored, storageWorks, store } from './storage.js';

// generated: lang-key
const LANG_KEY = 'qitong-lang';
// /generated
const LANGS = ['zh-CN', 'en'];
const KINDS = ['board', 'lesson', 'quiz', 'clock'];
const LESSON_ID = /^[a-z0-9-]+\/[a-z0-9-]+$/;
const TIME_CONTROL = /^\d+(\.\d+)?s?[+d]\d+$/;
// generated: frame-choices
const BOARD_CHOICES = {
  orientation: ['white', 'black'],
  coordinates: ['inside', 'outside', 'off'],
  theme: ['default', 'high-contrast', 'projector'],
  side: ['white', 'black'],
};
const COMPUTER_LEVELS = ['1', '2', '3', '4', '5', '6', '7', '8'];
const CLOCK_THEMES = ['high-contrast', 'projector'];
// /generated

const site = new URL('.', import.meta.url);
const params = new URLSearchParams(location.search);
const main = document.getElementById('frame');

/** A reason the address cannot be shown: zh-CN and en sentences, and the offending text. */
class Unreadable extends Error {
  constructor(zh, en, what = null) {
    super(en);
    this.zh = zh;
    this.en = en;
    this.what = what;
  }
}

function storedLang() {
  const lang = readStored(LANG_KEY);
  return LANGS.includes(lang) ? lang : null;
}

/** A short line in the bar under the widget (never over it) when this computer saves nothing. */
function noteNoStorage() {
  if (document.querySelector('.frame-note')) return;
  const note = document.createElement('span');
  note.className = 'frame-note';
  note.setAttribute('role', 'status');
  note.append(...line('span', '这台电脑不能保存进度', "This computer can't save progress").childNodes);
  note.title = `${NO_STORAGE['zh-CN']} ${NO_STORAGE.en}`;
  document.querySelector('.frame-bar a').after(note);
}

function choice(name, allowed) {
  const value = params.get(name);
  if (value == null || allowed.includes(value)) return value;
  throw new Unreadable(`“${name}” 只能是：${allowed.join('、')}。`, `“${name}” can only be: ${allowed.join(', ')}.`, `${name}=${value}`);
}

function lessonId(kind) {
  const id = params.get(kind) ?? '';
  if (LESSON_ID.test(id)) return id;
  throw new Unreadable(`“${kind}=” 后面要写 阶段/课，例如 rook/moves。`, `“${kind}=” needs stage/lesson, e.g. rook/moves.`, `${kind}=${id}`);
}

/** The element the address asks for, with its attributes; throws Unreadable. */
function widget() {
  const kinds = KINDS.filter((kind) => params.has(kind));
  if (kinds.length === 0) {
    throw new Unreadable('网址里要有 ?board、?lesson=…、?quiz=… 或 ?clock=… 中的一个。', 'The address needs one of ?board, ?lesson=…, ?quiz=… or ?clock=….');
  }
  if (kinds.length > 1) {
    throw new Unreadable('一个小窗口只能放一个小工具。', 'One little window shows one widget only.', kinds.join(' + '));
  }
  const [kind] = kinds;
  if (kind === 'board') {
    const board = document.createElement('chess-board');
    for (const [name, allowed] of Object.entries(BOARD_CHOICES)) {
      const value = choice(name, allowed);
      if (value != null) board.setAttribute(name, value);
    }
    if (params.has('readonly')) board.setAttribute('readonly', '');
    const level = choice('computer', COMPUTER_LEVELS);
    if (level != null) {
      board.setAttribute('opponent', 'computer');
      board.setAttribute('level', level);
    }
    return { kind, element: board, module: './qitong-elements.js' };
  }
  if (kind === 'clock') {
    // A `+` in an address means a space: `?clock=5+3` arrives as "5 3".
    const control = (params.get('clock') ?? '').trim().replace(/\s+/, '+');
    if (!TIME_CONTROL.test(control)) {
      throw new Unreadable('棋钟的用时要写成 分钟+秒，例如 clock=5+3，或者 clock=5d3。', 'The clock’s time is minutes+seconds, e.g. clock=5+3, or clock=5d3.', `clock=${params.get('clock')}`);
    }
    const clock = document.createElement('chess-clock');
    clock.setAttribute('time-control', control);
    const theme = choice('theme', CLOCK_THEMES);
    if (theme) clock.setAttribute('theme', theme);
    return { kind, element: clock, module: './qitong-elements.js' };
  }
  const id = lessonId(kind);
  if (kind === 'lesson') {
    const lesson = document.createElement('chess-lesson');
    lesson.setAttribute('lesson', id);
    lesson.setAttribute('base', new URL('lessons/', site).href);
    return { kind, element: lesson, module: './qitong-lesson-elements.js' };
  }
  const step = params.get('step') ?? '1';
  if (!/^[1-9]\d{0,2}$/.test(step)) {
    throw new Unreadable('“step” 要写一个数字，从 1 数起。', '“step” must be a number, counted from 1.', `step=${step}`);
  }
  const quiz = document.createElement('chess-quiz');
  quiz.setAttribute('src', new URL(`lessons/${id}.toml`, site).href);
  quiz.setAttribute('step', step);
  return { kind, element: quiz, module: './qitong-lesson-elements.js' };
}

function line(tag, zh, en) {
  const node = document.createElement(tag);
  for (const [cls, text, lang] of [['zh', zh, 'zh-CN'], ['en', en, 'en']]) {
    const span = document.createElement('span');
    span.className = cls;
    span.lang = lang;
    span.textContent = text;
    node.append(span);
  }
  return node;
}

/** The friendly note in place of a widget: what is wrong, and addresses that work. */
function showUnreadable(problem) {
  const note = document.createElement('div');
  note.className = 'oops';
  note.setAttribute('role', 'alert');
  note.append(line('h2', '这个小窗口不知道要显示什么', 'This little window does not know what to show'));
  note.append(line('p', problem.zh, problem.en));
  if (problem.what) {
    const what = document.createElement('p');
    const code = document.createElement('code');
    code.textContent = problem.what;
    what.append(code);
    note.append(what);
  }
  const examples = document.createElement('ul');
  for (const example of ['frame.html?board', 'frame.html?lesson=rook/moves', 'frame.html?quiz=rook/moves&step=7', 'frame.html?clock=5+3']) {
    const item = document.createElement('li');
    const code = document.createElement('code');
    code.textContent = example;
    item.append(code);
    examples.append(item);
  }
  note.append(line('p', '这样写就可以：', 'Addresses that work:'), examples);
  const help = document.createElement('a');
  help.href = 'embed.html#iframe';
  help.target = '_blank';
  help.rel = 'noopener';
  help.append(...line('span', '老师看这里：怎么写网址', 'For teachers: how to write the address').childNodes);
  note.append(help);
  main.replaceChildren(note);
}

/**
 * The clock takes Space only while the focus is in it: in its own frame, where it is all there
 * is, it takes the focus at the start and back from any tap beside it (a browser lets a frame of
 * another site take the focus only after the child has tapped in it).
 */
function focusTheClock(clock) {
  clock.tabIndex = -1;
  clock.focus({ preventScroll: true });
  document.addEventListener('click', (event) => {
    if (clock.isConnected && !clock.contains(event.target) && !event.target.closest?.('button, a')) clock.focus({ preventScroll: true });
  });
}

async function show() {
  let chosen;
  try {
    chosen = widget();
  } catch (problem) {
    if (!(problem instanceof Unreadable)) throw problem;
    showUnreadable(problem);
    return;
  }
  // In the document first: qitong-elements.js then loads only the module of the element shown
  // (a clock's frame downloads no board).
  main.replaceChildren(chosen.element);
  await import(chosen.module);
  if (chosen.kind === 'clock') focusTheClock(chosen.element);
  const fen = params.get('fen');
  if (chosen.kind === 'board' && fen != null && fen.trim() !== '' && fen !== 'start') {
    try {
      chosen.element.setPosition(fen);
    } catch {
      showUnreadable(new Unreadable('这个局面（FEN）看不懂。', 'This position (FEN) cannot be read.', `fen=${fen}`));
    }
  }
}

function setLang(lang) {
  document.documentElement.lang = lang;
}

const asked = params.get('lang');
setLang(LANGS.includes(asked) ? asked : storedLang() ?? 'zh-CN');
document.getElementById('lang-switch').addEventListener('click', () => {
  const lang = document.documentElement.lang === 'en' ? 'zh-CN' : 'en';
  setLang(lang);
  // Storage refused: the switch still works for this visit.
  if (!store(LANG_KEY, lang)) noteNoStorage();
  // The lesson widgets read their language when they start: show the widget again.
  show();
});
if (!storageWorks()) noteNoStorage();
await show();
