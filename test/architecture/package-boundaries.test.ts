// The packages beside the core (docs/ARCHITECTURE.md, "Packages"): the core `mcpwire` is src/ at the
// root; every other package is packages/<name>, an npm workspace. A package uses another only
// through that package's public exports: (a) a file of packages/<name>/src imports its own files
// by relative path, and anything else by package name, through an entry that package's
// package.json "exports" lists, and only a package its "dependencies" name; (b) the core imports
// no package and nothing outside src/; (c) no package imports examples/; (d) no published package
// has a runtime dependency outside the project's own, but for the one adapter for an outside
// system (mcpwire-redis on `redis`); (e) the dependencies form no circle, and nothing depends on
// the command.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SRC, importSpecifiers, sourceFiles } from '../src-files.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** A package as the boundary check needs it: its name, folder, exports' subpaths and dependencies. */
export interface PackageFacts {
  name: string;
  /** Repo-relative folder ('' for the core). */
  folder: string;
  /** The subpaths of "exports" ('.', './node', …), without './package.json'. */
  entries: string[];
  dependencies: string[];
}

/** The workspace's packages, the core first. */
export function workspacePackages(): PackageFacts[] {
  const read = (folder: string): PackageFacts => {
    const manifest = JSON.parse(readFileSync(join(REPO, folder, 'package.json'), 'utf8')) as { name: string; exports?: Record<string, unknown>; dependencies?: Record<string, string> };
    return { name: manifest.name, folder, entries: Object.keys(manifest.exports ?? {}).filter((key) => key !== './package.json'), dependencies: Object.keys(manifest.dependencies ?? {}) };
  };
  const root = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { workspaces: string[] };
  return [read(''), ...root.workspaces.map(read)];
}

