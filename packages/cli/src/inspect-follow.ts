// `mcpwire inspect --follow F`: the inspector's page over a recording that is still being written
// (`mcpwire tap --trace-file F` between a real host and its server). The file is followed as it grows
// (trace-follow.ts) and each record becomes the event inspect's own connection would have made
// (inspect-events.ts), so the page draws the real host's messages on the seam as they happen. The
// page's header and tool list are the recording's: the server's answer to the host's initialize (or
// server/discover) and the host's latest tools/list. It calls nothing: every other operation is
// refused. The page server, its token and its guard are inspect's own (inspect-server.ts).

import { resolve } from 'node:path';
import { CLIENT_REQUESTS, META } from 'mcpwire/protocol';
import { UsageError, optionValue } from './args.js';
import type { ParsedArgs } from './args.js';
import { openBrowserPrivately } from './browser-open.js';
import type { RedirectFile } from './browser-open.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { InspectRequestError } from './inspect-api.js';
import { InspectEvents } from './inspect-events.js';
import { newInspectToken } from './inspect-guard.js';
import { startInspectServer } from './inspect-server.js';
import type { InspectOperations, RunningInspectServer } from './inspect-server.js';
import { listenFailure, parsePort } from './serve.js';
import type { Recorded, TraceEntry, Wire } from './trace-file.js';
import { TraceFollower } from './trace-follow.js';

/** The options inspect --follow takes (no server, no model: the host is someone else's). */
const FOLLOW_OPTIONS = new Set(['--follow', '--port', '--no-open']);

/** What the recording has said so far about the server, for the page's header and tool list. */
class RecordedServer {
  readonly #asked = new Map<string, Wire>();
  opening: Wire | undefined;
  era: 'handshake' | 'stateless' | undefined;
  tools: unknown[] = [];

  /** Takes one message; true when the header or the tools changed. */
  take(recorded: Recorded): boolean {
    const { message } = recorded;
    const key = message.id === undefined ? undefined : JSON.stringify(message.id);
    if (recorded.from === 'host') {
      if (typeof message.method === 'string' && key !== undefined) this.#asked.set(key, message);
      return false;
    }
    if (key === undefined || message.method !== undefined) return false;
    const request = this.#asked.get(key);
    this.#asked.delete(key);
    if (request === undefined || message.result === undefined) return false;
    if (request.method === CLIENT_REQUESTS.initialize || request.method === CLIENT_REQUESTS.discover) {
      this.opening = message;
      this.era = request.method === CLIENT_REQUESTS.discover ? 'stateless' : 'handshake';
      this.tools = [];
      return true;
    }
    if (request.method === CLIENT_REQUESTS.toolsList && Array.isArray(message.result.tools)) {
      // A later page (a cursor) adds to the list; a fresh tools/list replaces it.
      const page = message.result.tools as unknown[];
      this.tools = (request.params as { cursor?: unknown } | undefined)?.cursor === undefined ? page : [...this.tools, ...page];
      return true;
    }
    return false;
  }
}

/** The page's operations over a recording: `state` from what was recorded, nothing else. */
class FollowApi implements InspectOperations {
  readonly #server: RecordedServer;
  readonly #label: string;
  readonly #events: InspectEvents;

  constructor(server: RecordedServer, label: string, events: InspectEvents) {
    this.#server = server;
    this.#label = label;
    this.#events = events;
  }

  async handle(op: string): Promise<unknown> {
    if (op !== 'state') throw new InspectRequestError(`inspect --follow shows a recording and calls nothing ("${op}"): run mcpwire inspect <server> to call the server yourself`);
    const result = this.#server.opening?.result as Record<string, unknown> | undefined;
    const version = result?.protocolVersion ?? (Array.isArray(result?.supportedVersions) ? result.supportedVersions[0] : undefined);
    // initialize's result names the server in serverInfo; 2026-07-28 in the result's _meta (basic/index#_meta).
    const meta = result?._meta as Record<string, unknown> | undefined;
    return {
      server: result?.serverInfo ?? meta?.[META.serverInfo] ?? null,
      protocolVersion: typeof version === 'string' ? version : null,
      era: this.#server.era ?? null,
      eraReason: result === undefined ? 'no answer to the host\'s initialize or server/discover in the recording yet' : 'as the recording shows',
      capabilities: result?.capabilities ?? {},
      instructions: typeof result?.instructions === 'string' ? result.instructions : null,
      transport: this.#label,
      model: null,
      tools: this.#server.tools,
      modelFunctions: [],
      resources: [],
      templates: [],
      prompts: [],
      roots: [],
      droppedEvents: this.#events.dropped,
    };
  }
}

/** Runs `mcpwire inspect --follow F` until io.signal fires (Ctrl-C); resolves with the exit code. */
export async function runInspectFollow(file: string, args: ParsedArgs, io: CommandIo): Promise<number> {
  const extra = [...args.positionals, ...(args.command ? ['--', ...args.command] : []), ...[...args.values.keys(), ...args.flags].filter((name) => !FOLLOW_OPTIONS.has(name))];
  if (extra.length > 0) throw new UsageError(`inspect --follow F shows a recording: it takes only --port N and --no-open, got: ${extra.join(' ')}`);
  const port = parsePort(optionValue(args, '--port'));
  const events = new InspectEvents();
  const recorded = new RecordedServer();
  const path = resolve(io.cwd, file);
  const onentry = (entry: TraceEntry): void => {
    if (entry.kind === 'message') {
      // The real host is the client of the seam: what it sent is `send`, as in inspect's own connection.
      events.add({ kind: 'wire', direction: entry.recorded.from === 'host' ? 'send' : 'receive', message: entry.recorded.message });
      if (recorded.take(entry.recorded)) events.add({ kind: 'changed', what: 'tools' });
    } else if (entry.kind === 'note' || entry.kind === 'stderr') {
      events.add({ kind: entry.kind, text: entry.text });
    }
  };
  const follower = new TraceFollower(path, onentry, (text) => events.add({ kind: 'note', text: `mcpwire: ${text}` }));
  let server: RunningInspectServer | undefined;
  let opened: RedirectFile | undefined;
  try {
    try {
      server = await startInspectServer({ api: new FollowApi(recorded, `following ${file} (a recording: nothing is called from here)`, events), events, token: newInspectToken(), port });
    } catch (error) {
      println(io.stderr, `mcpwire: ${listenFailure(error, port)}`);
      return EXIT.connection;
    }
    follower.start();
    println(io.stdout, `inspector: ${server.url}`);
    println(io.stderr, `mcpwire: following ${file}; the page is on 127.0.0.1 only and needs the token in the URL above. Ctrl-C to stop`);
    if (!args.flags.has('--no-open')) {
      opened = openBrowserPrivately(server.url, io);
      if (opened === undefined) println(io.stderr, 'mcpwire: no browser to open here: open the URL above yourself');
    }
    await new Promise<void>((done) => {
      if (io.signal === undefined) return;
      if (io.signal.aborted) done();
      io.signal.addEventListener('abort', () => done(), { once: true });
    });
    return EXIT.ok;
  } finally {
    opened?.remove();
    await follower.close();
    await server?.close();
  }
}
