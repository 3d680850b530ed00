// 棋童's lesson elements, `<chess-lesson>` and `<chess-quiz>`: the lesson player is Rust compiled
// to WebAssembly in its own module, ./pkg/qitong_lessons.js (the board module plus the lessons),
// imported the first time such an element connects. `qitong-elements.js` re-exports these
// elements with `<chess-board>`; a page with only lessons (lesson.html) loads this file alone and
// so downloads one wasm module (the site's course: its basics module, and the module that plays
// every kind once a lesson needs it). URLs are relative to this file, so any host and sub-path works.

/**
 * A class page with boards and lessons in its markup gets both from one module (one copy of the
 * rules and of the board instead of two): ./pkg/qitong_board_lessons_basics.js first, and for a
 * lesson with a later step kind ./pkg/qitong_board_lessons.js (`qitong-elements.js` takes its
 * boards from `loadBoardsAndBasics()`). Not on a page whose own Rust
 * drives its boards (`<meta name="qitong-elements-module" content="app">`).
 */
export const oneModuleForBoth =
  document.querySelector('meta[name="qitong-elements-module"]')?.content !== 'app' &&
  document.querySelector('chess-board') !== null &&
  document.querySelector('chess-lesson, chess-quiz') !== null;

/**
 * The site's own pages (lesson.html) say `<meta name="qitong-lessons" content="compiled">`: their
 * lesson elements read the lesson files in the compiled form the site ships beside each one
 * (`rook/moves.json` for `rook/moves.toml`), with ./pkg/qitong_course.js, a module without a TOML
 * reader. A class page reads the teacher's TOML files as they are written.
 */
export const compiled = document.querySelector('meta[name="qitong-lessons"]')?.content === 'compiled';

/** The file to fetch for the lesson file `name`, in this page's form. */
export const fetchedName = (name, form = compiled) => (form ? name.replace(/\.toml$/, '.json') : name);

/** `load()`'s wasm module, initialised, fetched once (and again after a failure). */
export function once(load) {
  let module = null;
  return () => {
    module ??= load().then(async (m) => {
      await m.default();
      return m;
    });
    module.catch(() => {
      module = null;
    });
    return module;
  };
}

/** The lessons module that plays every step kind: the first element to connect starts the download. */
export const loadLessons = once(() =>
  compiled ? import('./pkg/qitong_course.js') : oneModuleForBoth ? import('./pkg/qitong_board_lessons.js') : import('./pkg/qitong_lessons.js'),
);

/**
 * A class page with boards and lessons in its markup starts both in ./pkg/qitong_board_lessons_basics.js,
 * the boards-and-lessons module with only the basic step kinds (issue 30: a board and a quiz within
 * 230 KB; 25 KB gzipped less). A lesson with another kind asks for the one that plays every kind
 * (`need-module`); the boards stay where they started.
 */
export const loadBoardsAndBasics = once(() => import('./pkg/qitong_board_lessons_basics.js'));

/**
 * The site's course module without the step kinds after the piece stages,
 * ./pkg/qitong_course_basics.js: what the first lesson page downloads (issue 27). The stages it
 * plays whole (every step of every lesson), written by `cargo xtask codegen` from the course:
 */
// generated: basic-stages
const BASIC_STAGES = ['board', 'setup', 'rook', 'bishop', 'queen', 'king', 'knight', 'pawn', 'capture'];
// /generated
const loadBasics = once(() => import('./pkg/qitong_course_basics.js'));

/** Set once a player asked for the module that plays every kind: later players start in it too. */
let everyKind = false;

/**
 * The module a player starts in: on the site's pages the basics module for the stage map and the
 * basic stages' lessons (`target`: `lesson=` or the address's hash); on a class page with boards
 * the boards' basics module (its lessons' kinds are known only once read); else the one that
 * plays every kind. A basics player that meets another kind asks for that one (`need-module`).
 */
