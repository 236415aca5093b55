// The seed's add server over Streamable HTTP (JSON answers) with its 2025 sessions in Redis, for
// bench/shared-sessions.ts; run from source (node --import tsx), as it needs packages/redis.
//   node --import tsx bench/servers/shared-session-http.ts <redis socket | "none">
// Prints "listening on <url>"; stops on SIGTERM or when stdin ends.

import { createAddServer } from '../../examples/add-server.js';
import { shareSessions } from '../../src/http.js';
import { serveHttp } from '../../src/node.js';
import { RedisSessionStateStore } from '../../packages/redis/src/index.js';
import { connectRedis } from '../../packages/redis/test/redis-server.js';

const socket = process.argv[2] ?? 'none';
const sharedSessions = socket === 'none' ? undefined : shareSessions(new RedisSessionStateStore(await connectRedis(socket)));
const http = await serveHttp(createAddServer(), { host: '127.0.0.1', port: 0, jsonResponse: true, maxSessions: 10_000, sharedSessions });
http.httpServer.keepAliveTimeout = 600_000; // as bench/servers/mcpwire-http.js: the bench keeps its connections
process.stdout.write(`listening on ${http.url}\n`);
const stop = (): void => { void http.close().then(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume();
