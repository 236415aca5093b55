// The TypeScript files of src/, for the tests that read the source itself (layers, package
// boundaries, method and protocol literals), and the one reading of their import specifiers.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The absolute path of src/. */
export const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every .ts file under `dir`, as absolute paths. */
export function sourceFiles(dir: string = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
}

/** Every .ts file of src/ with its text, by its name inside src/ (`protocol/era.ts`). */
export function sourceTexts(): Record<string, string> {
  return Object.fromEntries(sourceFiles().map((file) => [relative(SRC, file).split('\\').join('/'), readFileSync(file, 'utf8')]));
}

/**
 * Every import specifier in `code`, comments removed: `import … from`, `export … from`, a bare
 * `import '…'` and a dynamic `import('…')`.
 */
export function importSpecifiers(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...bare.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]!);
}
