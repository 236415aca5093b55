// The anchors of the bridge bench (issue 46): the most installed bridges doing the same job as
// `mcpwire bridge`, started the way a user starts them, each on the same server as mcpwire's.
// - mcp-remote (stdio → remote, like `bridge URL`): `mcp-remote URL --transport http-only --silent`;
//   no OAuth unless the server answers 401, and http:// is allowed on 127.0.0.1.
// - supergateway (remote → stdio, like `bridge --port`): `--stdio CMD --outputTransport streamableHttp
//   --stateful`, one child per session as `bridge --port` does by default; it listens on every
//   interface (it has no host flag), on a port the bench picked free on loopback.
// Both run from node_modules (devDependencies) as their own node process, so the side's "server"
// pid is the anchor's, as it is mcpwire's bridge on the other side. An anchor that cannot start
// here becomes a reason to print, never a failed bench.

import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { get } from 'node:http';
import { join } from 'node:path';
import { ADD_CALL, INITIALIZE_PARAMS, ROOT, SCRATCH, SERVERS } from './config.js';
import { RawStdioClient } from './baselines/raw-clients.js';
import { RawNodeHttpClient } from './baselines/raw-node-http-client.js';
import type { Side } from './measure.js';
import { stopChild } from './stats.js';

/** A running anchor, or why it is not running. */
export type Anchor = { side: Side; url?: string } | { missing: string };

const STARTUP_MS = 15_000;

/** The file an installed package's bin names, or undefined when the package is not installed. */
function binOf(name: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
    const bin = manifest.bin?.[name];
    return bin === undefined ? undefined : join(ROOT, 'node_modules', name, bin);
  } catch {
    return undefined;
  }
}

/** Rejects when `child` exits or `ms` pass first: a start that never ends is a reason, not a hang. */
function bounded<T>(work: Promise<T>, child: ChildProcess, what: string, said: () => string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} gave no answer within ${STARTUP_MS} ms ${said()}`)), STARTUP_MS);
    const onExit = (code: number | null): void => reject(new Error(`${what} exited (code ${code}) ${said()}`));
    child.once('exit', onExit);
    work.then(resolve, reject).finally(() => { clearTimeout(timer); child.off('exit', onExit); });
  });
}

/** The last words of a child's stderr, kept short for a table's note. */
function tail(child: ChildProcess): () => string {
  let seen = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => { seen = (seen + text).slice(-300); });
  return () => (seen.trim() === '' ? 'with nothing on stderr' : `: ${seen.trim().replace(/\s+/g, ' ')}`);
}

/** mcp-remote between the raw line client and the mcpwire HTTP server at `url`. */
export async function startMcpRemote(url: string): Promise<Anchor> {
  const bin = binOf('mcp-remote');
  if (bin === undefined) return { missing: 'mcp-remote is not installed (npm install)' };
  // Its token store, kept out of the user's home: this server asks for no token, so it stays empty.
  const env = { ...process.env, MCP_REMOTE_CONFIG_DIR: join(SCRATCH, 'mcp-remote-auth') };
  // --silent: without it mcp-remote writes a stderr line per message, a cost no user needs; the
  // price is a silent failure, so run `npx mcp-remote URL --transport http-only` by hand to see why.
  const raw = new RawStdioClient(process.execPath, [bin, url, '--transport', 'http-only', '--silent'], { stderr: 'pipe', env });
  const said = tail(raw.child);
  try {
    await bounded(raw.request('initialize', INITIALIZE_PARAMS), raw.child, 'mcp-remote', said);
  } catch (error) {
    await stopChild(raw.child);
    return { missing: (error as Error).message };
  }
  raw.notify('notifications/initialized');
  return { side: { serverPid: raw.pid!, call: () => raw.request('tools/call', ADD_CALL), close: () => raw.close() } };
}

/** A port free on loopback now, for a program that takes a port number and cannot be told 0. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** GET `url` until it answers 200, at most `tries` times, 100 ms apart: supergateway says nothing when it listens. */
async function waitForOk(url: string, tries: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < tries && child.exitCode === null; attempt++) {
    const status = await new Promise<number>((resolve) => {
      get(url, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).once('error', () => resolve(0));
    });
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`supergateway did not answer ${url}`);
}

/** supergateway serving the add server (bundled, as `bridge --port` serves it) to the raw node:http client; `url` takes more sessions. */
export async function startSupergateway(): Promise<Anchor> {
  const bin = binOf('supergateway');
  if (bin === undefined) return { missing: 'supergateway is not installed (npm install)' };
  const port = await freePort();
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVERS.mcpwireStdioBundle)}`;
  const child = spawn(process.execPath, [bin, '--stdio', command, '--outputTransport', 'streamableHttp', '--stateful',
    '--port', String(port), '--logLevel', 'none', '--healthEndpoint', '/healthz'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const said = tail(child);
  const raw = new RawNodeHttpClient(`http://127.0.0.1:${port}/mcp`);
  try {
    await bounded(waitForOk(`http://127.0.0.1:${port}/healthz`, STARTUP_MS / 100, child), child, 'supergateway', said);
    await bounded(raw.request('initialize', INITIALIZE_PARAMS), child, 'supergateway', said);
    await raw.notify('notifications/initialized');
  } catch (error) {
    raw.close();
    await stopChild(child);
    return { missing: (error as Error).message };
  }
  return { url: `http://127.0.0.1:${port}/mcp`, side: { serverPid: child.pid!, call: () => raw.request('tools/call', ADD_CALL), close: async () => { raw.close(); await stopChild(child); } } };
}
