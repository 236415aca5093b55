// Typed tools, checked by the compiler: the real `tsc --strict --noEmit` (a child process) on the
// fixtures in typed-tools/, which register tools on a real McpServer with `server.tool(...)`. The
// `add` of zod, arktype, valibot and an `as const` JSON Schema compile with `a + b`; each one's
// misuse (`a.toUpperCase()`) is refused; a widened schema stays loose; the inferred JSON Schema
// types and the typed structuredContent catch their mistakes; prompt arguments typed by an
// argumentsSchema (the same four languages) likewise. Every line tsc prints is pinned
// here, and no file without "misuse" in its name may have one.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { toolEnv } from '../fakes/tool-env.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DIR = 'test/server/typed-tools';
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** What `tsc --strict --noEmit` prints for the fixtures, one line per entry, and its exit code. */
async function tsc(): Promise<{ code: number; lines: string[] }> {
  const files = readdirSync(join(ROOT, DIR)).filter((name) => name.endsWith('.ts')).sort().map((name) => `${DIR}/${name}`);
  const args = [TSC, '--strict', '--noEmit', '--pretty', 'false', '--skipLibCheck', '--target', 'es2022', '--lib', 'es2022', '--types', 'node',
    '--module', 'nodenext', '--moduleResolution', 'nodenext', '--verbatimModuleSyntax', ...files];
  const run = await promisify(execFile)(process.execPath, args, { cwd: ROOT, env: toolEnv() }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { code: run.code, lines: run.stdout.split('\n').filter((line) => line !== '') };
}

test('tsc --strict accepts every typed tool and prompt fixture and refuses each misuse with the error it prints', async () => {
  const at = (file: string, rest: string): string => `${DIR}/${file}${rest}`;
  assert.deepStrictEqual(await tsc(), {
    code: 2,
    lines: [
      at('add-arktype-misuse.ts', "(7,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."),
      at('add-json-schema-misuse.ts', "(6,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."),
      at('add-valibot-misuse.ts', "(8,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."),
      at('add-zod-misuse.ts', "(7,54): error TS2339: Property 'toUpperCase' does not exist on type 'number'."),
      at('json-schema-infer-misuse.ts', "(19,26): error TS18048: 'args.note' is possibly 'undefined'."),
      at('json-schema-infer-misuse.ts', "(20,26): error TS2339: Property 'identifier' does not exist on type '{ id: number; status: \"open\" | \"shipped\"; customer: { name: string; }; note?: string | undefined; }'."),
      at('json-schema-infer-misuse.ts', "(21,9): error TS2322: Type '\"closed\"' is not assignable to type '\"open\" | \"shipped\"'."),
      at('json-schema-infer-misuse.ts', "(22,9): error TS2322: Type 'string' is not assignable to type 'number'."),
      at('output-schema-misuse.ts', "(9,92): error TS2322: Type 'string' is not assignable to type 'number'."),
      at('output-schema-misuse.ts', "(15,10): error TS2322: Type '{ content: { type: \"text\"; text: string; }[]; }' is not assignable to type '(CallToolResult & { isError: true; }) | (CallToolResult & { structuredContent: { sum: number; }; }) | Promise<(CallToolResult & { isError: true; }) | (CallToolResult & { ...; })>'."),
      "  Type '{ content: { type: \"text\"; text: string; }[]; }' is not assignable to type 'CallToolResult & { structuredContent: { sum: number; }; }'.",
      "    Property 'structuredContent' is missing in type '{ content: { type: \"text\"; text: string; }[]; }' but required in type '{ structuredContent: { sum: number; }; }'.",
      at('prompt-arguments-misuse.ts', "(9,41): error TS2339: Property 'toUpperCase' does not exist on type 'number'."),
      at('prompt-arguments-misuse.ts', "(14,18): error TS18048: 'args.language' is possibly 'undefined'."),
      at('prompt-arguments-misuse.ts', "(14,53): error TS2551: Property 'codes' does not exist on type '{ code: string; language?: string | undefined; }'. Did you mean 'code'?"),
    ],
  });
});
