// A transport wrapper that shows every message both ways without changing any of them: what
// `mcpwire demo` and `mcpwire --trace` print. It sits between the peer and the real transport.

import type { JSONRPCMessage, SendOptions } from '../jsonrpc/index.js';
import type { McpMessageExtra, McpTransport } from '../protocol/mcp-transport.js';
import { PassThroughTransport } from './pass-through.js';

/** One observed message. */
export interface TapEvent {
  direction: 'send' | 'receive';
  /** Exactly what was sent, or the parsed value that arrived (possibly not a valid message). */
  message: unknown;
  /** Date.now() when it passed. */
  at: number;
}

/** Watches one transport; everything else passes straight through. */
class TappedTransport extends PassThroughTransport {
  readonly #observe: (event: TapEvent) => void;

  constructor(inner: McpTransport, observe: (event: TapEvent) => void) {
    super(inner);
    this.#observe = observe;
  }

  protected override receive(message: unknown, extra?: McpMessageExtra): void {
    this.#report({ direction: 'receive', message, at: Date.now() });
    this.onmessage?.(message, extra);
  }

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    this.#report({ direction: 'send', message, at: Date.now() });
    return this.inner.send(message, options);
  }

  #report(event: TapEvent): void {
    try {
      this.#observe(event);
    } catch (error) {
      // A broken observer must not break the connection it watches.
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

/** Wraps `transport` so `observer` sees every message sent and received. */
export function tapTransport(transport: McpTransport, observer: (event: TapEvent) => void): McpTransport {
  return new TappedTransport(transport, observer);
}
