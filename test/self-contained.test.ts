// Issue 11: a fresh clone's `npm test` must pass with nothing beside the repo, so no file may
// point at the reference folder that sits next to the work tree. The needles are built from parts
// so that this file does not match itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = ['sha', 'red'].join('');
const NEEDLES = [`../${folder}`, `..\\${folder}`, `/work/${folder}`];

/** The lines of `text` that hold a needle, as `file:line: text`. */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (NEEDLES.some((n) => line.includes(n)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

test('the reference scan finds each spelling of a path beside the repo, with file and line', () => {
  const text = ['ok', `new URL('../../${folder}/x.json')`, `C:\\repo\\..\\${folder}\\y`, `cat /work/${folder}/z`, `@sdk/${folder}/transport.js`].join('\n');
  assert.deepStrictEqual(outsideReferences('a.ts', text), [
    `a.ts:2: new URL('../../${folder}/x.json')`,
    `a.ts:3: C:\\repo\\..\\${folder}\\y`,
    `a.ts:4: cat /work/${folder}/z`,
  ]);
});

test('no tracked or new file refers to a folder outside the repo', () => {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0').filter((f) => f !== '' && existsSync(new URL(`../${f}`, import.meta.url)));
  assert.ok(files.includes('test/self-contained.test.ts'), 'git ls-files ran in this repo');
  const found = files.flatMap((f) => outsideReferences(f, readFileSync(new URL(`../${f}`, import.meta.url), 'utf8')));
  assert.deepStrictEqual(found, []);
});
