// `--trace` and `--trace-file F`: every message both ways with a timestamp and direction; for
// HTTP also each exchange's status and the headers that matter (Mcp-Session-Id,
// MCP-Protocol-Version, Content-Type) and the SSE event ids; for stdio the server's stderr.
// Lines go to stderr; the same events go to the file as NDJSON, one JSON object per line.

import { closeSync, openSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TransportKind } from 'mcpwire/jsonrpc';
import type { HttpTraceEvent } from 'mcpwire/http';
import type { TextSink } from './command-io.js';
import { outputFileError } from './output-file.js';
import { terminalLine } from 'mcpwire/host';

/** Which transport a traced message crossed: the kinds the command connects over. */
export type TraceVia = Extract<TransportKind, 'stdio' | 'streamable-http' | 'sse'>;

/** One traced event, as written to the NDJSON file (plus `time`). */
export type TraceRecord =
  | { kind: 'message'; via: TraceVia; direction: 'send' | 'receive'; message: unknown }
  | { kind: 'http'; via: TraceVia; method: string; url: string; status: number; headers: Record<string, string>; eventId?: string }
  | { kind: 'stderr'; text: string }
  | { kind: 'note'; text: string };

/** Options of a Tracer. */
export interface TracerOptions {
  /** Human-readable lines go here (--trace). */
  lines?: TextSink;
  /** NDJSON goes to this file (--trace-file), resolved against `cwd`. */
  file?: string;
  cwd?: string;
  now?: () => number;
}

/** Collects trace events from taps and HTTP hooks and writes them out as they happen. */
export class Tracer {
  readonly #lines: TextSink | undefined;
  readonly #fd: number | undefined;
  readonly #now: () => number;
  readonly #observers: ((record: TraceRecord) => void)[] = [];

  constructor(options: TracerOptions = {}) {
    this.#lines = options.lines;
    this.#fd = options.file === undefined ? undefined : openTraceFile(options.file, options.cwd);
    this.#now = options.now ?? Date.now;
  }

  /** True when anything is being written. */
  get enabled(): boolean {
    return this.#lines !== undefined || this.#fd !== undefined;
  }

  /** True when --trace prints lines (a caller then need not say the same thing on stderr again). */
  get printsLines(): boolean {
    return this.#lines !== undefined;
  }

  /** A JSON-RPC message (from tapTransport). */
  message(via: TraceVia, direction: 'send' | 'receive', message: unknown): void {
    this.record({ kind: 'message', via, direction, message });
  }

  /** An HTTP exchange or SSE event (from the HTTP transports' ontrace). */
  http(via: TraceVia, event: HttpTraceEvent): void {
    const record: TraceRecord = { kind: 'http', via, method: event.method, url: event.url, status: event.status, headers: event.headers };
    if (event.eventId !== undefined) record.eventId = event.eventId;
    this.record(record);
  }

  /** What a stdio server wrote to stderr. */
  stderr(text: string): void {
    for (const line of text.replace(/\n$/, '').split('\n')) this.record({ kind: 'stderr', text: line });
  }

  /** Something mcpwire decided (e.g. falling back to the legacy transport). */
  note(text: string): void {
    this.record({ kind: 'note', text });
  }

  /** Also hands every record to `observer` (doctor collects its evidence this way), traced or not. */
  observe(observer: (record: TraceRecord) => void): void {
    this.#observers.push(observer);
  }

  record(record: TraceRecord): void {
    for (const observer of this.#observers) observer(record);
    if (!this.enabled) return;
    const at = this.#now();
    this.#lines?.write(`${formatTraceLine(at, record)}\n`);
    if (this.#fd !== undefined) writeSync(this.#fd, `${JSON.stringify({ time: new Date(at).toISOString(), ...record })}\n`);
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
  }
}

/** One trace line: `HH:MM:SS.mmm  what  detail` (UTC), control characters from the peer shown, not obeyed. */
export function formatTraceLine(at: number, record: TraceRecord): string {
  return terminalLine(traceLine(new Date(at).toISOString().slice(11, 23), record));
}

function traceLine(time: string, record: TraceRecord): string {
  switch (record.kind) {
    case 'message':
      return `${time}  ${record.direction === 'send' ? 'client → server' : 'server → client'}  ${JSON.stringify(record.message)}`;
    case 'http': {
      const headers = Object.entries(record.headers).map(([name, value]) => `${name}: ${value}`).join('; ');
      if (record.eventId !== undefined) return `${time}  http             ${record.method} ${record.url} SSE event id ${record.eventId}`;
      return `${time}  http             ${record.method} ${record.url} → ${record.status}${headers ? `  [${headers}]` : ''}`;
    }
    case 'stderr': return `${time}  server stderr    ${record.text}`;
    case 'note': return `${time}  mcpwire          ${record.text}`;
  }
}

/** Opens the --trace-file before anything starts; a path that cannot be written is a usage error (exit 2). */
function openTraceFile(file: string, cwd = '.'): number {
  try {
    return openSync(resolve(cwd, file), 'w');
  } catch (error) {
    throw outputFileError('--trace-file', file, error);
  }
}
