// The runtime check of `npm run test:runtimes` (scripts/runtimes.sh installs the runtimes, then
// runs this): the same end-to-end check (test/runtimes/check.ts) against the examples' server on
// Node (node:http adapter, and the fetch handler via Node's Request), Bun (examples/runtimes/bun.ts
// as is), Deno (examples/runtimes/deno.ts as is), workerd (examples/runtimes/worker.ts bundled, a
// module worker with no Node compatibility), and a page in headless Chromium that shows 42 from a
// server on another origin (CORS). One line per runtime, then `N passed, M failed`; exit 1 on any
// failure (RUNTIMES_ONLY=node,bun for a few). Everything on 127.0.0.1 and free ports; every wait
// bounded; every child killed.

import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { checkEndpoint } from '../test/runtimes/check.js';
import { serveFetchOnNode, serveOnNodeAdapter } from '../test/runtimes/node.js';
import type { ServedEndpoint } from '../test/runtimes/node.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILD = join(ROOT, '.runtimes/build');
/** How long a runtime may take to start listening, and a browser to show its answer. */
const START_MS = 30_000;
const PAGE_MS = 60_000;

/** One runtime under test: its name with version, and how it serves the examples' server. */
interface Runtime {
  name: string;
  run(): Promise<string>;
}

const binaries = {
  bun: process.env.RUNTIME_BUN ?? 'bun',
  deno: process.env.RUNTIME_DENO ?? 'deno',
  workerd: process.env.RUNTIME_WORKERD ?? 'workerd',
  chromium: process.env.CHROMIUM ?? 'chromium',
};

function version(binary: string, args: string[], pattern: RegExp): string {
  try {
    const output = execFileSync(binary, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 });
    return pattern.exec(output)?.[1] ?? '?';
  } catch {
    return 'not found';
  }
}

/** Runs the check against a server, and stops the server whatever happens. */
async function checked(served: ServedEndpoint): Promise<string> {
  try {
    return await checkEndpoint(served.url);
  } finally {
    await served.stop();
  }
}

/** A child in its own process group, so that stopping it ends whatever it started too. */
function start(command: string, args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: () => string; stop: () => Promise<void> } {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const append = (chunk: Buffer): void => { if (output.length < 100_000) output += chunk.toString('utf8'); };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  child.on('error', (error) => { output += `\n${error.message}`; });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
  const signal = (name: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name);
    } catch { /* already gone */ }
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  children.add(stop);
  return { child, output: () => output, stop };
}
const children = new Set<() => Promise<void>>();

