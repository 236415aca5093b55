// A transport wrapper that recognises a "server" that sends back what it is sent (`cat`, a shell
// loop, a proxy wired to itself). Such a peer returns mcpwire's own request, which the client would
// answer with -32601, which the echo returns again as the "answer" to that request: the user would
// read "Method not found: initialize" as if a server had said it. A server never sends a request
// with the id and method of one of ours still waiting for its answer, so that is the sign.

import { McpwireError } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, SendOptions } from 'mcpwire/jsonrpc';
import type { McpMessageExtra } from 'mcpwire/protocol';
import { PassThroughTransport } from 'mcpwire/transport';

/** The peer sent back one of our own requests: it echoes its input, it is not an MCP server. */
export class ServerEchoError extends McpwireError {
  override name = 'ServerEchoError';
  override readonly code = 'SERVER_ECHO';
  constructor(method: string, id: string | number, options?: ErrorOptions) {
    super(`the server sent back mcpwire's own "${method}" request (id ${JSON.stringify(id)}): it echoes its input, so it is not an MCP server`, options);
  }
}

/** Closes the connection with a ServerEchoError when one of our requests comes back. */
export class EchoGuard extends PassThroughTransport {
  /** Our requests still waiting for an answer: id → method (one entry per request in flight). */
  readonly #waiting = new Map<string | number, string>();

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    const { id, method } = message as { id?: unknown; method?: unknown };
    if ((typeof id === 'string' || typeof id === 'number') && typeof method === 'string') this.#waiting.set(id, method);
    return this.inner.send(message, options);
  }

  protected override receive(message: unknown, extra?: McpMessageExtra): void {
    const { id, method } = (typeof message === 'object' && message !== null ? message : {}) as { id?: unknown; method?: unknown };
    if (typeof id === 'string' || typeof id === 'number') {
      // ping goes both ways (basic/utilities/ping): a server's own ping may share an id with ours.
      if (typeof method === 'string' && method !== 'ping' && this.#waiting.get(id) === method) {
        // Not delivered: answering it would only feed the echo. Every request in flight fails with the reason.
        this.onclose?.(new ServerEchoError(method, id));
        void this.inner.close().catch(() => undefined);
        return;
      }
      if (method === undefined) this.#waiting.delete(id);
    }
    this.onmessage?.(message, extra);
  }
}
