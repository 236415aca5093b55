// `mcpwire read <server> URI [--out FILE] [--json]`: one resources/read (server/resources#reading-resources).
// Text goes to stdout as it is when stdout is a file or a pipe; on a terminal its control
// characters are shown as \uXXXX (terminal-text.ts), so a server cannot clear the screen. A blob
// is summarised (MIME type, decoded size) unless --out FILE asks for its bytes. Same server forms,
// options, exit codes and --json as `call`.

import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReadResourceResult } from 'mcpwire/protocol';
import { UsageError, optionValue } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { reportRequestFailure } from './request-failure.js';
import { base64Bytes, formatBytes } from './render-result.js';
import { terminalText } from 'mcpwire/host';
import { withServer } from './with-server.js';
import type { CommandContext } from './with-server.js';

const USAGE = 'mcpwire read <server> URI [--out FILE] [--json]';

/** One item of `contents`, as read off the wire (nothing about it is trusted yet). */
type Contents = { uri?: unknown; mimeType?: unknown; text?: unknown; blob?: unknown };

/** Runs `mcpwire read`; resolves with the exit code. */
export function runRead(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--json', '--out'], io, (session) => readResource(session, io), (rest) => {
    if (rest.length === 0) throw new UsageError(`Which resource? ${USAGE}`);
    if (rest.length > 1) throw new UsageError(`read takes one URI, got ${rest.length}: ${rest.map((word) => JSON.stringify(word)).join(' ')}; ${USAGE}`);
  });
}

async function readResource(session: CommandContext, io: CommandIo): Promise<number> {
  const uri = session.rest[0]!;
  let result: ReadResourceResult;
  try {
    result = await session.connection.client.readResource(uri, { timeoutMs: session.timeoutMs, ...(io.signal ? { signal: io.signal } : {}) });
  } catch (error) {
    return reportRequestFailure(io, `resources/read ${uri}`, '', error);
  }
  if (session.args.flags.has('--json')) {
    println(io.stdout, JSON.stringify(result, null, 2));
    return EXIT.ok;
  }
  const contents = (result as { contents?: unknown }).contents;
  if (!Array.isArray(contents) || contents.some((item) => typeof item !== 'object' || item === null)) {
    println(io.stderr, `mcpwire: resources/read ${uri}: the server's answer has no "contents" array of objects: ${JSON.stringify(result).slice(0, 200)}`);
    return EXIT.protocol;
  }
  const out = optionValue(session.args, '--out');
  if (out !== undefined) return writeContents(contents as Contents[], uri, resolve(io.cwd, out), io);
  if (contents.length === 0) println(io.stderr, `mcpwire: resources/read ${uri}: the server returned no contents`);
  for (const item of contents as Contents[]) {
    // One item is the resource itself; of several (a directory, say), each text gets a header naming it.
    if (contents.length > 1 && typeof item.text === 'string') println(io.stdout, `[resource ${String(item.uri)}${typeof item.mimeType === 'string' ? ` ${item.mimeType}` : ''}]`);
    const text = typeof item.text === 'string' && (item.text.endsWith('\n') ? item.text : `${item.text}\n`);
    if (text !== false) io.stdout.write(io.stdout.isTTY === true ? terminalText(text) : text);
    else if (typeof item.blob === 'string') println(io.stdout, `[blob ${String(item.uri)}${typeof item.mimeType === 'string' ? ` ${item.mimeType}` : ''}, ${formatBytes(base64Bytes(item.blob))}; --out FILE saves it]`);
    else println(io.stdout, `[neither text nor blob: ${JSON.stringify(item).slice(0, 200)}]`);
  }
  return EXIT.ok;
}

/** --out FILE: the bytes of the one item (a blob decoded, a text as UTF-8). */
function writeContents(contents: Contents[], uri: string, file: string, io: CommandIo): number {
  const item = contents[0];
  if (contents.length !== 1 || item === undefined) {
    println(io.stderr, `mcpwire: --out needs exactly one item in "contents", and resources/read ${uri} returned ${contents.length}${contents.length ? `: ${contents.map((c) => String(c.uri)).join(', ')}` : ''}; nothing was written (read them with --json)`);
    return EXIT.usage;
  }
  let bytes: Buffer;
  if (typeof item.blob === 'string') bytes = Buffer.from(item.blob, 'base64');
  else if (typeof item.text === 'string') bytes = Buffer.from(item.text, 'utf8');
  else {
    println(io.stderr, `mcpwire: resources/read ${uri}: the item has neither "text" nor "blob"; nothing was written`);
    return EXIT.protocol;
  }
  try {
    writeFileSync(file, bytes);
  } catch (error) {
    println(io.stderr, `mcpwire: cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.usage;
  }
  const kind = typeof item.blob === 'string' ? 'blob' : 'text';
  println(io.stderr, `mcpwire: wrote ${formatBytes(bytes.length)} (${kind}${typeof item.mimeType === 'string' ? `, ${item.mimeType}` : ''}) of ${uri} to ${file}`);
  return EXIT.ok;
}
