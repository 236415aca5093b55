// Reading the MCP Registry: the v0.1 server list and server version endpoints, and the checks
// that turn its JSON into typed values or a clear error. Followed: modelcontextprotocol/registry,
// docs/reference/api/openapi.yaml, info.version "2025-12-01" (paths /v0.1/servers and
// /v0.1/servers/{serverName}/versions[/{version}]; schemas ServerList, ServerResponse,
// ServerDetail, Package, RemoteTransport, KeyValueInput, Argument). The registry holds metadata
// only: it hosts no code and vouches for no tool.

import { McpwireError } from 'mcpwire/jsonrpc';
import { OutboundError, outboundFetch } from 'mcpwire-outbound';

/** The official registry's public base URL. */
export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';

/** Registry data that cannot be used, or a registry that answered with an error. */
export class RegistryError extends McpwireError {
  override name = 'RegistryError';
  override readonly code = 'REGISTRY';
}

/** An Input of the OpenAPI description (arguments, environment variables, headers, URL variables). */
export interface RegistryInput {
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  value?: string;
  default?: string;
  placeholder?: string;
  format?: string;
  choices?: string[];
  variables?: Record<string, RegistryInput>;
}

/** KeyValueInput: an environment variable or a header. */
export interface KeyValueInput extends RegistryInput {
  name: string;
}

/** Argument: positional (valueHint or value) or named (`--flag`). */
export interface RegistryArgument extends RegistryInput {
  type: 'positional' | 'named';
  name?: string;
  valueHint?: string;
  isRepeated?: boolean;
}

/** The transport a package or remote speaks. */
export interface RegistryTransport {
  type: 'stdio' | 'streamable-http' | 'sse';
  url?: string;
  headers?: KeyValueInput[];
  variables?: Record<string, RegistryInput>;
}

/** One way to run the server locally. */
export interface RegistryPackage {
  registryType: string;
  registryBaseUrl?: string;
  identifier: string;
  version?: string;
  runtimeHint?: string;
  transport: RegistryTransport;
  runtimeArguments?: RegistryArgument[];
  packageArguments?: RegistryArgument[];
  environmentVariables?: KeyValueInput[];
}

/** ServerDetail: the server.json a publisher wrote. */
export interface ServerDetail {
  name: string;
  description: string;
  version: string;
  title?: string;
  websiteUrl?: string;
  repository?: { url: string; source: string; subfolder?: string };
  packages: RegistryPackage[];
  remotes: RegistryTransport[];
}

/** ServerResponse: the detail plus what the registry itself records. */
export interface ServerResponse {
  server: ServerDetail;
  status?: string;
  isLatest?: boolean;
  publishedAt?: string;
}

/** A list item that could not be read: what it says about itself, and what is wrong with it. */
export interface UnusableEntry {
  name: string | undefined;
  version: string | undefined;
  description: string | undefined;
  problem: string;
}

/** One page of ServerList: every item, read or marked unusable (one bad entry spoils no page). */
export interface ServerPage {
  servers: (ServerResponse | UnusableEntry)[];
  nextCursor: string | undefined;
}

/** How the registry is reached: its base URL and a fetch (tests hand in the global one too). */
export interface RegistryReader {
  base: string;
  fetch: typeof fetch;
  signal?: AbortSignal;
  /** Milliseconds each request may take, body included (default REGISTRY_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Bytes of decoded body read from each answer at most (default REGISTRY_MAX_BYTES). */
  maxBytes?: number;
}

/** GET /v0.1/servers: one page, latest versions only. */
export async function listServers(reader: RegistryReader, query: { search?: string; cursor?: string; limit?: number }): Promise<ServerPage> {
  const params = new URLSearchParams({ version: 'latest' });
  if (query.search !== undefined) params.set('search', query.search);
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const body = await getJson(reader, `/v0.1/servers?${params}`);
  return parseServerList(body);
}

/** GET /v0.1/servers/{serverName}/versions/{version} ("latest" when no version is given). */
export async function getServer(reader: RegistryReader, name: string, version = 'latest'): Promise<ServerResponse> {
  const body = await getJson(reader, `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`);
  const response = parseServerResponse(body, 'response');
  // An entry is used under the name it was asked for only: another name could be anything.
  if (response.server.name !== name) throw new RegistryError(`the registry answered for ${JSON.stringify(name)} with the entry ${JSON.stringify(response.server.name)}: nothing is used from it`);
  if (version !== 'latest' && response.server.version !== version) throw new RegistryError(`the registry answered for ${JSON.stringify(name)} version ${JSON.stringify(version)} with version ${JSON.stringify(response.server.version)}: nothing is used from it`);
  return response;
}

/** GET /v0.1/servers/{serverName}/versions: every version string, newest first. */
export async function listVersions(reader: RegistryReader, name: string): Promise<string[]> {
  const body = await getJson(reader, `/v0.1/servers/${encodeURIComponent(name)}/versions`);
  return parseServerList(body).servers.flatMap((item) => {
    const version = 'server' in item ? item.server.version : item.version;
    return version === undefined ? [] : [version];
  });
}

/** The default bounds of one registry request: a page of server.json metadata is small. */
export const REGISTRY_TIMEOUT_MS = 30_000;
export const REGISTRY_MAX_BYTES = 4 * 1024 * 1024;

