// Typed tools, checked by the compiler: tsc --strict (the TypeScript API, as `tsc` runs it) on the
// fixtures in typed-tools/, which call the stand-in `tool(...)` with the generic signature
// server.tool needs. The `add` of zod, arktype, valibot and an inline JSON Schema compile with
// `a + b`; each one's misuse (`a.toUpperCase()`) is refused; a widened schema stays loose; the
// inferred JSON Schema types and the typed structuredContent catch their mistakes. Every error
// printed is pinned here, and no file without "misuse" in its name may have one.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = join(ROOT, 'test/server/typed-tools');

test('tsc --strict accepts every typed tool fixture and refuses each misuse with the error it prints', () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith('.ts')).map((name) => join(DIR, name));
  const program = ts.createProgram(files, {
    strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: ['node'],
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, verbatimModuleSyntax: true,
  });
  const errors: Record<string, string[]> = {};
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file ? relative(DIR, diagnostic.file.fileName) : '(no file)';
    const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    (errors[file] ??= []).push(`(${at ? `${at.line + 1},${at.character + 1}` : '-'}): error TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
  }
  assert.deepStrictEqual(errors, {
    'add-arktype-misuse.ts': ["(5,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."],
    'add-json-schema-misuse.ts': ["(4,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."],
    'add-valibot-misuse.ts': ["(6,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."],
    'add-zod-misuse.ts': ["(5,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."],
    'json-schema-infer-misuse.ts': [
      "(17,26): error TS18048: 'args.note' is possibly 'undefined'.",
      "(18,26): error TS2339: Property 'identifier' does not exist on type '{ id: number; status: \"open\" | \"shipped\"; customer: { name: string; }; note?: string | undefined; }'.",
      "(19,9): error TS2322: Type '\"closed\"' is not assignable to type '\"open\" | \"shipped\"'.",
      "(20,9): error TS2322: Type 'string' is not assignable to type 'number'.",
    ],
    'output-schema-misuse.ts': [
      "(7,92): error TS2322: Type 'string' is not assignable to type 'number'.",
      "(13,10): error TS2322: Type '{ content: { type: \"text\"; text: string; }[]; }' is not assignable to type '(CallToolResult & { isError: true; }) | (CallToolResult & { structuredContent: { sum: number; }; }) | Promise<(CallToolResult & { isError: true; }) | (CallToolResult & { ...; })>'.\n"
        + "  Type '{ content: { type: \"text\"; text: string; }[]; }' is not assignable to type 'CallToolResult & { structuredContent: { sum: number; }; }'.\n"
        + "    Property 'structuredContent' is missing in type '{ content: { type: \"text\"; text: string; }[]; }' but required in type '{ structuredContent: { sum: number; }; }'.",
    ],
  });
});
