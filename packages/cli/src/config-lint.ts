// What in a config entry another host would read differently, or not at all. Each finding says
// which hosts disagree and what to write instead.

import { resolve } from 'node:path';
import { findCommand } from './command-on-path.js';
import { KNOWN_TYPES } from './config-dialects.js';
import type { ConfigEntry, EntryMeaning } from './config-dialects.js';
import { findReferences, stringsIn } from './config-variables.js';

/** How bad a finding is: errors make `config lint` exit 1. */
export type Severity = 'error' | 'warning' | 'note';

/** One thing to fix or know about. */
export interface Finding {
  /** The entry it concerns; undefined for the file as a whole. */
  server: string | undefined;
  severity: Severity;
  message: string;
}

/** npm's launchers are .cmd batch files on Windows, which a host spawning without a shell cannot start. */
const WINDOWS_CMD_LAUNCHERS = new Set(['npx', 'npm', 'pnpm', 'pnpx', 'yarn', 'yarnpkg']);

/** Findings about the file as a whole. */
export function lintFile(entries: readonly ConfigEntry[], sections: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  if (sections.length > 1) {
    findings.push({ server: undefined, severity: 'warning', message: `The file has both ${sections.map((s) => `"${s}"`).join(' and ')}: each host reads only its own, so some servers are invisible to each host` });
  }
  if (entries.length === 0) findings.push({ server: undefined, severity: 'warning', message: 'No servers are configured' });
  return findings;
}

/**
 * Findings about one entry; `env` is the environment ${VAR} references and the command are checked
 * against (its PATH), `platform` (process.platform) decides whether Windows-only advice is a warning
 * or a note, and `cwd` is where a relative command or "cwd" starts.
 */
export function lintEntry(entry: ConfigEntry, meaning: EntryMeaning, env: Record<string, string | undefined>, platform: string, cwd: string): Finding[] {
  const findings: Finding[] = [];
  const add = (severity: Severity, message: string): void => { findings.push({ server: entry.name, severity, message }); };
  const raw = entry.raw;
  const typeField = raw.type !== undefined ? 'type' : raw.transportType !== undefined ? 'transportType' : undefined;
  const type = typeField === undefined ? undefined : raw[typeField];
  const hasCommand = raw.command !== undefined;

  if (typeField !== undefined && (typeof type !== 'string' || !KNOWN_TYPES[type])) {
    add('error', `Unknown "${typeField}": ${JSON.stringify(type)}. Known values: ${Object.keys(KNOWN_TYPES).map((t) => `"${t}"`).join(', ')}; a host that does not know it may ignore the entry or guess`);
  }
  if (hasCommand && meaning.urlField) {
    add('error', `Has both "command" and "${meaning.urlField}": hosts pick differently (some start the command, some connect to the URL, some reject the entry). Keep one`);
  }
  if (!hasCommand && !meaning.urlField) add('error', 'Has neither "command" (stdio) nor "url" / "httpUrl" / "serverUrl": no host can start or reach it');
  if (typeof type === 'string' && KNOWN_TYPES[type]) {
    const transport = KNOWN_TYPES[type].transport;
    if (transport === 'stdio' && !hasCommand) add('error', `"${typeField}": "${type}" needs "command"`);
    if (transport !== 'stdio' && !meaning.urlField) add('error', `"${typeField}": "${type}" needs "url"`);
  }
  if (raw.command !== undefined && typeof raw.command !== 'string') add('error', '"command" must be a string');
  if (raw.args !== undefined && (!Array.isArray(raw.args) || raw.args.some((arg) => typeof arg !== 'string'))) {
    add('error', '"args" must be an array of strings (Claude Desktop and VS Code reject anything else)');
  }
  for (const field of ['env', 'headers']) {
    const value = raw[field];
    if (value === undefined) continue;
    if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.values(value).some((item) => typeof item !== 'string')) {
      add('error', `"${field}" must be an object of string values (a number or boolean is rejected by some hosts: quote it)`);
    }
  }
  if (meaning.urlField === 'url' && typeField === undefined && !hasCommand) {
    add('warning', 'A bare "url" with no "type" is read differently by each host: Gemini CLI takes it as legacy SSE (it wants "httpUrl" for Streamable HTTP), Cursor tries Streamable HTTP, then SSE, Claude Code and VS Code need "type", and Claude Desktop\'s config file has no remote servers at all. Say which: "type": "http" (ModelScope: "streamable_http") or "type": "sse"');
  }
  if (meaning.url !== undefined) lintUrl(meaning, add);
  if (meaning.transport === 'stdio' && meaning.command !== undefined && WINDOWS_CMD_LAUNCHERS.has(meaning.command.toLowerCase())) {
    // Only a problem where the host runs on Windows; elsewhere it is worth knowing, nothing more.
    add(platform === 'win32' ? 'warning' : 'note', `On Windows, "${meaning.command}" is a .cmd batch file that hosts spawning without a shell cannot start (ENOENT or "spawn EINVAL"): write "command": "cmd", "args": ["/c", "${meaning.command}", …]`);
  }
  if (meaning.transport === 'stdio' && meaning.command !== undefined) lintCommand(meaning, env, platform, cwd, add);
  if (meaning.transport === 'stdio' && raw.headers !== undefined) add('warning', '"headers" has no effect on a stdio server: pass credentials in "env"');
  if (meaning.transport !== undefined && meaning.transport !== 'stdio' && raw.env !== undefined) {
    add('warning', '"env" has no effect on a remote server: credentials for HTTP go in "headers"');
  }
  for (const { path, text } of stringsIn({ command: raw.command, args: raw.args, env: raw.env, cwd: raw.cwd, url: meaning.url, headers: raw.headers })) {
    for (const reference of findReferences(text)) {
      // ${workspaceFolder}, ${userHome}, …: VS Code fills them in, and so does mcpwire.
      if (reference.kind === 'builtin') continue;
      if (reference.kind === 'input') {
        add('note', `${path} uses ${reference.text}: VS Code prompts for it (mcpwire: --input NAME=VALUE); other hosts pass the text through unchanged`);
      } else if (reference.kind === 'bare') {
        const unset = (env[reference.name] ?? '') === '' ? ', and it is not set in this environment' : '';
        add(unset ? 'warning' : 'note', `${path} uses ${reference.text}: only Gemini CLI expands $VAR; Claude Code expands \${${reference.name}}, VS Code and Cursor \${env:${reference.name}}, others pass the text unchanged${unset}`);
      } else if ((env[reference.name] ?? '') === '' && reference.fallback === undefined) {
        add('warning', `${path} references ${reference.text}, which is not set in this environment: the server would get the literal text or an empty value`);
      }
    }
  }
  if (meaning.disabled) add('note', '"disabled": true: hosts that honour it will not start this server');
  return findings;
}