function moduleFor(target) {
  if (everyKind) return loadLessons();
  if (!compiled) return oneModuleForBoth ? loadBoardsAndBasics() : loadLessons();
  const basic = target != null && (!namesLesson(target) || BASIC_STAGES.includes(lessonPath(target)[0]));
  return basic ? loadBasics() : loadLessons();
}

/** Each element's name in its note, zh-CN and en. */
const WIDGET_NAMES = { 'chess-board': '棋盘 board', 'chess-clock': '棋钟 clock', 'chess-lesson': '课 lesson', 'chess-quiz': '题 quiz' };

/**
 * Says in `element`, in the page's language, that its wasm module could not be loaded, with a
 * button that calls `retry`. `place` is the element's shadow root, or the element itself while it
 * is not defined yet (boards and clocks are defined once their module has loaded): the note then
 * replaces the snippet's fallback line, and the shadow root hides it once the element starts.
 */
export function sayNotLoaded(element, place, retry) {
  const en = /^en\b/i.test(element.closest('[lang]')?.getAttribute('lang') ?? '');
  const [zh, english] = WIDGET_NAMES[element.localName].split(' ');
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.dataset.qitongNote = '';
  note.textContent = en
    ? `The ${english} could not load (its wasm file did not download). Check the internet connection, then press Try again. `
    : `${zh}没能加载出来（wasm 文件没下载下来）。请检查网络，再点“再试一次”。`;
  const button = document.createElement('button');
  button.textContent = en ? 'Try again' : '再试一次';
  button.addEventListener('click', () => {
    note.remove();
    retry();
  }, { once: true });
  note.append(button);
  place.replaceChildren(note);
}

/**
 * The course index beside `course.toml` in the compiled form (made when the site is built or
 * served): the stage map and the home page draw from it, and a lesson's file is fetched when
 * the lesson is opened.
 */
export const INDEX_FILE = 'course-index.json';

/** The text at `url`, or null when it cannot be fetched (the player then names the file). */
export function fetchText(url) {
  const early = ahead.get(String(url));
  if (early) {
    ahead.delete(String(url));
    // Handed over in a task of its own, as a fetch's answer comes: the player's start and its
    // reading of the file are two tasks, not one long one (issue 27).
    return early.then((text) => new Promise((resolve) => setTimeout(() => resolve(text))));
  }
  return download(url);
}

