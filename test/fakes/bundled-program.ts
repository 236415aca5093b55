// A program a test spawns many times (the CLI, a server fixture), started as one bundled file.
// Under `node --import tsx` every child compiles and loads about a hundred modules anew: about
// 1 s of CPU before it reads a byte, against 0.15 s for one bundled file (bench/cold-start.ts has
// the same numbers for dist/bundle). The bundle is built here, by esbuild as scripts/bundle.mjs
// builds dist/bundle, from this checkout's sources at the time the test file starts, never a
// stale dist/. The temporary tree mirrors the repo (packages/cli/src/main.ts →
// <tree>/packages/cli/src/main.js) and holds the command's package.json and demo server beside it,
// so what the CLI finds by its place (`--version`, the demo's add server) is there as in dist/bundle. Source maps carry the
// children's coverage back to src/ (c8 --exclude-after-remap, in package.json).

import { buildSync } from 'esbuild';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

let tree: string | undefined;
const built = new Map<string, string>();

/**
 * Bundles `entries` into the tree. A bundle that holds none of src/ (a fixture on the official SDK)
 * is written without its source map: its coverage is nothing c8 reports, and remapping its
 * megabytes of map cost the c8 report seconds per test file.
 */
function bundle(entries: string[]): void {
  const result = buildSync({
    absWorkingDir: REPO, entryPoints: entries, outbase: '.', outdir: tree!,
    bundle: true, format: 'esm', platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning',
    // Every line of every module stays, so a line the child never ran counts as not run (a line
    // tree-shaken away would have no range at all, and c8 would count it as run).
    treeShaking: false, metafile: true, write: false,
  });
  const mapped = Object.keys(result.metafile.inputs).some((input) => /^(packages\/[^/]+\/)?src\//.test(input));
  for (const output of result.outputFiles) {
    if (output.path.endsWith('.map') && !mapped) continue;
    mkdirSync(dirname(output.path), { recursive: true });
    writeFileSync(output.path, mapped ? output.contents : output.text.replace(/\n\/\/# sourceMappingURL=\S+\n$/, '\n'));
  }
}

/** The path of `source` (absolute, a .ts file of this repo) bundled into one .js file. */
export function bundledProgram(source: string): string {
  const known = built.get(source);
  if (known) return known;
  if (tree === undefined) {
    tree = mkdtempSync(join(tmpdir(), 'mcpwire-bundles-'));
    process.once('exit', () => rmSync(tree!, { recursive: true, force: true }));
    mkdirSync(join(tree, 'packages/cli'), { recursive: true });
    copyFileSync(join(REPO, 'packages/cli/package.json'), join(tree, 'packages/cli/package.json'));
    bundle(['packages/cli/src/demo-server.ts']);
    built.set(join(REPO, 'packages/cli/src/demo-server.ts'), join(tree, 'packages/cli/src/demo-server.js'));
  }
  const entry = relative(REPO, source);
  const file = join(tree, entry.replace(/\.ts$/, '.js'));
  if (!built.has(source)) bundle([entry]);
  built.set(source, file);
  return file;
}

/** `node` arguments that run `file`: a .ts file of this repo as its bundle, anything else as it is. */
export function nodeArgs(file: string): string[] {
  return file.endsWith('.ts') ? [bundledProgram(file)] : [file];
}
