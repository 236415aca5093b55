// Where `mcpwire login` keeps OAuth tokens: one JSON file per user, readable by that user only
// (0600, in a 0700 folder), under the user's config directory, keyed by server URL.

import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredAuth, TokenStore } from 'mcpwire-auth';

/** The folder: $MCPWIRE_CONFIG_DIR, else $XDG_CONFIG_HOME/mcpwire, %APPDATA%\mcpwire, or ~/.config/mcpwire. */
export function configDir(env: Record<string, string | undefined>, platform: string = process.platform): string {
  if (env.MCPWIRE_CONFIG_DIR) return env.MCPWIRE_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'mcpwire');
  if (platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'mcpwire');
  return join(env.HOME ?? env.USERPROFILE ?? '.', '.config', 'mcpwire');
}

/** A TokenStore in `<configDir>/tokens.json`, written whole (temporary file, then rename) with mode 0600. */
export class TokenFile implements TokenStore {
  readonly path: string;
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
    this.path = join(dir, 'tokens.json');
  }

  /** Everything stored, by server URL; an absent or unreadable file is empty. */
  readAll(): Record<string, StoredAuth> {
    try {
      const value: unknown = JSON.parse(readFileSync(this.path, 'utf8'));
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, StoredAuth> : {};
    } catch {
      return {};
    }
  }

  /** Whether `server` has tokens: the commands use OAuth for it only then. */
  has(server: string): boolean {
    return this.readAll()[server]?.tokens !== undefined;
  }

  async load(server: string): Promise<StoredAuth | undefined> {
    return this.readAll()[server];
  }

  async save(server: string, value: StoredAuth): Promise<void> {
    this.#write({ ...this.readAll(), [server]: value });
  }

  async delete(server: string): Promise<void> {
    const all = this.readAll();
    delete all[server];
    this.#write(all);
  }

  #write(all: Record<string, StoredAuth>): void {
    mkdirSync(this.#dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600); // mode applies only when the file is created
    renameSync(temporary, this.path);
  }
}
