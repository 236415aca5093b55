// What a user gets from the published package: the tarball's contents, the README's snippets run
// as pasted, and the types under the strictest common compiler settings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { REPO, buildPackage, packedFiles, type BuiltPackage } from './built-package.js';
import { readmeSnippets } from './readme-snippets.js';
import { NEUTRAL_ENTRIES, nodeNeeds } from './runtime-neutral.js';
import { build } from 'esbuild';
import { toolEnv } from '../fakes/tool-env.js';

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

/** The strictest common settings a user may compile with; skipLibCheck off, so our .d.ts count. */
const STRICT = {
  target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', types: ['node'], noEmit: true,
  strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false,
};

/** tsc's error lines for every .ts file in `folder` (with STRICT), as `file(line,col): error TSnnnn`. */
function strictErrors(folder: string): string[] {
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: STRICT, include: ['*.ts'] }));
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
  try {
    execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: folder, encoding: 'utf8', stdio: 'pipe', env: toolEnv() });
    return [];
  } catch (error) {
    const out = (error as { stdout?: string }).stdout ?? String(error);
    return out.split('\n').flatMap((line) => /^(\S+\(\d+,\d+\): error TS\d+)/.exec(line)?.slice(1, 2) ?? []);
  }
}

test('the published types compile under strict, exactOptionalPropertyTypes and noUncheckedIndexedAccess, in the .d.ts and in user code', () => {
  const folder = join(built.root, 'user');
  mkdirSync(folder);
  symlinkSync(join(built.root, 'node_modules'), join(folder, 'node_modules'), 'dir');
  copyFileSync(new URL('./fixtures/user-code.ts', import.meta.url), join(folder, 'user-code.ts'));
  assert.deepStrictEqual(strictErrors(folder), []);
});

test('the library snippets of README.md and docs/library.md compile strictly, run as pasted, print what they show, and exit', () => {
  const { files, runs } = readmeSnippets(['README.md', 'docs/library.md'].map((doc) => readFileSync(join(REPO, doc), 'utf8')).join('\n'));
  assert.deepStrictEqual(files.map((f) => f.name), ['server.ts', 'client.ts', 'host.ts', 'middleware.ts', 'real-model.ts']);
  assert.deepStrictEqual(runs.map((r) => r.file), ['client.ts', 'host.ts', 'middleware.ts']);
  for (const file of files) writeFileSync(join(built.root, file.name), file.code);
  assert.deepStrictEqual(strictErrors(built.root), []);
  // Each command must end on its own (the snippet closes what it opened); the timeout only bounds a hang.
  const printed = runs.map((run) => execFileSync(process.execPath, ['--import', 'tsx', run.file], { cwd: built.root, encoding: 'utf8', timeout: 60_000 }));
  assert.deepStrictEqual(printed, runs.map((run) => run.output));
});

test('the runtime-neutral entries load no node:* module and use no Buffer or process, in the built files', () => {
  const exportsMap = (JSON.parse(readFileSync(join(built.pkg, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;
  const found = NEUTRAL_ENTRIES.map((entry) => {
    const { files, offences } = nodeNeeds(built.pkg, exportsMap[`./${entry}`]!);
    return { entry, offences, loadsSomething: files.length > 1 };
  });
  assert.deepStrictEqual(found, NEUTRAL_ENTRIES.map((entry) => ({ entry, offences: [], loadsSomething: true })));
  // The scan sees Node where it is: the Node entry.
  assert.ok(nodeNeeds(built.pkg, exportsMap['./node']!).offences.some((o) => /imports node:child_process/.test(o)));
});

test('the runtime-neutral entries bundle for a browser (esbuild, platform browser) with no Node built-in', async () => {
  const results = [];
  for (const entry of NEUTRAL_ENTRIES) {
    const result = await build({
      stdin: { contents: `export * from 'mcpwire/${entry}';`, resolveDir: built.root, loader: 'js' },
      bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', target: 'es2022',
    }).catch((error: { errors?: { text: string }[] }) => ({ errors: error.errors ?? [{ text: String(error) }], warnings: [], metafile: { inputs: {} } }));
    results.push({ entry, errors: result.errors.map((m) => m.text), nodeInputs: Object.keys(result.metafile.inputs).filter((i) => i.startsWith('node:')) });
  }
  assert.deepStrictEqual(results, NEUTRAL_ENTRIES.map((entry) => ({ entry, errors: [], nodeInputs: [] })));
});
