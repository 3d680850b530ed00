// 棋童's web components. This one module registers them all; a page embeds a board with two lines:
//
//   <script type="module" src="qitong-elements.js"></script>
//   <chess-board fen="start"></chess-board>
//
// The boards are Rust compiled to WebAssembly (./pkg/qitong.js, next to this file: relative URLs
// only, so the folder works from any host and sub-path). This file is only the glue the browser demands:
// the custom-element class, its observed attributes mirrored by properties, and forwarding to
// the Rust `BoardWidget`, which owns everything inside the element's shadow root.
import init, { BoardWidget } from './pkg/qitong.js';

await init();

/** Attributes that are on when present, mirrored by boolean properties. */
const SWITCHES = { readonly: 'readonly', classPlay: 'class-play', sound: 'sound' };
/** Attributes with values, mirrored by string properties (`lang` is HTMLElement's own). */
const VALUES = ['orientation', 'coordinates', 'highlight', 'explain', 'theme', 'toolbar'];

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
    // A property set before this module ran shadows the accessor: turn it into the attribute.
    for (const name of [...Object.keys(SWITCHES), ...VALUES, 'position']) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = this[name];
        delete this[name];
        this[name] = value;
      }
    }
    if (this.#widget) {
      this.#widget.connect();
    } else {
      this.#widget = new BoardWidget(this, this.shadowRoot);
    }
    inheriting.add(this);
  }

  disconnectedCallback() {
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

  /** The current position (FEN); setting it is `setPosition` and sets the `fen` attribute. */
  get position() {
    return this.#widget ? this.#widget.fen() : this.getAttribute('fen');
  }

  set position(fen) {
    this.setAttribute('fen', fen);
    this.#widget?.setPosition(fen == null ? null : String(fen));
  }
}

for (const [property, attribute] of Object.entries(SWITCHES)) {
  Object.defineProperty(ChessBoard.prototype, property, {
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
for (const attribute of VALUES) {
  Object.defineProperty(ChessBoard.prototype, attribute, {
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

if (!customElements.get('chess-board')) customElements.define('chess-board', ChessBoard);

// The lesson elements (`<chess-lesson>`, `<chess-quiz>`) load their own wasm module, lazily:
// a page with only boards never downloads it.
export { ChessLesson, ChessQuiz } from './qitong-lesson-elements.js';