/** A command the host could not start here: a name on no PATH directory, a path that is missing or not executable. */
function lintCommand(meaning: EntryMeaning, env: Record<string, string | undefined>, platform: string, cwd: string, add: (severity: Severity, message: string) => void): void {
  const command = meaning.command!;
  // Windows looks up PATHEXT and the current directory too (not modelled); a ${VAR} is filled in later.
  if (platform === 'win32' || env.PATH === undefined || command === '' || command.includes('$')) return;
  const lookup = findCommand(command, env.PATH, meaning.cwd !== undefined && !meaning.cwd.includes('$') ? resolve(cwd, meaning.cwd) : cwd);
  if (lookup.found) return;
  add('warning', command.includes('/')
    ? `"command": ${JSON.stringify(command)} cannot be started here: ${lookup.why}`
    : `"command": ${JSON.stringify(command)} is not on PATH here (${lookup.why}): a host would fail to start it (ENOENT); check the spelling, install it, or give its full path`);
}

function lintUrl(meaning: EntryMeaning, add: (severity: Severity, message: string) => void): void {
  const url = meaning.url!;
  if (/<[^>]*>|\bYOUR[_-]|\bxxx+\b/i.test(url)) {
    add('error', `The URL ${JSON.stringify(url)} is a placeholder: copy the current address from the service page`);
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\$\{[^}]*\}/g, 'x'));
  } catch {
    add('error', `${JSON.stringify(url)} is not a valid URL`);
    return;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') add('error', `The URL scheme must be http or https, not ${parsed.protocol}`);
  if (meaning.transport === 'streamable-http' && /\/sse\/?$/.test(parsed.pathname)) {
    add('warning', `The path ends in /sse, which usually names a legacy HTTP+SSE endpoint, but the entry says Streamable HTTP: use the service's Streamable HTTP (often /mcp) address or "type": "sse"`);
  }
  if (meaning.transport === 'sse') {
    add('note', 'Legacy HTTP+SSE (2024-11-05) is deprecated since 2025-03-26; prefer the server\'s Streamable HTTP address if it has one');
  }
}
