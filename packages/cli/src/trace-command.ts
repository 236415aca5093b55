// `mcpwire trace view F [--html OUT]`: a recording (`mcpwire tap --trace-file F`, or any
// --trace-file) shown along the seam (recording-view.ts): on stdout one line per message with what
// it meant, then a summary; and the seam page, the same one `doctor --from-trace --html` draws,
// written to OUT (default: F with .html in place of its extension), its path said on stderr.

import { join, parse, resolve } from 'node:path';
import { UsageError, optionValue, parseArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { OutputFile } from './output-file.js';
import { recordingHtml, recordingLines } from './recording-view.js';
import { readTrace } from './trace-file.js';

/** Where the page goes without --html: beside the recording, `calls.ndjson` → `calls.html`. */
export function defaultPagePath(file: string): string {
  const { dir, name, ext } = parse(file);
  return join(dir, `${ext === '.html' ? `${name}${ext}` : name}.html`);
}

/** Runs `mcpwire trace …`; resolves with the exit code. */
export async function runTrace(argv: readonly string[], io: CommandIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'view') throw new UsageError(sub === undefined ? 'trace needs a subcommand: mcpwire trace view F' : `unknown trace subcommand "${sub}" (there is: view)`);
  const args = parseArgs(rest, ['--html']);
  if (args.command !== undefined) throw new UsageError('trace view reads a recording: it starts no server (nothing goes after --)');
  const [file, ...extra] = args.positionals;
  if (file === undefined) throw new UsageError('trace view needs the recording: mcpwire trace view F (written by mcpwire tap --trace-file F)');
  if (extra.length > 0) throw new UsageError(`trace view takes one recording, got also: ${extra.join(' ')}`);
  // Both as the user wrote them (said back that way), resolved against the command's folder to be used.
  const page = optionValue(args, '--html') ?? defaultPagePath(file);
  const target = resolve(io.cwd, page);
  if (target === resolve(io.cwd, file)) throw new UsageError(`--html ${page} is the recording itself: give another file`);
  // Read first: a missing or broken recording must not leave an empty page behind.
  const recording = readTrace(file, io.cwd, 'trace view');
  new OutputFile('--html', target).write(recordingHtml(`mcpwire trace view: ${file}`, recording));
  for (const line of recordingLines(recording)) println(io.stdout, line);
  println(io.stderr, `mcpwire: the seam page is ${page}`);
  return 0;
}
