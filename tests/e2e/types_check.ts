// Type-checked, never run (`tests/e2e/types.test.mjs` runs `tsc --noEmit` over it, the generated
// `.d.ts` files of the elements and wasm-bindgen's `www/pkg/*.d.ts`): every property, method and
// event of the elements used with the types they document, a few wrong uses that must be
// refused (`@ts-expect-error`: tsc fails if they are accepted), and the elements' methods
// checked against the wasm exports they forward to.
import { ChessBoard, ChessClock, ChessLesson, ChessQuiz } from '../../www/qitong-elements.js';
import type { ClassState, GameOverDetail, IllegalMoveDetail, LessonCompleteDetail, MoveDetail, PlayedDetail, ScoreSheetRow, SelectDetail, Shape, Side } from '../../www/qitong-elements.js';
import type { BoardWidget, ClockElement } from '../../www/pkg/qitong.js';
import type { LessonPlayer } from '../../www/pkg/qitong_lessons.js';
import { cancelComputer, computerMove } from '../../www/qitong-computer.js';
import type { computerMove as workerComputerMove } from '../../www/pkg/qitong_computer.js';

export function board(b: ChessBoard): void {
  const position: string | null = b.position;
  b.position = 'start';
  const side: Side | null = b.orientation;
  b.orientation = side === 'white' ? 'black' : 'white';
  // @ts-expect-error not a side
  b.orientation = 'purple';
  b.coordinates = 'outside';
  b.highlight = 'attacks';
  b.explain = 'off';
  b.theme = 'projector';
  b.toolbar = null;
  const flags: boolean[] = [b.readonly, b.classPlay, b.sound];
  b.readonly = !flags[0];
  b.setPosition(position);
  b.setPosition();
  const played: MoveDetail = b.move('e4');
  const taken: { san: string; uci: string } | null = b.undo();
  b.flip();
  const text: string[] = [b.fen(), b.pgn(), played.fen, taken?.san ?? ''];
  const shapes: Shape[] = [{ orig: 'e2', dest: 'e4', brush: 'green' }, { orig: 'd5' }];
  b.setShapes(shapes);
  // @ts-expect-error no such brush
  b.setShapes([{ orig: 'e2', brush: 'purple' }]);
  const dests: string[] = b.dests('e2');
  b.offerDraw();
  b.answerDraw(true);
  b.resign('black');
  // @ts-expect-error a side is 'white' or 'black'
  b.resign('nobody');
  b.claimDraw();
  b.flagFall('white');
  const state: ClassState = b.classState();
  const fouls: number = state.fouls.white + state.fouls.black;
  const sheet: ScoreSheetRow[] = b.scoreSheet('chinese');
  b.scoreSheet();
  b.addEventListener('move', (e) => {
    const detail: MoveDetail = e.detail;
    if (detail.from === 'e2') e.preventDefault();
  });
  b.addEventListener('played', (e) => {
    const detail: PlayedDetail = e.detail;
    const mover: Side = detail.side;
    void mover;
  });
  b.addEventListener('illegal-move', (e) => {
    const detail: IllegalMoveDetail = e.detail;
    void detail.squares.length;
  });
  b.addEventListener('game-over', (e) => {
    const detail: GameOverDetail = e.detail;
    // @ts-expect-error a result is '1-0', '0-1' or '1/2-1/2'
    const wrong: '2-0' = detail.result;
    void wrong;
  });
  b.addEventListener('select', (e) => {
    const detail: SelectDetail = e.detail;
    void detail.square?.length;
  });
  void [text, dests, fouls, sheet];
}

export function clock(c: ChessClock): void {
  c.timeControl = '5+3';
  c.theme = 'projector';
  c.fen = null;
  c.controlled = true;
  const counted: boolean[] = [c.press('white'), c.start(), c.pause(), c.resume()];
  c.stop();
  c.reset('10+5');
  c.reset();
  const left: number = c.remaining('black');
  const state: 'ready' | 'running' | 'paused' | 'stopped' = c.state;
  const running: Side | null = c.running;
  // @ts-expect-error read-only
  c.state = 'running';
  c.addEventListener('press', (e) => void (e.detail.white + e.detail.black));
  c.addEventListener('flag', (e) => {
    const canMate: boolean | null = e.detail.opponentCanMate;
    void [canMate, e.detail.result, e.detail.message];
  });
  c.addEventListener('pause', (e) => void e.detail.side);
  c.addEventListener('resume', (e) => void e.detail.side);
  void [counted, left, state, running];
}

export function lessons(l: ChessLesson, q: ChessQuiz): void {
  const modes: ('lesson' | 'step')[] = [ChessLesson.mode, ChessQuiz.mode];
  l.present = !l.present;
  l.act('next');
  q.act('text', 'e4');
  q.act('sq:e4', null);
  for (const element of [l, q]) {
    element.addEventListener('complete', (e) => {
      const detail: LessonCompleteDetail = e.detail;
      void (detail.stars + detail.lesson.length);
    });
    element.addEventListener('presentchange', (e) => void (e.detail.present === true));
  }
  void modes;
}

export function tags(): void {
  const found: [ChessBoard | null, ChessClock | null, ChessLesson | null, ChessQuiz | null] = [
    document.querySelector('chess-board'),
    document.querySelector('chess-clock'),
    document.querySelector('chess-lesson'),
    document.querySelector('chess-quiz'),
  ];
  void found;
}

// The elements forward to the wasm exports: what an element accepts, the export must accept,
// and what the export returns (where wasm-bindgen knows it), the element may promise.
type Method = (...args: never[]) => unknown;
type Accepts<Element extends Method, Export extends Method> = Parameters<Element> extends Parameters<Export> ? true : false;
type Keeps<Element extends Method, Export extends Method> = ReturnType<Export> extends ReturnType<Element> ? true : false;
function holds<T extends true>(): T | undefined {
  return undefined;
}
holds<Accepts<ChessBoard['setPosition'], BoardWidget['setPosition']>>();
holds<Accepts<ChessBoard['move'], BoardWidget['move']>>();
holds<Accepts<ChessBoard['dests'], BoardWidget['dests']>>();
holds<Accepts<ChessBoard['answerDraw'], BoardWidget['answerDraw']>>();
holds<Accepts<ChessBoard['resign'], BoardWidget['resign']>>();
holds<Accepts<ChessBoard['flagFall'], BoardWidget['flagFall']>>();
holds<Accepts<ChessBoard['scoreSheet'], BoardWidget['scoreSheet']>>();
holds<Keeps<ChessBoard['fen'], BoardWidget['fen']>>();
holds<Keeps<ChessBoard['pgn'], BoardWidget['pgn']>>();
holds<Keeps<ChessBoard['flip'], BoardWidget['flip']>>();
holds<Accepts<ChessClock['press'], ClockElement['press']>>();
holds<Keeps<ChessClock['press'], ClockElement['press']>>();
holds<Keeps<ChessClock['pause'], ClockElement['pause']>>();
holds<Keeps<ChessClock['resume'], ClockElement['resume']>>();
holds<Accepts<ChessClock['reset'], ClockElement['reset']>>();
holds<Accepts<ChessClock['remaining'], ClockElement['remaining']>>();
holds<Keeps<ChessClock['remaining'], ClockElement['remaining']>>();
holds<Accepts<ChessLesson['act'], LessonPlayer['act']>>();
