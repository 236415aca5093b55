// From a ModelScope Plaza service to one host config entry, by the same checks as a registry
// entry (registry-entry.ts, registry-package-check.ts). Hosted: the caller's operational URL
// becomes a remote whose type is the one the URL was deployed with (an …/sse address is legacy
// HTTP+SSE, never Streamable HTTP). Local: a `server_config` command, only when it runs a package
// with a known runner (npx, uvx), the package named as its type names packages, no runner option
// that runs something else, every value literal; the service's own env values (often
// "your-api-key") are never written: each env_schema variable becomes a placeholder.

import type { OperationalUrl, PlazaLocalConfig, PlazaServer } from 'mcpwire-modelscope';
import { quoteWord } from './config-dialects.js';
import type { ServerDetail } from './registry-api.js';
import { remoteEntry } from './registry-entry.js';
import type { BuiltEntry, Dialect, Need } from './registry-entry.js';
import { checkLiteral, checkPackage, checkRuntimeWords, refuseEntry } from './registry-package-check.js';

/** The runners a Plaza command may name, and the package type each runs. */
const RUNNERS: Record<string, 'npm' | 'pypi'> = { npx: 'npm', uvx: 'pypi' };

/** The entry for one of the caller's hosted URLs. */
export function hostedEntry(server: PlazaServer, hosted: OperationalUrl, dialect: Dialect): BuiltEntry {
  const detail: ServerDetail = { name: server.id, description: server.description, version: '', packages: [], remotes: [] };
  return remoteEntry(detail, { type: hosted.transportType === 'sse' ? 'sse' : 'streamable-http', url: hosted.url }, dialect);
}

/** The entry for `server_config` entry `config`: its command checked, its variables as placeholders. */
export function localEntry(server: PlazaServer, config: PlazaLocalConfig, dialect: Dialect): BuiltEntry {
  const id = server.id;
  const registryType = Object.hasOwn(RUNNERS, config.command) ? RUNNERS[config.command] : undefined;
  if (registryType === undefined) {
    return refuseEntry(id, `server_config "${config.name}" runs ${JSON.stringify(config.command)}: mcpwire writes services run by npx or uvx only (a known runner and a named package); read its source and write this one by hand`);
  }
  const words = config.args.filter((word) => word !== '--');
  const at = words.findIndex((word) => !word.startsWith('-'));
  if (at === -1) refuseEntry(id, `server_config "${config.name}" names no package after ${config.command}`);
  const runtime = words.slice(0, at);
  const named = words[at]!;
  const own = words.slice(at + 1);
  // npm: name@version (a scope's "@" is not a version); PyPI: name==version.
  const split = registryType === 'npm' ? /^(@?[^@]+)(?:@(.+))?$/.exec(named) : /^([^=@]+)(?:==(.+))?$/.exec(named);
  const identifier = split?.[1] ?? named;
  const version = split?.[2];
  checkPackage(id, { registryType, identifier, ...(version !== undefined ? { version } : {}) });
  checkRuntimeWords(id, config.command, identifier, runtime.filter((word) => word !== '-y' && word !== '--yes'));
  for (const word of own) checkLiteral(id, `server_config "${config.name}" argument`, word);

  const placeholder = (name: string): string => (dialect === 'vscode' || dialect === 'cursor' ? `\${env:${name}}` : `\${${name}}`);
  const needs: Need[] = server.env.map((variable) => ({ name: variable.name, where: 'env', secret: variable.secret, required: variable.required, description: variable.description }));
  for (const name of Object.keys(config.env)) {
    if (!needs.some((need) => need.name === name)) needs.push({ name, where: 'env', secret: /KEY|TOKEN|SECRET|PASSWORD/i.test(name), required: true, description: 'named in server_config, not in env_schema' });
  }
  const env = Object.fromEntries(needs.map((need) => [need.name, placeholder(need.name)]));
  const versioned = version === undefined ? identifier : registryType === 'npm' ? `${identifier}@${version}` : `${identifier}==${version}`;
  // npm exec: "--" ends npx's own options, so nothing after it is read as one (as registry-entry.ts writes npm packages).
  const args = registryType === 'npm' ? [...(runtime.length ? runtime : ['-y']), '--', versioned, ...own] : [...runtime, versioned, ...own];
  const entry: Record<string, unknown> = {};
  if (dialect === 'claude-code' || dialect === 'vscode') entry.type = 'stdio';
  entry.command = config.command;
  entry.args = args;
  if (needs.length > 0) entry.env = env;
  return { entry, needs, runs: [config.command, ...args].map(quoteWord).join(' '), notes: [] };
}
