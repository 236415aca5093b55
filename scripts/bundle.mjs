// npm run build, second step: the programs a host spawns, each pre-bundled as one ESM file in
// dist/bundle/ beside the per-file build of tsc (dist/src, dist/examples). Node loads one file
// instead of about a hundred modules one by one, which is most of a cold start's time
// (bench/cold-start.ts). The tree under dist/bundle/ mirrors the sources, so the paths the CLI
// finds by their place (./demo-server.js beside it, package.json above) hold in both builds.
// Each program is a process of its own, so each bundle holds its own copy of what it imports;
// the library entries stay the per-file build, one copy of each class for every importer.
//   node scripts/bundle.mjs [package folder]    (default: this repo; its sources into its dist/bundle/)
// Plain JavaScript run by node: it runs in `prepare` on a fresh clone, before anything else.

import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The programs: the `mcpwire` command, the demo server it spawns, and the example server the docs spawn. */
export const BUNDLED_PROGRAMS = ['packages/cli/src/main.ts', 'packages/cli/src/demo-server.ts', 'examples/add-server.ts'];

/** Bundles every program of the package in `root` into its dist/bundle/ (packages/cli/src/main.ts → packages/cli/dist/bundle/src/main.js). */
export async function bundlePrograms(root = ROOT) {
  await build({
    absWorkingDir: root,
    entryPoints: BUNDLED_PROGRAMS,
    outbase: '.',
    outdir: 'dist/bundle',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundlePrograms(process.argv[2]);
