// Types for qitong-lesson-elements.js (`<chess-lesson>`, `<chess-quiz>`), for TypeScript users
// of the npm package. Hand-written; the elements are documented in custom-elements.json.

/** `complete`: a lesson (or the quiz's step) is finished. */
export interface LessonCompleteDetail {
  /** 0-3. */
  stars: number;
  /** The lesson's id (`stage/lesson`, or the file's name for `src`). */
  lesson: string;
}

export interface ChessLessonEventMap extends HTMLElementEventMap {
  complete: CustomEvent<LessonCompleteDetail>;
}

/**
 * `<chess-lesson>`: one lesson (`lesson="stage/id"` from the course in `base`, default
 * `lessons/`, or `src="file.toml"`); with neither, the whole course with its stage map and deep
 * links `#/stage/lesson/step`.
 */
export declare class ChessLesson extends HTMLElement {
  static mode: 'lesson' | 'step';
  /** Does what a button of the player does (`next`, `retry`, `sq:e4`, `choose:1`, ...). */
  act(action: string, value?: string | null): void;
  addEventListener<K extends keyof ChessLessonEventMap>(type: K, listener: (this: ChessLesson, ev: ChessLessonEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ChessLessonEventMap>(type: K, listener: (this: ChessLesson, ev: ChessLessonEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** `<chess-quiz src="file.toml" step="2">`: one step of a lesson file, without navigation. */
export declare class ChessQuiz extends ChessLesson {}

declare global {
  interface HTMLElementTagNameMap {
    'chess-lesson': ChessLesson;
    'chess-quiz': ChessQuiz;
  }
}