/** Waits (bounded) until `ready` gives a value, failing early if the child exits. */
async function waitFor<T>(what: string, child: ChildProcess, output: () => string, ready: () => Promise<T | undefined>, ms = START_MS): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await ready();
    if (value !== undefined) return value;
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: ${child.exitCode !== null || child.signalCode !== null ? 'exited' : `not ready within ${ms} ms`}\n${output().slice(-2000)}`);
}

/** A runtime that prints `listening on <url>` (the Bun and Deno examples, with PORT=0). */
async function checkListening(command: string, args: string[]): Promise<string> {
  const server = start(command, args, { PORT: '0' });
  try {
    const url = await waitFor(command, server.child, server.output,
      async () => /^listening on (http:\S+)$/m.exec(server.output())?.[1]);
    return await checkEndpoint(url);
  } finally {
    await server.stop();
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The Worker example bundled (web platform, no Node builtins), served by workerd from test/runtimes/workerd.capnp. */
async function checkWorkerd(): Promise<string> {
  mkdirSync(BUILD, { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'examples/runtimes/worker.ts')], outfile: join(BUILD, 'worker.mjs'), bundle: true,
    format: 'esm', platform: 'browser', conditions: ['workerd', 'worker'], target: 'es2022', logLevel: 'silent',
  });
  const port = await freePort();
  const server = start(binaries.workerd, ['serve', 'test/runtimes/workerd.capnp', '--socket-addr', `http=127.0.0.1:${port}`]);
  const url = `http://127.0.0.1:${port}/mcp`;
  try {
    await waitFor('workerd', server.child, server.output,
      () => fetch(url, { method: 'DELETE' }).then(async (response) => { await response.body?.cancel(); return true; }, () => undefined));
    return await checkEndpoint(url);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${server.output().slice(-2000)}`);
  } finally {
    await server.stop();
  }
}

/**
 * Serves a page (the client bundled for the browser) on one origin and the MCP server on another,
 * with CORS for the page's origin; headless Chromium loads the page, which posts back what it shows.
 */
async function checkBrowser(): Promise<string> {
  mkdirSync(BUILD, { recursive: true });
  const bundled = await build({
    entryPoints: [join(ROOT, 'test/runtimes/browser-page.ts')], bundle: true, write: false,
    format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent',
  });
  const script = bundled.outputFiles[0]!.text;
  let report!: (shown: string) => void;
  const shown = new Promise<string>((resolve) => { report = resolve; });
  const page = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/result') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => { if (body.length < 10_000) body += chunk; });
      req.on('end', () => { res.end(); report(body); });
      return;
    }
    const [type, content] = req.url === '/page.js' ? ['text/javascript', script]
      : ['text/html', '<!doctype html><meta charset="utf-8"><title>mcpwire</title><p id="result">…</p><script type="module" src="/page.js"></script>'];
    res.writeHead(200, { 'Content-Type': `${type}; charset=utf-8` }).end(content);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  const pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  const mcp = await serveOnNodeAdapter({ origins: [pageOrigin] });
  const profile = mkdtempSync(join(tmpdir(), 'mcpwire-chromium-'));
  const browser = start(binaries.chromium, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
    `--user-data-dir=${profile}`, '--remote-debugging-port=0', `${pageOrigin}/?server=${encodeURIComponent(mcp.url)}`]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const text = await Promise.race([shown, new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the page showed nothing within ${PAGE_MS} ms\n${browser.output().slice(-2000)}`)), PAGE_MS);
    })]);
    if (text !== '42') throw new Error(`the page shows ${JSON.stringify(text)}, not "42"`);
    return `page on ${pageOrigin} → server with CORS on ${new URL(mcp.url).origin}: add 19 + 23 shows ${text}`;
  } finally {
    clearTimeout(timer);
    await browser.stop();
    await mcp.stop();
    page.closeAllConnections();
    await new Promise((resolve) => page.close(resolve));
    rmSync(profile, { recursive: true, force: true });
  }
}

const runtimes: Runtime[] = [
  { name: `node ${process.versions.node} (node:http adapter)`, run: async () => checked(await serveOnNodeAdapter()) },
  { name: `node ${process.versions.node} (fetch handler via Node's Request)`, run: async () => checked(await serveFetchOnNode()) },
  {
    name: `bun ${version(binaries.bun, ['--version'], /^(\S+)/)} (Bun.serve, examples/runtimes/bun.ts)`,
    run: () => checkListening(binaries.bun, ['run', 'examples/runtimes/bun.ts']),
  },
  {
    name: `deno ${version(binaries.deno, ['--version'], /^deno (\S+)/)} (Deno.serve, examples/runtimes/deno.ts)`,
    // Deno reads the TypeScript as is; --unstable-sloppy-imports maps the repo's `.js` specifiers to its `.ts` files.
    run: () => checkListening(binaries.deno, ['run', '--unstable-sloppy-imports', '--no-lock', '--allow-net=127.0.0.1', '--allow-env=PORT', 'examples/runtimes/deno.ts']),
  },
  {
    name: `workerd ${version(binaries.workerd, ['--version'], /^workerd (\S+)/)} (module worker, no nodejs_compat, examples/runtimes/worker.ts)`,
    run: checkWorkerd,
  },
  { name: `chromium ${version(binaries.chromium, ['--version'], /Chromium (\S+)/)} (headless, test/runtimes/browser-page.ts)`, run: checkBrowser },
];

// RUNTIMES_ONLY=bun,deno runs only the runtimes whose names start with one of those words.
const only = process.env.RUNTIMES_ONLY?.split(',').map((word) => word.trim()).filter((word) => word !== '');
let passed = 0;
let failed = 0;
for (const runtime of runtimes.filter((one) => !only || only.some((word) => one.name.startsWith(word)))) {
  try {
    const seen = await runtime.run();
    passed++;
    console.log(`${runtime.name}: PASS ${seen}`);
  } catch (error) {
    failed++;
    const message = error instanceof Error ? error.message : String(error);
    console.log(`${runtime.name}: FAIL ${message.replace(/\n/g, '\n    ')}`);
  }
}
for (const stop of children) await stop();
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
