// The MCP server config files hosts read, and what one entry means. There is no standard:
//   "mcpServers": Claude Desktop, Claude Code (.mcp.json), Cursor, Cline, Gemini CLI, Windsurf, ModelScope
//   "servers":    VS Code (.vscode/mcp.json; "mcp": { "servers" } inside settings.json)
// and the transport hides behind different fields: "type" ("stdio" | "http" | "sse", ModelScope's
// "streamable_http"), Cline's "transportType", Gemini CLI's "httpUrl" (Streamable HTTP) versus
// "url" (SSE), Windsurf's "serverUrl", or no field at all.

import { McpwireError } from 'mcpwire/jsonrpc';
import { parseJson, parseJsonc } from './jsonc.js';

/** The transports an entry can mean. */
export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/** A config file that cannot be read as one. */
export class ConfigError extends McpwireError {
  override name = 'ConfigError';
  override readonly code = 'CONFIG';
}

/** One named server entry, untouched. */
export interface ConfigEntry {
  name: string;
  /** The object it sat in: "mcpServers", "servers" or "mcp.servers". */
  section: string;
  raw: Record<string, unknown>;
}

/** What mcpwire makes of an entry. */
export interface EntryMeaning {
  /** undefined: nothing says how to reach the server. */
  transport: TransportKind | undefined;
  /** The field(s) that decided, in words. */
  because: string;
  command?: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  url?: string;
  /** Which field held the URL: url, httpUrl or serverUrl. */
  urlField?: string;
  headers: Record<string, string>;
  disabled: boolean;
}

/** The values of "type" (or Cline's "transportType") that some host documents. */
export const KNOWN_TYPES: Record<string, { transport: TransportKind; who: string }> = {
  stdio: { transport: 'stdio', who: 'Claude Code, VS Code, Cline' },
  http: { transport: 'streamable-http', who: 'Claude Code, VS Code' },
  'streamable-http': { transport: 'streamable-http', who: 'Roo Code' },
  streamable_http: { transport: 'streamable-http', who: 'ModelScope' },
  streamableHttp: { transport: 'streamable-http', who: 'Cline' },
  sse: { transport: 'sse', who: 'legacy HTTP+SSE: Claude Code, VS Code, Cline, ModelScope' },
};

/** Human names of the transports. */
export const TRANSPORT_NAMES: Record<TransportKind, string> = {
  stdio: 'stdio',
  'streamable-http': 'Streamable HTTP',
  sse: 'legacy HTTP+SSE (2024-11-05)',
};

/**
 * How a file is parsed, as its host parses it: VS Code reads its "servers" files as JSONC (comments
 * and trailing commas); Claude Desktop and the other "mcpServers" hosts use JSON.parse, which
 * rejects both, so the server list would never load there.
 */
export type ConfigParser = 'json' | 'jsonc';

/** The parser, in the words `config lint` prints. */
export const PARSER_NAMES: Record<ConfigParser, string> = {
  json: 'strict JSON (JSON.parse), as the "mcpServers" hosts read it',
  jsonc: 'JSONC (comments and trailing commas allowed), as VS Code reads it',
};

/**
 * Reads the entries of a config file's text, with the parser its host uses (every command that
 * takes a config file comes through here); throws ConfigError when there are none to read.
 */
