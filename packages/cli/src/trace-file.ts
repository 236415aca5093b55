// Reading a trace file back: the NDJSON that `--trace-file F` and `mcpwire tap` write (trace.ts), one
// record per line. What a real host did is in its `message` records: `send` is the host's (the
// client side of the seam), `receive` the server's. `doctor --from-trace`, `trace view` and
// `inspect --follow` read it here and nowhere else. Every string in it came from a peer.

import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './args.js';

/** Largest trace read whole: a recording of a long session, not a log without end. */
export const MAX_TRACE_BYTES = 256 * 1024 * 1024;

/** The parts of a JSON-RPC message a reader of recordings looks at; anything may be missing or of another type. */
export interface Wire {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; arguments?: unknown; protocolVersion?: unknown };
  result?: { protocolVersion?: unknown; capabilities?: { tools?: unknown }; tools?: unknown; isError?: unknown; content?: unknown; supportedVersions?: unknown; serverInfo?: unknown; instructions?: unknown };
  error?: { code?: unknown; message?: unknown };
}

/** One message of the trace, who sent it, and when (the record's ISO time, when it has one). */
export interface Recorded { from: 'host' | 'server'; message: Wire; time?: string }

/** One line of a trace, as far as its readers care. */
export type TraceEntry =
  | { kind: 'message'; recorded: Recorded }
  | { kind: 'note'; text: string }
  | { kind: 'stderr'; text: string }
  | { kind: 'other' };

/** A whole recording: its messages, the notes of lines that were not passed on, the server's stderr. */
export interface Recording { messages: Recorded[]; notes: string[]; stderr: string[] }

/** One line of a trace file; throws SyntaxError when it is not JSON. */
export function parseTraceLine(line: string): TraceEntry {
  const record = JSON.parse(line) as { kind?: unknown; direction?: unknown; message?: unknown; text?: unknown; time?: unknown } | null;
  if (typeof record !== 'object' || record === null) return { kind: 'other' };
  if (record.kind === 'message' && typeof record.message === 'object' && record.message !== null && !Array.isArray(record.message)) {
    const recorded: Recorded = { from: record.direction === 'send' ? 'host' : 'server', message: record.message as Wire };
    if (typeof record.time === 'string') recorded.time = record.time;
    return { kind: 'message', recorded };
  }
  if ((record.kind === 'note' || record.kind === 'stderr') && typeof record.text === 'string') return { kind: record.kind, text: record.text };
  return { kind: 'other' };
}

/** Reads the whole trace `file` (resolved against `cwd`); `option` names it in errors (`--from-trace`, `trace view`). */
export function readTrace(file: string, cwd: string, option = '--from-trace'): Recording {
  const path = resolve(cwd, file);
  let text: string;
  try {
    // Measured before it is read: a file past the bound is refused without reading it.
    if (statSync(path).size > MAX_TRACE_BYTES) throw new UsageError(`${option}: ${file} is over ${MAX_TRACE_BYTES / 1024 / 1024} MiB`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${option}: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const recording: Recording = { messages: [], notes: [], stderr: [] };
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let entry: TraceEntry;
    try {
      entry = parseTraceLine(line);
    } catch {
      throw new UsageError(`${option}: line ${index + 1} of ${file} is not JSON: is it a trace of mcpwire tap or --trace-file?`);
    }
    if (entry.kind === 'message') recording.messages.push(entry.recorded);
    else if (entry.kind === 'note') recording.notes.push(entry.text);
    else if (entry.kind === 'stderr') recording.stderr.push(entry.text);
  });
  return recording;
}
