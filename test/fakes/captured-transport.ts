// A Transport with no I/O: records what is sent, and lets a test feed what is received.

import type { JSONRPCMessage, MessageExtra, SendOptions, Transport, TransportKind } from '../../src/jsonrpc/index.js';
import type { TransportCapabilities } from '../../src/jsonrpc/transport.js';

export class CapturedTransport implements Transport {
  /** An in-process fake, with no features beyond moving messages unless a test says otherwise. */
  kind: TransportKind = 'memory';
  capabilities: TransportCapabilities = { sessions: false, standaloneStream: false, resumption: false, manyClients: false };
  sent: JSONRPCMessage[] = [];
  sendOptions: (SendOptions | undefined)[] = [];
  closed = false;
  failSends = false;
  onmessage?: (message: unknown, extra?: MessageExtra) => void;
  onerror?: (error: Error) => void;
  onclose?: (reason?: Error) => void;

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    if (this.closed) throw new Error('closed');
    if (this.failSends) throw new Error('write failed');
    this.sent.push(message);
    this.sendOptions.push(options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }

  /** Delivers a value as if it came from the peer. */
  receive(value: unknown, extra?: MessageExtra): void {
    this.onmessage?.(value, extra);
  }

  /** Waits until `count` messages were sent. */
  async waitForSent(count: number): Promise<JSONRPCMessage[]> {
    for (let i = 0; i < 1000 && this.sent.length < count; i++) await new Promise((resolve) => setImmediate(resolve));
    return this.sent;
  }
}
