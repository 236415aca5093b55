// A small client of the ModelScope MCP Plaza's OpenAPI (base https://modelscope.cn):
//   PUT    /openapi/v1/mcp/servers                  search (page_number × page_size ≤ 100, else 403)
//   GET    /openapi/v1/mcp/servers/{id}             one service (?get_operational_url=true: the caller's hosted URLs)
//   POST   /openapi/v1/mcp/servers/{id}/deploy      {"transport_type": "sse" | "streamable_http"} (400 without it)
//   DELETE /openapi/v1/mcp/servers/{id}/undeploy
//   GET    /openapi/v1/mcp/servers/operational      the caller's deployed services (401 without a token)
// Every request goes through outboundFetch (time and byte bounds, redirects by hand, no
// credential across origins, secrets masked); the token is an `Authorization: Bearer` header
// sent to the base origin only and never appears in an error.

import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import { OutboundError, outboundFetch } from 'mcpwire-outbound';
import { PlazaError } from './plaza-error.js';
import { envelopeData, isObject, parseDeployed, parseDeployments, parseSearchPage, parseServer } from './plaza-parse.js';
import type { OperationalUrl, PlazaDeployment, PlazaSearchQuery, PlazaSearchResult, PlazaServer, PlazaTransport } from './plaza-types.js';

/** ModelScope's public origin. */
export const MODELSCOPE_BASE = 'https://modelscope.cn';
/** The Plaza refuses a page past its first 100 items (page_number × page_size > 100: HTTP 403). */
export const PLAZA_PAGE_CAP = 100;

/** How the Plaza is reached. */
export interface ModelScopeClientOptions {
  /** Default https://modelscope.cn (tests give a loopback fake). */
  baseUrl?: string;
  /** A ModelScope access token (the caller reads it from MODELSCOPE_API_TOKEN); needed to deploy and list deployments. */
  token?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Milliseconds each request may take, body included (default 30 s). */
  timeoutMs?: number;
  /** Bytes of decoded body read from each answer at most (default 4 MiB). */
  maxBytes?: number;
}

const KNOWN: Record<keyof ModelScopeClientOptions, true> = { baseUrl: true, token: true, fetch: true, signal: true, timeoutMs: true, maxBytes: true };

/** The Plaza's OpenAPI, typed and checked. */
export class ModelScopeClient {
  readonly base: string;
  readonly #origin: string;
  readonly #options: ModelScopeClientOptions;

  constructor(options: ModelScopeClientOptions = {}) {
    refuseUnknownOptions('new ModelScopeClient', options, KNOWN);
    this.base = (options.baseUrl ?? MODELSCOPE_BASE).replace(/\/+$/, '');
    let url: URL;
    try {
      url = new URL(this.base);
    } catch {
      throw new TypeError(`new ModelScopeClient: baseUrl ${JSON.stringify(options.baseUrl)} is not a URL`);
    }
    if (!allowedOrigin(url)) throw new TypeError(`new ModelScopeClient: baseUrl ${JSON.stringify(options.baseUrl)} must be https (http only on loopback)`);
    this.#origin = url.origin;
    this.#options = options;
  }

  /** Whether a token was given (deploy, undeploy, deployments and hosted URLs need one). */
  get hasToken(): boolean {
    return typeof this.#options.token === 'string' && this.#options.token !== '';
  }

