// The ModelScope walk's stand-ins, shared by modelscope.test.ts and the docs' transcript checker
// (test/docs/transcripts-fake-plaza.test.ts): the fake Plaza (packages/modelscope/test/fake-plaza.ts), a
// loopback "hosting gateway" whose /<name>/mcp addresses the Plaza hands out on deploy, and a
// local mcpwire server (test/fixtures/plaza-maps-server.ts) behind the gateway. An address works
// while the Plaza lists it as deployed; after undeploy it answers 410, as an expired one does.

import { request as httpRequest, createServer } from 'node:http';
import { fixture, startHttpServer } from './cli-harness.js';
import { samplePlaza, startFakePlaza } from '../../modelscope/test/fake-plaza.js';
import type { FakePlaza } from '../../modelscope/test/fake-plaza.js';

/** The running stand-ins. */
export interface PlazaStandIn {
  plaza: FakePlaza;
  /** The gateway's origin, http://127.0.0.1:PORT. */
  gatewayUrl: string;
  /** Makes every hosted address answer `status` (an expiry), or work again with undefined. */
  expire(status: number | undefined): void;
  close(): Promise<void>;
}

/** Starts the hosted server, the gateway and the Plaza, on 127.0.0.1. */
export async function startPlazaStandIn(): Promise<PlazaStandIn> {
  const hosted = await startHttpServer(fixture('plaza-maps-server.ts'), ['--http']);
  let expired: number | undefined;
  let plaza: FakePlaza | undefined;
  const deployed = (path: string): boolean => [...(plaza?.deployed.values() ?? [])].flat().some((item) => new URL(item.url).pathname === path);
  const gateway = createServer((req, res) => {
    const path = req.url ?? '';
    if (expired !== undefined || !/^\/[a-z-]+\/mcp$/.test(path) || !deployed(path)) {
      res.writeHead(expired ?? (deployed(path) ? 404 : 410), { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'mcp server instance not found or expired' }));
      return;
    }
    const target = new URL(hosted.url);
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const gatewayUrl = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
  plaza = await startFakePlaza({ servers: samplePlaza(), hostedUrl: (id, type) => `${gatewayUrl}/${id.split('/')[1]}/${type === 'sse' ? 'sse' : 'mcp'}` });
  const started = plaza;
  return {
    plaza: started,
    gatewayUrl,
    expire: (status) => { expired = status; },
    close: async () => {
      await started.close();
      gateway.closeAllConnections();
      await new Promise((resolve) => gateway.close(resolve));
      await hosted.stop();
    },
  };
}
