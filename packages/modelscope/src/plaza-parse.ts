// Every field of the Plaza's answers is checked before anything uses it: a field that becomes a
// command, a URL or a config key is the publisher's text, so an error names the field
// (`data.operational_urls[0].transport_type`) and nothing of a bad entry is used. One bad list
// item spoils no page: it is listed as unusable, with its problem.

import { PlazaError } from './plaza-error.js';
import type {
  OperationalUrl, PlazaDeployment, PlazaEnvVariable, PlazaLocalConfig, PlazaLocale, PlazaServer, PlazaServerSummary, PlazaTransport,
  PlazaUnusableEntry,
} from './plaza-types.js';

/** A Plaza id: `@owner/name` (the form the Plaza's pages and API use). */
const SERVER_ID = /^@?[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A name a host config may use as an entry key or an environment variable. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SECRET_NAME = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;

function bad(at: string, what: string): never {
  throw new PlazaError('data', `malformed ModelScope answer: ${at} ${what}`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(object: Record<string, unknown>, field: string, at: string): string {
  const value = object[field];
  if (typeof value !== 'string') bad(`${at}.${field}`, `is ${JSON.stringify(value) ?? 'missing'}, not a string`);
  return value;
}

function optionalText(object: Record<string, unknown>, field: string, at: string): string | undefined {
  const value = object[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') bad(`${at}.${field}`, `is ${JSON.stringify(value)}, not a string`);
  return value;
}

function strings(object: Record<string, unknown>, field: string, at: string): string[] {
  const value = object[field];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) bad(`${at}.${field}`, 'is not an array');
  value.forEach((item, index) => { if (typeof item !== 'string') bad(`${at}.${field}[${index}]`, 'is not a string'); });
  return value as string[];
}

function optionalBoolean(object: Record<string, unknown>, field: string, at: string): boolean {
  const value = object[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') bad(`${at}.${field}`, `is ${JSON.stringify(value)}, not true or false`);
  return value;
}

/** The envelope every answer comes in: `{"success": true, "data": …}`. */
export function envelopeData(body: unknown, what: string): unknown {
  if (!isObject(body)) bad('the body', `of ${what} is not a JSON object`);
  if (body.success !== true) {
    const said = typeof body.message === 'string' ? body.message : 'no message';
    throw new PlazaError('refused', `ModelScope answered ${what} with success: ${JSON.stringify(body.success)} (${said})`);
  }
  return body.data;
}

function serverId(object: Record<string, unknown>, at: string): string {
  const id = text(object, 'id', at);
  if (!SERVER_ID.test(id)) bad(`${at}.id`, `${JSON.stringify(id)} is not a Plaza id (@owner/name)`);
  return id;
}

function locales(object: Record<string, unknown>, at: string): { zh?: PlazaLocale; en?: PlazaLocale } {
  const value = object.locales;
  if (value === undefined || value === null) return {};
  if (!isObject(value)) bad(`${at}.locales`, 'is not an object');
  const out: { zh?: PlazaLocale; en?: PlazaLocale } = {};
  for (const language of ['zh', 'en'] as const) {
    const locale = value[language];
    if (locale === undefined || locale === null) continue;
    if (!isObject(locale)) bad(`${at}.locales.${language}`, 'is not an object');
    const name = optionalText(locale, 'name', `${at}.locales.${language}`);
    const description = optionalText(locale, 'description', `${at}.locales.${language}`);
    out[language] = { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
  }
  return out;
}

/** One `mcp_server_list` item. */
export function parseSummary(item: unknown, at: string): PlazaServerSummary {
  if (!isObject(item)) bad(at, 'is not an object');
  const summary: PlazaServerSummary = {
    id: serverId(item, at),
    name: text(item, 'name', at),
    description: optionalText(item, 'description', at) ?? '',
    tags: strings(item, 'tags', at),
    locales: locales(item, at),
  };
  const chineseName = optionalText(item, 'chinese_name', at);
  if (chineseName !== undefined) summary.chineseName = chineseName;
  const logo = optionalText(item, 'logo_url', at);
  if (logo !== undefined) summary.logoUrl = webUrl(logo, `${at}.logo_url`);
  if (item.is_hosted !== undefined && item.is_hosted !== null) summary.isHosted = optionalBoolean(item, 'is_hosted', at);
  if (item.is_verified !== undefined && item.is_verified !== null) summary.isVerified = optionalBoolean(item, 'is_verified', at);
  return summary;
}

/** The search answer's `data`: the total and each item, read or marked unusable. */
export function parseSearchPage(data: unknown): { totalCount: number; servers: (PlazaServerSummary | PlazaUnusableEntry)[] } {
  if (!isObject(data)) bad('data', 'is not an object');
  const total = data.total_count;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0) bad('data.total_count', `is ${JSON.stringify(total) ?? 'missing'}, not a count`);
  if (!Array.isArray(data.mcp_server_list)) bad('data.mcp_server_list', 'is not an array');
  return {
    totalCount: total,
    servers: data.mcp_server_list.map((item, index) => {
      try {
        return parseSummary(item, `data.mcp_server_list[${index}]`);
      } catch (error) {
        if (!(error instanceof PlazaError)) throw error;
        return { id: isObject(item) && typeof item.id === 'string' ? item.id : undefined, problem: error.message };
      }
    }),
  };
}

/** An http(s) URL (for links shown to the user). */
function webUrl(value: string, at: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(at, `${JSON.stringify(value)} is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') bad(at, `${JSON.stringify(value)} is not an http(s) URL`);
  return value;
}

/**
 * One `operational_urls` item. The URL is where a host will send every call, so it must be
 * https (http only on loopback, where tests stand in for the Plaza), and its type must agree with
 * its path: the seed's rule is that an /sse address is never Streamable HTTP.
 */
export function parseOperationalUrl(item: unknown, at: string): OperationalUrl {
  if (!isObject(item)) bad(at, 'is not an object');
  const url = text(item, 'url', at);
  const type = item.transport_type;
  if (type !== 'sse' && type !== 'streamable_http') bad(`${at}.transport_type`, `is ${JSON.stringify(type) ?? 'missing'}; the Plaza hosts "sse" and "streamable_http"`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return bad(`${at}.url`, `${JSON.stringify(url)} is not a URL`);
  }
  const loopback = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost' || parsed.hostname === '[::1]';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) bad(`${at}.url`, `${JSON.stringify(url)} is not https`);
  if (parsed.username !== '' || parsed.password !== '') bad(`${at}.url`, 'holds a user name or password');
  if (/\$(?:\{|[A-Za-z_])|[<>{}\s]/.test(url)) bad(`${at}.url`, `${JSON.stringify(url)} holds a placeholder or white space`);
  if (type === 'streamable_http' && /\/sse\/?$/.test(parsed.pathname)) bad(`${at}.transport_type`, `says "streamable_http" for ${url}, an SSE address`);
  return { url, transportType: type as PlazaTransport };
}

function operationalUrls(object: Record<string, unknown>, at: string): OperationalUrl[] {
  const value = object.operational_urls;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) bad(`${at}.operational_urls`, 'is not an array');
  return value.map((item, index) => parseOperationalUrl(item, `${at}.operational_urls[${index}]`));
}

/** `server_config`: a list of `{"mcpServers": {name: {command, args, env}}}`; remote entries there are left to `operational_urls`. */
function localConfigs(object: Record<string, unknown>, at: string): PlazaLocalConfig[] {
  const value = object.server_config;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) bad(`${at}.server_config`, 'is not an array');
  const out: PlazaLocalConfig[] = [];
  value.forEach((config, index) => {
    const where = `${at}.server_config[${index}]`;
    if (!isObject(config) || !isObject(config.mcpServers)) bad(`${where}.mcpServers`, 'is not an object');
    for (const [name, entry] of Object.entries(config.mcpServers)) {
      const here = `${where}.mcpServers[${JSON.stringify(name)}]`;
      if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) bad(here, 'has a name that is not a config key');
      if (!isObject(entry)) bad(here, 'is not an object');
      if (entry.command === undefined) continue;
      const command = text(entry, 'command', here);
      const args = strings(entry, 'args', here);
      const env: Record<string, string> = {};
      if (entry.env !== undefined && entry.env !== null) {
        if (!isObject(entry.env)) bad(`${here}.env`, 'is not an object');
        for (const [key, item] of Object.entries(entry.env)) {
          if (!ENV_NAME.test(key)) bad(`${here}.env`, `has ${JSON.stringify(key)}, not a variable name`);
          if (typeof item !== 'string') bad(`${here}.env.${key}`, 'is not a string');
          env[key] = item;
        }
      }
      out.push({ name, command, args, env });
    }
  });
  return out;
}

/** `env_schema`: a JSON Schema object whose properties are the variables the service reads. */
function envVariables(object: Record<string, unknown>, at: string): PlazaEnvVariable[] {
  let schema = object.env_schema;
  if (schema === undefined || schema === null || schema === '') return [];
  // The Plaza has served the schema as a JSON string as well as an object.
  if (typeof schema === 'string') {
    try {
      schema = JSON.parse(schema);
    } catch {
      bad(`${at}.env_schema`, 'is a string that is not JSON');
    }
  }
  if (!isObject(schema)) bad(`${at}.env_schema`, 'is not a JSON Schema object');
  const properties = schema.properties ?? {};
  if (!isObject(properties)) bad(`${at}.env_schema.properties`, 'is not an object');
  const required = strings(schema, 'required', `${at}.env_schema`);
  return Object.entries(properties).map(([name, property]) => {
    const here = `${at}.env_schema.properties[${JSON.stringify(name)}]`;
    if (!ENV_NAME.test(name)) bad(here, 'is not an environment variable name');
    if (!isObject(property)) bad(here, 'is not a schema object');
    const description = optionalText(property, 'description', here) ?? optionalText(property, 'title', here) ?? '';
    const secret = property.format === 'password' || property['x-secret'] === true || SECRET_NAME.test(name);
    return { name, description, required: required.includes(name), secret };
  });
}

/** GET …/servers/{id}'s `data`. */
export function parseServer(data: unknown): PlazaServer {
  if (!isObject(data)) bad('data', 'is not an object');
  const at = 'data';
  const server: PlazaServer = {
    id: serverId(data, at),
    name: text(data, 'name', at),
    author: optionalText(data, 'author', at) ?? '',
    description: optionalText(data, 'description', at) ?? '',
    tags: strings(data, 'tags', at),
    locales: locales(data, at),
    localConfigs: localConfigs(data, at),
    env: envVariables(data, at),
    isHosted: optionalBoolean(data, 'is_hosted', at),
    isVerified: optionalBoolean(data, 'is_verified', at),
    operationalUrls: operationalUrls(data, at),
  };
  const chineseName = optionalText(data, 'chinese_name', at);
  if (chineseName !== undefined) server.chineseName = chineseName;
  const source = optionalText(data, 'source_url', at);
  if (source !== undefined) server.sourceUrl = webUrl(source, `${at}.source_url`);
  const readme = optionalText(data, 'readme', at);
  if (readme !== undefined) server.readme = readme;
  const stars = data.github_stars;
  if (stars !== undefined && stars !== null) {
    if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 0) bad(`${at}.github_stars`, `is ${JSON.stringify(stars)}, not a count`);
    server.githubStars = stars;
  }
  return server;
}

/** GET …/servers/operational's `data`: a list (or `{mcp_server_list}`) of deployed services. */
export function parseDeployments(data: unknown): PlazaDeployment[] {
  const list = isObject(data) ? data.mcp_server_list : data;
  if (!Array.isArray(list)) bad('data.mcp_server_list', 'is not an array');
  return list.map((item, index) => {
    const at = `data.mcp_server_list[${index}]`;
    if (!isObject(item)) bad(at, 'is not an object');
    return { id: serverId(item, at), name: optionalText(item, 'name', at) ?? '', operationalUrls: operationalUrls(item, at) };
  });
}

/**
 * POST …/deploy's `data`: the hosted URL. The issue gives only "the hosted URL", so every form
 * is read: the URL alone as a string (its type is then the one asked for, still checked against
 * its path), `operational_urls` (as in show) or one `url` with its `transport_type`. The type that
 * comes back must be the one asked for.
 */
export function parseDeployed(data: unknown, asked: PlazaTransport): OperationalUrl {
  if (typeof data === 'string') return parseOperationalUrl({ url: data, transport_type: asked }, 'data');
  if (!isObject(data)) bad('data', `is ${JSON.stringify(data) ?? 'missing'}, not the hosted URL (a string) or an object with "url" or "operational_urls"`);
  if (data.url === undefined && data.operational_urls === undefined) {
    bad('data', `has neither "url" nor "operational_urls" (its keys: ${JSON.stringify(Object.keys(data).slice(0, 10))}): no hosted URL came back`);
  }
  const found = Array.isArray(data.operational_urls)
    ? operationalUrls(data, 'data')
    : [parseOperationalUrl({ url: data.url, transport_type: data.transport_type ?? asked }, 'data')];
  const match = found.find((item) => item.transportType === asked);
  if (match === undefined) bad('data', `holds no ${asked} URL (asked for transport_type ${JSON.stringify(asked)})`);
  return match;
}
