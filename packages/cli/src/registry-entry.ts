// From a registry entry to one host config entry: the command line a package runs with (or the
// URL a remote answers at), written in a host's dialect, with every environment variable and
// secret as a placeholder the host (or `mcpwire --config`) fills in from the environment.
// How a package is run follows the registry's docs (schema 2025-12-11,
// https://github.com/modelcontextprotocol/registry/blob/main/docs/reference/server-json/generic-server-json.md): runtimeHint, then
// runtimeArguments, then the package, then packageArguments.

import { RegistryError } from './registry-api.js';
import { checkLiteral, checkPackage, checkRuntimeWords, refuseEntry } from './registry-package-check.js';
import { quoteWord } from './config-dialects.js';
import type { KeyValueInput, RegistryArgument, RegistryInput, RegistryPackage, RegistryTransport, ServerDetail } from './registry-api.js';

/** The host dialects `registry add` writes (the ones `config lint` reads). */
export const DIALECTS = ['claude-desktop', 'claude-code', 'vscode', 'cursor', 'cline', 'gemini', 'modelscope'] as const;

/** One of DIALECTS. */
export type Dialect = (typeof DIALECTS)[number];

/** What an entry needs from the user, for the "judge it by" lines. */
export interface Need {
  name: string;
  where: 'env' | 'header' | 'argument';
  secret: boolean;
  required: boolean;
  description: string;
}

/** An entry ready to write, and what it needs. */
export interface BuiltEntry {
  entry: Record<string, unknown>;
  needs: Need[];
  /** In words: what the host will start or reach. */
  runs: string;
  notes: string[];
}

/** Builds the entry for package `pkg` of `server`. */
export function packageEntry(server: ServerDetail, pkg: RegistryPackage, dialect: Dialect): BuiltEntry {
  if (pkg.transport.type !== 'stdio') {
    throw new RegistryError(`package ${pkg.identifier} of ${server.name} serves ${pkg.transport.type} on a local port: start it yourself, then add its URL to the config by hand`);
  }
  const needs: Need[] = [];
  const placeholder = (name: string): string => (dialect === 'vscode' || dialect === 'cursor' ? `\${env:${name}}` : `\${${name}}`);
  const env: Record<string, string> = {};
  for (const variable of pkg.environmentVariables ?? []) {
    if (typeof variable?.name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable.name)) {
      throw new RegistryError(`malformed registry entry "${server.name}": environment variable name ${JSON.stringify(variable?.name)} is not a variable name`);
    }
    // An optional variable left out lets the server use its own default; a placeholder nobody sets would not.
    if (variable.isRequired === true) env[variable.name] = placeholder(variable.name);
    needs.push(need(variable.name, 'env', variable));
  }
  const runner = checkPackage(server.name, pkg);
  const argument = (arg: RegistryArgument): string[] => argumentWords(server.name, arg, needs, placeholder);
  const runtime = (pkg.runtimeArguments ?? []).flatMap(argument);
  checkRuntimeWords(server.name, runner, pkg.identifier, runtime);
  const own = (pkg.packageArguments ?? []).flatMap(argument);
  const versioned = (separator: string): string => (pkg.version ? `${pkg.identifier}${separator}${pkg.version}` : pkg.identifier);
  const command = runner;
  let args: string[];
  switch (pkg.registryType) {
    case 'npm':
      // npm exec: "--" ends npx's own options, so nothing after it is read as one.
      args = [...(runtime.length ? runtime : ['-y']), '--', versioned('@'), ...own];
      break;
    case 'pypi':
      args = [...runtime, versioned('=='), ...own];
      break;
    case 'oci':
      // docker passes only the variables named with -e into the container.
      args = ['run', '-i', '--rm', ...runtime, ...Object.keys(env).flatMap((name) => ['-e', name]), pkg.identifier, ...own];
      break;
    default:
      args = [...runtime, versioned('@'), '--yes', ...(own.length ? ['--', ...own] : [])];
      break;
  }
  const entry: Record<string, unknown> = {};
  if (dialect === 'claude-code' || dialect === 'vscode') entry.type = 'stdio';
  entry.command = command;
  entry.args = args;
  if (Object.keys(env).length > 0) entry.env = env;
  return { entry, needs, runs: [command, ...args].map(quoteWord).join(' '), notes: [] };
}

