// 2025 sessions shared through Redis (issue 48): a tools/call in a session on the instance that
// began it beside the same call on another instance, which holds a copy loaded from Redis; and the
// owner's call beside one in a session kept in the process only (no store). Each side is its own
// server process (bench/servers/shared-session-http.ts), the same fetch client calls all of them,
// and Redis counts the commands each call costs (INFO commandstats). Then three instances sharing
// the same Redis, their sessions routed round robin beside sticky (routed-sessions.ts).

import { COUNTS, ROOT } from './config.js';
import { sessionSide } from './http-eras.js';
import { routedSessionsSide } from './routed-sessions.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures, Side } from './measure.js';
import { startHttpServer } from './http.js';
import { stopChild } from './stats.js';
import { join } from 'node:path';
import { startRedis } from '../packages/redis/test/redis-server.js';
import type { RedisClient } from '../packages/redis/test/redis-server.js';

const SERVER = join(ROOT, 'bench/servers/shared-session-http.ts');
/** Sessions of the round robin and sticky sides each: 16 begun on each of the three instances. */
export const ROUTED_SESSIONS = 48;

async function commandCount(redis: RedisClient): Promise<number> {
  const stats = String(await redis.sendCommand(['INFO', 'commandstats']));
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

export interface SharedSessionsResult {
  owner: { sequential: RunFigures; inFlight: RunFigures };
  nonOwner: { sequential: RunFigures; inFlight: RunFigures };
  unshared: { sequential: RunFigures; inFlight: RunFigures };
  /** Three instances, ROUTED_SESSIONS sessions each side: each call to the next instance, or always to the session's first. */
  roundRobin: { sequential: RunFigures; inFlight: RunFigures };
  sticky: { sequential: RunFigures; inFlight: RunFigures };
  /** Redis commands per call (the INFO call itself counted out), measured over 1,000 sequential calls each. */
  redisCommandsPerCall: { owner: number; nonOwner: number; roundRobin: number; sticky: number };
}

async function commandsPerCall(redis: RedisClient, side: Side): Promise<number> {
  const before = await commandCount(redis);
  for (let call = 0; call < 1000; call++) await side.call();
  return (await commandCount(redis) - before - 1) / 1000;
}

async function measurePair(sides: readonly Side[]): Promise<{ sequential: RunFigures; inFlight: RunFigures }[]> {
  for (const side of sides) {
    await checkAnswer(side);
    await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
  }
  const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
  const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
  return sides.map((_, index) => ({ sequential: sequential[index]!, inFlight: inFlight[index]! }));
}

export async function benchSharedSessions(): Promise<SharedSessionsResult> {
  const redis = await startRedis('256mb');
  const servers = [
    await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']),
    await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']),
    await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']),
    await startHttpServer(SERVER, ['none'], ['--import', 'tsx']),
  ];
  try {
    const [a, b, c, plain] = servers as [typeof servers[0], typeof servers[0], typeof servers[0], typeof servers[0]];
    const sides = [await sessionSide(a.url, a.child.pid!), await sessionSide(a.url, b.child.pid!, [b.url]), await sessionSide(plain.url, plain.child.pid!)];
    const [owner, nonOwner, unshared] = await measurePair(sides);
    const instances = [a, b, c].map((server) => ({ url: server.url, pid: server.child.pid! }));
    const routed = [await routedSessionsSide(instances, 'round robin', ROUTED_SESSIONS), await routedSessionsSide(instances, 'sticky', ROUTED_SESSIONS)];
    const [roundRobin, sticky] = await measurePair(routed);
    return {
      owner: owner!, nonOwner: nonOwner!, unshared: unshared!, roundRobin: roundRobin!, sticky: sticky!,
      redisCommandsPerCall: {
        owner: await commandsPerCall(redis.client, sides[0]!),
        nonOwner: await commandsPerCall(redis.client, sides[1]!),
        roundRobin: await commandsPerCall(redis.client, routed[0]!),
        sticky: await commandsPerCall(redis.client, routed[1]!),
      },
    };
  } finally {
    for (const server of servers) await stopChild(server.child);
    await redis.stop();
  }
}
