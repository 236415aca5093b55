// What the endpoint knows of a POSTed message beyond the message (McpMessageExtra): who sent it, from
// where, and the request's headers, which are read only when a handler asks for them.

import type { RequestId } from '../../jsonrpc/index.js';
import type { AuthInfo, McpMessageExtra } from '../../protocol/mcp-transport.js';
import type { HttpExchange } from './http-exchange.js';

/**
 * One POST's McpMessageExtra. `headers` is a getter: the fetch adapter makes an object of every
 * header for it (fetch-handler.ts), and few handlers read it. The MCP-Protocol-Version header is
 * kept apart, as every 2026 request checks its envelope by it.
 */
export class PostExtra implements McpMessageExtra {
  readonly remoteAddress: string;
  readonly versionHeader: string | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly principal: string | undefined;
  /** The POST body's length (MessageExtra.textLength), set once the body was read. */
  textLength: number | undefined = undefined;
  /** Set by the stateless channel, which renumbers requests. */
  requestId: RequestId | undefined = undefined;
  readonly #exchange: HttpExchange;

  constructor(exchange: HttpExchange, versionHeader: string | undefined, authInfo: AuthInfo | undefined, principal: string | undefined) {
    this.#exchange = exchange;
    this.remoteAddress = exchange.remoteAddress;
    this.versionHeader = versionHeader;
    this.authInfo = authInfo;
    this.principal = principal;
  }

  header(name: string): string | undefined {
    return this.#exchange.header(name);
  }

  get headers(): Record<string, string | string[] | undefined> {
    return this.#exchange.headers();
  }
}