async function getJson(reader: RegistryReader, path: string): Promise<unknown> {
  const url = `${reader.base.replace(/\/+$/, '')}${path}`;
  const ms = reader.timeoutMs ?? REGISTRY_TIMEOUT_MS;
  let text: string;
  let status: number;
  let ok: boolean;
  try {
    const response = await outboundFetch(url, { headers: { accept: 'application/json' } }, {
      fetch: reader.fetch, signal: reader.signal, firstByteMs: ms, totalMs: ms, maxBytes: reader.maxBytes ?? REGISTRY_MAX_BYTES,
    });
    ({ status, ok } = response);
    text = await response.text();
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // "cannot reach" (exit 4) for the network and time; an answer too large is unusable data (exit 3).
    if (error.kind === 'too-large' || error.kind === 'redirect') throw new RegistryError(`the registry at ${reader.base} sent an unusable answer: ${error.message}`);
    throw new RegistryError(`cannot reach the registry at ${reader.base}: ${error.message}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new RegistryError(`the registry answered GET ${path} with HTTP ${status} and a body that is not JSON: ${JSON.stringify(text.slice(0, 120))}`);
  }
  if (!ok) {
    const said = isObject(body) && typeof body.error === 'string' ? body.error : isObject(body) && typeof body.detail === 'string' ? body.detail : text.slice(0, 120);
    throw new RegistryError(`the registry answered GET ${path} with HTTP ${status}: ${said}`);
  }
  return body;
}

/** Checks a ServerList body. */
export function parseServerList(body: unknown): ServerPage {
  if (!isObject(body) || !Array.isArray(body.servers)) throw new RegistryError('malformed registry response: no "servers" array');
  const metadata = isObject(body.metadata) ? body.metadata : {};
  const next = metadata.nextCursor;
  if (next !== undefined && next !== null && typeof next !== 'string') throw new RegistryError(`malformed registry response: metadata.nextCursor is ${JSON.stringify(next)}, not a string`);
  return {
    servers: body.servers.map((item, index) => {
      try {
        return parseServerResponse(item, `servers[${index}]`);
      } catch (error) {
        if (!(error instanceof RegistryError)) throw error;
        const server = isObject(item) && isObject(item.server) ? item.server : {};
        const text = (field: string): string | undefined => (typeof server[field] === 'string' ? server[field] : undefined);
        return { name: text('name'), version: text('version'), description: text('description'), problem: error.message };
      }
    }),
    nextCursor: typeof next === 'string' && next !== '' ? next : undefined,
  };
}

/** Checks a ServerResponse: the fields the commands rely on, with the path of the first one missing. */
export function parseServerResponse(item: unknown, at: string): ServerResponse {
  if (!isObject(item) || !isObject(item.server)) throw new RegistryError(`malformed registry response: ${at}.server is missing`);
  const server = item.server;
  const where = `${at}.server`;
  for (const field of ['name', 'description', 'version'] as const) {
    if (typeof server[field] !== 'string' || server[field] === '') throw new RegistryError(`malformed registry entry ${nameOf(server)}: ${where}.${field} is missing or not a string`);
  }
  const detail: ServerDetail = {
    name: server.name as string,
    description: server.description as string,
    version: server.version as string,
    packages: arrayField(server, 'packages', where).map((pkg, index) => parsePackage(pkg, `${where}.packages[${index}]`, nameOf(server))),
    remotes: arrayField(server, 'remotes', where).map((remote, index) => parseTransport(remote, `${where}.remotes[${index}]`, nameOf(server))),
  };
  if (typeof server.title === 'string') detail.title = server.title;
  if (typeof server.websiteUrl === 'string') detail.websiteUrl = server.websiteUrl;
  if (isObject(server.repository) && typeof server.repository.url === 'string') {
    detail.repository = { url: server.repository.url, source: String(server.repository.source ?? '') };
    if (typeof server.repository.subfolder === 'string') detail.repository.subfolder = server.repository.subfolder;
  }
  const response: ServerResponse = { server: detail };
  const meta = isObject(item._meta) ? item._meta['io.modelcontextprotocol.registry/official'] : undefined;
  if (isObject(meta)) {
    if (typeof meta.status === 'string') response.status = meta.status;
    if (typeof meta.isLatest === 'boolean') response.isLatest = meta.isLatest;
    if (typeof meta.publishedAt === 'string') response.publishedAt = meta.publishedAt;
  }
  return response;
}

function parsePackage(value: unknown, at: string, server: string): RegistryPackage {
  if (!isObject(value)) throw new RegistryError(`malformed registry entry ${server}: ${at} is not an object`);
  for (const field of ['registryType', 'identifier'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '') throw new RegistryError(`malformed registry entry ${server}: ${at}.${field} is missing`);
  }
  if (!isObject(value.transport)) throw new RegistryError(`malformed registry entry ${server}: ${at}.transport is missing`);
  return { ...(value as unknown as RegistryPackage), transport: parseTransport(value.transport, `${at}.transport`, server) };
}

function parseTransport(value: unknown, at: string, server: string): RegistryTransport {
  if (!isObject(value)) throw new RegistryError(`malformed registry entry ${server}: ${at} is not an object`);
  const type = value.type;
  if (type !== 'stdio' && type !== 'streamable-http' && type !== 'sse') {
    throw new RegistryError(`malformed registry entry ${server}: ${at}.type is ${JSON.stringify(type) ?? 'missing'}; the registry knows "stdio", "streamable-http" and "sse"`);
  }
  if (type !== 'stdio' && typeof value.url !== 'string') throw new RegistryError(`malformed registry entry ${server}: ${at}.url is missing for transport "${type}"`);
  if (value.headers !== undefined && !Array.isArray(value.headers)) throw new RegistryError(`malformed registry entry ${server}: ${at}.headers is not an array`);
  return value as unknown as RegistryTransport;
}

function arrayField(object: Record<string, unknown>, field: string, at: string): unknown[] {
  const value = object[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new RegistryError(`malformed registry entry ${nameOf(object)}: ${at}.${field} is not an array`);
  return value;
}

function nameOf(server: Record<string, unknown>): string {
  return typeof server.name === 'string' ? JSON.stringify(server.name) : '(no name)';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
