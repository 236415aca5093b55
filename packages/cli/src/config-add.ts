// Adding one server entry to a host's config file, for every command that adds one (`registry add`,
// `modelscope add`): the file is read, its dialect found from its shape (or --dialect, which may
// not contradict it), the section chosen, an entry of the same name refused unless --force, and
// the whole new text written at once by config-write.ts, only after the entry was built and
// checked, so that nothing is ever half-written.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from './args.js';
import type { CommandIo } from './command-io.js';
import { ConfigError, readConfigText } from './config-dialects.js';
import { writeEntry } from './config-write.js';
import { detectDialect } from './registry-dialect.js';
import type { Dialect } from './registry-entry.js';

/** A config file about to receive an entry: its text, what it holds, and the dialect to write. */
export interface ConfigTarget {
  /** As the user gave it (for messages). */
  file: string;
  path: string;
  text: string;
  parsed: ReturnType<typeof readConfigText> | undefined;
  detected: { dialect: Dialect; because: string } | undefined;
  dialect: Dialect;
  /** "mcpServers", "servers" or "mcp.servers". */
  section: string;
}

/** Reads `file` (relative to io.cwd; a missing or empty file is fine) and settles the dialect and section. */
export function openConfigTarget(io: CommandIo, file: string, requested: Dialect | undefined): ConfigTarget {
  const path = resolve(io.cwd, file);
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  let parsed: ReturnType<typeof readConfigText> | undefined;
  if (text.trim() !== '') {
    try {
      parsed = readConfigText(text);
    } catch (error) {
      // A file with other settings and no server section yet (VS Code's settings.json) is fine.
      if (!(error instanceof ConfigError) || !/^No "mcpServers"/.test(error.message)) throw new ConfigError(`${file}: ${(error as Error).message}`);
    }
  }
  const detected = parsed ? detectDialect(parsed.entries, parsed.sections) : undefined;
  // --dialect chooses among hosts sharing a section; VS Code's "servers" and everyone else's "mcpServers" cannot mix.
  if (detected && requested && (detected.dialect === 'vscode') !== (requested === 'vscode')) {
    throw new UsageError(`${file} is written for ${detected.dialect} (${detected.because}); --dialect ${requested} disagrees`);
  }
  const dialect = requested ?? detected?.dialect ?? 'claude-desktop';
  const section = dialect === 'vscode' ? (parsed?.sections.includes('mcp.servers') || /"mcp"\s*:/.test(text) ? 'mcp.servers' : 'servers') : 'mcpServers';
  return { file, path, text, parsed, detected, dialect, section };
}

/** Refuses to replace an entry of the same name without --force. */
export function refuseExisting(target: ConfigTarget, key: string, force: boolean): void {
  if (target.parsed?.entries.some((entry) => entry.name === key && entry.section === target.section) && !force) {
    throw new UsageError(`${target.file} already has a server named "${key}" in "${target.section}": nothing written (--force replaces it)`);
  }
}

/** Writes the file with the entry added (or replaced, with force): one write of the whole text. */
export function writeConfigEntry(target: ConfigTarget, key: string, entry: Record<string, unknown>, force: boolean): void {
  writeFileSync(target.path, writeEntry(target.text, { section: target.section, name: key, value: entry, replace: force }));
}
