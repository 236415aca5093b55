// The stdio transport (spec 2025-11-25, basic/transports#stdio): newline-delimited JSON over a
// readable and a writable stream. The server uses its own stdin/stdout; a client uses the pipes
// of the child it spawned (spawn-stdio.ts). Both are the same class, handed their streams.

import type { Readable, Writable } from 'node:stream';
import { ConnectionClosedError, MessageParseError, OutputBacklogError, parseJsonMessage } from '../../jsonrpc/index.js';
import { SENT } from '../../jsonrpc/transport.js';
import type { JSONRPCMessage, SendOptions, Transport } from '../../jsonrpc/index.js';
import type { TransportCapabilities } from '../../jsonrpc/transport.js';
import { LineDecoder, encodeLine } from './line-framing.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** Options for a StdioTransport. */
export interface StdioTransportOptions {
  /** Longest line accepted, in bytes; longer lines are reported and skipped. */
  maxLineBytes?: number;
  /** Deepest nesting of arrays and objects accepted in one message (default 64); deeper lines are reported and skipped. */
  maxJsonDepth?: number;
  /**
   * Stop reading while the output waits for 'drain' (default true): a peer that writes requests
   * but never reads the answers then fills the pipes, not this process's memory. spawnStdio turns
   * it off, see there.
   */
  pauseWhileBlocked?: boolean;
  /**
   * Most characters of messages left waiting for a peer that does not read (default 16 MiB); past
   * it send() rejects with OutputBacklogError, reported once through onerror, until the backlog
   * drains. A message sent while nothing waits is always taken, however big.
   */
  maxQueuedBytes?: number;
  /**
   * Report the line each message arrived as (MessageExtra.line) (default false): a relay that
   * passes messages on unchanged needs it (mcpwire tap); everyone else is spared the object per message.
   */
  keepLines?: boolean;
}

/** Default cap on output waiting for 'drain': four of the biggest lines a peer reads by default. */
export const DEFAULT_MAX_QUEUED_BYTES = 16 * 1024 * 1024;

/**
 * While one chunk's lines are handled, the answers made meanwhile are joined and written with one
 * write() per this many lines, not one each (bench: stdio 64 in flight); a peer that waits for
 * answers gets the first ones while the rest are still being made. A lone line is written at once:
 * nothing to batch (bench: stdio sequential).
 */
const BATCH_LINES = 8;

/** A pipe has no session, no second stream, and nothing to resume: a line arrives whole or the pipe is gone. */
export const STDIO_CAPABILITIES: TransportCapabilities = Object.freeze({ sessions: false, standaloneStream: false, resumption: false, manyClients: false });

const STDIO_TRANSPORT_OPTIONS = { maxLineBytes: true, maxJsonDepth: true, pauseWhileBlocked: true, maxQueuedBytes: true, keepLines: true } as const satisfies OptionKeys<StdioTransportOptions>;

/** Newline-delimited JSON-RPC over any readable + writable pair. */
export class StdioTransport implements Transport {
  readonly kind = 'stdio';
  readonly capabilities = STDIO_CAPABILITIES;
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  readonly #readable: Readable;
  readonly #writable: Writable;
  readonly #decoder: LineDecoder;
  readonly #maxJsonDepth: number | undefined;
  readonly #pauseWhileBlocked: boolean;
  readonly #keepLines: boolean;
  /** Reading was paused because the output is backed up; resumed once it drained. */
  #pausedForOutput = false;
  /** Reading was stopped by setReading(false) (a relay's other side is slow); only setReading(true) resumes it. */
  #held = false;
  readonly #maxQueuedBytes: number;
  /** Characters of the lines queued behind #backlog, not yet handed to the stream. */
  #queuedBytes = 0;
  /** Set once sends are being refused; reported once per backlog, cleared when it drains. */
  #refusing = false;
  #started = false;
  #closed = false;
  /** Set while a write waits for 'drain': later sends queue behind it, so order and backpressure hold. */
  #backlog: Promise<void> | undefined;
  /** While one chunk's lines are handled: the answers sent meanwhile, joined; undefined otherwise. */
  #batch: string | undefined;
  #batchLines = 0;

