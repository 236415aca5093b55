// The one forwarding mechanism of mcpwire-bridge: two transports, the host's side and the server's
// side, and every message that arrives on one is sent on the other, unchanged. `mcpwire tap` and
// `mcpwire bridge` are this relay with different transports on each side (stdio both sides; stdio
// to Streamable HTTP) and, for tap, a recorder on `onrecord`.
//
// The relay never answers for either peer, except to keep both sides consistent (JSON-RPC 2.0 §5):
// a line that is not a message is answered with -32700 Parse error (no id) as the peer that would
// have read it answers, and fails the request it was the answer to, when that can be told; and a
// request that could not be delivered is answered with -32603 naming why, so no sender waits for
// an answer that will not come. So is every host request the server had not answered when it
// ended (a server process that exits at once, before its initialize answer): each gets -32603
// naming why (its exit code, its last stderr line) before the host's side is closed.
//
// Backpressure: a side that takes messages slower than the other sends them makes its sends wait
// (stdio waits for 'drain', an SSE stream for its client to read). Past a high-water mark of sends
// not yet taken, the relay stops reading the sending side (Transport.setReading), so a flooding peer
// blocks on its own full pipe instead of this process queueing for it; once every send was taken, it
// reads again. Nothing is dropped on the way: the messages wait where they were written.

import { INTERNAL_ERROR, MessageParseError, PARSE_ERROR, messageOf, refuseUnknownOptions, responseIdHint } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, OptionKeys, RequestId, SendOptions } from 'mcpwire/jsonrpc';
import { terminalLine } from 'mcpwire/host';
import { NOTIFICATIONS } from 'mcpwire/protocol';
import type { McpMessageExtra, McpTransport } from 'mcpwire/protocol';
import { RequestRelation } from './request-relation.js';

/** Which peer a message came from: the host (the MCP client side) or the server. */
export type RelaySide = 'host' | 'server';

/** What the relay saw: a message passed on, or a problem (a bad line, a failed send) it reported. */
export type RelayRecord =
  | { kind: 'message'; from: RelaySide; message: unknown }
  | { kind: 'problem'; from: RelaySide; text: string };

/** Why the relay ended: which side closed first, and why when it was not asked to. */
export interface RelayEnd {
  side: RelaySide;
  reason?: Error;
}

/** Options of a Relay. */
export interface RelayOptions {
  /** Sees every message before it is passed on, and every problem (the recorder of `mcpwire tap`). */
  onrecord?: (record: RelayRecord) => void;
  /**
   * Send each server message with the host request it relates to (SendOptions.relatedRequestId,
   * request-relation.ts): for a host side that routes by it, Streamable HTTP's sessions (bridge --port).
   */
  relateToRequests?: boolean;
}

/** Sends not yet taken by one side past which the relay stops reading the other (a chunk of small lines stays under it). */
const HIGH_WATER_MESSAGES = 256;
/** The same in characters, for messages whose length is known (a stdio line kept, an HTTP body: MessageExtra.textLength). */
const HIGH_WATER_CHARS = 1024 * 1024;

/** The keys RelayOptions takes, for the check at construction. */
export const RELAY_OPTIONS = { onrecord: true, relateToRequests: true } as const satisfies OptionKeys<RelayOptions>;

/**
 * Passes messages between a host-side transport and a server-side one. Connect it to the host's
 * transport (`serveStdio(relay)`, or `relay.connect(transport)`): that starts the server side first,
 * so a server that cannot start fails the connect and the host is never answered by nobody.
 */
export class Relay {
  readonly #server: McpTransport;
  readonly #options: RelayOptions;
  readonly #relation: RequestRelation | undefined;
  #host: McpTransport | undefined;
  #ended: RelayEnd | undefined;
  /** The host's requests passed to the server and not yet answered: answered -32603 if the server ends first. */
  readonly #unanswered = new Set<RequestId>();
  /** Per receiving side: messages handed to its send and not yet taken, their known characters, and whether the other side's reading is stopped for it. */
  readonly #untaken = { host: { messages: 0, chars: 0, holding: false }, server: { messages: 0, chars: 0, holding: false } };
  readonly #done: Promise<RelayEnd>;
  #finish!: (end: RelayEnd) => void;

  constructor(server: McpTransport, options: RelayOptions = {}) {
    refuseUnknownOptions('new Relay', options, RELAY_OPTIONS);
    this.#server = server;
    this.#options = options;
    this.#relation = options.relateToRequests === true ? new RequestRelation() : undefined;
    this.#done = new Promise((resolve) => { this.#finish = resolve; });
  }

  /** Resolves once either side has closed and the other was closed after it. */
  get done(): Promise<RelayEnd> {
    return this.#done;
  }

  /** Wires both sides and starts the server side; the caller starts the host side (serveStdio does). */
  async connect(host: McpTransport): Promise<void> {
    this.#host = host;
    this.#wire('host', host, this.#server);
    this.#wire('server', this.#server, host);
    await this.#server.start();
  }

  /** Closes both sides (Ctrl-C, a signal): the server side first, so a child process is ended in order. */
  async close(): Promise<void> {
    await this.#end({ side: 'host' });
  }

  #wire(from: RelaySide, source: McpTransport, target: McpTransport): void {
    source.onmessage = (message, extra) => this.#forward(from, message, extra, source, target);
    source.onerror = (error) => this.#problem(from, error, source, target);
    source.onclose = (reason) => { void this.#end(reason === undefined ? { side: from } : { side: from, reason }); };
  }

