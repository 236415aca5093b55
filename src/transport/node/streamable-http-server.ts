// The node adapter of the Streamable HTTP endpoint (spec 2025-11-25, basic/transports#streamable-http):
// the endpoint itself (http-endpoint.ts) mounted as a node:http `(req, res)` handler, or served on
// its own node:http server. Each request becomes a NodeHttpExchange (node-http-exchange.ts).

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpEndpoint } from '../http-server/http-endpoint.js';
import type { HttpEndpointOptions, HttpServable } from '../http-server/http-endpoint-options.js';
import { createSessionRoute } from '../http-server/http-sessions.js';
import { NodeHttpExchange } from './node-http-exchange.js';
import { HTTP_ENDPOINT_MOVED, HTTP_ENDPOINT_OPTIONS } from '../http-server/http-endpoint-options.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** Options for createStreamableHttpHandler and serveHttp. */
export interface HttpServerOptions extends HttpEndpointOptions {
  /** Port to listen on (serveHttp only); 0 picks a free one. */
  port?: number;
  /** Interface to bind (serveHttp only). Loopback by default (basic/transports#security-warning). */
  host?: string;
}

/** A Streamable HTTP endpoint to mount in any node:http server. */
export interface StreamableHttpHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Closes every session. */
  close(): Promise<void>;
  readonly sessionCount: number;
}

const HTTP_SERVER_OPTIONS = { ...HTTP_ENDPOINT_OPTIONS, port: true, host: true } as const satisfies OptionKeys<HttpServerOptions>;

/** Builds the request handler: sessions, SSE streams, security checks. */
export function createStreamableHttpHandler(server: HttpServable, options: HttpServerOptions = {}): StreamableHttpHandler {
  refuseUnknownOptions('createStreamableHttpHandler', options, HTTP_SERVER_OPTIONS, HTTP_ENDPOINT_MOVED);
  const endpoint = createHttpEndpoint(server, options, createSessionRoute(server, options));
  return {
    handle(req, res) {
      req.on('error', ignoreError); // a client that hangs up mid-body is not a server crash
      return endpoint.handle(new NodeHttpExchange(req, res));
    },
    close: () => endpoint.close(),
    get sessionCount() {
      return endpoint.sessionCount;
    },
  };
}

/** One listener for every request (not a closure each): the error is answered by readBody, or moot. */
function ignoreError(): void {}

/** A running Streamable HTTP server. */
export interface RunningHttpServer {
  /** The endpoint URL, e.g. http://127.0.0.1:50123/mcp */
  url: string;
  port: number;
  /** Closes every session, then the server and its connections. */
  close(): Promise<void>;
  httpServer: Server;
}

/** Serves `server` over Streamable HTTP on its own node:http server; resolves once listening. */
export async function serveHttp(server: HttpServable, options: HttpServerOptions = {}): Promise<RunningHttpServer> {
  refuseUnknownOptions('serveHttp', options, HTTP_SERVER_OPTIONS, HTTP_ENDPOINT_MOVED);
  const handler = createStreamableHttpHandler(server, options);
  // A client that trickles its headers is cut off as soon as one that trickles its body is
  // (node:http checks header deadlines every connectionsCheckingInterval).
  const headersTimeout = options.bodyTimeoutMs ?? 10_000;
  // Loaded here, not at the top: a stdio server bundled with serveHttp beside it (the shipped
  // add-server) then starts without node:http (bench cold start: about 19 M instructions less).
  const { createServer } = await import('node:http');
  const httpServer = createServer({ headersTimeout, requestTimeout: 0, connectionsCheckingInterval: Math.min(1000, headersTimeout) },
    (req, res) => void handler.handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}${options.path ?? '/mcp'}`,
    port,
    httpServer,
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
