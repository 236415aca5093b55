// An OAuth 2.1 client for one MCP server (spec 2025-11-25, basic/authorization): handed to
// httpTransport as `auth`, it puts the bearer token on each request and, when the server answers
// 401 (or 403 insufficient_scope), discovers the authorization server, registers, runs the
// authorization code flow with PKCE (or the client-credentials grant, the jwt-bearer grant of a
// workload, or an enterprise ID-JAG) and lets the transport retry. With `dpop` the tokens are
// DPoP-bound (RFC 9449) and each request carries a proof. Only fetch and Web Crypto: any runtime.

import { hasDpopChallenge, parseBearerChallenge, parseDpopChallenge } from './bearer-challenge.js';
import type { BearerChallenge } from './bearer-challenge.js';
import { OAuthDiscoveryError, checkOAuthUrl, discoverAuthorizationServer, discoverProtectedResource } from './oauth-discovery.js';
import type { AuthorizationServerMetadata, OAuthFetch, ProtectedResourceMetadata } from './oauth-discovery.js';
import { outboundFetch } from 'mcpwire-outbound';
import { createPkce, randomToken } from './pkce.js';
import { InMemoryTokenStore } from './token-store.js';
import type { OAuthClientInfo, OAuthTokens, StoredAuth, TokenStore } from './token-store.js';
import { requestToken } from './token-request.js';
import { registerClient } from './client-registration.js';
import type { TokenRequestKeys } from './token-request.js';
import { DpopProver } from './dpop-prover.js';
import { generateSigningKey, importSigningKey } from '../jws/jws-sign.js';
import type { JwsSigningKey } from '../jws/jws-sign.js';
import { JWT_BEARER_GRANT, exchangeForIdJag, workloadAssertion } from './assertion-grants.js';
import type { IdJagOptions } from './assertion-grants.js';
import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';

/** Options for an OAuthProvider. */
export interface OAuthProviderOptions {
  /** The fetch for metadata, registration and token requests (default: the global one); bounded by the three below. */
  fetch?: typeof fetch;
  /** Milliseconds each metadata, registration or token request may take, body included (default 30 s). */
  timeoutMs?: number;
  /** Bytes of (decoded) body read from each such answer at most (default 1 MiB). */
  maxBytes?: number;
  /** Aborts those requests (Ctrl-C). */
  signal?: AbortSignal;
  /** Where tokens and the registered client are kept (default: in memory). */
  store?: TokenStore;
  /**
   * 'authorization_code' (a user logs in; the default), 'client_credentials' (machine to machine),
   * 'jwt_bearer' (a workload's platform JWT from `assertion`, RFC 7523 §2.1, SEP-1933) or
   * 'id_jag' (enterprise-managed, SEP-990: token exchange at the IdP of `idJag`, then jwt-bearer).
   */
  grant?: 'authorization_code' | 'client_credentials' | 'jwt_bearer' | 'id_jag';
  /** The workload's JWT for the jwt_bearer grant (read anew at each login when a function). */
  assertion?: string | (() => string | Promise<string>);
  /** The IdP side of the id_jag grant. */
  idJag?: IdJagOptions;
  /** The client's private key for private_key_jwt (RFC 7523 §2.2): a private JWK or a PKCS#8 PEM. */
  privateKey?: string | Record<string, unknown>;
  /** The private key's algorithm (default: the JWK's `alg`, else ES256 for EC, RS256 for RSA). */
  privateKeyAlg?: string;
  /** DPoP-bound tokens (RFC 9449, SEP-1932): an ES256 key pair for this provider, a proof on each request. */
  dpop?: boolean;
  /** The exact redirect URI, e.g. http://127.0.0.1:PORT/callback (authorization code grant). */
  redirectUri?: string;
  /**
   * Sends the user to the authorization URL and resolves with the URL the authorization server
   * redirected back to (the redirect URI with `code`, `state`, maybe `iss`).
   */
  authorize?: (authorizationUrl: URL) => Promise<string | URL>;
  /** A pre-registered client (basic/authorization#preregistration), used before anything else. */
  clientId?: string;
  clientSecret?: string;
  /** A client ID metadata document URL (an https URL that serves this client's metadata). */
  clientMetadataUrl?: string;
  /** The name sent in dynamic client registration. */
  clientName?: string;
  /** Scopes to ask for when neither the challenge nor the metadata name any. */
  scope?: string;
  /** Milliseconds since the epoch (default Date.now), for token expiry. */
  now?: () => number;
}

