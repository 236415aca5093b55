// The `requestState` of a 2026 input_required result (26/basic/patterns/mrtr#server-requirements):
// the answers gathered so far, sealed with an HMAC-SHA-256 so the client can carry them but not
// change them. The MAC binds an expiry, a fingerprint of the request (method + params without
// `_meta`, `inputResponses`, `requestState`) and the caller's principal when there is one, so a
// state cannot be replayed on another request, by another caller, or after it expired. Web Crypto
// (`crypto.subtle`) keeps this file runtime-neutral.
//
// Several server instances behind one load balancer must share `key`: a state sealed by one
// instance is only accepted by instances holding the same key. Without a key each process
// generates its own, and a retry that lands on another process is refused (-32602).

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { decodeBase64Url, encodeBase64Url } from '../protocol/base64url.js';
import { refuseUnknownOptions } from '../options/known-options.js';
import type { OptionKeys } from '../options/known-options.js';

/** How requestState is sealed. */
export interface RequestStateOptions {
  /** The HMAC key, at least 32 bytes (a string is taken as UTF-8). Shared by every instance of a deployment. Default: random per process. */
  key?: string | Uint8Array;
  /** How long a sealed state stays valid (default 10 minutes). */
  ttlMs?: number;
}

const encoder = new TextEncoder();

const REQUEST_STATE_OPTIONS = { key: true, ttlMs: true } as const satisfies OptionKeys<RequestStateOptions>;

/** Seals and opens requestState strings with one key. */
export class RequestStateSealer {
  readonly #ttlMs: number;
  readonly #given: Uint8Array | undefined;
  #key: ReturnType<typeof crypto.subtle.importKey> | undefined;

  constructor(options: RequestStateOptions = {}) {
    refuseUnknownOptions('requestState', options, REQUEST_STATE_OPTIONS);
    this.#given = options.key === undefined ? undefined : typeof options.key === 'string' ? encoder.encode(options.key) : options.key;
    if (this.#given !== undefined && this.#given.byteLength < 32) throw new Error(`requestState key too short: ${this.#given.byteLength} bytes, at least 32 needed`);
    this.#ttlMs = options.ttlMs ?? 10 * 60_000;
  }

  /**
   * The HMAC key, imported (or generated) on first use, never in the constructor: a server is often
   * built at module load, and a Worker allows no random values outside a request handler.
   */
  #hmacKey(): ReturnType<typeof crypto.subtle.importKey> {
    this.#key ??= crypto.subtle.importKey('raw', this.#given ?? crypto.getRandomValues(new Uint8Array(32)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return this.#key;
  }

  /** Seals the answers so far for a retry of the request `binding` names. */
  async seal(answers: Params, binding: string): Promise<string> {
    const payload = encodeBase64Url(encoder.encode(JSON.stringify({ exp: Date.now() + this.#ttlMs, answers })));
    const mac = await crypto.subtle.sign('HMAC', await this.#hmacKey(), encoder.encode(`${payload}.${binding}`));
    return `${payload}.${encodeBase64Url(new Uint8Array(mac))}`;
  }

  /** Opens a state sealed for the same binding; throws -32602 when it was changed, is foreign, or expired. */
  async open(state: unknown, binding: string): Promise<Params> {
    const refused = (why: string): ProtocolError => new ProtocolError(INVALID_PARAMS, `Invalid params: requestState ${why}`);
    if (typeof state !== 'string') throw refused('must be a string');
    const dot = state.indexOf('.');
    const mac = dot < 0 ? undefined : decodeBase64Url(state.slice(dot + 1));
    const payload = state.slice(0, dot);
    if (mac === undefined || !await crypto.subtle.verify('HMAC', await this.#hmacKey(), mac, encoder.encode(`${payload}.${binding}`))) {
      throw refused('failed verification: it was changed, belongs to another request or caller, or was sealed with another key');
    }
    const bytes = decodeBase64Url(payload);
    const opened = bytes === undefined ? undefined : JSON.parse(new TextDecoder().decode(bytes)) as { exp?: unknown; answers?: unknown };
    if (typeof opened?.exp !== 'number' || typeof opened.answers !== 'object' || opened.answers === null) throw refused('is malformed');
    if (Date.now() >= opened.exp) throw refused('expired; send the request again without it');
    return opened.answers as Params;
  }
}

/** The binding of one request: SHA-256 of its method, the params that define it, and its principal. */
export async function requestBinding(method: string, params: Params | undefined, principal: string | undefined): Promise<string> {
  const { _meta: _ignoredMeta, inputResponses: _ignoredResponses, requestState: _ignoredState, ...defining } = params ?? {};
  const text = stableJson({ method, params: defining, principal: principal ?? null });
  return encodeBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** JSON with object keys sorted, so equal params give equal fingerprints. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

