// What the seed's program weighs (issue 44): bench/servers/seed-program.ts (host, scripted model,
// client and stdio transport) bundled and minified for node, and how many source files esbuild
// read into it. The add server is a process of its own and not in the bundle. The bundle must
// answer "19 加 23" before its size counts.

import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { bundle } from './build.js';
import { SCRATCH, SERVERS } from './config.js';

export interface SeedBundle {
  minifiedBytes: number;
  /** esbuild's metafile `inputs`: every source file the bundle was built from. */
  inputFiles: number;
}

export function benchSeedBundle(esbuild: string): SeedBundle {
  const outfile = join(SCRATCH, 'seed-program.min.mjs');
  const metafile = `${outfile}.meta.json`;
  bundle(esbuild, 'bench/servers/seed-program.ts', outfile, true, metafile);
  const answer = execFileSync(process.execPath, [outfile, SERVERS.mcpwireStdioBundle], { encoding: 'utf8', timeout: 30_000 }).trim();
  if (answer !== '19 加 23 等于 42。') throw new Error(`the bundled seed program answered ${JSON.stringify(answer)}`);
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { inputs: Record<string, unknown> };
  return { minifiedBytes: statSync(outfile).size, inputFiles: Object.keys(meta.inputs).length };
}
