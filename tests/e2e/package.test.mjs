// dist/ as an npm package (issue 7, packaging): `npm pack --dry-run` lists the element modules,
// their types, the JS API with its wasm and types, and custom-elements.json; every path of the
// export map exists; a project that installed the package resolves `qitong/...` through the
// export map, and the JS API modules import in Node as ES modules with the exports their
// `.d.ts` declares. (The wasm itself is fetched by `init()` in a browser: not run here.)
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'dist');
const packageJson = JSON.parse(await readFile(path.join(dist, 'package.json'), 'utf8'));
const cargoVersion = /^version\s*=\s*"([^"]+)"/m.exec(await readFile(path.join(root, 'Cargo.toml'), 'utf8'))[1];

test('package.json: name, the crate version, an ES module with types and the custom elements manifest', () => {
  assert.equal(packageJson.name, 'qitong');
  assert.equal(packageJson.version, cargoVersion);
  assert.equal(packageJson.type, 'module');
  assert.equal(packageJson.customElements, 'custom-elements.json');
  assert.ok(packageJson.license);
  assert.equal(packageJson.exports['./elements'].default, './qitong-elements.js');
  assert.equal(packageJson.exports['./lesson-elements'].default, './qitong-lesson-elements.js');
  assert.deepEqual(Object.keys(packageJson.exports['./pkg/qitong.js']), ['types', 'default']);
});

test('every path in the export map and the types exist', () => {
  const targets = [packageJson.main, packageJson.types, packageJson.customElements];
  for (const target of Object.values(packageJson.exports)) {
    if (typeof target === 'string') targets.push(target);
    else targets.push(...Object.values(target));
  }
  for (const target of targets) {
    const file = path.join(dist, target.replace('/*', ''));
    assert.ok(existsSync(file), `${target} is in dist/`);
  }
});

test('npm pack --dry-run lists the elements, the JS API, the wasm, the types and the manifest', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dist, maxBuffer: 16 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout);
  const files = new Set(packed.files.map((f) => f.path));
  const expected = [
    'package.json', 'custom-elements.json',
    'qitong-elements.js', 'qitong-elements.d.ts', 'qitong-lesson-elements.js', 'qitong-lesson-elements.d.ts',
    'pkg/qitong_elements.js', 'pkg/qitong_elements.d.ts', 'pkg/qitong_elements_bg.wasm',
    'pkg/qitong_clock.js', 'pkg/qitong_clock.d.ts', 'pkg/qitong_clock_bg.wasm',
    'pkg/qitong.js', 'pkg/qitong.d.ts', 'pkg/qitong_bg.wasm',
    'pkg/qitong_lessons.js', 'pkg/qitong_lessons.d.ts', 'pkg/qitong_lessons_bg.wasm',
    'pkg/qitong_board_lessons.js', 'pkg/qitong_board_lessons.d.ts', 'pkg/qitong_board_lessons_bg.wasm',
    'pkg/qitong_board_lessons_basics.js', 'pkg/qitong_board_lessons_basics.d.ts', 'pkg/qitong_board_lessons_basics_bg.wasm',
    'pkg/qitong_home.js', 'pkg/qitong_home.d.ts', 'pkg/qitong_home_bg.wasm',
    'pkg/qitong_course.js', 'pkg/qitong_course.d.ts', 'pkg/qitong_course_bg.wasm', 'lessons/course.json',
    'pkg/qitong_course_basics.js', 'pkg/qitong_course_basics.d.ts', 'pkg/qitong_course_basics_bg.wasm',
    'pkg/qitong_ladder.js', 'pkg/qitong_ladder.d.ts', 'pkg/qitong_ladder_bg.wasm',
    'pkg/qitong_teacher.js', 'pkg/qitong_teacher.d.ts', 'pkg/qitong_teacher_bg.wasm',
    'qitong-computer.js', 'qitong-computer.d.ts', 'computer-worker.js',
    'pkg/qitong_computer.js', 'pkg/qitong_computer.d.ts', 'pkg/qitong_computer_bg.wasm',
    'index.html', 'lesson.html', 'sw.js', 'offline.js', 'lessons/course.toml',
  ];
  for (const file of expected) assert.ok(files.has(file), `the package has ${file}`);
  assert.equal(packed.name, 'qitong');
  console.log(`info: npm package qitong@${packed.version}: ${packed.entryCount} files, ${(packed.size / 1024).toFixed(1)} KB packed`);
});

