// The ModelScope MCP Plaza's data, as mcpwire reads it from the OpenAPI that ModelScope's own CLI
// and SDK use (base https://modelscope.cn, paths /openapi/v1/mcp/servers…; shapes as issue 45
// transcribes them). Fields keep the Plaza's meaning under camelCase names.

/** The two transports the Plaza hosts: legacy HTTP+SSE and Streamable HTTP (its spelling). */
export type PlazaTransport = 'sse' | 'streamable_http';

/** A hosted instance's address: `operational_urls[i]` ({url, transport_type}). */
export interface OperationalUrl {
  url: string;
  transportType: PlazaTransport;
}

/** A name and description in one language (`locales.zh`, `locales.en`). */
export interface PlazaLocale {
  name?: string;
  description?: string;
}

/** One item of `mcp_server_list`. */
export interface PlazaServerSummary {
  id: string;
  name: string;
  chineseName?: string;
  description: string;
  tags: string[];
  logoUrl?: string;
  locales: { zh?: PlazaLocale; en?: PlazaLocale };
  /** `is_hosted` and `is_verified`, when the list gives them. */
  isHosted?: boolean;
  isVerified?: boolean;
}

/** A list item that cannot be used: what it says its id is, and what is wrong with it. */
export interface PlazaUnusableEntry {
  id: string | undefined;
  problem: string;
}

/** `search`: every page read within the Plaza's 100-item cap. */
export interface PlazaSearchResult {
  /** `total_count`: how many match, on the Plaza. */
  totalCount: number;
  servers: (PlazaServerSummary | PlazaUnusableEntry)[];
  /** True when more match than the pages within the cap (or the limit) hold. */
  more: boolean;
}

/** One local way to run the service: an entry of `server_config[i].mcpServers`. */
export interface PlazaLocalConfig {
  name: string;
  command: string;
  args: string[];
  /** The entry's own env (values are the Plaza's; `add` writes placeholders instead). */
  env: Record<string, string>;
}

/** A variable of `env_schema`: a JSON Schema object's property. */
export interface PlazaEnvVariable {
  name: string;
  description: string;
  required: boolean;
  /** Marked so by the schema (`format: "password"`, `x-secret`) or named like one (KEY, TOKEN, SECRET, PASSWORD). */
  secret: boolean;
}

/** GET /openapi/v1/mcp/servers/{id}: one service. */
export interface PlazaServer {
  id: string;
  name: string;
  chineseName?: string;
  author: string;
  description: string;
  tags: string[];
  locales: { zh?: PlazaLocale; en?: PlazaLocale };
  localConfigs: PlazaLocalConfig[];
  env: PlazaEnvVariable[];
  isHosted: boolean;
  isVerified: boolean;
  sourceUrl?: string;
  readme?: string;
  githubStars?: number;
  /** The caller's hosted URLs (asked for with a token only). */
  operationalUrls: OperationalUrl[];
}

/** GET /openapi/v1/mcp/servers/operational: one of the caller's deployed services. */
export interface PlazaDeployment {
  id: string;
  name: string;
  operationalUrls: OperationalUrl[];
}

/** What `search` filters by (the request's `filter`). */
export interface PlazaSearchQuery {
  search?: string;
  category?: string;
  /** `filter.is_hosted`: services with a hosted instance only. */
  hosted?: boolean;
  tag?: string;
  /** Results wanted at most (default and most: 100, the Plaza's cap). */
  limit?: number;
  /** Items asked for per page (default 20; page_number × page_size stays ≤ 100). */
  pageSize?: number;
}
