// The HTTP side of `mcpwire inspect`, on node:http, on 127.0.0.1 only. Every request passes the
// guard first (inspect-guard.ts: the token, Host, Origin; /favicon.ico alone answers 204 without the token); then /TOKEN/ is the page, assets/ its
// compiled modules and stylesheet, events its event stream (SSE, the run from its first message),
// api/OP the operations (inspect-api.ts), sandbox the MCP Apps sandbox proxy. Bounded: a request
// body over 4 MiB is refused, and an event stream the browser stops reading is closed.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeSseEvent } from 'mcpwire/http';
import { appContentSecurityPolicy, readAppCsp } from './app-csp.js';
import { InspectRequestError } from './inspect-api.js';
import type { InspectEvents } from './inspect-events.js';
import { guardRequest, inspectOrigins } from './inspect-guard.js';
import { INSPECT_CSS, PAGE_MODULE, inspectPageHtml, inspectPagePolicy, sandboxProxyHtml, sandboxProxyPolicy } from './inspect-html.js';

/** The largest API request body. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Unsent bytes an event stream may hold before it is closed (the page reconnects and skips what it saw). */
const MAX_STREAM_BACKLOG = 16 * 1024 * 1024;
/** The longest `csp` query of the sandbox proxy. */
const MAX_CSP_CHARS = 16 * 1024;

/**
 * Where the page's scripts are: this package's dist/bundle/src, the browser bundles of
 * inspect-page.ts and sandbox-proxy.ts (`npm run build`). This module is src/inspect-server.ts
 * under tsx, dist/src/inspect-server.js in the per-file build and part of dist/bundle/src/main.js in
 * the command's bundle: the package's folder is one, two or three folders up.
 */
export function pageAssetsRoot(moduleUrl: string = import.meta.url): string {
  const folder = dirname(fileURLToPath(moduleUrl));
  const up = folder.endsWith(join('dist', 'bundle', 'src')) ? 3 : folder.endsWith(join('dist', 'src')) ? 2 : 1;
  return join(folder, ...Array<string>(up).fill('..'), 'dist', 'bundle', 'src');
}

/** What answers the page's POST api/OP: InspectApi on a live connection, or inspect --follow's over a recording. */
export interface InspectOperations {
  handle(op: string, body: Record<string, unknown>): Promise<unknown>;
}

/** Options of the page server. */
export interface InspectServerOptions {
  api: InspectOperations;
  events: InspectEvents;
  token: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The compiled modules' folder (default pageAssetsRoot()). */
  assets?: string;
}

/** A listening page server. */
export interface RunningInspectServer {
  port: number;
  /** The URL to open: http://127.0.0.1:PORT/?token=TOKEN. */
  url: string;
  close(): Promise<void>;
}

const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
};

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': type, ...headers }).end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new InspectRequestError(`the request body is over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the page server on 127.0.0.1. */
export async function startInspectServer(options: InspectServerOptions): Promise<RunningInspectServer> {
  const assets = options.assets ?? pageAssetsRoot();
  let port = 0;
  const streams = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const admitted = guardRequest({ url: req.url ?? '/', host: req.headers.host, origin: req.headers.origin }, options.token, port);
    if ('status' in admitted) return send(res, admitted.status, 'text/plain; charset=utf-8', `${admitted.text}\n`);
    if (admitted.kind === 'entry') return send(res, 303, 'text/plain; charset=utf-8', 'see /TOKEN/\n', { location: `/${options.token}/` });
    if (admitted.kind === 'favicon') {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only\n', { allow: 'GET' });
      res.writeHead(204, COMMON_HEADERS).end();
      return;
    }
    const { path, query } = admitted;
    // The page is served on the origin it was asked for; the sandbox proxy lives on the other one.
    const [first, second] = inspectOrigins(port);
    const here = req.headers.host === new URL(first).host ? first : second;
    const other = here === first ? second : first;
    if (path === '/api' || path.startsWith('/api/')) {
      if (req.method !== 'POST') return send(res, 405, 'text/plain; charset=utf-8', 'POST only\n', { allow: 'POST' });
      // Only JSON: a cross-site form cannot send it, and fetch from another origin would need a preflight we never answer.
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return send(res, 415, 'text/plain; charset=utf-8', 'Content-Type must be application/json\n');
      try {
        const text = await readBody(req);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text || '{}');
        } catch (error) {
          throw new InspectRequestError(`the body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
        }
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InspectRequestError('the body must be a JSON object');
        const answer = await options.api.handle(path.slice('/api/'.length), parsed as Record<string, unknown>);
        return send(res, 200, 'application/json', JSON.stringify(answer));
      } catch (error) {
        const status = error instanceof InspectRequestError ? 400 : 500;
        return send(res, status, 'text/plain; charset=utf-8', `${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only\n', { allow: 'GET' });
    if (path === '/') {
      return send(res, 200, 'text/html; charset=utf-8', inspectPageHtml(other), { 'content-security-policy': inspectPagePolicy(other), 'cross-origin-opener-policy': 'same-origin' });
    }
    if (path === '/sandbox') {
      const text = query.get('csp') ?? '{}';
      let declared: unknown = {};
      try {
        declared = text.length <= MAX_CSP_CHARS ? JSON.parse(text) : {};
      } catch {
        declared = {};
      }
      const csp = readAppCsp(declared);
      const script = await readFile(join(assets, 'inspect-page', 'sandbox-proxy.js'), 'utf8').catch(() => undefined);
      if (script === undefined) return send(res, 500, 'text/plain; charset=utf-8', 'the sandbox proxy is not built: run npm run build\n');
      return send(res, 200, 'text/html; charset=utf-8', sandboxProxyHtml(other, here, appContentSecurityPolicy(csp), script), { 'content-security-policy': sandboxProxyPolicy(csp, other, here) });
    }
    if (path === '/assets/inspect.css') return send(res, 200, 'text/css; charset=utf-8', INSPECT_CSS);
    if (path.startsWith('/assets/') && path.endsWith('.js')) {
      // Only the bundled scripts below dist/bundle/src: normalized, and still inside it.
      const file = normalize(join(assets, decodeURIComponent(path.slice('/assets/'.length))));
      if (!file.startsWith(assets + sep)) return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
      const code = await readFile(file).catch(() => undefined);
      if (code === undefined) {
        const hint = path === `/assets/${PAGE_MODULE}` ? ': the page is not built, run npm run build' : '';
        return send(res, 404, 'text/plain; charset=utf-8', `not found${hint}\n`);
      }
      return send(res, 200, 'text/javascript; charset=utf-8', code);
    }
    if (path === '/events') {
      res.writeHead(200, { ...COMMON_HEADERS, 'content-type': 'text/event-stream' });
      streams.add(res);
      const stop = options.events.subscribe((json) => {
        res.write(encodeSseEvent({ data: json }));
        if (res.writableLength > MAX_STREAM_BACKLOG) res.destroy();
      });
      res.on('close', () => { stop(); streams.delete(res); });
      return;
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'not found\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `${error instanceof Error ? error.message : String(error)}\n`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/?token=${options.token}`,
    async close() {
      for (const stream of streams) stream.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