  /** Searches the Plaza, reading page after page until the limit, the total or the 100-item cap. */
  async search(query: PlazaSearchQuery = {}): Promise<PlazaSearchResult> {
    const limit = Math.min(query.limit ?? PLAZA_PAGE_CAP, PLAZA_PAGE_CAP);
    const pageSize = Math.min(query.pageSize ?? 20, limit);
    if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(pageSize) || pageSize < 1) throw new TypeError('search: limit and pageSize must be whole numbers of at least 1');
    const filter: Record<string, unknown> = {};
    if (query.category !== undefined) filter.category = query.category;
    if (query.hosted !== undefined) filter.is_hosted = query.hosted;
    if (query.tag !== undefined) filter.tag = query.tag;
    const servers: PlazaSearchResult['servers'] = [];
    let totalCount = 0;
    for (let page = 1; page * pageSize <= PLAZA_PAGE_CAP; page++) {
      const data = await this.#request('PUT', '/openapi/v1/mcp/servers', { search: query.search ?? '', page_number: page, page_size: pageSize, filter }, false);
      const read = parseSearchPage(data);
      totalCount = read.totalCount;
      servers.push(...read.servers.slice(0, limit - servers.length));
      if (read.servers.length < pageSize || servers.length >= limit || page * pageSize >= totalCount) break;
    }
    return { totalCount, servers, more: totalCount > servers.length };
  }

  /** One service; with a token, its hosted URLs for this caller too. */
  async getServer(id: string): Promise<PlazaServer> {
    const path = `/openapi/v1/mcp/servers/${encodeId(id)}${this.hasToken ? '?get_operational_url=true' : ''}`;
    const server = parseServer(await this.#request('GET', path, undefined, false));
    // A service is used under the id it was asked for only: another id could be anything.
    if (server.id !== id) throw new PlazaError('data', `ModelScope answered for ${JSON.stringify(id)} with the service ${JSON.stringify(server.id)}: nothing is used from it`);
    return server;
  }

  /** Deploys a hosted instance with an explicit transport type; the URL comes back with its type. */
  async deploy(id: string, transportType: PlazaTransport): Promise<OperationalUrl> {
    if (transportType !== 'sse' && transportType !== 'streamable_http') throw new TypeError(`deploy: transportType must be "sse" or "streamable_http", got ${JSON.stringify(transportType)}`);
    return parseDeployed(await this.#request('POST', `/openapi/v1/mcp/servers/${encodeId(id)}/deploy`, { transport_type: transportType }, true), transportType);
  }

  /** Stops the caller's hosted instance of the service. */
  async undeploy(id: string): Promise<void> {
    await this.#request('DELETE', `/openapi/v1/mcp/servers/${encodeId(id)}/undeploy`, undefined, true);
  }

  /** The caller's deployed services, each with its hosted URLs. */
  async deployments(): Promise<PlazaDeployment[]> {
    return parseDeployments(await this.#request('GET', '/openapi/v1/mcp/servers/operational', undefined, true));
  }

  async #request(method: string, path: string, body: unknown, needsToken: boolean): Promise<unknown> {
    const what = `${method} ${path.replace(/\?.*$/, '')}`;
    if (needsToken && !this.hasToken) throw new PlazaError('no-token', `${what} needs a ModelScope access token: set MODELSCOPE_API_TOKEN (from your account settings, Access Tokens)`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.hasToken) headers.authorization = `Bearer ${this.#options.token}`;
    const ms = this.#options.timeoutMs ?? 30_000;
    let status: number;
    let raw: string;
    try {
      const response = await outboundFetch(`${this.base}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }, {
        fetch: this.#options.fetch, signal: this.#options.signal, firstByteMs: ms, totalMs: ms, maxBytes: this.#options.maxBytes ?? 4 * 1024 * 1024,
        secrets: this.hasToken ? [this.#options.token!] : [],
        // Redirects stay on ModelScope's origin: outboundFetch already drops the token elsewhere.
        checkUrl: (url) => (url.origin === this.#origin ? undefined : `it is not ModelScope's origin ${this.#origin}`),
      });
      status = response.status;
      raw = response.mask(await response.text());
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      const kind = error.kind === 'network' || error.kind === 'timeout' || error.kind === 'aborted' ? 'unreachable' : 'data';
      throw new PlazaError(kind, `${kind === 'unreachable' ? 'cannot reach' : 'unusable answer from'} ModelScope at ${this.base} (${what}): ${error.message}`, { cause: error });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (status < 200 || status > 299) {
      const said = isObject(parsed) && typeof parsed.message === 'string' ? parsed.message : raw.replace(/\s+/g, ' ').slice(0, 120);
      throw new PlazaError('refused', `ModelScope answered ${what} with HTTP ${status}${refusalHint(status)}: ${said}`, { status });
    }
    if (parsed === undefined) throw new PlazaError('data', `ModelScope answered ${what} with HTTP ${status} and a body that is not JSON`);
    return envelopeData(parsed, what);
  }
}

function refusalHint(status: number): string {
  if (status === 401) return ' (no valid token: set MODELSCOPE_API_TOKEN)';
  if (status === 403) return ' (refused: past the Plaza\'s 100-item page cap, or not yours)';
  if (status === 404) return ' (no such service)';
  return '';
}

/** The id in a path: "@owner/name" as it is (the Plaza's paths keep "@" and the slash); only ids of path-safe characters pass. */
function encodeId(id: string): string {
  if (!/^@?[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/.test(id)) throw new PlazaError('data', `${JSON.stringify(id)} is not a Plaza id (@owner/name)`);
  return id;
}

function allowedOrigin(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
}