/** Builds the entry for a remote of `server`; refuses unknown transports and placeholder URLs. */
export function remoteEntry(server: ServerDetail, remote: RegistryTransport, dialect: Dialect): BuiltEntry {
  if (remote.type !== 'streamable-http' && remote.type !== 'sse') {
    throw new RegistryError(`malformed registry entry "${server.name}": a remote with transport "${String(remote.type)}" (remotes are "streamable-http" or "sse")`);
  }
  const url = resolveUrl(server.name, remote);
  const needs: Need[] = [];
  const headers: Record<string, string> = {};
  for (const header of remote.headers ?? []) {
    if (typeof header?.name !== 'string' || header.name === '') throw new RegistryError(`malformed registry entry "${server.name}": a header with no name`);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header.name)) refuseEntry(server.name, `header name ${JSON.stringify(header.name)} is not an HTTP field name`);
    if (header.value !== undefined && typeof header.value !== 'string') refuseEntry(server.name, `header ${header.name} has a value that is not a string`);
    if (header.value !== undefined) checkLiteral(server.name, `header ${header.name}`, header.value);
    const variable = header.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
    // Template {names} in a header value become ${VARS}, each one listed as a need (server.json
    // "variables" says whether it is secret); a header with no value is one variable.
    const declared = new Map<string, RegistryInput>();
    const value = header.value === undefined ? `\${${variable}}` : header.value.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
      const inner = isInput(header.variables) && Object.hasOwn(header.variables, name) && isInput(header.variables[name]) ? header.variables[name] : undefined;
      if (inner) declared.set(name.toUpperCase(), inner);
      return `\${${name.toUpperCase()}}`;
    });
    headers[header.name] = dialect === 'vscode' || dialect === 'cursor' ? value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '${env:$1}') : value;
    for (const match of value.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
      const input = declared.get(match[1]!) ?? header;
      const said = typeof input.description === 'string' ? input.description : typeof header.description === 'string' ? header.description : undefined;
      needs.push({ ...need(match[1]!, 'header', input), description: `sent as ${header.name}: ${value}${said !== undefined ? `; ${said}` : ''}` });
    }
  }
  const streamable = remote.type === 'streamable-http';
  const entry: Record<string, unknown> = {};
  const notes: string[] = [];
  switch (dialect) {
    case 'claude-desktop':
      notes.push('Claude Desktop itself adds remote servers under Settings › Connectors; this "type"/"url" entry is the one Claude Code reads, and mcpwire too');
      Object.assign(entry, { type: streamable ? 'http' : 'sse', url });
      break;
    case 'claude-code':
    case 'vscode':
      Object.assign(entry, { type: streamable ? 'http' : 'sse', url });
      break;
    case 'cursor':
      Object.assign(entry, { url });
      if (!streamable) notes.push('Cursor reads "url" as Streamable HTTP first and falls back to SSE');
      break;
    case 'cline':
      Object.assign(entry, { type: streamable ? 'streamableHttp' : 'sse', url });
      break;
    case 'gemini':
      Object.assign(entry, streamable ? { httpUrl: url } : { url });
      break;
    case 'modelscope':
      Object.assign(entry, { type: streamable ? 'streamable_http' : 'sse', url });
      break;
  }
  if (Object.keys(headers).length > 0) entry.headers = headers;
  return { entry, needs, runs: `${streamable ? 'Streamable HTTP' : 'legacy HTTP+SSE'} at ${url}`, notes };
}

/**
 * The remote's URL with its {variables} filled from their value or default. A URL that still
 * holds a placeholder (an unfilled {variable}, <angle brackets>, YOUR_…, a reserved example
 * domain) is refused: the seed's rule is that a placeholder URL is never used.
 */