  #forward(from: RelaySide, message: unknown, extra: McpMessageExtra | undefined, source: McpTransport, target: McpTransport): void {
    this.#record({ kind: 'message', from, message });
    this.#follow(from, message);
    // No options object unless there is something to say: this runs once per message.
    let send: SendOptions | undefined = extra?.line === undefined ? undefined : { line: extra.line };
    if (this.#relation !== undefined) {
      if (from === 'host') this.#relation.fromHost(message);
      else {
        const related = this.#relation.fromServer(message);
        if (related !== undefined) (send ??= {}).relatedRequestId = related;
      }
    }
    const to = this.#untaken[other(from)];
    const chars = extra?.line?.length ?? extra?.textLength ?? 0;
    to.messages++;
    to.chars += chars;
    if (!to.holding && (to.messages > HIGH_WATER_MESSAGES || to.chars > HIGH_WATER_CHARS)) {
      to.holding = true;
      source.setReading?.(false);
    }
    const taken = (): void => {
      to.messages--;
      to.chars -= chars;
      if (to.holding && to.messages === 0) {
        to.holding = false;
        if (this.#ended === undefined) source.setReading?.(true);
      }
    };
    target.send(message as JSONRPCMessage, send).then(taken,
      (error: unknown) => {
        taken();
        const text = `could not pass on a message from the ${from} to the ${other(from)}: ${messageOf(error)}`;
        this.#record({ kind: 'problem', from, text });
        // A request the other side never got still gets an answer (JSON-RPC 2.0 §5: every request is
        // answered), once: a host request the relay's end answered already is not answered again.
        const id = requestId(message);
        if (id !== undefined && (from === 'server' || this.#unanswered.delete(id))) this.#answer(source, { jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: `mcpwire: ${text}` } });
      },
    );
  }

  /**
   * A transport's non-fatal problem. A line that is not a message is answered -32700, as its reader
   * would; and when it looks like the answer to a request of the other side, that request fails now
   * with the reason instead of waiting for its timeout, as the peer does (responseIdHint).
   */
  #problem(from: RelaySide, error: Error, source: McpTransport, target: McpTransport): void {
    const parse = error instanceof MessageParseError;
    this.#record({ kind: 'problem', from, text: `${parse ? 'not passed on: ' : ''}${error.message}` });
    if (!parse) return;
    // As the peer answers one (basic/transports#stdio): no id, since none could be read.
    this.#answer(source, { jsonrpc: '2.0', error: { code: PARSE_ERROR, message: `Parse error: ${error.message}` } });
    const id = responseIdHint(error.text, (error as { tail?: string }).tail ?? '');
    if (id !== undefined) {
      this.#answer(target, { jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: `mcpwire: the ${from}'s answer could not be read: ${error.message}` } });
    }
  }

  /**
   * Keeps #unanswered: a host request opens, the server's answer (or error) to it closes, and so
   * does the host's notifications/cancelled (basic/utilities/cancellation: no answer is then owed).
   */
  #follow(from: RelaySide, message: unknown): void {
    if (from === 'host') {
      const id = requestId(message);
      if (id !== undefined) this.#unanswered.add(id);
      else if (this.#unanswered.size > 0 && typeof message === 'object' && message !== null && (message as { method?: unknown }).method === NOTIFICATIONS.cancelled) {
        this.#unanswered.delete((message as { params?: { requestId?: RequestId } }).params?.requestId!);
      }
      return;
    }
    if (this.#unanswered.size === 0 || typeof message !== 'object' || message === null || 'method' in message) return;
    this.#unanswered.delete((message as { id?: RequestId }).id!);
  }

  #answer(to: McpTransport, message: JSONRPCMessage): void {
    to.send(message).catch(() => undefined); // a side that is gone needs no answer
  }

  #record(record: RelayRecord): void {
    try {
      this.#options.onrecord?.(record);
    } catch {
      // A broken recorder must not stop the messages it watches.
    }
  }

  async #end(end: RelayEnd): Promise<void> {
    if (this.#ended) return;
    this.#ended = end;
    // The side that closed is closed already; closing it again is harmless. The server side goes first.
    await Promise.allSettled([this.#server.close()]);
    const host = this.#host;
    if (host === undefined) return this.#finish(end);
    if (end.side === 'server' && this.#unanswered.size > 0) {
      // JSON-RPC 2.0 §5: every request is answered; the host's side stays open until these are sent.
      const message = `mcpwire: the server ended before it answered: ${endReason(end.reason)}`;
      const ids = [...this.#unanswered];
      this.#unanswered.clear();
      await Promise.allSettled(ids.map((id) => host.send({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message } })));
    }
    await Promise.allSettled([host.close()]);
    this.#finish(end);
  }
}

/** Longest piece of an end reason's text that is passed on: a server's stderr is its own, unbounded. */
const REASON_CHARS = 300;

/**
 * Why the server ended, for the host's error message: the reason's first line (a server process's
 * exit code or signal) and, when there are more, its last (the last stderr line), each bounded and
 * with control characters shown as `\uXXXX`, since hosts print error messages.
 */
function endReason(reason: Error | undefined): string {
  const lines = (reason?.message ?? 'it closed').split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const kept = lines.length > 1 ? [lines[0]!, lines.at(-1)!] : lines;
  return kept.map((line) => terminalLine(line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS)}…` : line)).join(' … ');
}

function other(side: RelaySide): RelaySide {
  return side === 'host' ? 'server' : 'host';
}

/** The id of a request (a message with both `method` and `id`), else undefined. */
function requestId(message: unknown): RequestId | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, id } = message as { method?: unknown; id?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}
