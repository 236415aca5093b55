// The seed's add server over Streamable HTTP (JSON answers) with its 2025 sessions in Redis and a
// listen bus on Redis (so each instance keeps the records it read, shared-sessions.ts), for
// bench/shared-sessions.ts; run from source (node --import tsx), as it needs packages/redis.
//   node --import tsx bench/servers/shared-session-http.ts <redis socket | "none"> ["no-bus"]
// "no-bus": sessions in Redis but no listen bus, so every request reads its record (as before the cache).
// Prints "listening on <url>"; stops on SIGTERM or when stdin ends.

import { createAddServer } from '../../examples/add-server.js';
import { shareSessions } from '../../src/http.js';
import { serveHttp } from '../../src/node.js';
import { RedisListenBus, RedisSessionStateStore } from '../../packages/redis/src/index.js';
import { connectRedis } from '../../packages/redis/test/redis-server.js';

const socket = process.argv[2] ?? 'none';
const redis = socket === 'none' ? undefined : await connectRedis(socket);
// Under callgrind a call runs about fifty times slower: Redis's answers must not be given up on (503).
const sharedSessions = redis === undefined ? undefined : shareSessions(new RedisSessionStateStore(redis, { commandTimeoutMs: 600_000 }));
const listenBus = redis === undefined || process.argv[3] === 'no-bus' ? undefined : await RedisListenBus.open(redis, await connectRedis(socket));
const http = await serveHttp(createAddServer(Infinity, { listenBus }), { host: '127.0.0.1', port: 0, jsonResponse: true, maxSessions: 10_000, sharedSessions });
http.httpServer.keepAliveTimeout = 600_000; // as bench/servers/mcpwire-http.js: the bench keeps its connections
process.stdout.write(`listening on ${http.url}\n`);
const stop = (): void => { void http.close().then(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.stdin.on('end', stop).resume();
