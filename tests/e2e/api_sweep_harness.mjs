// The garbage-argument sweep of the JS API (issue 13): every export of a wasm module — found by
// walking the module's exports and its classes' prototypes, so a new export is swept without
// being listed here — is called with each garbage value in each argument position, the others
// valid. Every call must return or throw a JS Error with a documented `code`; a wasm trap
// (`RuntimeError`) or an uncoded throw is a problem.
//
// `runSweep` is self-contained (no imports, no outer names): Playwright sends its source text
// to the page (`page.evaluate(runSweep, options)`), Node calls it directly.
import { readFileSync } from 'node:fs';

/** The wasm modules of `www/pkg/` the sweeps cover. */
export const MODULES = ['qitong_elements', 'qitong_clock', 'qitong', 'qitong_lessons', 'qitong_course', 'qitong_course_basics', 'qitong_board_lessons', 'qitong_board_lessons_basics', 'qitong_home', 'qitong_ladder', 'qitong_teacher', 'qitong_computer'];

/** The error codes docs/api.md documents: its "Error codes" table's first column. */
export function documentedCodes() {
  const readme = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
  const section = readme.split('\n## Error codes\n')[1]?.split('\n#')[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
}

/**
 * Sweeps one module. `options`: `module` (the initialised module) or `moduleUrl` (imported and
 * initialised here, in a page); `codes`, the documented error codes; `dom`, whether real
 * elements can be made (the browser) or not (Node: the DOM classes then get only their
 * NOT_AN_ELEMENT checks). Returns `{ tally, problems, swept }`.
 */
export async function runSweep(options) {
  const m = options.module ?? (await import(options.moduleUrl));
  if (options.moduleUrl) await m.default();
  const CODES = new Set(options.codes);
  const dom = Boolean(options.dom);
  // wasm-bindgen's own error for a method called on a freed object or on a `this` that is not
  // one of the module's objects (docs/api.md): not ours to code.
  const GLUE_NULL = 'null pointer passed to rust';

  const big = 'x'.repeat(1 << 20);
  const throwing = () => { throw new Error('boom'); };
  const GARBAGE = [
    ['undefined', () => undefined], ['null', () => null], ['NaN', () => NaN], ['Infinity', () => Infinity],
    ['-Infinity', () => -Infinity], ['1e308', () => 1e308], ['-1', () => -1], ['2**32+5', () => 2 ** 32 + 5],
    ['2**32+1', () => 2 ** 32 + 1], ['2**53', () => 2 ** 53], ['-0', () => -0], ['0.1', () => 0.1], ['""', () => ''],
    ['1 MB string', () => big], ['{}', () => ({})], ['[]', () => []], ['Symbol', () => Symbol('s')], ['BigInt', () => 10n],
    ['function', () => () => 1], ['true', () => true], ['lone surrogates', () => '\uD800x\uDFFF'], ['NUL', () => '\0\0'],
    ['"start"', () => 'start'], ['{length: 3e9}', () => ({ length: 3e9 })], ['{length: 2**30}', () => ({ length: 2 ** 30 })],
    ['toString throws', () => ({ toString: throwing, valueOf: throwing })],
    ['throwing Proxy', () => new Proxy({}, { get: throwing, has: throwing, ownKeys: throwing, getPrototypeOf: throwing })],
    ['throwing array Proxy', () => new Proxy([1], { get: throwing, getPrototypeOf: throwing })],
    ['array of garbage', () => [null, 5, {}]],
  ];

  // Real elements, only in a page: a fresh one each time, in the document, removed afterwards.
  const made = [];
  const element = () => {
    if (!dom) return undefined;
    const el = document.createElement('div');
    document.body.append(el);
    made.push(el);
    return el;
  };
  const shadowHost = () => {
    const host = element();
    return host && [host, host.attachShadow({ mode: 'open' })];
  };
  const course = 'title = "T"\n';

  // Valid arguments for the exports with any (functions run per call: fresh elements). An export
  // missing here is still swept, with `undefined` for the arguments it does not list.
  const host = () => shadowHost()?.[0];
  const VALID = {
    boardPieces: ['8/8/8/8/8/8/8/K6k'], mountBoard: [element, '8/8/8/8/8/8/8/K6k'],
    computerMove: ['start', { level: 1 }],
    levelOf: [100, 10, 'en'], pointsAfterGame: [100, 150, 1], pointsAward: [100, 150, 1], perft: ['start', 1],
    checkLesson: ['', 'id = "x"\n', 'en'], checkCourse: [course, 'en'], checkReport: ['', 'id = "x"\n'],
    mountPlay: [element], mountPoints: [element], mountLadder: [element], mountCheck: [element], mountHome: [element, 'home', null, [], []],
    'new Game': ['start', false], 'Game.explain': ['e2', 'e4', undefined, 'en'], 'Game.play': ['e4'], 'Game.loadPgn': ['1. e4 e5 *'],
    'new ClassGame': ['start', {}, 'en'], 'ClassGame.touch': ['e2'], 'ClassGame.attempt': ['e2', 'e4', undefined, 0],
    'ClassGame.adjust': ['white', 'e2'], 'ClassGame.offerDraw': ['white'], 'ClassGame.acceptDraw': ['black', 0],
    'ClassGame.declineDraw': ['black'], 'ClassGame.withdrawDraw': ['white'], 'ClassGame.resign': ['white', 0],
    'ClassGame.claimDraw': ['white', 0], 'ClassGame.pressClock': ['white', 0], 'ClassGame.startClock': [0],
    'ClassGame.tick': [0], 'ClassGame.remaining': ['white', 0], 'ClassGame.fouls': ['white'],
    'ClassGame.scoreSheet': ['san'], 'ClassGame.pgn': [{ event: 'Class' }],
    'new Clock': ['5+3'], 'Clock.press': ['black', 0], 'Clock.tick': [0], 'Clock.remaining': ['white', 0],
    'Clock.pause': [0], 'Clock.resume': [0],
    'new Ladder': [undefined], 'Ladder.addStudent': ['C'], 'Ladder.renameStudent': [1, 'D'], 'Ladder.removeStudent': [1],
    'Ladder.standings': ['en'], 'Ladder.previewGame': [1, 2, 1], 'Ladder.recordGame': [1, 2, 1, '2026-12-01'],
    'Ladder.importJson': ['{"students": [], "history": []}'], 'Ladder.importCsv': ['id,name,points\n', undefined],
    'new BoardWidget': [host, (args) => args[0]?.shadowRoot], 'BoardWidget.attributeChanged': ['orientation', 'black'],
    'BoardWidget.setPosition': ['start'], 'BoardWidget.move': ['e4'], 'BoardWidget.dests': ['e2'],
    'BoardWidget.setShapes': [[{ orig: 'e2', dest: 'e4' }]], 'BoardWidget.answerDraw': [true],
    'BoardWidget.resign': ['white'], 'BoardWidget.claimDraw': ['white'], 'BoardWidget.flagFall': ['white'],
    'BoardWidget.scoreSheet': ['san'],
    'new ClockElement': [host, (args) => args[0]?.shadowRoot], 'ClockElement.attributeChanged': ['time-control', '5+3'],
    'ClockElement.press': ['black'], 'ClockElement.reset': ['5+3'], 'ClockElement.remaining': ['white'],
    'new LessonPlayer': [host, (args) => args[0]?.shadowRoot, 'lesson'], 'LessonPlayer.courseFiles': [course], 'HomePage.courseFiles': [course],
    'LessonPlayer.firstFiles': [course, 'a/b'], 'LessonPlayer.indexFiles': ['{}', 'a/b'], 'LessonPlayer.loadCourse': [course, [], [], null, false],
    'LessonPlayer.loadLesson': ['a/b.toml', null, 1], 'LessonPlayer.addLesson': ['a/b.toml', null], 'LessonPlayer.setPresent': [false], 'LessonPlayer.act': ['next', null],
  };
  // A live object of each class, for its methods (null: needs the DOM, which Node lacks).
  const withHost = (make) => () => { const pair = shadowHost(); return pair ? make(pair) : null; };
  const RECIPES = {
    Game: () => new m.Game(),
    ClassGame: () => new m.ClassGame(),
    Clock: () => new m.Clock('5+3'),
    Ladder: () => { const l = new m.Ladder(); l.addStudent('A'); l.addStudent('B'); return l; },
    BoardWidget: withHost(([h, r]) => new m.BoardWidget(h, r)),
    ClockElement: withHost(([h, r]) => new m.ClockElement(h, r)),
    LessonPlayer: withHost(([h, r]) => new m.LessonPlayer(h, r, 'lesson')),
    PlayPage: () => (dom ? m.mountPlay(element()) : null),
    HomePage: () => (dom ? m.mountHome(element(), 'home', null, [], []) : null),
  };

  const tally = { calls: 0, ok: 0, coded: 0, glue: 0, trap: 0, uncoded: 0, skipped: 0 };
  const problems = [];
  const swept = [];
  const classify = (error, glueAllowed) => {
    if (error === undefined) return 'ok';
    const name = error?.constructor?.name;
    if (error instanceof WebAssembly.RuntimeError || name === 'RuntimeError') return 'trap';
    if (name === 'RangeError' && /call stack/i.test(String(error.message))) return 'trap';
    if (typeof error?.code === 'string' && CODES.has(error.code) && error instanceof Error) return 'coded';
    if (glueAllowed && error instanceof Error && error.message === GLUE_NULL) return 'glue';
    return 'uncoded';
  };
  const healthy = () => {
    if (m.boardPieces) return m.boardPieces().length === 32;
    // The computer's module: a quick answer (level 1 is bounded by nodes).
    if (m.computerMove) return /^[a-h][1-8][a-h][1-8]/.test(m.computerMove('start', { level: 1 }).uci);
    // The elements' and the clock's modules: their one static, the attribute list.
    if (!m.LessonPlayer && m.BoardWidget) return Array.from(m.BoardWidget.observedAttributes()).includes('fen');
    // The ladder page's module: its one export still refuses a non-element with its code.
    if (!m.LessonPlayer && !m.HomePage && m.mountLadder) {
      try {
        m.mountLadder(null);
        return false;
      } catch (e) {
        return e?.code === 'NOT_AN_ELEMENT';
      }
    }
    // The home page's module: its one static, the course's files.
    if (!m.LessonPlayer && m.HomePage) return Array.isArray(Array.from(m.HomePage.courseFiles(course)));
    if (!m.LessonPlayer) return Array.from(m.ClockElement.observedAttributes()).includes('time-control');
    return Array.isArray(Array.from(m.LessonPlayer.courseFiles(course)));
  };
  const argsFor = (key, arity) => {
    const list = VALID[key] ?? [];
    const args = [];
    for (let i = 0; i < Math.max(arity, list.length); i += 1) {
      const v = list[i];
      args.push(typeof v === 'function' ? v(args) : v);
    }
    return args;
  };
  const record = (label, error, glueAllowed = false) => {
    tally.calls += 1;
    const kind = classify(error, glueAllowed);
    tally[kind] += 1;
    if (kind === 'trap' || kind === 'uncoded') {
      const shown = error instanceof Error ? `${error.constructor.name}: ${error.message}` : `${typeof error} ${String(error)}`;
      problems.push(`${label}: ${kind} (${shown.slice(0, 160)})`);
    }
    let ok = false;
    try { ok = healthy(); } catch { ok = false; }
    if (!ok) problems.push(`${label}: the module is broken afterwards`);
  };
  const cleanUp = (value) => {
    if (value && typeof value.free === 'function') {
      try { value.free(); } catch { /* freed by the call itself */ }
    }
    for (const el of made.splice(0)) el.remove();
  };
  // One call per case: no arguments, then garbage in each position with the others valid.
  const cases = (key, arity) => {
    const list = [{ label: 'no args', args: () => [] }];
    for (let p = 0; p < arity; p += 1) {
      for (const [gname, g] of GARBAGE) {
        list.push({ label: `arg${p}=${gname}`, args: () => { const a = argsFor(key, arity); a[p] = g(); return a; } });
      }
    }
    return list;
  };
  const sweepCall = (key, arity, call) => {
    swept.push(key);
    for (const c of cases(key, arity)) {
      let result;
      let error;
      try { result = call(c.args()); } catch (e) { error = e; }
      record(`${key} ${c.label}`, error);
      cleanUp(result);
    }
  };

  const isClass = (v) => typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));
  const hidden = (name) => name.startsWith('__') || name === 'default' || name === 'initSync';
  for (const [name, value] of Object.entries(m)) {
    if (hidden(name) || typeof value !== 'function') continue;
    if (!isClass(value)) {
      sweepCall(name, value.length, (args) => value(...args));
      continue;
    }
    const cls = value;
    if (!(name in RECIPES)) problems.push(`class ${name} has no recipe in api_sweep_harness.mjs: add one so its methods are swept`);
    sweepCall(`new ${name}`, cls.length, (args) => new cls(...args));
    for (const stat of Object.getOwnPropertyNames(cls)) {
      if (['length', 'name', 'prototype'].includes(stat) || hidden(stat) || typeof cls[stat] !== 'function') continue;
      sweepCall(`${name}.${stat}`, cls[stat].length, (args) => cls[stat](...args));
    }
    for (const method of Object.getOwnPropertyNames(cls.prototype)) {
      const fn = Object.getOwnPropertyDescriptor(cls.prototype, method).value;
      if (method === 'constructor' || method === 'free' || hidden(method) || typeof fn !== 'function') continue;
      const key = `${name}.${method}`;
      const probe = RECIPES[name]?.();
      if (!probe) {
        tally.skipped += 1;
        continue;
      }
      cleanUp(probe);
      sweepCall(key, fn.length, (args) => {
        const self = RECIPES[name]();
        try { return fn.apply(self, args); } finally { cleanUp(self); }
      });
      // The glue's own checks: a freed object, and `this` not one of the module's objects.
      for (const [label, self] of [['after free', () => { const s = RECIPES[name](); s.free(); return s; }], ['this={}', () => ({})]]) {
        let error;
        try { fn.apply(self(), argsFor(key, fn.length)); } catch (e) { error = e; }
        record(`${key} ${label}`, error, true);
        cleanUp(null);
      }
    }
  }
  // Huge texts (issue 29: `Ladder.importCsv` with 128 MB trapped the module, and afterwards
  // 64 MB and 16 MB inputs that had just worked trapped too; `checkLesson` and
  // `LessonPlayer.courseFiles` with 256 MB did the same). Each export listed gets a huge string in
  // each listed position, the other arguments valid: it must throw the listed code before copying
  // the text (`code: null`: a lesson file the player shows as too large, no throw), and a large
  // valid input must work afterwards.
  // 128 MB of roster lines: what trapped (after 150 s in Node) before the limit.
  const huge = `name\n${'Student\n'.repeat(16 << 20)}`;
  // 805 MB of CJK as UTF-8 (268 million characters, never flattened when refused by length):
  // what trapped `new Clock`, whose message then also repeated the input.
  const hugeCjk = '棋'.repeat(1 << 28);
  // 256 MB: what trapped the lesson exports.
  const huge256 = huge + huge;
  const HUGE = {
    'new Clock': { at: [0], code: 'TOO_LARGE', text: hugeCjk }, 'ClockElement.reset': { at: [0], code: 'TOO_LARGE', text: hugeCjk },
    // The option inside the options object; the attribute is ignored with a console warning.
    'new ClassGame': { at: [1], code: 'TOO_LARGE', text: hugeCjk, wrap: (clock) => ({ clock }) },
    'ClockElement.attributeChanged': { at: [1], code: null, text: hugeCjk },
    'new Ladder': { at: [0], code: 'TOO_LARGE' }, 'Ladder.importJson': { at: [0], code: 'TOO_LARGE' },
    'Ladder.importCsv': { at: [0, 1], code: 'TOO_LARGE' }, 'Ladder.addStudent': { at: [0], code: 'TOO_LARGE' },
    'Ladder.renameStudent': { at: [1], code: 'TOO_LARGE' }, 'Ladder.recordGame': { at: [3], code: 'TOO_LARGE' },
    checkLesson: { at: [0, 1], code: 'TOO_LARGE', text: huge256 }, checkReport: { at: [0, 1], code: 'TOO_LARGE', text: huge256 }, checkCourse: { at: [0], code: 'TOO_LARGE', text: huge256 },
    'LessonPlayer.courseFiles': { at: [0], code: 'TOO_LARGE', text: huge256 }, 'HomePage.courseFiles': { at: [0], code: 'TOO_LARGE', text: huge256 },
    'LessonPlayer.firstFiles': { at: [0, 1], code: 'TOO_LARGE', text: huge256 }, 'LessonPlayer.indexFiles': { at: [0, 1], code: 'TOO_LARGE', text: huge256 },
    'LessonPlayer.loadLesson': { at: [1], code: null, text: huge256 }, 'LessonPlayer.addLesson': { at: [1], code: null, text: huge256 },
    'LessonPlayer.loadCourse': { at: [0], code: null, text: huge256 },
  };
  // What "a large valid input" is for each class or function: 20,000 names, 260 KB; a lesson of
  // 20,000 unknown keys, 470 KB (100 problems listed, then how many more).
  const bigLesson = `title = { zh = "好", en = "Good" }\n${Array.from({ length: 20000 }, (_, i) => `unknown_${i} = 1\n`).join('')}`;
  const AFTER_HUGE = {
    Clock: () => {
      const clock = new m.Clock('10+5');
      try { return clock.remaining('white', 0) === 600_000; } finally { clock.free(); }
    },
    ClockElement: () => {
      const clock = RECIPES.ClockElement();
      try { clock.reset('10+5'); return clock.remaining('white') === 600_000; } finally { cleanUp(clock); }
    },
    Ladder: () => {
      const ladder = new m.Ladder();
      try {
        ladder.importCsv(`name\n${Array.from({ length: 20000 }, (_, i) => `Student ${i}`).join('\n')}\n`);
        return ladder.standings().length === 20000;
      } finally { ladder.free(); }
    },
    checkLesson: () => m.checkLesson('x.toml', bigLesson, 'en').length === 101,
    checkCourse: () => m.checkLesson('x.toml', bigLesson, 'en').length === 101,
  };
  for (const [key, { at, code, text = huge, wrap = (t) => t }] of Object.entries(HUGE)) {
    const [cls, method] = key.startsWith('new ') ? [key.slice(4), null] : key.split('.');
    if (typeof m[cls] !== 'function') continue;
    const isStatic = Boolean(method) && typeof m[cls][method] === 'function';
    if (method && !isStatic && typeof m[cls].prototype?.[method] !== 'function') continue;
    if (method && !isStatic) {
      // An instance method of a class that needs the DOM: not in Node.
      const probe = RECIPES[cls]?.();
      cleanUp(probe);
      if (!probe) continue;
    }
    for (const p of at) {
      const label = `${key} arg${p}=${text === hugeCjk ? '805 MB CJK' : `${text.length >> 20} MB`} string`;
      const args = argsFor(key, p + 1);
      args[p] = wrap(text);
      let error;
      let result;
      try {
        if (method === null) {
          result = new m[cls](...args);
        } else if (method === undefined) {
          result = m[cls](...args);
        } else if (isStatic) {
          result = m[cls][method](...args);
        } else {
          const self = RECIPES[cls]();
          try { result = self[method](...args); } finally { cleanUp(self); }
        }
      } catch (e) { error = e; }
      record(label, error);
      cleanUp(result);
      if ((error?.code ?? null) !== code) problems.push(`${label}: expected ${code ?? 'no error'}, got ${error?.code ?? 'no error'}`);
      // The message says the size; it never repeats the text.
      if (String(error?.message ?? '').length > 500) problems.push(`${label}: a message of ${String(error.message).length} characters`);
      let fine = false;
      try { fine = (AFTER_HUGE[cls] ?? healthy)(); } catch { fine = false; }
      if (!fine) problems.push(`${label}: a large valid input fails afterwards`);
    }
  }
  return { tally, problems, swept };
}
