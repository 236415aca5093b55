// What a user gets from the published package: the tarball's contents, the README's snippets run
// as pasted, and the types under the strictest common compiler settings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join, posix } from 'node:path';
import { buildPackage, packedFiles, type BuiltPackage } from './built-package.js';

let built: BuiltPackage;
before(() => { built = buildPackage(); });
after(() => rmSync(built.root, { recursive: true, force: true }));

test('the tarball holds LICENSE, and every sourcemap ships with the sources it points to', () => {
  const files = packedFiles(built.pkg);
  assert.deepStrictEqual(['LICENSE', 'README.md', 'package.json'].filter((f) => !files.includes(f)), []);
  const maps = files.filter((f) => f.endsWith('.js.map'));
  assert.ok(maps.includes('dist/src/index.js.map'), 'the build emits sourcemaps');
  const missing = maps.flatMap((map) => {
    const { sources } = JSON.parse(readFileSync(join(built.pkg, map), 'utf8')) as { sources: string[] };
    return sources.map((source) => posix.normalize(posix.join(posix.dirname(map), source))).filter((source) => !files.includes(source));
  });
  assert.deepStrictEqual(missing, []);
});