export function resolveUrl(serverName: string, remote: RegistryTransport): string {
  const given = remote.url ?? '';
  const url = given.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    const variable = isInput(remote.variables) && Object.hasOwn(remote.variables, name) ? remote.variables[name] : undefined;
    return variable?.value ?? variable?.default ?? whole;
  });
  const refuse = (why: string): never => {
    throw new RegistryError(`registry entry "${serverName}" has a remote URL with a placeholder (${why}): ${JSON.stringify(given)}; a placeholder URL is never written to a config. Ask the publisher for the real URL`);
  };
  checkLiteral(serverName, 'the remote URL', url);
  const open = /\{[^}]*\}/.exec(url);
  if (open) refuse(`${open[0]} has no value or default`);
  if (/<[^>]*>/.test(url)) refuse('angle brackets');
  if (/your[-_]|YOUR_|\bplaceholder\b/i.test(url)) refuse('a "your-…" or "placeholder" word');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('not a URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') refuse(`scheme ${parsed.protocol}`);
  // RFC 2606 / 6761 names reserved for examples.
  if (/(^|\.)example\.(com|org|net)$|\.(example|invalid|test)$/i.test(parsed.hostname)) refuse(`${parsed.hostname} is reserved for examples`);
  return url;
}

function argumentWords(serverName: string, arg: RegistryArgument, needs: Need[], placeholder: (name: string) => string): string[] {
  if (typeof arg !== 'object' || arg === null || (arg.type !== 'positional' && arg.type !== 'named')) {
    throw new RegistryError(`malformed registry entry "${serverName}": an argument of type ${JSON.stringify((arg as { type?: unknown } | null)?.type)} (arguments are "positional" or "named")`);
  }
  if (arg.type === 'named' && (typeof arg.name !== 'string' || !arg.name.startsWith('-'))) {
    throw new RegistryError(`malformed registry entry "${serverName}": a named argument needs a "name" starting with "-", got ${JSON.stringify(arg.name)}`);
  }
  if (arg.type === 'named' && !/^--?[A-Za-z0-9][A-Za-z0-9._-]*$/.test(arg.name!)) refuseEntry(serverName, `named argument ${JSON.stringify(arg.name)} is not an option name`);
  let value = arg.value ?? arg.default;
  if (value !== undefined && typeof value !== 'string') refuseEntry(serverName, `argument ${arg.name ?? arg.valueHint ?? '(positional)'} has a value that is not a string`);
  if (value !== undefined) checkLiteral(serverName, `argument ${arg.name ?? arg.valueHint ?? '(positional)'}`, arg.type === 'named' ? `${arg.name}=${value}` : value);
  if (value === undefined) {
    if (!arg.isRequired) return [];
    const variable = (arg.valueHint ?? arg.name ?? 'ARGUMENT').replace(/^-+/, '').toUpperCase().replace(/[^A-Z0-9]+/g, '_');
    needs.push(need(variable, 'argument', arg));
    value = placeholder(variable);
  } else {
    value = value.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_: string, name: string) => {
      const inner = isInput(arg.variables) && Object.hasOwn(arg.variables, name) ? arg.variables[name] : undefined;
      const known = inner?.value ?? inner?.default;
      if (known !== undefined) {
        checkLiteral(serverName, `argument ${arg.name ?? arg.valueHint ?? '(positional)'} variable ${name}`, String(known));
        return String(known);
      }
      const variable = name.toUpperCase();
      needs.push(need(variable, 'argument', inner ?? arg));
      return placeholder(variable);
    });
  }
  return arg.type === 'named' ? [`${arg.name}=${value}`] : [value];
}

function isInput(value: unknown): value is Record<string, RegistryInput> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function need(name: string, where: Need['where'], input: RegistryInput | KeyValueInput): Need {
  return { name, where, secret: input.isSecret === true, required: input.isRequired === true, description: typeof input.description === 'string' ? input.description : '' };
}

/** The entry `build` makes, or why it cannot be made (a RegistryError's message, shown instead of the entry). */
export function attemptEntry(build: () => BuiltEntry): BuiltEntry | string {
  try {
    return build();
  } catch (error) {
    if (error instanceof RegistryError) return error.message;
    throw error;
  }
}