  constructor(readable: Readable, writable: Writable, options: StdioTransportOptions = {}) {
    refuseUnknownOptions('new StdioTransport', options, STDIO_TRANSPORT_OPTIONS);
    this.#readable = readable;
    this.#writable = writable;
    this.#maxJsonDepth = options.maxJsonDepth;
    this.#pauseWhileBlocked = options.pauseWhileBlocked ?? true;
    this.#keepLines = options.keepLines ?? false;
    this.#maxQueuedBytes = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.#decoder = new LineDecoder({
      maxLineBytes: options.maxLineBytes,
      onerror: (error) => this.onerror?.(error),
    });
  }

  async start(): Promise<void> {
    if (this.#started) return;
    if (this.#closed) throw new ConnectionClosedError('Cannot start a closed stdio transport');
    this.#started = true;
    this.#readable.on('data', this.#onData);
    this.#readable.on('end', this.#onEnd);
    this.#readable.on('close', this.#onEnd); // destroyed without an 'end'
    this.#readable.on('error', this.#onStreamError);
    this.#writable.on('error', this.#onStreamError);
    if (this.#held) this.#readable.pause(); // setReading(false) came first: 'data' listening must not start the flow
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Cannot send: the stdio transport is closed'));
    const given = options?.line;
    // A relay's line goes out as it came in; one with a newline inside would be two frames, so it is encoded instead.
    const line = given !== undefined && !given.includes('\n') ? `${given}\n` : encodeLine(message);
    if (this.#batch !== undefined && this.#backlog === undefined) {
      // Taken like a line the stream buffers: the batch is written at BATCH_LINES or at the chunk's end.
      this.#batch += line;
      if (++this.#batchLines === BATCH_LINES) this.#flushBatch();
      return SENT;
    }
    if (this.#backlog !== undefined) {
      const queued = this.#queuedBytes + this.#writable.writableLength;
      if (queued + line.length > this.#maxQueuedBytes) return this.#refuse(queued);
      this.#queuedBytes += line.length;
      return this.#enqueue(this.#backlog.then(() => {
        this.#queuedBytes -= line.length;
        return this.#write(line);
      }));
    }
    const write = this.#write(line);
    // Taken at once (the usual case): nothing to queue. Otherwise later sends wait for 'drain'.
    return write === SENT ? write : this.#enqueue(write);
  }

  /** Stops (false) or resumes (true) reading, for a relay whose other side cannot take more now (Transport.setReading). */
  setReading(reading: boolean): void {
    if (this.#closed || this.#held === !reading) return;
    this.#held = !reading;
    if (!this.#started) return; // start() applies it
    if (this.#held) this.#readable.pause();
    else if (!this.#pausedForOutput) this.#readable.resume();
  }

  /** Stops reading and fires onclose. The streams stay open: closing stdout is not ours to do. */
  async close(): Promise<void> {
    this.#shutdown();
  }

  /** A peer that sends requests but never reads the answers must not grow this process without bound. */
  #refuse(queued: number): Promise<void> {
    const limit = this.#maxQueuedBytes;
    const error = new OutputBacklogError(
      `Refusing to send: ${queued} bytes already wait for the other side to read them (maxQueuedBytes ${limit}); messages are dropped until it reads`,
      queued, limit);
    if (!this.#refusing) {
      this.#refusing = true;
      this.onerror?.(error);
    }
    return Promise.reject(error);
  }

  /** Makes later sends wait until `write` settled. A failed write does not block them; its own caller sees the error. */
  #enqueue(write: Promise<void>): Promise<void> {
    const settled = write.then(() => undefined, () => undefined);
    this.#backlog = settled;
    void settled.then(() => {
      if (this.#backlog !== settled) return;
      this.#backlog = undefined;
      this.#refusing = false;
      this.#resumeReading();
    });
    return write;
  }

  /**
   * Writes the batch as one string. Its senders were told SENT, so a write that must wait for
   * 'drain' makes later sends queue behind it (and reading pause) like any other; a failed one is
   * reported here, as the stream's own error or close is.
   */
  #flushBatch(): void {
    const text = this.#batch!;
    this.#batch = '';
    this.#batchLines = 0;
    if (text === '') return;
    const write = this.#write(text);
    if (write !== SENT) this.#enqueue(write).catch((error: Error) => this.onerror?.(error));
  }

  /** Writes one line (or a batch of them); settles once the stream has it, or after 'drain' when the stream asked to slow down. */
  #write(line: string): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Cannot send: the stdio transport is closed'));
    if (this.#writable.write(line)) return SENT;
    // write() said "slow down": wait for 'drain' before the next message, so a peer that does
    // not read cannot make this process buffer without bound. Reading stops meanwhile: every
    // request read now would add an answer to the queue, and a peer that never reads would grow it without bound.
    this.#pauseReading();
    const writable = this.#writable;
    return new Promise<void>((resolve, reject) => {
      const settle = (error?: Error): void => {
        writable.off('drain', onDrain);
        writable.off('close', onClose);
        writable.off('error', settle);
        if (error) reject(error); else resolve();
      };
      const onDrain = (): void => settle();
      const onClose = (): void => settle(new ConnectionClosedError('The output stream closed before the message was written'));
      writable.once('drain', onDrain);
      writable.once('close', onClose);
      writable.once('error', settle);
    });
  }

  #pauseReading(): void {
    if (!this.#pauseWhileBlocked || this.#pausedForOutput || this.#closed) return;
    this.#pausedForOutput = true;
    this.#readable.pause();
  }

  /** The output drained and nothing waits to be written: read again. */
  #resumeReading(): void {
    if (!this.#pausedForOutput) return;
    this.#pausedForOutput = false;
    if (!this.#closed && !this.#held) this.#readable.resume();
  }

  #onData = (chunk: Buffer | string): void => {
    const lines = this.#decoder.push(chunk);
    if (lines.length < 2) {
      if (lines.length === 1) this.#deliver(lines[0]!);
      return;
    }
    // Several requests at once: the answers made while handling them go out together (BATCH_LINES).
    this.#batch = '';
    try {
      for (const line of lines) this.#deliver(line);
    } finally {
      this.#flushBatch();
      this.#batch = undefined;
    }
  };

  #onEnd = (): void => {
    for (const line of this.#decoder.end()) this.#deliver(line);
    this.#shutdown();
  };

  #onStreamError = (error: Error): void => {
    this.#shutdown(error);
  };

  #deliver(line: string): void {
    if (this.#closed) return;
    let value: unknown;
    try {
      value = parseJsonMessage(line, this.#maxJsonDepth);
    } catch (error) {
      // The peer answers this with -32700 and reading goes on (basic/transports#stdio).
      this.onerror?.(error instanceof MessageParseError ? error : new MessageParseError(String(error), line));
      return;
    }
    this.onmessage?.(value, this.#keepLines ? { line } : undefined);
  }

  #shutdown(reason?: Error): void {
    if (this.#closed) return;
    if (this.#batch !== undefined) this.#flushBatch(); // what was sent before the close still goes
    this.#closed = true;
    this.#readable.off('data', this.#onData);
    this.#readable.off('end', this.#onEnd);
    this.#readable.off('close', this.#onEnd);
    // Paused and without listeners, stdin no longer keeps the event loop alive, so a server
    // process can exit once its transport is closed (basic/lifecycle#shutdown).
    this.#readable.pause();
    // The error listeners stay: a late EPIPE must not become an uncaught exception.
    this.onclose?.(reason);
  }
}

/** The server side of stdio: this process's own stdin and stdout. */
export function stdioServerTransport(options: StdioTransportOptions = {}): StdioTransport {
  return new StdioTransport(process.stdin, process.stdout, options);
}

/** Anything that can be connected to a transport (McpServer is one). */
export interface Connectable {
  connect(transport: Transport): Promise<unknown>;
}

/**
 * Serves `server` over this process's stdio; resolves once connected. When stdin ends the
 * transport closes and nothing is left holding the event loop, so the process exits
 * (basic/lifecycle#shutdown: the client ends a stdio server by closing its stdin).
 */
export async function serveStdio(server: Connectable, options: StdioTransportOptions = {}): Promise<StdioTransport> {
  const transport = stdioServerTransport(options);
  await server.connect(transport);
  // connect() normally starts the transport; start() is idempotent, so make sure it is reading.
  await transport.start();
  return transport;
}