async function download(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/**
 * Texts asked for while the wasm module still downloads (address → the promise of `fetchText`),
 * each taken by the first `fetchText` of its address: on the site's own pages the files the
 * player will ask for first are known from the address alone, so they come in beside the module
 * instead of after it (issue 27: two round trips less before the first lesson or the map shows).
 */
const ahead = new Map();

/** Whether `target` (`lesson=` or the address's hash) names a lesson (`stage/id`), not the map. */
const namesLesson = (target) => /^#?\/?[^/#]+\/[^/]/.test(target);

/** `target`'s parts: `['rook', 'moves', …]` for `#/rook/moves/2` or `rook/moves`. */
const lessonPath = (target) => target.replace(/^#?\/?/, '').split('/');

/**
 * Starts fetching what a site page's `<chess-lesson>` reads first: for the map the course index;
 * for a lesson (`stage/id`) the course file and that lesson's file — the one `firstFiles` names
 * unless the course gates its stages, when the player asks for more and this one waits unused.
 */
function fetchAhead(base, target) {
  const early = (name) => {
    const url = new URL(fetchedName(name), base).href;
    if (!ahead.has(url)) ahead.set(url, download(url));
  };
  if (!namesLesson(target)) return early(INDEX_FILE);
  const [stage, id] = lessonPath(target);
  early('course.toml');
  early(`${stage}/${id}.toml`);
}

/**
 * The course in `base` (a URL of the lessons folder): `course.toml`'s text (null when it could not
 * be fetched), the lesson files it names and their texts, for `loadCourse`; `all` every file the
 * course lists, `partial` whether `names` is fewer. `reader` reads the course text (`LessonPlayer`).
 * `form`: whether the files are fetched in their compiled form (`fetchedName`); the names stay
 * the lesson files' own.
 */
export async function fetchCourse(reader, base, target = '', form = compiled) {
  const course = await fetchText(new URL(fetchedName('course.toml', form), base));
  const all = course == null ? [] : Array.from(reader.courseFiles(course));
  // With a `target` lesson (`stage/id` or `#/stage/id/step`), only the files it needs.
  const names = course == null || !target ? all : Array.from(reader.firstFiles(course, target));
  const texts = await Promise.all(names.map((name) => fetchText(new URL(fetchedName(name, form), base))));
  return { course, all, names, texts, partial: names.length < all.length };
}

/**
 * The players waiting to start, each started in a task of its own: a page with several lessons
 * and quizzes builds them one by one, a few short tasks instead of one long one that a slow
 * phone cannot answer a tap during (issue 27).
 */
const waiting = [];
function startInTurn(start) {
  waiting.push(start);
  if (waiting.length === 1) setTimeout(startNext);
}
function startNext() {
  try {
    waiting[0]();
  } finally {
    waiting.shift();
    if (waiting.length > 0) setTimeout(startNext);
  }
}

/**
 * Widgets far down a page start when the reader comes near them (issue 27): a class page or the
 * embedding guide with a dozen boards and lessons built every one of them in its first seconds,
 * and a slow phone could not answer a tap meanwhile. `startWhenNear(element, start)` calls `start`
 * in a microtask if `element` is on screen or within a screen of it (one layout read for every
 * element connected in the same task, before the first paint, so nothing on screen shows up a
 * frame late), else once it scrolls that near or is shown (a hidden tab's widget starts when the
 * tab opens). `startNow(element)` starts a waiting one at once (a script calls its methods).
 */
const NEAR = '100% 0px';
const toPlace = new Map();
const far = new Map();
const nearing =
  typeof IntersectionObserver === 'function'
    ? new IntersectionObserver(
        (entries) => {
          for (const { target, isIntersecting } of entries) if (isIntersecting) startNow(target);
        },
        { rootMargin: NEAR },
      )
    : null;

export function startWhenNear(element, start) {
  if (!nearing) return start();
  if (toPlace.size === 0) queueMicrotask(place);
  toPlace.set(element, start);
}

/** Starts the elements connected since the last call that are near, and watches the others. */
function place() {
  const batch = [...toPlace];
  toPlace.clear();
  // All the reads first: one layout, not one per element started. One removed meanwhile is
  // "started" too: its own start does nothing but note that it is not waiting any more.
  const near = batch.map(([element]) => {
    if (!element.isConnected) return true;
    const box = element.getBoundingClientRect();
    return element.getClientRects().length > 0 && box.bottom >= -innerHeight && box.top <= 2 * innerHeight;
  });
  batch.forEach(([element, start], i) => {
    if (near[i]) return start();
    far.set(element, start);
    nearing.observe(element);
  });
}

/** Starts `element` now if it waits to come near; false if it was not waiting. */
export function startNow(element) {
  const start = toPlace.get(element) ?? far.get(element);
  if (!start) return false;
  forgetStart(element);
  start();
  return true;
}

/** `element` left the page before it started: true if it was waiting (it starts anew when put back). */
export function forgetStart(element) {
  nearing?.unobserve(element);
  return toPlace.delete(element) || far.delete(element);
}

/** The players on the page, told when `<html lang>` changes (as `<chess-board>` is). */
const players = new Set();
new MutationObserver(() => {
  for (const player of players) player.languageChanged();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

/** ./qitong-computer.js once imported (null before the first question, and after a failed import). */
let computerModule = null;

/**
 * The one computer port of the page's Rust views (`ui::computer`): the boards' `opponent`, the
 * play page and the lesson player's vs-computer steps. ./qitong-computer.js (and the worker and
 * the engine's wasm behind it) is imported only when the first question comes, so that a page
 * that never plays the computer downloads nothing more; a failed import is tried again at the
 * next question. Each question carries its own `signal`, so no asker cancels another's.
 */
export const computerPort = {
  computerMove(fen, options) {
    computerModule ??= import('./qitong-computer.js').catch((error) => {
      computerModule = null;
      throw error;
    });
    return computerModule.then((m) => m.computerMove(fen, options));
  },
};

/**
 * `<chess-lesson>`: one lesson, `lesson="stage/id"` from the course in `base` (default
 * `lessons/`) or `src="file.toml"`; with neither, the whole course with its stage map and deep
 * links `#/stage/lesson/step`. Fires `complete` ({ stars, lesson }) when a lesson is finished.
 * Attribute `present` (property `present`, or `?present` in the address, or the player's
 * "投影模式 / Projector" button) is projector mode; `presentchange` ({ present }) says it changed.
 * The player is Rust (`LessonPlayer`); this shell only fetches the files it asks for.
 */
export class ChessLesson extends HTMLElement {
  static mode = 'lesson';
  // generated: lesson-observed-attributes
  static observedAttributes = ['lang', 'present'];
  // /generated

  #player = null;
  /** Set while the lessons module loads, so that connecting twice starts one player. */
  #starting = false;

  constructor() {
    super();
    // The basics module met a lesson with a kind it leaves out; the address names that lesson.
    // Not in the event's own task: the player that fired it is still running.
    this.addEventListener('need-module', () => queueMicrotask(() => this.#startEveryKind()));
  }

  connectedCallback() {
    players.add(this);
    if (this.#player || this.#starting) return;
    // The shadow root exists at once, as before the module arrives.
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    const target = this.hasAttribute('src') ? null : this.getAttribute('lesson') ?? location.hash;
    if (compiled && target != null) fetchAhead(this.#base(), target);
    this.#boot(moduleFor(target));
  }

  /** The player again, in the module that plays every kind, where the address says. */
  #startEveryKind() {
    if (!this.#player || !this.isConnected) return;
    everyKind = true;
    // Freeing the player cancels its questions to the computer (each has its own signal).
    this.#player.free();
    this.#player = null;
    this.#boot(loadLessons());
  }

  /** Starts the player once `module` (a `once` loader's promise) has loaded. */
  #boot(module) {
    this.#starting = true;
    module.then(
      ({ LessonPlayer }) =>
        startWhenNear(this, () =>
          startInTurn(() => {
            this.#starting = false;
            // Removed again before the module arrived: start when it is put back.
            if (this.isConnected && !this.#player) this.#start(LessonPlayer);
          }),
        ),
      (error) => {
        this.#starting = false;
        console.error('the lessons module could not be loaded', error);
        if (this.isConnected && !this.#player) sayNotLoaded(this, this.shadowRoot, () => this.isConnected && this.connectedCallback());
      },
    );
  }

  #start(LessonPlayer) {
    this.shadowRoot.replaceChildren();
    const src = this.getAttribute('src');
    const lesson = this.getAttribute('lesson');
    const mode = this.constructor.mode === 'step' ? 'step' : src || lesson ? 'lesson' : 'course';
    this.#player = new LessonPlayer(this, this.shadowRoot, mode);
    this.#player.setComputer(computerPort);
    this.#load(LessonPlayer, this.#player, src, lesson);
  }

  /** The lessons folder: `base`, by default the page's `lessons/`. */
  #base() {
    return new URL(this.getAttribute('base') ?? 'lessons/', document.baseURI);
  }

  async #load(LessonPlayer, player, src, lesson) {
    if (src) {
      const url = new URL(src, document.baseURI);
      const step = Number.parseInt(this.getAttribute('step') ?? '', 10);
      const text = await fetchText(fetchedName(url.href));
      if (this.#player === player) player.loadLesson(url.pathname, text, step >= 1 ? Math.min(step, 100000) : null);
      return;
    }
    const base = this.#base();
    const target = lesson ?? location.hash;
    // The site's stage map reads the course index (`INDEX_FILE`) alone.
    if (compiled && !namesLesson(target)) return this.#loadIndex(LessonPlayer, player, base, lesson, [], []);
    // A deep link (or `lesson=`) first fetches the course file and only its own lesson (the
    // first lesson page stays small); the player fires `need-course` when the child goes to the
    // map or another lesson: the site's pages then read the index, a class site's TOML course
    // (which has none) every lesson file.
    const first = await fetchCourse(LessonPlayer, base, target);
    if (first.partial) {
      this.addEventListener('need-course', async () => {
        if (compiled) return this.#loadIndex(LessonPlayer, player, base, lesson, first.names, first.texts);
        const known = new Map(first.names.map((name, i) => [name, first.texts[i]]));
        const texts = await Promise.all(first.all.map((name) => known.get(name) ?? fetchText(new URL(fetchedName(name), base))));
        if (this.#player === player) player.loadCourse(first.course, first.all, texts, lesson, false);
      }, { once: true });
    }
    if (this.#player === player) player.loadCourse(first.course, first.names, first.texts, lesson, first.partial);
  }

  /**
   * The course from its index in `base`, with the files `known` (and their `texts`) fetched
   * already: the lessons the index could not outline and the address's own are fetched now,
   * any other when the child opens it (`need-lesson`, answered with `addLesson`).
   */
  async #loadIndex(LessonPlayer, player, base, lesson, known, knownTexts) {
    const index = await fetchText(new URL(INDEX_FILE, base));
    const wanted = index == null ? [] : Array.from(LessonPlayer.indexFiles(index, lesson ?? location.hash));
    const names = [...new Set([...known, ...wanted])];
    const texts = await Promise.all(names.map((name) => (known.includes(name) ? knownTexts[known.indexOf(name)] : fetchText(new URL(fetchedName(name), base)))));
    this.addEventListener('need-lesson', async ({ detail: name }) => {
      const text = await fetchText(new URL(fetchedName(name), base));
      if (this.#player === player) player.addLesson(name, text);
    });
    if (this.#player === player) player.loadIndex(index, names, texts, lesson);
  }

  disconnectedCallback() {
    players.delete(this);
    // Still waiting to come near: put back, it waits again (its module is loaded by then).
    if (forgetStart(this)) this.#starting = false;
    queueMicrotask(() => {
      if (!this.isConnected && this.#player) {
        // A vs-computer step's question dies with its player (freeing it aborts its signal).
        this.#player.free();
        this.#player = null;
      }
    });
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'present') this.#player?.setPresent(value !== null);
    if (name === 'lang') this.#player?.followLang();
  }

  /** The page's (or an ancestor's) language changed; it matters unless the element has its own. */
  languageChanged() {
    if (!this.hasAttribute('lang')) this.#player?.followLang();
  }

  /** Projector mode: big board and text, pacing keys, answers hidden until revealed. */
  get present() {
    return this.hasAttribute('present');
  }

  set present(on) {
    this.toggleAttribute('present', Boolean(on));
  }

  /** Does what a button of the player does (`next`, `retry`, `sq:e4`, `choose:1`, …). */
  act(action, value) {
    this.#player?.act(String(action), value == null ? null : String(value));
  }
}

/** `<chess-quiz src="file.toml" step="2">`: one step of a lesson file, without navigation. */
export class ChessQuiz extends ChessLesson {
  static mode = 'step';
}

if (!customElements.get('chess-lesson')) customElements.define('chess-lesson', ChessLesson);
if (!customElements.get('chess-quiz')) customElements.define('chess-quiz', ChessQuiz);