test('an installed package resolves through its export map and the JS API imports as ES modules', async () => {
  const project = await mkdtemp(path.join(tmpdir(), 'qitong-npm-'));
  try {
    await mkdir(path.join(project, 'node_modules'));
    await symlink(dist, path.join(project, 'node_modules', 'qitong'), 'dir');
    await writeFile(path.join(project, 'package.json'), '{ "type": "module" }\n');
    await writeFile(
      path.join(project, 'check.mjs'),
      `import { fileURLToPath } from 'node:url';
const resolved = {};
for (const name of ['qitong', 'qitong/elements', 'qitong/lesson-elements', 'qitong/pkg/qitong_elements.js', 'qitong/pkg/qitong_clock.js', 'qitong/pkg/qitong.js', 'qitong/pkg/qitong_lessons.js', 'qitong/pkg/qitong_board_lessons.js', 'qitong/pkg/qitong_board_lessons_basics.js', 'qitong/pkg/qitong_home.js', 'qitong/pkg/qitong_course.js', 'qitong/pkg/qitong_course_basics.js', 'qitong/pkg/qitong_ladder.js', 'qitong/teacher', 'qitong/computer', 'qitong/pkg/qitong_computer.js', 'qitong/pkg/qitong_bg.wasm', 'qitong/custom-elements.json']) {
  resolved[name] = fileURLToPath(import.meta.resolve(name));
}
const modules = {};
for (const name of ['qitong/pkg/qitong_elements.js', 'qitong/pkg/qitong_clock.js', 'qitong/pkg/qitong.js', 'qitong/pkg/qitong_lessons.js', 'qitong/pkg/qitong_board_lessons.js', 'qitong/pkg/qitong_board_lessons_basics.js', 'qitong/pkg/qitong_home.js', 'qitong/pkg/qitong_course.js', 'qitong/pkg/qitong_course_basics.js', 'qitong/pkg/qitong_ladder.js', 'qitong/teacher']) {
  modules[name] = Object.keys(await import(name)).sort();
}
console.log(JSON.stringify({ resolved, modules }));
`,
    );
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: project });
    const { resolved, modules } = JSON.parse(stdout);
    const real = (p) => path.relative(dist, p.replace(path.join(project, 'node_modules', 'qitong'), dist));
    assert.equal(real(resolved['qitong/elements']), 'qitong-elements.js');
    assert.equal(real(resolved['qitong/lesson-elements']), 'qitong-lesson-elements.js');
    assert.equal(real(resolved['qitong/teacher']), path.join('pkg', 'qitong_teacher.js'));
    assert.equal(real(resolved['qitong/pkg/qitong_bg.wasm']), path.join('pkg', 'qitong_bg.wasm'));
    for (const [name, exported] of Object.entries(modules)) {
      assert.ok(exported.includes('default'), `${name} has init() as its default export`);
      const types = await readFile(path.join(dist, real(resolved[name]).replace(/\.js$/, '.d.ts')), 'utf8');
      const declared = [...types.matchAll(/^export (?:function|class) (\w+)/gm)].map((m) => m[1]);
      assert.ok(declared.length > 0, `${name}'s .d.ts declares exports`);
      for (const d of declared) assert.ok(exported.includes(d), `${name} exports ${d}, as its .d.ts says`);
    }
    // The elements' hand-written types name the classes the modules export.
    for (const [module, types] of [['qitong-elements.js', 'qitong-elements.d.ts'], ['qitong-lesson-elements.js', 'qitong-lesson-elements.d.ts']]) {
      const source = await readFile(path.join(dist, module), 'utf8');
      const dts = await readFile(path.join(dist, types), 'utf8');
      for (const [, name] of dts.matchAll(/^export declare class (\w+)/gm)) {
        assert.match(source, new RegExp(`export class ${name}\\b`), `${module} exports ${name}`);
      }
      for (const [, tag] of dts.matchAll(/'([a-z]+-[a-z]+)': \w+;/g)) {
        // dist/'s code is minified: either quote, no space.
        assert.match(source, new RegExp(`customElements.define\\(["']${tag}["']`), `${module} defines <${tag}>`);
      }
    }
  } finally {
    await rm(project, { recursive: true, force: true });
  }
});

test('custom-elements.json declares each element in the module that defines it', async () => {
  const manifest = JSON.parse(await readFile(path.join(dist, packageJson.customElements), 'utf8'));
  const tags = [];
  for (const module of manifest.modules) {
    const source = await readFile(path.join(dist, module.path), 'utf8');
    for (const declaration of module.declarations ?? []) {
      if (!declaration.customElement) continue;
      tags.push(declaration.tagName);
      assert.match(source, new RegExp(`export class ${declaration.name}\\b`), `${module.path} declares ${declaration.name}`);
      assert.match(source, new RegExp(`customElements.define\\(["']${declaration.tagName}["'], ?${declaration.name}\\)`), `${module.path} defines <${declaration.tagName}>`);
    }
  }
  assert.deepEqual(tags.sort(), ['chess-board', 'chess-clock', 'chess-lesson', 'chess-quiz']);
});
