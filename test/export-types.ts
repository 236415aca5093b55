// The type-only names each public entry exports, read with the TypeScript checker (a type has no
// runtime value, so exports.test.ts cannot see it by importing the module).

import ts from 'typescript';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/** Entry file (relative to src/; a package's as `../packages/<name>/src/index.ts`) → its exported names that are types only, sorted. */
export function exportedTypes(entries: readonly string[]): Record<string, string[]> {
  const files = entries.map((entry) => join(SRC, entry));
  // The repo's paths: a package's `mcpwire/…` and `mcpwire-…` imports read as the sources beside it, not a build.
  const { paths } = (ts.readConfigFile(join(SRC, '../tsconfig.json'), ts.sys.readFile).config as { compilerOptions: { paths: ts.MapLike<string[]> } }).compilerOptions;
  const program = ts.createProgram(files, { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, paths, baseUrl: join(SRC, '..') });
  const checker = program.getTypeChecker();
  const result: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(files[index]!)!)!;
    result[entry] = checker.getExportsOfModule(module).filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) === 0;
    }).map((symbol) => symbol.name).sort();
  });
  return result;
}
