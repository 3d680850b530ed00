// The garbage-argument sweep (api_sweep_harness.mjs) over the wasm modules in Node, each
// loaded with `initSync`, each run several times in its own child process: the process must
// exit normally (issue 13 saw SIGSEGV in some runs), with 0 traps and 0 uncoded errors.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { documentedCodes, MODULES, runSweep } from './api_sweep_harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const RUNS = 3;

async function childSweep(name) {
  const pkg = path.join(root, 'www/pkg');
  const m = await import(pathToFileURL(path.join(pkg, `${name}.js`)).href);
  m.initSync({ module: readFileSync(path.join(pkg, `${name}_bg.wasm`)) });
  const result = await runSweep({ module: m, codes: documentedCodes(), dom: false });
  process.stdout.write(JSON.stringify(result));
}

if (process.env.QITONG_SWEEP_MODULE) {
  await childSweep(process.env.QITONG_SWEEP_MODULE);
} else {
  test('docs/api.md documents the error codes the sweep accepts', () => {
    assert.ok(documentedCodes().includes('INVALID_ARGUMENT') && documentedCodes().length >= 10, documentedCodes().join(', '));
  });

  for (const name of MODULES) {
    test(`${name}: every export refuses garbage with a coded error, ${RUNS} runs, no crash`, () => {
      let swept;
      for (let run = 0; run < RUNS; run += 1) {
        const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
          env: { ...process.env, QITONG_SWEEP_MODULE: name },
          encoding: 'utf8',
          maxBuffer: 1 << 26,
          timeout: 120_000,
        });
        assert.equal(child.signal, null, `run ${run + 1} died by ${child.signal}: ${child.stderr.slice(-2000)}`);
        assert.equal(child.status, 0, `run ${run + 1} exited ${child.status}: ${child.stderr.slice(-2000)}`);
        const result = JSON.parse(child.stdout);
        assert.deepEqual(result.problems, [], `run ${run + 1}: ${JSON.stringify(result.tally)}`);
        assert.equal(result.tally.trap + result.tally.uncoded, 0);
        // In Node the elements' and the clock's modules have only their DOM classes' element checks
        // to sweep; the lesson players' and the home page's modules a few statics and constructors.
        const least = { qitong_computer: 20, qitong_elements: 50, qitong_clock: 10, qitong_lessons: 150, qitong_course: 150, qitong_course_basics: 150, qitong_board_lessons: 200, qitong_board_lessons_basics: 200, qitong_home: 150, qitong_ladder: 10 };
        assert.ok(result.tally.coded > (least[name] ?? 250), JSON.stringify(result.tally));
        swept = result.swept;
      }
      // The sweep finds the exports itself: a few it must have seen.
      const expected = {
        qitong_computer: ['computerMove', 'newGame'],
        qitong_elements: ['new BoardWidget'],
        qitong_clock: ['new ClockElement'],
        qitong: ['levelOf', 'boardPieces', 'new Game', 'Game.play', 'ClassGame.attempt', 'new BoardWidget', 'mountPlay'],
        qitong_lessons: ['new LessonPlayer', 'LessonPlayer.courseFiles'],
        qitong_course: ['new LessonPlayer', 'LessonPlayer.courseFiles'],
        qitong_course_basics: ['new LessonPlayer', 'LessonPlayer.courseFiles'],
        qitong_home: ['mountHome', 'HomePage.courseFiles'],
        qitong_ladder: ['mountLadder'],
        qitong_board_lessons: ['new BoardWidget', 'new LessonPlayer', 'LessonPlayer.courseFiles'],
        qitong_board_lessons_basics: ['new BoardWidget', 'new LessonPlayer', 'LessonPlayer.courseFiles'],
        qitong_teacher: ['perft', 'Ladder.previewGame', 'Game.loadPgn', 'checkLesson', 'mountLadder', 'levelOf'],
      }[name];
      for (const key of expected) assert.ok(swept.includes(key), `${key} not swept: ${swept.join(', ')}`);
    });
  }
}
