// Which package entries run in any JavaScript runtime, and how to tell from the built files.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The entries that must load without Node (issue 13): no node:* import, no Buffer, no process. */
export const NEUTRAL_ENTRIES = ['http', 'http-stateless', 'transport', 'server', 'client', 'protocol', 'jsonrpc', 'json-schema', 'host'] as const;

/** Every built file `entry` loads (following relative imports), and what in them needs Node. */
export function nodeNeeds(pkg: string, entry: string): { files: string[]; offences: string[] } {
  const seen = new Set<string>();
  const offences: string[] = [];
  const queue = [join(pkg, entry)];
  for (let i = 0; i < queue.length && i < 2000; i++) {
    const file = queue[i]!;
    if (seen.has(file)) continue;
    seen.add(file);
    const name = relative(pkg, file);
    // tsc keeps comments; comments may mention Node, code may not.
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    for (const [, specifier] of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g)) {
      if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!));
      else offences.push(`${name} imports ${specifier}`);
    }
    for (const [, specifier] of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) offences.push(`${name} imports ${specifier} dynamically`);
    for (const [global] of code.matchAll(/\b(?:Buffer|process)\b(?=\s*[.(])/g)) offences.push(`${name} uses ${global}`);
  }
  return { files: [...seen].map((file) => relative(pkg, file)), offences };
}
