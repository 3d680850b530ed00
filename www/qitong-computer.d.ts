// Types for qitong-computer.js: the computer opponent, thinking in a Web Worker (README, "Play the
// computer in a page").

/** A question's options; every one may be left out. */
export interface ComputerMoveOptions {
  /** 1 (easiest) to 8 (full strength); default 8. */
  level?: number;
  /** 0 to 2^32 − 1: the same seed, position and history give the same move at levels 1–7. */
  seed?: number;
  /** 1 to 60000: thinking time; default the level's own (about a second at level 8). */
  movetimeMs?: number;
  /** 1 to 64: no deeper than this. */
  depth?: number;
  /** The FENs of the game's earlier positions, oldest first (repetitions). */
  history?: string[];
  /** Aborting it cancels the question (its promise rejects with `code` `CANCELLED`). */
  signal?: AbortSignal;
}

/** The computer's move and how it sees the position (for the side to move). */
export interface ComputerMove {
  uci: string;
  san: string;
  score: { cp: number } | { mate: number };
  depth: number;
  nodes: number;
  timeMs: number;
}

/** The computer's move in `fen` (`"start"` for the start position). Rejects with an Error whose `code` is `INVALID_FEN`, `INVALID_ARGUMENT`, `GAME_OVER` (`reason`: `checkmate`, `stalemate`), `CANCELLED`, `WORKER_ERROR` (the worker or its wasm could not load) or `TIMEOUT` (no answer within 30 s plus the move's own time). */
export declare function computerMove(fen: string, options?: ComputerMoveOptions): Promise<ComputerMove>;
/** Cancels every question asked: the search stops at once and each rejects with `CANCELLED`. */
export declare function cancelComputer(): void;
/** A new game: the computer forgets what it learnt in the last one. */
export declare function newComputerGame(): Promise<void>;
/** Loads the worker and its module ahead of the first question. */
export declare function warmUpComputer(): Promise<void>;
