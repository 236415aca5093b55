// The core's public surface (issue 44): every name a user can import from the entries of
// package.json "exports", values (read by importing the built entry) and types (read with the
// TypeScript checker, test/export-types.ts), and the names more than one entry offers.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedTypes } from '../test/export-types.js';
import { importDist } from './build.js';
import { ROOT } from './config.js';

export interface PublicNames {
  /** Distinct names over all entries. */
  distinct: number;
  /** Each name importable from more than one entry, with those entries. */
  shared: Record<string, string[]>;
  /** Names per entry ('.', './server', …). */
  perEntry: Record<string, number>;
}

export async function countPublicNames(): Promise<PublicNames> {
  const { exports } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
  // './dist/src/server/index.js' is built from 'src/server/index.ts'; './package.json' is no module.
  const entries = Object.entries(exports).filter(([, target]) => target.startsWith('./dist/src/'))
    .map(([entry, target]) => ({ entry, built: target.slice('./dist/'.length), source: target.slice('./dist/src/'.length).replace(/\.js$/, '.ts') }));
  const types = exportedTypes(entries.map(({ source }) => source));
  const entriesOf = new Map<string, string[]>();
  const perEntry: Record<string, number> = {};
  for (const { entry, built, source } of entries) {
    const names = [...Object.keys(await importDist<Record<string, unknown>>(built)), ...types[source]!];
    perEntry[entry] = names.length;
    for (const name of names) entriesOf.set(name, [...entriesOf.get(name) ?? [], entry]);
  }
  const shared = Object.fromEntries([...entriesOf].filter(([, where]) => where.length > 1).sort(([a], [b]) => a.localeCompare(b)));
  return { distinct: entriesOf.size, shared, perEntry };
}
