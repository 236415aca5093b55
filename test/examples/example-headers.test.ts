// Examples run as printed: every command in an example's header comment names that example's own
// file (a dist/ path is the build of it), the Bun and Deno commands are the ones test:runtimes runs
// (npm test has neither runtime), every relative import of an example resolves to a file, the
// Node one starts as its header says, and the framework snippets import names their mcpwire entry
// exports, from an entry that runtime can load.

import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../src/client/index.js';
import { spawnStdio } from '../../src/node.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function examples(dir = join(ROOT, 'examples')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? examples(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [relative(ROOT, join(dir, entry.name))] : []);
}

/** The comment lines a file opens with. */
function header(file: string): string {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end).join('\n');
}

/** The commands in a header: `node P`, `npx tsx P`, `bun run P`, `deno run … P`, each with its arguments. */
function commands(text: string): string[][] {
  return [...text.matchAll(/(?:`|\/\/ {3}(?:\w+=\S+ )*)((?:node|npx tsx|bun run|deno run) [^`(\n]*?)\s*(?:`|\(|\n|$)/g)].map((match) => match[1]!.split(' '));
}

/** The example file a command runs: its first argument ending in .ts or .js (dist/X.js is the build of X.ts). */
function fileRun(command: string[]): string {
  const path = command.find((word) => /\.(ts|js)$/.test(word))!;
  return path.replace(/^dist\//, '').replace(/\.js$/, '.ts');
}

test('each example header\'s commands run that example\'s own file', () => {
  const named: Record<string, string[]> = {};
  for (const file of examples()) {
    const found = commands(header(file));
    if (found.length > 0) named[file] = found.map(fileRun);
  }
  assert.deepStrictEqual(named, {
    'examples/add-server.ts': ['examples/add-server.ts', 'examples/add-server.ts'],
    'examples/conformance/client.ts': ['examples/conformance/client.ts'],
    'examples/conformance/server.ts': ['examples/conformance/server.ts'],
    'examples/extension-server.ts': ['examples/extension-server.ts'],
    'examples/opentelemetry-tracing.ts': ['examples/opentelemetry-tracing.ts'],
    'examples/skills-server.ts': ['examples/skills-server.ts'],
    'examples/runtimes/bun.ts': ['examples/runtimes/bun.ts'],
    'examples/runtimes/deno.ts': ['examples/runtimes/deno.ts'],
  });
  const build = JSON.parse(readFileSync(join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
  assert.ok(build.include.includes('examples'), 'dist/examples/*.js exists after npm run build');
});

test('the Bun and Deno headers give the command test:runtimes runs', () => {
  const runtimes = readFileSync(join(ROOT, 'scripts/runtimes.ts'), 'utf8');
  const ran = Object.fromEntries([...runtimes.matchAll(/checkListening\(binaries\.(bun|deno), \[([^\]]*)\]\)/g)]
    .map((match) => [match[1]!, [match[1]!, ...[...match[2]!.matchAll(/'([^']*)'/g)].map((word) => word[1]!)]]));
  assert.deepStrictEqual({ bun: commands(header('examples/runtimes/bun.ts'))[0], deno: commands(header('examples/runtimes/deno.ts'))[0] },
    { bun: ran.bun, deno: ran.deno });
});

test('every relative import of an example resolves to a file', () => {
  const missing: string[] = [];
  let checked = 0;
  for (const file of examples()) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = join(ROOT, dirname(file), match[1]!);
      checked++;
      if (!existsSync(target) && !existsSync(target.replace(/\.js$/, '.ts'))) missing.push(`${file}: ${match[1]}`);
    }
  }
  assert.deepStrictEqual(missing, []);
  assert.ok(checked > 5, `${checked} imports`);
});

test('examples/add-server.ts starts as its header says and answers add over stdio', async () => {
  const client = await McpClient.connect(spawnStdio(process.execPath, ['--import', 'tsx', join(ROOT, 'examples/add-server.ts')]), { era: '2025-11-25' });
  try {
    assert.deepStrictEqual(await client.callTool('add', { a: 19, b: 23 }), { content: [{ type: 'text', text: '42' }] });
  } finally {
    await client.close();
  }
});

test('frameworks.md: each snippet imports names its mcpwire entry exports, Hono from the fetch entry', async () => {
  const markdown = readFileSync(join(ROOT, 'examples/runtimes/frameworks.md'), 'utf8');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
  const entries: Record<string, string[]> = {};
  for (const section of markdown.split(/^## /m).slice(1)) {
    const title = section.slice(0, section.indexOf(' '));
    for (const block of section.matchAll(/```ts\n([\s\S]*?)```/g)) {
      for (const match of block[1]!.matchAll(/import \{ ([^}]+) \} from '(mcpwire(?:\/[\w-]+)?)'/g)) {
        const entry = match[2]!;
        (entries[title] ??= []).push(entry);
        const source = pkg.exports[entry.replace(/^mcpwire/, '.')]!.replace(/^\.\/dist\//, '../../').replace(/\.js$/, '.ts');
        const module = await import(source) as Record<string, unknown>;
        for (const name of match[1]!.split(',').map((word) => word.trim())) assert.equal(typeof module[name], 'function', `${entry} exports ${name}`);
      }
    }
  }
  // Hono runs on Workers, Bun, Deno: mcpwire/http holds no node:*; Express is node:http's.
  assert.deepStrictEqual(entries, { Hono: ['mcpwire/http'], Express: ['mcpwire/node'] });
});
