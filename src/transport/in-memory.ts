// Two transports wired to each other inside one process: for tests, and for hosts that run
// a server in-process. Delivery is asynchronous and by structured copy, so code that works
// here does not secretly depend on sharing objects or on synchronous delivery.

import { ConnectionClosedError } from '../jsonrpc/index.js';
import type { JSONRPCMessage, Transport } from '../jsonrpc/index.js';
import type { TransportCapabilities } from '../jsonrpc/transport.js';

/** A function call in one process: no session, no second stream, nothing lost to resume. */
const IN_MEMORY_CAPABILITIES: TransportCapabilities = Object.freeze({ sessions: false, standaloneStream: false, resumption: false, manyClients: false });

/** One end of an in-memory pair. */
class InMemoryTransport implements Transport {
  readonly kind = 'memory';
  readonly capabilities = IN_MEMORY_CAPABILITIES;
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  other: InMemoryTransport | undefined;
  #started = false;
  #closed = false;
  /** Messages that arrived before start(); delivered by start(). */
  #early: unknown[] = [];

  async start(): Promise<void> {
    if (this.#started) return;
    this.#started = true;
    const early = this.#early;
    this.#early = [];
    for (const message of early) this.#deliver(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new ConnectionClosedError('Cannot send: the in-memory transport is closed');
    // A structured copy: neither side can change an object the other side holds.
    const copy: unknown = structuredClone(message);
    this.other?.receive(copy);
  }

  async close(): Promise<void> {
    this.closeOne();
    this.other?.closeOne();
  }

  receive(message: unknown): void {
    if (this.#closed) return;
    if (!this.#started) { this.#early.push(message); return; }
    this.#deliver(message);
  }

  closeOne(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#early = [];
    this.onclose?.();
  }

  #deliver(message: unknown): void {
    // A microtask, never a direct call: the sender's stack has unwound before the receiver runs,
    // as it would have over a real pipe.
    queueMicrotask(() => {
      if (!this.#closed) this.onmessage?.(message);
    });
  }
}

/** Two linked transports: what one sends, the other receives; closing either closes both. */
export function createLinkedPair(): [Transport, Transport] {
  const a = new InMemoryTransport();
  const b = new InMemoryTransport();
  a.other = b;
  b.other = a;
  return [a, b];
}