/** What a transport tells the provider about a refused request. */
export interface AuthChallenge {
  status: number;
  wwwAuthenticate: string | null;
  /** The DPoP-Nonce header of the answer, and the URL asked (RFC 9449 §9). */
  dpopNonce?: string | null;
  url?: string;
}

/** Where discovery led: the resource, its metadata and its authorization server (what `doctor` reports). */
export interface Discovery {
  resource: string;
  resourceMetadata?: ProtectedResourceMetadata;
  issuer: string;
  server: AuthorizationServerMetadata;
}

const OAUTH_PROVIDER_OPTIONS = {
  fetch: true, timeoutMs: true, maxBytes: true, signal: true, store: true, grant: true, assertion: true, idJag: true, privateKey: true,
  privateKeyAlg: true, dpop: true, redirectUri: true, authorize: true, clientId: true, clientSecret: true, clientMetadataUrl: true,
  clientName: true, scope: true, now: true,
} as const satisfies OptionKeys<OAuthProviderOptions>;

/** The OAuth client of one MCP server: give it to httpTransport's `auth` option. */
export class OAuthProvider {
  readonly serverUrl: string;
  readonly #options: OAuthProviderOptions;
  readonly #fetch: OAuthFetch;
  readonly #store: TokenStore;
  readonly #now: () => number;
  /** Scopes already asked for in this process: a second 403 for the same ones is not retried. */
  readonly #askedScopes = new Set<string>();
  /** The DPoP prover; its key is the stored one, or a new one saved with the tokens at login. */
  readonly #dpop = new DpopProver(() => this.#dpopKey());
  #newDpopKey: JwsSigningKey | undefined;
  /** The resource server's 401 named the DPoP scheme: the tokens got from now on are DPoP-bound. */
  #dpopChallenged = false;
  #assertionKey: Promise<JwsSigningKey> | undefined;

  constructor(serverUrl: string | URL, options: OAuthProviderOptions = {}) {
    refuseUnknownOptions('new OAuthProvider', options, OAUTH_PROVIDER_OPTIONS);
    this.serverUrl = String(serverUrl);
    this.#options = options;
    const bounds = { firstByteMs: options.timeoutMs ?? OAUTH_TIMEOUT_MS, totalMs: options.timeoutMs ?? OAUTH_TIMEOUT_MS, maxBytes: options.maxBytes ?? OAUTH_MAX_BYTES };
    // Every OAuth URL, the first and each redirect, is https or loopback http (basic/authorization#communication-security).
    this.#fetch = (url, init) => outboundFetch(url, init, { ...bounds, fetch: options.fetch, signal: options.signal, checkUrl: checkOAuthUrl });
    this.#store = options.store ?? new InMemoryTokenStore();
    this.#now = options.now ?? Date.now;
  }

