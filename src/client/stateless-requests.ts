// McpClient's requests in the 2026-07-28 era (no handshake, no session): each carries the `_meta`
// envelope (protocol/era.ts withEnvelope), runs through input rounds when the server answers
// input_required (input-rounds.ts), is cached when its result has `ttlMs` (result-cache.ts), and
// is retried once in another version on -32022 (26/basic/versioning). Tool calls also mirror
// arguments into Mcp-Param-* headers (param-headers.ts).

import { ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { CLIENT_REQUESTS, REVISION_2026_07_28, STATELESS_REVISIONS } from '../protocol/index.js';
import { UNSUPPORTED_PROTOCOL_VERSION } from '../protocol/era.js';
import type { ParamHeaderSource } from '../protocol/mcp-transport.js';
import { REMOVED_IN_STATELESS, withEnvelope } from '../protocol/era.js';
import { isDeclaredExtensionMethod } from '../protocol/capabilities.js';
import type { ExtensionDescriptor } from '../protocol/extensions.js';
import type { LoggingLevel, McpRequestOptions, McpClientPeer, Root, ServerCapabilities } from '../protocol/index.js';
import type { ClientCapabilities } from '../protocol/lifecycle-types.js';
import { DEFAULT_CLIENT_INFO } from './client-options.js';
import type { McpClientOptions } from './client-options.js';
import { supportedOf } from './era-probe.js';
import { runInputRounds } from './input-rounds.js';
import { paramHeaderValues } from './param-headers.js';
import type { ParamHeader } from './param-headers.js';
import { ResultCache } from './result-cache.js';
import { answerInputRequest } from './server-requests.js';
import { statelessCapabilities } from './stateless-envelope.js';

/** What the stateless path reads from its client (McpClient is one). */
export interface StatelessClient {
  readonly mcp: McpClientPeer;
  readonly protocolVersion: string | undefined;
  readonly capabilities: ClientCapabilities;
  /** What the server declared (its extensions add methods back: tasks/get of SEP-2663). */
  readonly serverCapabilities: ServerCapabilities;
}

/** The 2026-07-28 request path of one client, with the state it keeps between requests. */
export class StatelessRequests {
  /** Results the server said may be reused (`ttlMs`), dropped by list_changed and updated notifications. */
  readonly cache: ResultCache;
  /** The Mcp-Param-* mirrors of each listed tool. */
  readonly paramHeaders = new Map<string, ParamHeader[]>();
  /** The level put in each request's `_meta` (logging/setLevel is gone). */
  logLevel: LoggingLevel | undefined;
  readonly #client: StatelessClient;
  readonly #options: McpClientOptions;
  readonly #roots: () => Root[];
  readonly #switchVersion: (version: string) => void;
  readonly #owns: (kind: string) => boolean;
  readonly #extensions: readonly ExtensionDescriptor[];

  /**
   * `roots` gives the roots exposed now (they answer input requests for roots/list); `switchVersion`
   * has the client speak another version, the one a -32022 retry settled on; `owns` says whether an
   * installed extension owns a resultType (the client's results hooks read those); `extensions` are
   * the installed ones, whose methods exist when the server declared them.
   */
  constructor(client: StatelessClient, options: McpClientOptions, roots: () => Root[], switchVersion: (version: string) => void, owns: (kind: string) => boolean = () => false, extensions: readonly ExtensionDescriptor[] = []) {
    this.#owns = owns;
    this.#extensions = extensions;
    this.#client = client;
    this.#options = options;
    this.#roots = roots;
    this.#switchVersion = switchVersion;
    this.cache = new ResultCache(options.now, options.resultCacheLimits);
  }

  /** 26/basic/transports/streamable-http#custom-headers: the transport asks here for the Mcp-Param-* values of a tools/call. */
  readonly paramHeaderSource: ParamHeaderSource = (method, params) => {
    const headers = method === CLIENT_REQUESTS.toolsCall && typeof params?.name === 'string' ? this.paramHeaders.get(params.name) : undefined;
    return headers ? paramHeaderValues(headers, params?.arguments) : undefined;
  };

  /** A fresh cached result, or the request with the envelope, through input rounds, cached when it carries `ttlMs`. */
  async request(method: string, params: Params | undefined, options: McpRequestOptions): Promise<Params> {
    // 26/changelog: these methods are gone; sending one would only earn -32601.
    if (REMOVED_IN_STATELESS.has(method) && !isDeclaredExtensionMethod(this.#client.serverCapabilities, method, this.#extensions)) throw new Error(`"${method}" does not exist in ${this.#client.protocolVersion ?? REVISION_2026_07_28}, the revision this connection speaks`);
    const cached = this.cache.get(method, params);
    if (cached) return cached;
    let last = params;
    const result = await runInputRounds(method, params, (sent) => {
      last = sent;
      return this.send(method, sent, options, true);
    }, (request, key) => answerInputRequest(this.#options, this.#client.capabilities, this.#roots(), request, key, options.signal), this.#owns);
    if (last === params) this.cache.put(method, params, result);
    return result;
  }

  /** Sends one request with the envelope; with `retry`, -32022 is retried once in a version both sides speak (26/basic/versioning). */
  async send(method: string, params: Params | undefined, options: McpRequestOptions, retry: boolean): Promise<Params> {
    const client = this.#client;
    const send = (): Promise<Params> => client.mcp.request(method, withEnvelope(params, {
      protocolVersion: client.protocolVersion ?? REVISION_2026_07_28,
      clientCapabilities: statelessCapabilities(client.capabilities),
      clientInfo: this.#options.clientInfo ?? DEFAULT_CLIENT_INFO,
      logLevel: this.logLevel,
    }), options);
    try {
      return await send();
    } catch (error) {
      if (!retry || !(error instanceof ProtocolError) || error.code !== UNSUPPORTED_PROTOCOL_VERSION) throw error;
      const next = STATELESS_REVISIONS.find((version) => supportedOf(error.data).includes(version));
      if (next === undefined) throw error;
      this.#switchVersion(next);
      return await send();
    }
  }
}
