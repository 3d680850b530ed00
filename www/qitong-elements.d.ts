// Types for qitong-elements.js (`<chess-board>`, `<chess-clock>`, and the lesson elements it
// re-exports), for TypeScript users of the npm package. Hand-written; the elements are documented
// in custom-elements.json. Importing the module registers the elements.

export { ChessLesson, ChessQuiz, LessonCompleteDetail } from './qitong-lesson-elements.js';

export type Side = 'white' | 'black';
export type GameResult = '1-0' | '0-1' | '1/2-1/2';

/** `move` (cancelable: `preventDefault()` vetoes the move) and the `played` that follows it. */
export interface MoveDetail {
  san: string;
  uci: string;
  /** The position after the move. */
  fen: string;
  from: string;
  to: string;
}

export interface PlayedDetail extends MoveDetail {
  side: Side;
}

/** `illegal-move`: the rules core's reason, the squares it names, and the kid-worded message. */
export interface IllegalMoveDetail {
  code: string;
  squares: string[];
  message: string;
}

export interface GameOverDetail {
  result: GameResult;
  reason: string;
  winner: Side | null;
  message: string;
}

export interface SelectDetail {
  square: string | null;
  dests: string[];
}

export interface Shape {
  orig: string;
  dest?: string;
  brush?: 'green' | 'red' | 'blue' | 'yellow';
}

export interface ClassState {
  fouls: { white: number; black: number };
  drawOffer: Side | null;
  offerBarred: { white: boolean; black: boolean };
  result: string | null;
  reason: string | null;
}

export interface ScoreSheetRow {
  number: number;
  white: string | null;
  black: string | null;
}

export interface ChessBoardEventMap extends HTMLElementEventMap {
  move: CustomEvent<MoveDetail>;
  played: CustomEvent<PlayedDetail>;
  'illegal-move': CustomEvent<IllegalMoveDetail>;
  'game-over': CustomEvent<GameOverDetail>;
  select: CustomEvent<SelectDetail>;
}

/** `<chess-board>`: the interactive board that knows the rules and explains illegal moves. */
export declare class ChessBoard extends HTMLElement {
  /** The current position as FEN; setting it sets the `fen` attribute and starts a new game. */
  position: string | null;
  orientation: Side | null;
  coordinates: 'inside' | 'outside' | 'off' | null;
  highlight: 'legal' | 'attacks' | 'off' | null;
  explain: 'on' | 'off' | null;
  readonly: boolean;
  classPlay: boolean;
  theme: 'default' | 'high-contrast' | 'projector' | null;
  sound: boolean;
  toolbar: 'on' | 'off' | null;
  /** A new game from `fen` (`"start"` or nothing: the start position). Throws INVALID_FEN. */
  setPosition(fen?: string | null): void;
  /** Plays a move in SAN or UCI at once. */
  move(sanOrUci: string): MoveDetail;
  /** Takes back the last move; null when there is none (or in class play). */
  undo(): { san: string; uci: string } | null;
  flip(): void;
  fen(): string;
  pgn(): string;
  setShapes(shapes: Iterable<Shape>): void;
  /** The squares the piece on `square` may move to now. */
  dests(square: string): string[];
  offerDraw(): void;
  answerDraw(accept: boolean): void;
  resign(side: Side): void;
  claimDraw(): void;
  flagFall(side: Side): void;
  classState(): ClassState;
  scoreSheet(notation?: 'san' | 'figurine' | 'chinese'): ScoreSheetRow[];
  addEventListener<K extends keyof ChessBoardEventMap>(type: K, listener: (this: ChessBoard, ev: ChessBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ChessBoardEventMap>(type: K, listener: (this: ChessBoard, ev: ChessBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Milliseconds left on both clocks after a press. */
export interface ClockPressDetail {
  side: Side;
  white: number;
  black: number;
}

export interface ClockFlagDetail {
  side: Side;
  opponentCanMate: boolean | null;
  result: GameResult;
  message: string;
}

export interface ChessClockEventMap extends HTMLElementEventMap {
  press: CustomEvent<ClockPressDetail>;
  flag: CustomEvent<ClockFlagDetail>;
  pause: CustomEvent<{ side: Side | null }>;
  resume: CustomEvent<{ side: Side | null }>;
}

/** `<chess-clock time-control="10+5">`: a chess clock; Black's press starts White's time. */
export declare class ChessClock extends HTMLElement {
  /** `'10+5'` (minutes + increment seconds) or `'5d3'` (with delay). */
  timeControl: string | null;
  theme: string | null;
  fen: string | null;
  controlled: boolean;
  readonly state: 'ready' | 'running' | 'paused' | 'stopped';
  readonly running: Side | null;
  /** `side` presses; true if it counted. */
  press(side: Side): boolean;
  /** Black presses to start the game. */
  start(): boolean;
  pause(): boolean;
  resume(): boolean;
  stop(): void;
  reset(timeControl?: string | null): void;
  /** Milliseconds left for `side` now. */
  remaining(side: Side): number;
  addEventListener<K extends keyof ChessClockEventMap>(type: K, listener: (this: ChessClock, ev: ChessClockEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ChessClockEventMap>(type: K, listener: (this: ChessClock, ev: ChessClockEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'chess-board': ChessBoard;
    'chess-clock': ChessClock;
  }
}
