// The programs npm run build also ships bundled (scripts/bundle.mjs): the `mcpwire` bin of
// mcpwire-cli with its demo server, and the core's add server, each one ESM file under dist/bundle/. Both builds must answer the same: the demo,
// the seed's 19 + 23 through the CLI and the add server it spawns, run once per build.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildPackage, packedFiles, type BuiltPackage } from './built-package.js';

let built: BuiltPackage;
before(() => { built = buildPackage(); });
after(() => rmSync(built.root, { recursive: true, force: true }));

/** The programs scripts/bundle.mjs bundles, by package: the CLI and the demo server it spawns; the example server the docs spawn. */
const BUNDLES: Record<string, string[]> = {
  'mcpwire-cli': ['dist/bundle/src/main.js', 'dist/bundle/src/demo-server.js'],
  'mcpwire': ['dist/bundle/examples/add-server.js'],
};

/** `node <file> args…` in the installed package `name`, with `input` on stdin; its stdout. */
function run(name: string, file: string, args: string[], input = ''): string {
  return execFileSync(process.execPath, [join(built.packages[name]!, file), ...args], { cwd: built.packages[name]!, input, encoding: 'utf8', timeout: 60_000 });
}

test('the bin is the bundle, one file importing nothing but node built-ins, and every bundle is packed', () => {
  const pkg = JSON.parse(readFileSync(join(built.packages['mcpwire-cli']!, 'package.json'), 'utf8')) as { bin: { mcpwire: string } };
  assert.equal(pkg.bin.mcpwire, 'dist/bundle/src/main.js');
  for (const [name, files] of Object.entries(BUNDLES)) {
    for (const file of files) {
      const text = readFileSync(join(built.packages[name]!, file), 'utf8');
      const specifiers = [...text.matchAll(/^import\b[^'"]*?from\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm)].map((m) => m[1] ?? m[2]!);
      assert.deepEqual(specifiers.filter((specifier) => !specifier.startsWith('node:')), [], `${name}/${file} imports only node: built-ins`);
    }
    const packed = packedFiles(built.packages[name]!);
    assert.deepEqual(files.filter((file) => !packed.includes(file)), [], `${name} packs its bundles`);
  }
});

test('mcpwire demo prints the same through the bundled CLI and the per-file build, each spawning its own add server', () => {
  const bundled = run('mcpwire-cli', 'dist/bundle/src/main.js', ['demo']).split('\n');
  const perFile = run('mcpwire-cli', 'dist/src/main.js', ['demo']).split('\n');
  assert.equal(bundled[0], 'mcpwire demo: "19 加 23" — add server over stdio (node dist/bundle/src/demo-server.js)');
  assert.equal(perFile[0], 'mcpwire demo: "19 加 23" — add server over stdio (node dist/src/demo-server.js)');
  assert.deepEqual(bundled.slice(1), perFile.slice(1));
  assert.ok(bundled.includes('model API │ host → user      19 加 23 等于 42。'), bundled.join('\n'));
});

test('the add server answers initialize and the 19 + 23 call alike from both builds', () => {
  const lines = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } },
  ].map((message) => `${JSON.stringify(message)}\n`).join('');
  const bundled = run('mcpwire', 'dist/bundle/examples/add-server.js', [], lines);
  assert.equal(bundled, run('mcpwire', 'dist/examples/add-server.js', [], lines));
  assert.deepEqual(bundled.split('\n').map((line) => (line ? JSON.parse(line) : line)), [
    { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: { tools: { listChanged: true } }, serverInfo: { name: 'calc', version: '1.0.0' } } },
    { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: '42' }] } },
    '',
  ]);
});

test('the CLI bundle, which holds the demo server\'s module too (for serve), does not start that server', () => {
  // A message on stdin would be answered if the demo server's entry check took the bundle for itself.
  const { version } = JSON.parse(readFileSync(join(built.packages['mcpwire-cli']!, 'package.json'), 'utf8')) as { version: string };
  assert.equal(run('mcpwire-cli', 'dist/bundle/src/main.js', ['--version'], `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })}\n`), `${version}\n`);
});
