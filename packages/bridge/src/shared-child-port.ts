// One session's side of a server process that every session shares (shared-child.ts): the session's
// Relay talks to it as it would to a server process of its own; the owner renumbers and routes.

import { ConnectionClosedError } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, RequestId, TransportKind } from 'mcpwire/jsonrpc';
import type { McpTransport } from 'mcpwire/protocol';

/** What a port asks of the shared server it belongs to. */
export interface PortOwner {
  attach(port: SharedChildPort): Promise<void>;
  fromPort(port: SharedChildPort, message: JSONRPCMessage): Promise<void>;
  setReading(port: SharedChildPort, reading: boolean): void;
  detach(port: SharedChildPort): void;
}

const NO_CAPABILITIES = Object.freeze({ sessions: false, standaloneStream: false, resumption: false, manyClients: false });

/** One session's view of the shared server: a transport, as a server process of its own would be. */
export class SharedChildPort implements McpTransport {
  readonly kind: TransportKind = 'other';
  readonly capabilities = NO_CAPABILITIES;
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onclose?: McpTransport['onclose'];
  /** This session's open requests: its id → the id the server saw. */
  readonly sent = new Map<RequestId, number>();
  /** Its initialize was answered: the server's notifications reach it. */
  ready = false;
  readonly #shared: PortOwner;
  #closed = false;

  constructor(shared: PortOwner) {
    this.#shared = shared;
  }

  start(): Promise<void> {
    return this.#shared.attach(this);
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new ConnectionClosedError('Cannot send: the session left the shared server'));
    return this.#shared.fromPort(this, message);
  }

  setReading(reading: boolean): void {
    this.#shared.setReading(this, reading);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#shared.detach(this);
    this.onclose?.();
  }

  deliver(message: unknown): void {
    if (this.#closed) return;
    this.onmessage?.(message);
  }

  serverEnded(reason: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.(reason ?? new ConnectionClosedError('the shared server process ended'));
  }
}