/** Each import of `files` that breaks (a)–(c), as `file → specifier (why)`; `read` gives a file's text by its repo-relative path. */
export function brokenBoundaries(packages: readonly PackageFacts[], files: readonly string[], read: (file: string) => string): string[] {
  const byName = new Map(packages.map((facts) => [facts.name, facts]));
  const broken: string[] = [];
  for (const file of files) {
    const owner = [...packages].filter((facts) => facts.folder !== '').find((facts) => file.startsWith(`${facts.folder}/`)) ?? packages[0]!;
    const own = owner.folder === '' ? 'src' : `${owner.folder}/src`;
    const code = read(file);
    const located = [...code.matchAll(/new URL\(([^;]*?)import\.meta\.url/g)].flatMap((match) => [...match[1]!.matchAll(/'(\.\.?\/[^']*)'/g)].map((path) => path[1]!));
    for (const specifier of [...importSpecifiers(code), ...located]) {
      // The parser reads `from '…'` inside a string too (a help text's "from ', '"): a module name has no spaces or brackets.
      if (specifier.startsWith('node:') || !/^[@a-z.][\w@./-]*$/.test(specifier)) continue;
      if (specifier.startsWith('.')) {
        const target = normalize(join(dirname(file), specifier)).split('\\').join('/');
        if (target.startsWith('examples/')) broken.push(`${file} → ${specifier} (no package imports examples/)`);
        else if (!target.startsWith(`${own}/`)) broken.push(`${file} → ${specifier} (leaves ${own}/: import it by package name)`);
        continue;
      }
      const [, name, subpath] = /^((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(specifier) ?? [];
      const target = byName.get(name!);
      if (target === undefined) broken.push(`${file} → ${specifier} (not a package of this project)`);
      else if (target === owner) broken.push(`${file} → ${specifier} (its own package: import by relative path)`);
      else if (owner.folder === '') broken.push(`${file} → ${specifier} (the core imports no package)`);
      else if (!owner.dependencies.includes(target.name)) broken.push(`${file} → ${specifier} (${target.name} is not in ${owner.name}'s dependencies)`);
      else if (!target.entries.includes(`.${subpath ?? ''}`)) broken.push(`${file} → ${specifier} (not an entry of ${target.name}'s exports)`);
    }
  }
  return broken;
}

/** Every .ts file of the core's src/ and each package's src/, repo-relative. */
function packageSources(packages: readonly PackageFacts[]): string[] {
  const folders = [SRC, ...packages.filter((facts) => facts.folder !== '').map((facts) => join(REPO, facts.folder, 'src'))];
  return folders.filter((folder) => existsSync(folder)).flatMap((folder) => sourceFiles(folder)).map((file) => relative(REPO, file).split('\\').join('/'));
}

test('(a)–(c): every import in src/ and packages/*/src stays in its package or goes through another package\'s exports', () => {
  const packages = workspacePackages();
  assert.deepStrictEqual(brokenBoundaries(packages, packageSources(packages), (file) => readFileSync(join(REPO, file), 'utf8')), []);
});

test('the boundary check catches a reach past an entry, a missing dependency, the core importing a package and examples/', () => {
  const packages: PackageFacts[] = [
    { name: 'mcpwire', folder: '', entries: ['.', './server'], dependencies: [] },
    { name: 'mcpwire-a', folder: 'packages/a', entries: ['.'], dependencies: ['mcpwire'] },
    { name: 'mcpwire-b', folder: 'packages/b', entries: ['.'], dependencies: ['mcpwire', 'mcpwire-a'] },
  ];
  const fake: Record<string, string> = {
    'src/server/x.ts': "import { a } from 'mcpwire-a';\nimport { e } from '../../examples/add-server.js';\nimport { y } from './y.js';",
    'packages/a/src/a.ts': "import { McpServer } from 'mcpwire/server';\nimport { peer } from 'mcpwire/jsonrpc';\nimport { b } from 'mcpwire-b';\nimport { z } from '../../../src/server/z.js';\nimport { own } from './own.js';\nimport { readFile } from 'node:fs/promises';",
    'packages/b/src/b.ts': "import { a } from 'mcpwire-a';\nimport { deep } from 'mcpwire-a/src/deep.js';\nimport left from 'left-pad';\nconst child = new URL('../../../examples/add-server.js', import.meta.url);",
  };
  assert.deepStrictEqual(brokenBoundaries(packages, Object.keys(fake), (file) => fake[file]!), [
    'src/server/x.ts → mcpwire-a (the core imports no package)',
    'src/server/x.ts → ../../examples/add-server.js (no package imports examples/)',
    "packages/a/src/a.ts → mcpwire/jsonrpc (not an entry of mcpwire's exports)",
    "packages/a/src/a.ts → mcpwire-b (mcpwire-b is not in mcpwire-a's dependencies)",
    'packages/a/src/a.ts → ../../../src/server/z.js (leaves packages/a/src/: import it by package name)',
    "packages/b/src/b.ts → mcpwire-a/src/deep.js (not an entry of mcpwire-a's exports)",
    'packages/b/src/b.ts → left-pad (not a package of this project)',
    'packages/b/src/b.ts → ../../../examples/add-server.js (no package imports examples/)',
  ]);
});

/** The adapters for an outside system, each with the one outside dependency it is for. */
const OUTSIDE_DEPENDENCIES: Record<string, readonly string[]> = { 'mcpwire-redis': ['redis'] };

test('(d) no package depends at run time on anything outside the project, but an adapter on its one system', () => {
  const packages = workspacePackages();
  const names = new Set(packages.map((facts) => facts.name));
  assert.deepStrictEqual(
    Object.fromEntries(packages.map((facts) => [facts.name, facts.dependencies.filter((dependency) => !names.has(dependency))]).filter(([, outside]) => outside!.length > 0)),
    OUTSIDE_DEPENDENCIES,
  );
});

test('(e) the package graph has no circle, the core depends on nothing, and nothing depends on the command', () => {
  const packages = workspacePackages();
  const byName = new Map(packages.map((facts) => [facts.name, facts]));
  const onACircle = packages.filter((start) => {
    const seen = new Set<string>();
    const next = [...start.dependencies];
    for (let name = next.pop(); name !== undefined; name = next.pop()) {
      if (seen.has(name)) continue;
      seen.add(name);
      next.push(...byName.get(name)?.dependencies ?? []);
    }
    return seen.has(start.name);
  }).map((facts) => facts.name);
  assert.deepStrictEqual(onACircle, []);
  assert.deepStrictEqual(packages[0]!.dependencies, []);
  assert.deepStrictEqual(packages.filter((facts) => facts.dependencies.includes('mcpwire-cli')).map((facts) => facts.name), []);
  assert.deepStrictEqual(readdirSync(join(REPO, 'packages')).sort(), packages.slice(1).map((facts) => facts.folder.slice('packages/'.length)).sort(), 'every folder under packages/ is a workspace');
});
