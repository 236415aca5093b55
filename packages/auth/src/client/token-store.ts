// Where an OAuthProvider keeps what it learned per server: tokens, the registered client and the
// authorization server it belongs to. An interface, so the CLI can keep it in a 0600 file; in
// memory by default.

/** A token response (RFC 6749 §5.1), with the moment it expires computed on arrival. */
export interface OAuthTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  scope?: string;
  /** Milliseconds since the epoch, when the server gave `expires_in`. */
  expires_at?: number;
}

/** A client as registered with one authorization server. */
export interface OAuthClientInfo {
  client_id: string;
  client_secret?: string;
  token_endpoint_auth_method?: string;
}

/** Everything stored for one protected resource (MCP server URL). */
export interface StoredAuth {
  /** The authorization server (issuer) the client and tokens belong to. */
  issuer?: string;
  client?: OAuthClientInfo;
  tokens?: OAuthTokens;
  /** The private JWK of the DPoP key the tokens are bound to (RFC 9449): kept as secret as they are. */
  dpop_key?: Record<string, string>;
}

/** Persistence for an OAuthProvider, keyed by the MCP server URL. */
export interface TokenStore {
  load(server: string): Promise<StoredAuth | undefined>;
  save(server: string, value: StoredAuth): Promise<void>;
  delete(server: string): Promise<void>;
}

/** A TokenStore that lives as long as the process: the default. */
export class InMemoryTokenStore implements TokenStore {
  readonly #entries = new Map<string, StoredAuth>();
  async load(server: string): Promise<StoredAuth | undefined> {
    const value = this.#entries.get(server);
    return value === undefined ? undefined : structuredClone(value);
  }
  async save(server: string, value: StoredAuth): Promise<void> {
    this.#entries.set(server, structuredClone(value));
  }
  async delete(server: string): Promise<void> {
    this.#entries.delete(server);
  }
}
