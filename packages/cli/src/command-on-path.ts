// Where a host would find a stdio server's "command": a path (with a slash) is taken as it is,
// relative to the working directory; a bare name is looked up in PATH, each directory in order,
// as execvp does. POSIX only: Windows adds PATHEXT and the current directory, which this does not
// model. `config lint` uses it to say "not on PATH" before a host fails with ENOENT.

import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** Found: the file that would run. Not found: why, in words. */
export type CommandLookup = { found: true; file: string } | { found: false; why: string };

/** Looks `command` up as a POSIX host spawning it would; `path` is the PATH value, `cwd` where relative paths start. */
export function findCommand(command: string, path: string, cwd: string): CommandLookup {
  if (command.includes('/')) {
    const file = isAbsolute(command) ? command : resolve(cwd, command);
    const problem = unrunnable(file);
    return problem === undefined ? { found: true, file } : { found: false, why: `${file} ${problem}` };
  }
  // An empty PATH entry means the current directory (execvp).
  for (const dir of path.split(delimiter)) {
    const file = join(dir === '' ? cwd : resolve(cwd, dir), command);
    if (unrunnable(file) === undefined) return { found: true, file };
  }
  return { found: false, why: 'not found in any PATH directory' };
}

/** Why `file` cannot be run, or undefined when it can. */
function unrunnable(file: string): string | undefined {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch {
    return 'does not exist';
  }
  if (!isFile) return 'is not a file';
  try {
    accessSync(file, constants.X_OK);
  } catch {
    return 'is not executable (no x permission bit)';
  }
  return undefined;
}
