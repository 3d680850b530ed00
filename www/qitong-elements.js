// 棋童's web components. This one module registers them all; a page embeds a board with two lines:
//
//   <script type="module" src="qitong-elements.js"></script>
//   <chess-board fen="start"></chess-board>
//
// The boards are Rust compiled to WebAssembly (./pkg/qitong_elements.js, next to this file: relative
// URLs only, so the folder works from any host and sub-path), the clock another module
// (./pkg/qitong_clock.js). This file is only the glue the browser demands: the custom-element
// classes, their observed attributes mirrored by properties, and forwarding to the Rust
// `BoardWidget` and `ClockElement`, which own everything inside the elements' shadow roots.
//
// Each element is defined once its module has loaded. The kinds in the page's markup are defined
// before this module finishes loading (so `await import('qitong-elements.js')` means they are
// ready); so is `<chess-board>` on a page with no clock in its markup, as a script may create
// boards. The others are defined when the first such element is put in the document
// (`customElements.whenDefined` says when): a page with boards downloads no clock, a page with
// only a clock (frame.html?clock) no board.
//
// A page whose own Rust drives its boards (play.html's `mountPlay`) says
// <meta name="qitong-elements-module" content="app">: its boards and clocks then come from the
// app's module (./pkg/qitong.js), the one its view runs in. A page with lessons in its markup too
// takes its boards from the module that serves both (`oneModuleForBoth`).
import { computerPort, forgetStart, loadBoardsAndBasics, once, oneModuleForBoth, sayNotLoaded, startNow, startWhenNear } from './qitong-lesson-elements.js';

const fromApp = document.querySelector('meta[name="qitong-elements-module"]')?.content === 'app';

const appModule = once(() => import('./pkg/qitong.js'));
const elementsModule = once(() => import('./pkg/qitong_elements.js'));
const clockModule = once(() => import('./pkg/qitong_clock.js'));

let BoardWidget = null;

let ClockElement = null;

async function defineBoards() {
  ({ BoardWidget } = await (fromApp ? appModule() : oneModuleForBoth ? loadBoardsAndBasics() : elementsModule()));
  if (!customElements.get('chess-board')) customElements.define('chess-board', ChessBoard);
}

async function defineClocks() {
  ({ ClockElement } = await (fromApp ? appModule() : clockModule()));
  if (!customElements.get('chess-clock')) customElements.define('chess-clock', ChessClock);
}

/**
 * `define()` for `tag`; when its module cannot be loaded, every such element on the page says so
 * (in the page's language, with a button to try again) and the promise rejects.
 */
function defineOrSay(tag, define) {
  return define().catch((error) => {
    console.error(`<${tag}>'s module could not be loaded`, error);
    for (const element of document.querySelectorAll(`${tag}:not(:defined)`)) {
      sayNotLoaded(element, element, () => defineOrSay(tag, define).catch(() => {}));
    }
    throw error;
  });
}

/** Calls `define` when the first `tag` element is in the document (the light DOM), or now. */
function defineWhenSeen(tag, define) {
  const seen = new MutationObserver(() => look());
  const look = () => {
    if (!document.querySelector(tag)) return;
    seen.disconnect();
    defineOrSay(tag, define).catch(() => {});
  };
  seen.observe(document.documentElement, { childList: true, subtree: true });
  look();
}

/**
 * Gives `Class` properties that mirror its attributes: `switches` ({ property: attribute }) are
 * booleans, on when the attribute is present; `values` ({ property: attribute }) are strings, and
 * setting null removes the attribute. Returns the property names, for `adoptEarlyProperties`.
 */
function mirror(Class, { switches = {}, values = {} }) {
  for (const [property, attribute] of Object.entries(switches)) {
    Object.defineProperty(Class.prototype, property, {
      get() {
        return this.hasAttribute(attribute);
      },
      set(on) {
        this.toggleAttribute(attribute, Boolean(on));
      },
      configurable: true,
      enumerable: true,
    });
  }
  for (const [property, attribute] of Object.entries(values)) {
    Object.defineProperty(Class.prototype, property, {
      get() {
        return this.getAttribute(attribute);
      },
      set(value) {
        if (value == null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
      configurable: true,
      enumerable: true,
    });
  }
  return [...Object.keys(switches), ...Object.keys(values)];
}

/** A property set before this module ran shadows the accessor: turn it into the attribute. */
function adoptEarlyProperties(element, names) {
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(element, name)) {
      const value = element[name];
      delete element[name];
      element[name] = value;
    }
  }
}

