// The import arrows of docs/ARCHITECTURE.md, pinned the way exports.test.ts pins the exports: every
// relative import in src/ is checked against the layer it crosses into, and node:* may appear
// only in the folders that say they are for Node (transport/stdio, transport/node).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { CLIENT_REQUESTS, NOTIFICATIONS, SERVER_REQUESTS } from '../src/protocol/methods.js';
import { SRC, importSpecifiers, sourceFiles, sourceTexts } from './src-files.js';

/**
 * Which layers each layer may import (`→` in docs/ARCHITECTURE.md). Two
 * folders import nothing, so that every layer may import them: options (the check of options
 * objects) and errors (McpwireError, the base of every error class, which json-schema's errors
 * extend as much as jsonrpc's, so it cannot live in jsonrpc).
 */
const ARROWS: Record<string, readonly string[]> = {
  'options': [],
  'errors': [],
  'jsonrpc': ['options', 'errors'],
  'json-schema': ['options', 'errors'],
  'transport': ['protocol', 'jsonrpc', 'options', 'errors'],
  'protocol': ['jsonrpc', 'options', 'errors'],
  'server': ['protocol', 'jsonrpc', 'json-schema', 'options', 'errors'],
  'client': ['protocol', 'jsonrpc', 'json-schema', 'options', 'errors'],
  'host': ['client', 'protocol', 'jsonrpc', 'json-schema', 'transport', 'options', 'errors'],
};

/**
 * The entry files at the top of src/ that are one layer's public face (what a file that will move
 * into a package imports, test/architecture/package-boundaries.test.ts): importing one crosses
 * into that layer.
 */
const ENTRY_LAYERS: Record<string, string> = { 'http.js': 'transport', 'http-stateless.js': 'transport', 'node.js': 'transport' };

/** Folders whose files may import node:* (everything else runs in any JavaScript runtime). */
const NODE_FOLDERS = ['transport/stdio/', 'transport/node/'];

/** The entry files at the top of src/ that are for Node only. */
const NODE_ENTRIES = ['node.ts'];

/** The arrows that break the rules, as `file → specifier (why)`. */
export function brokenArrows(files: readonly string[], read: (file: string) => string): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const name = relative(SRC, file).split('\\').join('/');
    const layer = name.includes('/') ? name.split('/')[0]! : undefined;
    for (const specifier of importSpecifiers(read(file))) {
      if (specifier.startsWith('node:')) {
        const allowed = layer === undefined ? NODE_ENTRIES.includes(name) : NODE_FOLDERS.some((folder) => name.startsWith(folder));
        if (!allowed) broken.push(`${name} → ${specifier} (node:* outside ${NODE_FOLDERS.join(', ')})`);
        continue;
      }
      if (!specifier.startsWith('.') || layer === undefined || !(layer in ARROWS)) continue;
      const target = relative(SRC, normalize(join(dirname(file), specifier))).split('\\').join('/');
      const targetLayer = ENTRY_LAYERS[target] ?? target.split('/')[0]!;
      if (targetLayer !== layer && !ARROWS[layer]!.includes(targetLayer)) broken.push(`${name} → ${specifier} (${layer} may not import ${targetLayer})`);
    }
  }
  return broken;
}

test('every import in src/ follows the layer arrows, and node:* stays in the Node folders', () => {
  assert.deepStrictEqual(brokenArrows(sourceFiles(), (file) => readFileSync(file, 'utf8')), []);
});

/** The layers that can reach themselves by following the arrows: empty when the arrows have no cycle. */
export function layersOnACycle(arrows: Record<string, readonly string[]>): string[] {
  return Object.keys(arrows).filter((layer) => {
    const seen = new Set<string>();
    const next = [...arrows[layer]!];
    for (let target = next.pop(); target !== undefined; target = next.pop()) {
      if (seen.has(target)) continue;
      seen.add(target);
      next.push(...arrows[target] ?? []);
    }
    return seen.has(layer);
  });
}

test('the arrows have no cycle (transport → protocol holds only while protocol imports jsonrpc alone)', () => {
  assert.deepStrictEqual(layersOnACycle(ARROWS), []);
  assert.deepStrictEqual(layersOnACycle({ ...ARROWS, protocol: ['jsonrpc', 'transport'] }), ['transport', 'protocol']);
});

