// A pass-through transport that remembers which notifications are still being written, so the
// command can wait for them before it closes the connection. Without it, Ctrl-C's
// notifications/cancelled could be cut off by the close that follows it (an HTTP POST in flight
// is aborted on close; a stdio write queued behind close() is refused).

import type { JSONRPCMessage, SendOptions } from 'mcpwire/jsonrpc';
import { PassThroughTransport } from 'mcpwire/transport';

/** Wraps a transport; `drain()` waits for notifications in flight. */
export class DrainingTransport extends PassThroughTransport {
  readonly #pending = new Set<Promise<void>>();

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    const sending = this.inner.send(message, options);
    if (!('id' in message)) {
      const settled = sending.then(() => undefined, () => undefined);
      this.#pending.add(settled);
      void settled.then(() => this.#pending.delete(settled));
    }
    return sending;
  }

  /** Resolves when every notification sent so far is written (or after `maxMs`). */
  async drain(maxMs: number): Promise<void> {
    if (this.#pending.size === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.all(this.#pending),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, maxMs); }),
    ]);
    clearTimeout(timer);
  }
}
