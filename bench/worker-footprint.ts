// What a one-tool Worker weighs: bench/servers/one-tool-worker.ts (ToolServer + the fetch handler),
// and bench/servers/one-tool-stateless-worker.ts (the same on the 2026-07-28-only handler),
// beside the same Worker on the official SDK v2's createMcpHandler, each bundled for the web
// platform and minified by esbuild, raw and gzipped. The SDK is installed at a pinned version into
// .bench/sdk-v2/ (gitignored, never a dependency of this package). Both bundles must answer an
// initialize before their size counts.

import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ADD_CALL, ROOT, SCRATCH, STATELESS_META } from './config.js';

const SDK_VERSION = '2.4.0';
const SDK_DIR = join(SCRATCH, 'sdk-v2');

/** Minified and gzipped bytes of the two Workers. */
export interface WorkerFootprint {
  mcpwireMinifiedBytes: number;
  mcpwireGzippedBytes: number;
  /** The mcpwire Worker's minified bytes by source folder (src/json-schema, src/transport, …), from esbuild's metafile. */
  mcpwireParts: Record<string, number>;
  /** The same Worker on createStatelessFetchHandler (2026-07-28 only, no 2025 session code), minified. */
  statelessMinifiedBytes: number;
  statelessGzippedBytes: number;
  sdkVersion: string;
  sdkMinifiedBytes: number;
  sdkGzippedBytes: number;
}

/** @modelcontextprotocol/server at SDK_VERSION (and the zod it depends on) in .bench/sdk-v2/, installed on first use. */
function ensureSdk(): void {
  const manifest = join(SDK_DIR, 'node_modules/@modelcontextprotocol/server/package.json');
  if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).version === SDK_VERSION) return;
  mkdirSync(SDK_DIR, { recursive: true });
  // Its own package.json, so npm installs here and never walks up into the repository's.
  writeFileSync(join(SDK_DIR, 'package.json'), '{ "name": "sdk-v2-footprint", "private": true }\n');
  process.stderr.write(`bench: installing @modelcontextprotocol/server@${SDK_VERSION} into .bench/sdk-v2 (once)\n`);
  execFileSync('npm', ['install', '--prefix', SDK_DIR, '--no-audit', '--no-fund', '--save-exact', `@modelcontextprotocol/server@${SDK_VERSION}`],
    { cwd: SDK_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Bundles a Worker for the web platform (no node:* can resolve), minified, and checks that it serves. */
async function bundledWorker(esbuild: string, entry: string, outfile: string, era: 'both' | 'stateless' = 'both'): Promise<{ minified: number; gzipped: number; parts: Record<string, number> }> {
  const metafile = `${outfile}.meta.json`;
  execFileSync(esbuild, [entry, '--bundle', '--minify', '--platform=browser', '--format=esm', '--target=es2022',
    '--log-level=warning', `--outfile=${outfile}`, `--metafile=${metafile}`], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const worker = (await import(pathToFileURL(outfile).href)).default as { fetch(request: Request): Promise<Response> };
  // The 2026-only Worker answers the seed's call instead of initialize, which it refuses.
  const body = era === 'both'
    ? { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } }
    : { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...ADD_CALL, _meta: STATELESS_META } };
  const headers: Record<string, string> = era === 'both' ? {} : { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': ADD_CALL.name };
  const response = await worker.fetch(new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  }));
  const text = await response.text();
  const expected = era === 'both' ? '"serverInfo"' : '"text":"42"';
  if (response.status !== 200 || !text.includes(expected)) throw new Error(`${entry} bundled does not answer ${body.method}: ${response.status} ${text.slice(0, 300)}`);
  const bytes = readFileSync(outfile);
  return { minified: bytes.length, gzipped: gzipSync(bytes).length, parts: bytesByFolder(metafile) };
}

/** Output bytes by source folder: the first two path segments (`src/json-schema`), so src/transport/* counts as one. */
function bytesByFolder(metafile: string): Record<string, number> {
  const meta = JSON.parse(readFileSync(metafile, 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  const parts: Record<string, number> = {};
  for (const output of Object.values(meta.outputs)) {
    for (const [path, input] of Object.entries(output.inputs)) {
      const folder = path.split('/').slice(0, 2).join('/');
      parts[folder] = (parts[folder] ?? 0) + input.bytesInOutput;
    }
  }
  return parts;
}

/** Builds, checks and measures both Workers. */
export async function benchWorkerFootprint(esbuild: string): Promise<WorkerFootprint> {
  const mcpwire = await bundledWorker(esbuild, join(ROOT, 'bench/servers/one-tool-worker.ts'), join(SCRATCH, 'one-tool-worker.min.mjs'));
  const stateless = await bundledWorker(esbuild, join(ROOT, 'bench/servers/one-tool-stateless-worker.ts'), join(SCRATCH, 'one-tool-stateless-worker.min.mjs'), 'stateless');
  ensureSdk();
  const sdkEntry = join(SDK_DIR, 'worker.mjs');
  copyFileSync(join(ROOT, 'bench/servers/sdk-v2-worker.mjs'), sdkEntry);
  const sdk = await bundledWorker(esbuild, sdkEntry, join(SDK_DIR, 'worker.min.mjs'));
  return {
    mcpwireMinifiedBytes: mcpwire.minified,
    mcpwireGzippedBytes: mcpwire.gzipped,
    mcpwireParts: mcpwire.parts,
    statelessMinifiedBytes: stateless.minified,
    statelessGzippedBytes: stateless.gzipped,
    sdkVersion: SDK_VERSION,
    sdkMinifiedBytes: sdk.minified,
    sdkGzippedBytes: sdk.gzipped,
  };
}
