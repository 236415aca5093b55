// 2025 sessions shared through Redis (issue 48): a tools/call in a session on the instance that
// began it beside the same call on another instance, which holds a copy loaded from Redis; and the
// owner's call beside one in a session kept in the process only (no store). Each side is its own
// server process (bench/servers/shared-session-http.ts), the same fetch client calls all of them,
// and Redis counts the commands each call costs (INFO commandstats).

import { COUNTS, ROOT } from './config.js';
import { sessionSide } from './http-eras.js';
import { checkAnswer, measureInterleaved, warmUp } from './measure.js';
import type { RunFigures } from './measure.js';
import { startHttpServer } from './http.js';
import { stopChild } from './stats.js';
import { join } from 'node:path';
import { startRedis } from '../packages/redis/test/redis-server.js';
import type { RedisClient } from '../packages/redis/test/redis-server.js';

const SERVER = join(ROOT, 'bench/servers/shared-session-http.ts');

async function commandCount(redis: RedisClient): Promise<number> {
  const stats = String(await redis.sendCommand(['INFO', 'commandstats']));
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

export interface SharedSessionsResult {
  owner: { sequential: RunFigures; inFlight: RunFigures };
  nonOwner: { sequential: RunFigures; inFlight: RunFigures };
  unshared: { sequential: RunFigures; inFlight: RunFigures };
  /** Redis commands per call (the INFO call itself counted out), measured over 1,000 sequential calls each. */
  redisCommandsPerCall: { owner: number; nonOwner: number };
}

export async function benchSharedSessions(): Promise<SharedSessionsResult> {
  const redis = await startRedis('256mb');
  const servers = [
    await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']),
    await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']),
    await startHttpServer(SERVER, ['none'], ['--import', 'tsx']),
  ];
  try {
    const [a, b, plain] = servers as [typeof servers[0], typeof servers[0], typeof servers[0]];
    const sides = [await sessionSide(a.url, a.child.pid!), await sessionSide(a.url, b.child.pid!, b.url), await sessionSide(plain.url, plain.child.pid!)];
    for (const side of sides) {
      await checkAnswer(side);
      await warmUp(side, COUNTS.warmup, COUNTS.concurrency);
    }
    const perCall: number[] = [];
    for (const side of sides.slice(0, 2)) {
      const before = await commandCount(redis.client);
      for (let call = 0; call < 1000; call++) await side.call();
      perCall.push((await commandCount(redis.client) - before - 1) / 1000);
    }
    const sequential = await measureInterleaved(sides, 'sequential', COUNTS.httpSequential, COUNTS.rounds, 1);
    const inFlight = await measureInterleaved(sides, 'in flight', COUNTS.httpInFlight, COUNTS.rounds, COUNTS.concurrency);
    return {
      owner: { sequential: sequential[0]!, inFlight: inFlight[0]! },
      nonOwner: { sequential: sequential[1]!, inFlight: inFlight[1]! },
      unshared: { sequential: sequential[2]!, inFlight: inFlight[2]! },
      redisCommandsPerCall: { owner: perCall[0]!, nonOwner: perCall[1]! },
    };
  } finally {
    for (const server of servers) await stopChild(server.child);
    await redis.stop();
  }
}
