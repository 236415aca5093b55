// What the bench needs before it measures: mcpwire compiled to dist/ (servers run plain node,
// not tsx, so the comparison with the raw baselines is fair) and esbuild for the bundle size,
// installed in .bench/tools so it never becomes a dependency of the package.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SCRATCH } from './config.js';

/**
 * `npm run build`: `tsc -p tsconfig.build.json`, then the bundles of scripts/bundle.mjs. Type errors
 * elsewhere in the tree do not stop the emit; they are shown.
 */
export function buildDist(): void {
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? '');
    process.stderr.write(`bench: tsc reported errors (the emitted files are used anyway):\n${output.slice(0, 2000)}\n`);
  }
  if (!existsSync(join(ROOT, 'dist/examples/add-server.js'))) throw new Error('tsc did not produce dist/examples/add-server.js');
  execFileSync(process.execPath, [join(ROOT, 'scripts/bundle.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The esbuild binary in .bench/tools, installed there on first use (same version tsx brings, so npm's cache usually has it). */
export function ensureEsbuild(): string {
  const tools = join(SCRATCH, 'tools');
  const binary = join(tools, 'node_modules/.bin/esbuild');
  if (existsSync(binary)) return binary;
  let version = 'latest';
  try {
    version = JSON.parse(readFileSync(join(ROOT, 'node_modules/esbuild/package.json'), 'utf8')).version;
  } catch { /* no esbuild beside tsx: take the latest */ }
  process.stderr.write(`bench: installing esbuild@${version} into .bench/tools (once)\n`);
  execFileSync('npm', ['install', '--prefix', tools, '--no-audit', '--no-fund', `esbuild@${version}`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return binary;
}

/**
 * Bundles `entry` (TypeScript is fine) into one ESM file for node, with the esbuild of ensureEsbuild();
 * `metafile`, if given, receives esbuild's account of the inputs and what each put in the output.
 */
export function bundle(esbuild: string, entry: string, outfile: string, minify: boolean, metafile?: string): void {
  execFileSync(esbuild, [join(ROOT, entry), '--bundle', ...(minify ? ['--minify'] : []), '--platform=node', '--format=esm',
    '--target=node20', '--log-level=warning', `--outfile=${outfile}`, ...(metafile ? [`--metafile=${metafile}`] : [])],
  { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Imports a compiled module from dist/ (e.g. 'src/client/index.js'). */
export async function importDist<T>(relative: string): Promise<T> {
  return await import(pathToFileURL(join(ROOT, 'dist', relative)).href) as T;
}
