// Counts the public names of each package.json `exports` entry, the way test/exports.test.ts pins
// them: values are the keys of the imported module, types the type-only exports the TypeScript
// checker finds (test/export-types.ts). Then the distinct names over all entries.
//   npx tsx scripts/public-names.ts

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { exportedTypes } from '../test/export-types.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const exportsMap = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> }).exports;

/** `./dist/src/http.js` → `http.ts`: the source of an entry, relative to src/. */
const entries = Object.entries(exportsMap).flatMap(([name, target]) =>
  target.startsWith('./dist/src/') ? [[name, target.slice('./dist/src/'.length).replace(/\.js$/, '.ts')] as const] : []);

const types = exportedTypes(entries.map(([, source]) => source));
const allValues = new Set<string>();
const allTypes = new Set<string>();
const rows: string[] = [];
for (const [name, source] of entries) {
  const values = Object.keys(await import(pathToFileURL(join(ROOT, 'src', source)).href) as object);
  values.forEach((value) => allValues.add(value));
  types[source]!.forEach((type) => allTypes.add(type));
  rows.push(`${name.padEnd(18)} ${String(values.length).padStart(4)} values ${String(types[source]!.length).padStart(4)} types`);
}
const both = new Set([...allValues, ...allTypes]);
rows.push(`distinct over all entries: ${both.size} names (${allValues.size} values, ${allTypes.size} types)`);
process.stdout.write(`${rows.join('\n')}\n`);
