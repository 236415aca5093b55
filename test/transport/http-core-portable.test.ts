// The fetch handler must run where there is no Node: Deno, Bun, a Worker. Everything it loads,
// followed import by import from the file, names no node:* module and no Node global (Buffer,
// process). The node adapter is the only HTTP server file allowed them.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every repo file `entry` loads, and what in it would not run outside Node. */
function nodeDependencies(entry: string): { files: string[]; offences: string[] } {
  const seen = new Set<string>();
  const offences: string[] = [];
  const queue = [join(ROOT, entry)];
  for (let i = 0; i < queue.length && i < 500; i++) {
    const file = queue[i]!;
    if (seen.has(file)) continue;
    seen.add(file);
    const name = relative(ROOT, file);
    // Comments may mention Node; code may not.
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const [, specifier] of code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g)) {
      if (specifier!.startsWith('.')) queue.push(join(dirname(file), specifier!.replace(/\.js$/, '.ts')));
      else offences.push(`${name} imports ${specifier}`);
    }
    for (const [global] of code.matchAll(/\b(?:Buffer|process)\b(?=\s*[.(])/g)) offences.push(`${name} uses ${global}`);
  }
  return { files: [...seen].map((file) => relative(ROOT, file)), offences };
}

test('the fetch handler and the endpoint load no node:* module and use no Node global', () => {
  const { files, offences } = nodeDependencies('src/transport/http-server/fetch-handler.ts');
  assert.deepStrictEqual(offences, []);
  // It really is the endpoint, sessions and streams that were checked, not an empty walk.
  for (const core of ['http-endpoint.ts', 'http-session.ts', 'resumable-stream.ts', 'sse-response.ts', 'http-auth.ts', 'event-store.ts']) {
    assert.ok(files.includes(`src/transport/http-server/${core}`), core);
  }
});

test('the runtime examples (a Worker, Deno, Bun) load no node:* module either', () => {
  assert.deepStrictEqual(nodeDependencies('examples/runtimes/worker.ts').offences, []);
  assert.deepStrictEqual(nodeDependencies('examples/runtimes/deno.ts').offences, []);
  assert.deepStrictEqual(nodeDependencies('examples/runtimes/bun.ts').offences, []);
});

test('the walk does see Node where it is: the node adapter', () => {
  assert.deepStrictEqual(nodeDependencies('src/transport/node/node-http-exchange.ts').offences, [
    'src/transport/node/node-http-exchange.ts imports node:http',
    'src/transport/node/node-http-exchange.ts uses Buffer',
    'src/transport/node/node-http-exchange.ts uses process',
    'src/transport/node/node-http-exchange.ts uses Buffer',
    'src/transport/node/http-body.ts imports node:http',
    'src/transport/node/http-body.ts uses Buffer',
  ]);
});
