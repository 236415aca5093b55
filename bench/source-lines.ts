// How much code there is to read (issue 44): the lines of every .ts file git tracks under the
// core's src/ and under each package's packages/<name>/src/, counted as `wc -l` counts them.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.js';

export interface SourceLines {
  /** src/**\/*.ts, the core package mcpwire. */
  core: number;
  /** packages/<name>/src/**\/*.ts, by package folder name. */
  packages: Record<string, number>;
}

/** Newlines in the tracked .ts files under `folder` (a git pathspec's `*` crosses folders). */
function linesUnder(folder: string): number {
  const files = execFileSync('git', ['ls-files', `${folder}/*.ts`], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter((file) => file !== '');
  let lines = 0;
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  }
  return lines;
}

export function countSourceLines(): SourceLines {
  const packages: Record<string, number> = {};
  for (const name of readdirSync(join(ROOT, 'packages')).sort()) packages[name] = linesUnder(`packages/${name}/src`);
  return { core: linesUnder('src'), packages };
}
