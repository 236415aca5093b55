// The loopback redirect of `mcpwire login` (RFC 8252 §7.3): a one-shot node:http listener on
// 127.0.0.1 at a free port, whose /callback receives the browser after the user logged in.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening callback: its exact redirect URI, and the URL the browser arrives with. */
export interface LoginCallback {
  redirectUri: string;
  /** The full callback URL (with code, state, iss), or a rejection after `timeoutMs`. */
  wait(timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

const PAGE = '<!doctype html><meta charset="utf-8"><title>mcpwire</title><p>mcpwire received the login. You can close this window.</p>\n';

/** Starts listening on 127.0.0.1, port 0. */
export async function listenForCallback(): Promise<LoginCallback> {
  let arrived: (url: string) => void = () => undefined;
  const arrival = new Promise<string>((resolve) => { arrived = resolve; });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    arrived(url.href);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    redirectUri,
    wait(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no login arrived at ${redirectUri} within ${timeoutMs} ms`)), timeoutMs);
      });
      return Promise.race([arrival, timeout]).finally(() => clearTimeout(timer));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
