// npm run build, second step: the programs a host spawns, each pre-bundled as one ESM file in
// dist/bundle/ beside the per-file build of tsc (dist/src). Node loads one file instead of about a
// hundred modules one by one, which is most of a cold start's time (bench/cold-start.ts). A page's
// script is bundled the same way for the browser, which cannot resolve a package name. The tree
// under dist/bundle/ mirrors the sources (src/main.ts → dist/bundle/src/main.js). Each program
// holds its own copy of what it imports; the library entries stay the per-file build.
//   node scripts/bundle.mjs [package folder] [program…]   (a program `browser:src/x.ts` is a page's script)
//   default: this repo's example server, which the docs and the tests spawn.
// Plain JavaScript run by node: it runs in `prepare` on a fresh clone, before anything else.

import { build } from 'esbuild';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The root package's program: the example server the docs and the tests spawn. */
export const BUNDLED_PROGRAMS = ['examples/add-server.ts'];

/** Bundles `programs` of the package in `root` into its dist/bundle/; the root's tsconfig paths resolve this repo's packages to their sources. */
export async function bundlePrograms(root = ROOT, programs = BUNDLED_PROGRAMS) {
  const forBrowser = programs.filter((program) => program.startsWith('browser:')).map((program) => program.slice('browser:'.length));
  const forNode = programs.filter((program) => !program.startsWith('browser:'));
  const common = { absWorkingDir: resolve(root), outbase: '.', outdir: 'dist/bundle', bundle: true, format: 'esm', sourcemap: true, logLevel: 'warning', tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) };
  if (forNode.length > 0) await build({ ...common, entryPoints: forNode, platform: 'node', target: 'node20' });
  if (forBrowser.length > 0) await build({ ...common, entryPoints: forBrowser, platform: 'browser', target: 'es2022' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, ...programs] = process.argv.slice(2);
  await bundlePrograms(root, programs.length > 0 ? programs : undefined);
}
