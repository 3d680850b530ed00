// The TypeScript types: `tsc --noEmit` (npm typescript) over the elements' generated `.d.ts`
// files, wasm-bindgen's `www/pkg/*.d.ts` and `types_check.ts`, which uses every element
// property, method and event and checks the elements against the wasm exports they forward to.
// Needs the release build (`www/pkg/`), as every browser test does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('the elements’ types compile against the wasm exports (tsc --noEmit)', () => {
  assert.ok(existsSync(`${root}www/pkg/qitong.d.ts`), 'www/pkg/ is built (cargo xtask build)');
  const tsc = spawnSync(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tests/e2e/tsconfig.json`], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc found type errors:\n${tsc.stdout}${tsc.stderr}`);
});
