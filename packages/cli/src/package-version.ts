// `mcpwire --version`: the version in the command's own package.json (mcpwire-cli), found at run time by walking
// up from this module, so it is right from packages/cli/src (tsx) and from packages/cli/dist/src alike.

import { readFileSync } from 'node:fs';

/** How many folders up the search goes: packages/cli/src → repo is 2, packages/cli/dist/src → package is 3. */
const MAX_LEVELS = 5;

/** The version of the mcpwire-cli package that `moduleUrl` belongs to. */
export function packageVersion(moduleUrl: string = import.meta.url): string {
  let folder = new URL('./', moduleUrl);
  for (let level = 0; level <= MAX_LEVELS; level++, folder = new URL('../', folder)) {
    let text: string;
    try {
      text = readFileSync(new URL('package.json', folder), 'utf8');
    } catch {
      continue;
    }
    const manifest = JSON.parse(text) as { name?: unknown; version?: unknown };
    if (manifest.name === 'mcpwire-cli' && typeof manifest.version === 'string') return manifest.version;
  }
  throw new Error(`cannot find mcpwire-cli's package.json above ${moduleUrl}`);
}