/** The boards on the page that take their language from it, told when `<html lang>` changes. */
const inheriting = new Set();
new MutationObserver(() => {
  for (const board of inheriting) board.languageChanged();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

function notConnected() {
  const error = new Error('<chess-board> is not in the page yet: add it to the document first');
  error.code = 'NOT_CONNECTED';
  return error;
}

export class ChessBoard extends HTMLElement {
  static get observedAttributes() {
    return Array.from(BoardWidget.observedAttributes());
  }

  #widget = null;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  connectedCallback() {
    adoptEarlyProperties(this, BOARD_PROPERTIES);
    if (this.#widget) this.#widget.connect();
    // A page whose own Rust drives its boards finds them built at once (`Widget::of`); elsewhere
    // a board far down the page is built when the reader comes near it, or a script calls a method.
    else if (fromApp) this.#start();
    else startWhenNear(this, () => this.#start());
    inheriting.add(this);
  }

  #start() {
    if (this.isConnected && !this.#widget) this.#widget = new BoardWidget(this, this.shadowRoot, computerPort);
  }

  disconnectedCallback() {
    forgetStart(this);
    this.#widget?.disconnect();
    inheriting.delete(this);
    // Removed for good (not moved elsewhere in the same task): free the Rust side. Put back
    // later, the board starts again from its attributes.
    queueMicrotask(() => {
      if (!this.isConnected && this.#widget) {
        this.#widget.free();
        this.#widget = null;
      }
    });
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue !== newValue) this.#widget?.attributeChanged(name, newValue);
  }

  /** The page's (or an ancestor's) language changed; it matters unless the board has its own. */
  languageChanged() {
    if (!this.hasAttribute('lang')) this.#widget?.attributeChanged('lang', null);
  }

  #board() {
    if (!this.#widget) startNow(this);
    if (!this.#widget) throw notConnected();
    return this.#widget;
  }

  /** A new game from `fen` (`"start"` or nothing: the start position). Throws INVALID_FEN. */
  setPosition(fen) {
    this.#board().setPosition(fen == null ? null : String(fen));
  }

  /** Plays a move in SAN or UCI at once; returns `{ san, uci, fen, from, to }`. */
  move(sanOrUci) {
    return this.#board().move(String(sanOrUci));
  }

  /** Takes back the last move: `{ san, uci }`, or `null` (none, or class play). */
  undo() {
    return this.#board().undo();
  }

  flip() {
    this.#board().flip();
  }

  /** The current position as FEN. */
  fen() {
    return this.#board().fen();
  }

  /** The game so far as PGN. */
  pgn() {
    return this.#board().pgn();
  }

  /** Replaces the annotations: `[{ orig: 'e2', dest: 'e4', brush: 'green' }, { orig: 'd5' }]`. */
  setShapes(shapes) {
    this.#board().setShapes(Array.from(shapes ?? []));
  }

  /** The squares the piece on `square` may move to now. */
  dests(square) {
    return Array.from(this.#board().dests(String(square)));
  }

  /** Class play: the side to move offers a draw (then moves). Throws REFUSED with `reason`. */
  offerDraw() {
    this.#board().offerDraw();
  }

  /** Class play: the side to move accepts (`true`) or declines the opponent's draw offer. */
  answerDraw(accept) {
    this.#board().answerDraw(Boolean(accept));
  }

  /** Class play: `side` ('white' or 'black') resigns; fires `game-over`. */
  resign(side) {
    this.#board().resign(String(side));
  }

  /** Claims a claimable repetition or fifty-move draw; throws REFUSED when there is none. */
  claimDraw() {
    this.#board().claimDraw();
  }

  /** `side`'s flag fell on a clock beside the board: a loss, or a draw without mating material. */
  flagFall(side) {
    this.#board().flagFall(String(side));
  }

  /** `{ fouls: {white, black}, drawOffer, offerBarred: {white, black}, result, reason }`. */
  classState() {
    return this.#board().classState();
  }

  /** The score sheet: `[{ number, white, black }]` in 'san', 'figurine' or 'chinese'. */
  scoreSheet(notation = 'san') {
    return Array.from(this.#board().scoreSheet(String(notation)));
  }

  /** The current position (FEN); setting it is `setPosition` and sets the `fen` attribute. */
  get position() {
    return this.#widget ? this.#widget.fen() : this.getAttribute('fen');
  }

  set position(fen) {
    this.setAttribute('fen', fen);
    this.#widget?.setPosition(fen == null ? null : String(fen));
  }
}

/** The board's mirrored properties (`lang` is HTMLElement's own), and its `position` accessor. */
// generated: board-properties
const BOARD_PROPERTIES = [
  ...mirror(ChessBoard, {
    switches: { readonly: 'readonly', classPlay: 'class-play', sound: 'sound' },
    values: { orientation: 'orientation', coordinates: 'coordinates', highlight: 'highlight', explain: 'explain', theme: 'theme', toolbar: 'toolbar', statusLine: 'status-line', opponent: 'opponent', level: 'level', side: 'side' },
  }),
  'position',
];
// /generated

// The lesson elements (`<chess-lesson>`, `<chess-quiz>`) load their own wasm module, lazily:
// a page with only boards never downloads it.
export { ChessLesson, ChessQuiz } from './qitong-lesson-elements.js';

// ---- <chess-clock> -------------------------------------------------------------------------
// A chess clock for a real board or the play page: the Rust `ClockElement` owns its shadow
// root, taps, Space, the tick and the `press` / `flag` events.

const clocks = new Set();
new MutationObserver(() => {
  for (const clock of clocks) clock.languageChanged();
}).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });

export class ChessClock extends HTMLElement {
  static get observedAttributes() {
    return Array.from(ClockElement.observedAttributes());
  }

  #clock = null;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  connectedCallback() {
    adoptEarlyProperties(this, CLOCK_PROPERTIES);
    if (this.#clock) this.#clock.connect();
    else this.#clock = new ClockElement(this, this.shadowRoot);
    clocks.add(this);
  }

  disconnectedCallback() {
    this.#clock?.disconnect();
    clocks.delete(this);
    queueMicrotask(() => {
      if (!this.isConnected && this.#clock) {
        this.#clock.free();
        this.#clock = null;
      }
    });
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue !== newValue) this.#clock?.attributeChanged(name, newValue);
  }

  languageChanged() {
    if (!this.hasAttribute('lang')) this.#clock?.attributeChanged('lang', null);
  }

  #inner() {
    if (!this.#clock) {
      const error = new Error('<chess-clock> is not in the page yet: add it to the document first');
      error.code = 'NOT_CONNECTED';
      throw error;
    }
    return this.#clock;
  }

  /** `side` ('white' or 'black') presses: Black first starts White's time. True if it counted. */
  press(side) {
    return this.#inner().press(String(side));
  }

  /** Black presses to start the game. */
  start() {
    return this.#inner().press('black');
  }

  /** The arbiter stops the running clock; true if it was running. */
  pause() {
    return this.#inner().pause();
  }

  /** The arbiter restarts a paused clock; true if it was paused. */
  resume() {
    return this.#inner().resume();
  }

  /** The game ended on the board: the clock stops for good. */
  stop() {
    this.#inner().stop();
  }

  /** A fresh clock, with a new time control ('10+5', '5d3') or the same one. */
  reset(timeControl) {
    this.#inner().reset(timeControl == null ? null : String(timeControl));
  }

  /** Milliseconds left for `side` now. */
  remaining(side) {
    return this.#inner().remaining(String(side));
  }

  /** 'ready', 'running', 'paused' or 'stopped'. */
  get state() {
    return this.#clock ? this.#clock.state() : 'ready';
  }

  /** The side whose time runs (or would on resume), or null. */
  get running() {
    return this.#clock ? this.#clock.running() ?? null : null;
  }
}

/** The clock's mirrored properties (`lang` is HTMLElement's own). */
// generated: clock-properties
const CLOCK_PROPERTIES = [
  ...mirror(ChessClock, {
    switches: { controlled: 'controlled' },
    values: { timeControl: 'time-control', theme: 'theme', fen: 'fen' },
  }),
];
// /generated

// The kinds in the markup first, in parallel (see the top of this file); with the app's module,
// both at once (one download, and the page's view creates its board and clock itself).
const markupClocks = document.querySelector('chess-clock') !== null;
const boardsNow = fromApp || !markupClocks || document.querySelector('chess-board') !== null;
const clocksNow = fromApp || markupClocks;
// Watching starts before the wait: another script may add elements meanwhile.
if (!boardsNow) defineWhenSeen('chess-board', defineBoards);
if (!clocksNow) defineWhenSeen('chess-clock', defineClocks);
await Promise.all([boardsNow ? defineOrSay('chess-board', defineBoards) : null, clocksNow ? defineOrSay('chess-clock', defineClocks) : null]);