export function readConfigText(text: string): { entries: ConfigEntry[]; sections: string[]; parser: ConfigParser } {
  let json: unknown;
  try {
    json = parseJsonc(text);
  } catch (error) {
    throw new ConfigError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  // JSONC is a superset: it finds the sections; a file with "mcpServers" must then be plain JSON too.
  const parser: ConfigParser = isObject(json) && json.mcpServers !== undefined ? 'json' : 'jsonc';
  if (parser === 'json') {
    try {
      parseJson(text);
    } catch (error) {
      throw new ConfigError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}. A file with "mcpServers" is read as ${PARSER_NAMES.json}: Claude Desktop and the others reject comments and trailing commas (only VS Code's "servers" files may have them)`);
    }
  }
  if (!isObject(json)) throw new ConfigError('The file is not a JSON object');
  const sections: [string, unknown][] = [['mcpServers', json.mcpServers], ['servers', json.servers]];
  if (isObject(json.mcp)) sections.push(['mcp.servers', json.mcp.servers]);
  const entries: ConfigEntry[] = [];
  const found: string[] = [];
  for (const [section, value] of sections) {
    if (value === undefined) continue;
    if (!isObject(value)) throw new ConfigError(`"${section}" must be an object of named servers`);
    found.push(section);
    for (const [name, raw] of Object.entries(value)) {
      if (!isObject(raw)) throw new ConfigError(`Server "${name}" in "${section}" must be an object`);
      entries.push({ name, section, raw });
    }
  }
  if (found.length === 0) {
    throw new ConfigError('No "mcpServers" (Claude Desktop, Claude Code, Cursor, Cline, Gemini CLI, Windsurf, ModelScope) or "servers" (VS Code) object in this file');
  }
  return { entries, sections: found, parser };
}

/** Finds one entry by name. */
export function findEntry(entries: readonly ConfigEntry[], name: string): ConfigEntry {
  const entry = entries.find((candidate) => candidate.name === name);
  if (!entry) {
    throw new ConfigError(`No server named "${name}" in this file (it has: ${entries.map((e) => e.name).join(', ') || 'none'})`);
  }
  return entry;
}

/** Decides what an entry means to mcpwire. */
export function interpretEntry(entry: ConfigEntry): EntryMeaning {
  const raw = entry.raw;
  const urlField = ['httpUrl', 'serverUrl', 'url'].find((field) => typeof raw[field] === 'string');
  const meaning: EntryMeaning = {
    transport: undefined,
    because: '',
    args: Array.isArray(raw.args) ? raw.args.map(String) : [],
    env: stringRecord(raw.env),
    headers: stringRecord(raw.headers),
    disabled: raw.disabled === true,
  };
  if (typeof raw.command === 'string') meaning.command = raw.command;
  if (typeof raw.cwd === 'string') meaning.cwd = raw.cwd;
  if (urlField) { meaning.url = raw[urlField] as string; meaning.urlField = urlField; }
  const typeField = raw.type !== undefined ? 'type' : raw.transportType !== undefined ? 'transportType' : undefined;
  const type = typeField === undefined ? undefined : raw[typeField];
  const known = typeof type === 'string' ? KNOWN_TYPES[type] : undefined;
  if (known) {
    meaning.transport = known.transport;
    meaning.because = `"${typeField}": "${type as string}" (${known.who})`;
    return meaning;
  }
  const guess = guessFromFields(meaning, urlField);
  meaning.transport = guess.transport;
  meaning.because = typeField === undefined ? guess.because : `unknown "${typeField}": ${JSON.stringify(type)}; ${guess.because}`;
  return meaning;
}

function guessFromFields(meaning: EntryMeaning, urlField: string | undefined): { transport: TransportKind | undefined; because: string } {
  if (meaning.command !== undefined) return { transport: 'stdio', because: '"command" with no "type"' };
  switch (urlField) {
    case 'httpUrl': return { transport: 'streamable-http', because: '"httpUrl" (Gemini CLI: Streamable HTTP)' };
    case 'serverUrl': return { transport: 'streamable-http', because: '"serverUrl" (Windsurf: Streamable HTTP, falling back to SSE)' };
    case 'url': return { transport: 'streamable-http', because: '"url" with no "type": mcpwire tries Streamable HTTP, then legacy HTTP+SSE' };
    default: return { transport: undefined, because: 'neither "command" nor a URL field' };
  }
}

/** One line saying what the entry starts or reaches. */
export function describeMeaning(meaning: EntryMeaning): string {
  if (meaning.transport === undefined) return `unusable: ${meaning.because}`;
  const where = meaning.transport === 'stdio'
    ? (meaning.command === undefined ? '(no command)' : [meaning.command, ...meaning.args].map(quoteWord).join(' '))
    : meaning.url ?? '(no url)';
  return `${TRANSPORT_NAMES[meaning.transport]}: ${where}`;
}

/** Quotes a word for a shell-like display when it needs it. */
export function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  const record: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined && item !== null) record[key] = String(item);
  return record;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