  /** DPoP when asked for (the option, or the server's challenge), or when the stored tokens are bound to a stored key (a later `mcpwire list`). */
  async #usesDpop(): Promise<boolean> {
    return this.#options.dpop === true || this.#dpopChallenged || (await this.#store.load(this.serverUrl))?.dpop_key !== undefined;
  }

  async #dpopKey(): Promise<JwsSigningKey> {
    const stored = (await this.#store.load(this.serverUrl))?.dpop_key;
    if (stored !== undefined) return importSigningKey(stored, 'ES256');
    return this.#newDpopKey = await generateSigningKey(true);
  }

  /** Which client authentication and grant this provider uses, in words (what `doctor` names). */
  get method(): string {
    const grant = this.#options.grant ?? 'authorization_code';
    const auth = this.#options.privateKey !== undefined ? 'private_key_jwt' : this.#options.clientSecret !== undefined ? 'client secret' : undefined;
    return [grant, auth, this.#options.dpop ? 'DPoP' : undefined].filter((part) => part !== undefined).join(', ');
  }

  /** The headers for one request: `Bearer` (or `DPoP` and a proof bound to the token, RFC 9449 §7.1). */
  async authorization(request: { method: string; url: string }): Promise<Record<string, string>> {
    const token = await this.token();
    if (token === undefined) return {};
    const stored = await this.#store.load(this.serverUrl);
    if (stored?.tokens?.token_type.toLowerCase() === 'dpop' && await this.#usesDpop()) {
      return { authorization: `DPoP ${token}`, dpop: await this.#dpop.proof(request.method, request.url, token) };
    }
    return { authorization: `Bearer ${token}` };
  }

  /** The access token to send now, refreshed first when it has expired and a refresh token exists. */
  async token(): Promise<string | undefined> {
    const stored = await this.#store.load(this.serverUrl);
    const tokens = stored?.tokens;
    if (!tokens) return undefined;
    if (tokens.expires_at !== undefined && tokens.expires_at <= this.#now() && tokens.refresh_token) {
      return (await this.#refresh(stored).catch(() => undefined))?.access_token;
    }
    return tokens.access_token;
  }

  /** Called by the transport on 401/403: true when new tokens are in place and the request should be retried. */
  async unauthorized(challenge: AuthChallenge): Promise<boolean> {
    // RFC 9449 §9: the resource server wants a nonce in the proof; once per new nonce.
    if (challenge.url !== undefined && await this.#usesDpop() && parseDpopChallenge(challenge.wwwAuthenticate).error === 'use_dpop_nonce') {
      return this.#dpop.rememberNonce(challenge.url, challenge.dpopNonce ?? null);
    }
    // RFC 9449 §7.1: a 401 with a DPoP challenge says the server takes DPoP-bound tokens: get those.
    if (challenge.status === 401 && hasDpopChallenge(challenge.wwwAuthenticate)) this.#dpopChallenged = true;
    const bearer = parseBearerChallenge(challenge.wwwAuthenticate);
    const stored = (await this.#store.load(this.serverUrl)) ?? {};
    if (challenge.status === 403) {
      // basic/authorization#scope-challenge-handling: step up to the scopes the challenge names, once.
      if (bearer.error !== 'insufficient_scope' || !bearer.scope) return false;
      const wanted = unionScopes(stored.tokens?.scope, bearer.scope);
      if (this.#askedScopes.has(wanted)) return false;
      await this.login({ ...bearer, scope: wanted });
      return true;
    }
    if (stored.tokens?.refresh_token && bearer.error !== 'insufficient_scope') {
      const refreshed = await this.#refresh(stored).catch(() => undefined);
      if (refreshed) return true;
    }
    // A token refused again right after a login is bounded by the transport (MAX_AUTH_RETRIES per request).
    await this.login(bearer);
    return true;
  }

  /** Runs the whole flow now (what `mcpwire login` does), guided by a challenge (or a WWW-Authenticate value) when there is one. */
  async login(given: BearerChallenge | string = {}): Promise<OAuthTokens> {
    const challenge = typeof given === 'string' ? parseBearerChallenge(given) : given;
    const discovery = await this.discover(challenge);
    let stored = (await this.#store.load(this.serverUrl)) ?? {};
    if (stored.issuer !== undefined && stored.issuer !== discovery.issuer) stored = {}; // another server: register again
    const client = stored.client ?? await registerClient(this.#fetch, discovery, this.#options);
    const scope = this.#chooseScope(challenge, discovery);
    this.#askedScopes.add(challenge.scope ?? '');
    if (scope !== undefined) this.#askedScopes.add(scope);
    const scoped: Record<string, string> = scope === undefined ? {} : { scope };
    const grant = this.#options.grant;
    const tokens = grant === 'client_credentials'
      ? await this.#tokenRequest(discovery, client, { grant_type: 'client_credentials', ...scoped })
      : grant === 'jwt_bearer'
        ? await this.#tokenRequest(discovery, client, { grant_type: JWT_BEARER_GRANT, assertion: await workloadAssertion(this.#options.assertion), ...scoped })
        : grant === 'id_jag'
          ? await this.#tokenRequest(discovery, client, { grant_type: JWT_BEARER_GRANT, assertion: await exchangeForIdJag(this.#fetch, this.#options.idJag, discovery, scope, this.#now()), ...scoped })
          : await this.#authorizationCode(discovery, client, scope);
    const dpopKey = this.#newDpopKey?.privateJwk ?? stored.dpop_key;
    await this.#store.save(this.serverUrl, { issuer: discovery.issuer, client, tokens, ...(dpopKey === undefined ? {} : { dpop_key: { ...dpopKey } }) });
    return tokens;
  }

  /** Forgets this server's tokens and client. */
  async logout(): Promise<void> {
    await this.#store.delete(this.serverUrl);
  }

  /** Protected resource metadata, then authorization server metadata; the 2025-03-26 fallbacks when there is none. */
  async discover(given: BearerChallenge | string = {}): Promise<Discovery> {
    const challenge = typeof given === 'string' ? parseBearerChallenge(given) : given;
    const found = await discoverProtectedResource(this.#fetch, this.serverUrl, challenge.resourceMetadata);
    if ('metadata' in found) {
      const issuer = found.metadata.authorization_servers![0]!;
      const server = await discoverAuthorizationServer(this.#fetch, issuer);
      if (!('metadata' in server)) {
        throw new OAuthDiscoveryError('authorization-server-metadata', `no metadata for authorization server ${issuer}: ${server.tried.join('; ')}`);
      }
      // RFC 8707: the resource exactly as the metadata publishes it.
      return { resource: found.metadata.resource, resourceMetadata: found.metadata, issuer, server: server.metadata };
    }
    // 2025-03-26 servers publish no resource metadata: the authorization server is the server's origin,
    // at its RFC 8414 metadata or, failing that, the default /authorize, /token and /register.
    const origin = new URL(this.serverUrl).origin;
    const server = await discoverAuthorizationServer(this.#fetch, origin).catch(() => ({ tried: [] as string[] }));
    const resource = canonicalResource(this.serverUrl);
    if ('metadata' in server) return { resource, issuer: origin, server: server.metadata };
    if (challenge.resourceMetadata) {
      throw new OAuthDiscoveryError('resource-metadata', `no protected resource metadata: ${found.tried.join('; ')}`);
    }
    return {
      resource,
      issuer: origin,
      server: { issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token`, registration_endpoint: `${origin}/register` },
    };
  }

  /** basic/authorization#scope-selection-strategy: the challenge's scope, else the metadata's, plus offline_access when offered. */
  #chooseScope(challenge: BearerChallenge, discovery: Discovery): string | undefined {
    let scope = challenge.scope ?? discovery.resourceMetadata?.scopes_supported?.join(' ') ?? this.#options.scope;
    if (scope === '') scope = undefined;
    const offered = discovery.server.scopes_supported?.includes('offline_access') ?? false;
    // offline_access only where a user logs in: the other grants can simply ask again.
    if (offered && (this.#options.grant ?? 'authorization_code') === 'authorization_code' && !(scope ?? '').split(' ').includes('offline_access')) {
      scope = scope === undefined ? 'offline_access' : `${scope} offline_access`;
    }
    return scope;
  }

  /** The authorization code grant with PKCE S256, `state`, `resource` and the RFC 9207 `iss` check. */
  async #authorizationCode(discovery: Discovery, client: OAuthClientInfo, scope: string | undefined): Promise<OAuthTokens> {
    const { authorize, redirectUri } = this.#options;
    if (!authorize || redirectUri === undefined) throw new Error('OAuthProvider: the authorization code grant needs `authorize` and `redirectUri`');
    const methods = discovery.server.code_challenge_methods_supported;
    if (methods !== undefined && !methods.includes('S256')) {
      throw new OAuthDiscoveryError('authorization', `authorization server ${discovery.issuer} does not support PKCE S256`);
    }
    const pkce = await createPkce();
    const state = randomToken(24);
    const url = new URL(discovery.server.authorization_endpoint);
    const params: Record<string, string> = {
      response_type: 'code', client_id: client.client_id, redirect_uri: redirectUri,
      code_challenge: pkce.challenge, code_challenge_method: 'S256', state, resource: discovery.resource,
    };
    if (scope !== undefined) params.scope = scope;
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const back = new URL(String(await authorize(url)));
    if (`${back.origin}${back.pathname}` !== redirectUri.replace(/[?#].*$/, '')) throw new Error(`the authorization server redirected to ${back.origin}${back.pathname}, not ${redirectUri}`);
    const query = back.searchParams;
    if (query.get('state') !== state) throw new Error('the authorization response has the wrong state: refused');
    checkIssuer(query.get('iss'), discovery);
    const error = query.get('error');
    if (error !== null) throw new Error(`authorization refused: ${error}${query.get('error_description') ? ` (${query.get('error_description')})` : ''}`);
    const code = query.get('code');
    if (code === null) throw new Error('the authorization response has no code');
    return this.#tokenRequest(discovery, client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pkce.verifier });
  }

  async #refresh(stored: StoredAuth): Promise<OAuthTokens> {
    const discovery = await this.discover();
    if (!stored.client || !stored.tokens?.refresh_token || stored.issuer !== discovery.issuer) throw new Error('no refresh token for this authorization server');
    const tokens = await this.#tokenRequest(discovery, stored.client, { grant_type: 'refresh_token', refresh_token: stored.tokens.refresh_token });
    tokens.refresh_token ??= stored.tokens.refresh_token; // RFC 6749 §6: the old one stays valid when no new one is issued
    await this.#store.save(this.serverUrl, { ...stored, tokens });
    return tokens;
  }

  async #tokenRequest(discovery: Discovery, client: OAuthClientInfo, params: Record<string, string>): Promise<OAuthTokens> {
    return requestToken(this.#fetch, discovery.server, client, { ...params, resource: discovery.resource }, this.#now(), await this.#signingKeys());
  }

  /** The private_key_jwt key (imported once) and the DPoP prover when DPoP is in use. */
  async #signingKeys(): Promise<TokenRequestKeys> {
    const { privateKey, privateKeyAlg } = this.#options;
    const keys: TokenRequestKeys = {};
    if (privateKey !== undefined) keys.assertionKey = await (this.#assertionKey ??= importSigningKey(privateKey, privateKeyAlg));
    if (await this.#usesDpop()) keys.dpop = this.#dpop;
    return keys;
  }

}

/** The default bounds of one OAuth request: metadata, registration and token answers are small. */
export const OAUTH_TIMEOUT_MS = 30_000;
export const OAUTH_MAX_BYTES = 1024 * 1024;

/**
 * RFC 9207 §2.4: when the server says it sends `iss`, it must be there and be the issuer; when it
 * does not, one that is there must still match. Compared as strings, as the RFC says.
 */
function checkIssuer(iss: string | null, discovery: Discovery): void {
  if (iss === null) {
    if (discovery.server.authorization_response_iss_parameter_supported === true) throw new Error('the authorization response has no iss, but the server promised one: refused (RFC 9207)');
    return;
  }
  if (iss !== discovery.server.issuer) throw new Error(`the authorization response came from issuer ${iss}, not ${discovery.server.issuer}: refused (RFC 9207)`);
}

/** The server URL as an RFC 8707 resource: no fragment. */
function canonicalResource(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.hash = '';
  return url.href;
}

/** Space-separated scopes, both sets, each once. */
function unionScopes(a: string | undefined, b: string): string {
  return [...new Set([...(a ?? '').split(' '), ...b.split(' ')].filter((scope) => scope !== ''))].join(' ');
}
