// package-lock.json's root entry repeats what package.json says of the package itself. When the
// two drift (a bin path moved, a dependency added), a fresh `npm install` rewrites a tracked file;
// this test says so before a contributor finds an unexplained diff.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './built-package.js';

/** The fields npm copies from package.json into the lock's root package entry (packages[""]). */
const COPIED = ['name', 'version', 'license', 'bin', 'engines', 'dependencies', 'devDependencies'] as const;

type Manifest = Record<string, unknown>;

function pick(manifest: Manifest): Manifest {
  return Object.fromEntries(COPIED.filter((key) => manifest[key] !== undefined).map((key) => [key, manifest[key]]));
}

test("package-lock.json's root entry matches package.json (name, version, bin, dependencies)", () => {
  const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Manifest;
  const lock = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { name: string; version: string; packages: Record<string, Manifest> };
  assert.deepStrictEqual({ name: lock.name, version: lock.version }, { name: manifest.name, version: manifest.version });
  assert.deepStrictEqual(pick(lock.packages['']!), pick(manifest));
});
