// Load phase: a registry and an OAuth token endpoint that answer with a gzip bomb (a small body
// that inflates to 1 GiB). Every fetch to such a peer goes through outboundFetch, which counts
// the decoded bytes: each answer must fail as too-large, and this process must stay small while
// it reads them. Loopback only, a bounded number of rounds.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipBomb } from './gzip-bomb.js';
import { OAuthProvider } from '../packages/auth/src/index.js';
import { listServers } from '../packages/cli/src/registry-api.js';

/**
 * RSS growth allowed while the bombs are read, over what the process held when the phase began
 * (earlier phases of the load run leave their own RSS): without the cap one bomb took it to ~1.3 GB.
 */
const RSS_GROWTH_BOUND = 128 * 1024 * 1024;

/** Runs `rounds` registry searches and `rounds` OAuth token requests against bombs; returns its report line and failures. */
export async function gzipBombPhase(rounds: number): Promise<{ line: string; failures: string[] }> {
  const failures: string[] = [];
  const bomb = await gzipBomb('\0', 1024 * 1024 * 1024);
  let origin = '';
  const server = createServer((request, response) => {
    const json = (body: unknown): void => { response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)); };
    if (request.url === '/.well-known/oauth-protected-resource/mcp') return json({ resource: `${origin}/mcp`, authorization_servers: [origin] });
    if (request.url === '/.well-known/oauth-authorization-server') return json({ issuer: origin, authorization_endpoint: `${origin}/authorize`, token_endpoint: `${origin}/token` });
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb); // /token and /v0.1/servers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 10);
  const started = Date.now();
  let tooLarge = 0;
  try {
    for (let round = 0; round < rounds; round++) {
      const registry = await listServers({ base: origin, fetch }, { search: 'x' }).then(() => 'answered', (error: Error) => error.message);
      if (/larger than \d+ bytes/.test(registry)) tooLarge++;
      else failures.push(`gzip bomb: the registry search ended with "${registry.slice(0, 200)}", not too-large`);
      const provider = new OAuthProvider(`${origin}/mcp`, { grant: 'client_credentials', clientId: 'load', clientSecret: 'load-secret' });
      const token = await provider.login().then(() => 'answered', (error: Error) => error.message);
      if (/larger than \d+ bytes/.test(token)) tooLarge++;
      else failures.push(`gzip bomb: the token request ended with "${token.slice(0, 200)}", not too-large`);
    }
  } finally {
    clearInterval(sampler);
    server.closeAllConnections();
    server.close();
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const growth = peak - before;
  if (growth > RSS_GROWTH_BOUND) failures.push(`gzip bomb: RSS grew by ${(growth / 1024 / 1024).toFixed(1)} MiB (bound ${RSS_GROWTH_BOUND / 1024 / 1024} MiB)`);
  return {
    line: `gzip bomb (${(bomb.length / 1024).toFixed(0)} KiB → 1 GiB): ${rounds} registry searches + ${rounds} token requests, ${tooLarge} refused as too large; peak RSS ${(peak / 1024 / 1024).toFixed(1)} MiB (+${((peak - before) / 1024 / 1024).toFixed(1)} MiB); ${((Date.now() - started) / 1000).toFixed(1)} s`,
    failures,
  };
}
