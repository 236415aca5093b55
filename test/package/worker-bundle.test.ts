// What a one-tool Worker (bench/servers/one-tool-worker.ts: ToolServer + the fetch handler) carries
// once bundled and minified for the web platform, as `npm run bench` measures it: server-side code
// only. The client side (McpClientPeer's progress for the requests it sends, McpClient, the HTTP
// client), stdio and the opt-in format checks must stay out of it, and so must the opt-in DPoP
// proof check (dpopVerifier) with its JWS code. bench/servers/one-tool-stateless-worker.ts (the
// 2026-07-28-only handler) carries none of the 2025 HTTP sessions either.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('../../bench/servers/one-tool-worker.ts', import.meta.url));
const STATELESS_ENTRY = fileURLToPath(new URL('../../bench/servers/one-tool-stateless-worker.ts', import.meta.url));

/** The Worker as bench/worker-footprint.ts builds it: the source files with bytes in the output, and the code. */
async function bundleWorker(entry = ENTRY): Promise<{ inputs: string[]; code: string }> {
  const result = await build({
    entryPoints: [entry], bundle: true, minify: true, platform: 'browser', format: 'esm', target: 'es2022',
    write: false, metafile: true, logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path).sort();
  return { inputs, code: result.outputFiles[0]!.text };
}

test('worker bundle: only server-side folders, without the opt-in format checks', async () => {
  const { inputs } = await bundleWorker();
  const folders = [...new Set(inputs.map((path) => path.slice(0, path.lastIndexOf('/'))))].sort();
  assert.deepStrictEqual(folders, [
    'bench/servers', 'src/errors', 'src/json-schema', 'src/jsonrpc', 'src/options', 'src/protocol', 'src/server', 'src/transport', 'src/transport/http-server',
  ]);
  assert.deepStrictEqual(inputs.filter((path) => path.endsWith('/standard-formats.ts')), []);
});

test('worker bundle: no client-side or stdio code in shared modules', async () => {
  const { code } = await bundleWorker();
  // Property names and strings survive minification: McpClientPeer's progress for the requests this
  // side sends (a server session is an McpPeer), the SSE parser's decoder (sse.ts, marked
  // pure), and stdio's LineTooLongError (the peer reads its `tail` as a field).
  const clientOrStdio = ['onprogress', 'openProgress', 'resetTimeoutOnProgress', 'ignoreBOM', 'LineTooLongError'];
  assert.deepStrictEqual(clientOrStdio.filter((name) => code.includes(name)), []);
});

/** The bundled files, of those named, by file name. */
function carried(inputs: string[], names: string[]): string[] {
  return inputs.map((path) => path.slice(path.lastIndexOf('/') + 1)).filter((name) => names.includes(name)).sort();
}

test('worker bundles: no DPoP proof check or JWS verification without a verifier that brings it (TokenVerifier.dpop)', async () => {
  const jws = ['compact-jws.ts', 'dpop-proof.ts', 'jws-sign.ts', 'jwt-verifier.ts'];
  assert.deepStrictEqual([carried((await bundleWorker()).inputs, jws), carried((await bundleWorker(STATELESS_ENTRY)).inputs, jws)], [[], []]);
});

test('worker bundle, 2026-07-28 only: no 2025 HTTP session code', async () => {
  const { inputs } = await bundleWorker(STATELESS_ENTRY);
  const sessions = ['event-store.ts', 'http-session.ts', 'http-sessions.ts', 'resumable-stream.ts', 'session-streams.ts'];
  assert.deepStrictEqual(carried(inputs, sessions), []);
});