test('the arrow check does catch a wrong arrow and a stray node:* import', () => {
  const fake: Record<string, string> = {
    [join(SRC, 'server/x.ts')]: "import { McpClient } from '../client/mcp-client.js';\nimport { spawn } from 'node:child_process';",
    [join(SRC, 'transport/http-server/y.ts')]: "import { a } from '../../jsonrpc/peer.js';\n// import { b } from 'node:fs';\nimport { c } from 'node:http';",
    [join(SRC, 'transport/node/z.ts')]: "import { createServer } from 'node:http';",
  };
  assert.deepStrictEqual(brokenArrows(Object.keys(fake), (file) => fake[file]!), [
    'server/x.ts → ../client/mcp-client.js (server may not import client)',
    'server/x.ts → node:child_process (node:* outside transport/stdio/, transport/node/)',
    'transport/http-server/y.ts → node:http (node:* outside transport/stdio/, transport/node/)',
  ]);
});

/**
 * A transport moves messages and does not interpret them (docs/ARCHITECTURE.md): no file of
 * src/transport names an MCP method, so none can check a tool's scopes, compare headers with a
 * body or make up a cancellation. The one exception is the 2025 session's lifecycle, which the
 * transport spec ties to `initialize` (basic/transports#session-management: the session id comes
 * on its answer) and to the 2025/2026 route choice (docs/spec-notes.md §8.9).
 */
const SESSION_LIFECYCLE: Record<string, readonly string[]> = {
  'transport/http-server/http-session.ts': ['initialize', 'notifications/initialized'],
  'transport/http-server/http-sessions.ts': ['initialize'],
  'transport/http-server/stateless-http.ts': ['initialize'],
};

/** Each MCP method named as a string literal in a file of src/transport, as `file: 'method'`, outside SESSION_LIFECYCLE. */
export function transportMethodLiterals(files: Record<string, string>): string[] {
  const methods = new Set<string>([...Object.values(CLIENT_REQUESTS), ...Object.values(SERVER_REQUESTS), ...Object.values(NOTIFICATIONS)]);
  const found: string[] = [];
  for (const [file, code] of Object.entries(files)) {
    if (!file.startsWith('transport/')) continue;
    const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const match of bare.matchAll(/'([^'\n]*)'/g)) {
      const literal = match[1]!;
      if (methods.has(literal) && !SESSION_LIFECYCLE[file]?.includes(literal)) found.push(`${file}: '${literal}'`);
    }
  }
  return found;
}

test('src/transport names no MCP method: a transport moves messages, the server interprets them', () => {
  assert.deepStrictEqual(transportMethodLiterals(sourceTexts()), []);
  assert.deepStrictEqual(transportMethodLiterals({
    'transport/http-server/x.ts': "if (message.method === 'tools/call') check();\n// 'tools/list' in a comment\nsend({ method: 'notifications/cancelled' });",
    'server/y.ts': "if (method === 'tools/call') decide();",
  }), ["transport/http-server/x.ts: 'tools/call'", "transport/http-server/x.ts: 'notifications/cancelled'"]);
});

/**
 * JSON-RPC 2.0 without MCP (docs/ARCHITECTURE.md): the words of MCP's transports (the Streamable
 * HTTP session, the negotiated revision, the Mcp-Param-* and Mcp-Name headers, the standalone
 * stream, the auth challenge and the verified caller) belong to protocol/mcp-transport.ts.
 */
const MCP_TRANSPORT_WORDS = ['sessionId', 'ProtocolVersion', 'ParamHeader', 'McpName', 'StandaloneStream', 'authchallenge', 'AuthInfo'];

/** Each MCP transport word in a file of src/jsonrpc (comments included), as `file: word`. */
export function mcpWordsInJsonrpc(files: Record<string, string>): string[] {
  const found: string[] = [];
  for (const [file, code] of Object.entries(files)) {
    if (!file.startsWith('jsonrpc/')) continue;
    for (const word of MCP_TRANSPORT_WORDS) if (code.includes(word)) found.push(`${file}: ${word}`);
  }
  return found;
}

test('src/jsonrpc names none of the words of MCP\'s transports: they are McpTransport\'s, in src/protocol', () => {
  assert.deepStrictEqual(mcpWordsInJsonrpc(sourceTexts()), []);
  assert.deepStrictEqual(mcpWordsInJsonrpc({
    'jsonrpc/x.ts': '// the sessionId\nsetProtocolVersion?(version: string): void;',
    'protocol/y.ts': 'sessionId?: string; authInfo?: AuthInfo;',
  }), ['jsonrpc/x.ts: sessionId', 'jsonrpc/x.ts: ProtocolVersion']);
});
