// Server instructions per 2025 call in a session shared through Redis (issue 48), counted by
// callgrind (callgrind.ts: a warm server, windows of N calls each counted alone, the median window):
// the call on an instance that holds a copy of a session begun on another (the non-owner) beside the
// call on the instance that began it (the owner); the owner beside a session kept in the process
// only; and the owner without a listen bus, which reads the record on every request, beside the
// owner that keeps it. Each counted server is bench/servers/shared-session-http.ts under valgrind;
// the non-owner's session is begun on a second instance outside valgrind. Redis counts the commands
// (INFO commandstats) over the counted process's calls, warm-up included.

import { COUNTS } from './config.js';
import { CALLGRIND_TIMEOUT_MS, callMany, instructionsPerCall, requireValgrind } from './callgrind.js';
import type { PerCall, WindowDrive } from './callgrind.js';
import { sessionSide } from './http-eras.js';
import { INSTRUCTION_CALLS, INSTRUCTION_WARMUP, INSTRUCTION_WINDOWS } from './instructions.js';
import { startHttpServer } from './http.js';
import { stopChild, waitForLine } from './stats.js';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './config.js';
import { absolute, compared } from './report.js';
import type { Row } from './report.js';
import { startRedis } from '../packages/redis/test/redis-server.js';
import type { RedisClient } from '../packages/redis/test/redis-server.js';

const SERVER = join(ROOT, 'bench/servers/shared-session-http.ts');

/** One side's count: instructions per call, and the Redis commands per call it made. */
export interface SharedSessionCount { figure: PerCall; redisCommandsPerCall: number }

export interface SharedSessionsInstructions {
  owner: SharedSessionCount;
  nonOwner: SharedSessionCount;
  unshared: SharedSessionCount;
  /** The owner with no listen bus: its record read from Redis on every request. */
  ownerUncached: SharedSessionCount;
}

async function commandCount(redis: RedisClient): Promise<number> {
  const stats = String(await redis.sendCommand(['INFO', 'commandstats']));
  return [...stats.matchAll(/calls=(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
}

/**
 * Runs the counted server, begins a session on it (or on `owner`, then calls the counted one), and
 * counts the Redis commands its calls make (the INFO reads themselves counted out).
 */
function drive(redis: RedisClient | undefined, owner: string | undefined, concurrency: number, commands: number[]): WindowDrive {
  return async (program, measure) => {
    const child = spawn(program.command, program.args, { stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const [, url] = await waitForLine(child, /listening on (\S+)\n/, CALLGRIND_TIMEOUT_MS);
      const side = await sessionSide(owner ?? url!, child.pid!, [url!]);
      let calls = 0;
      const before = redis === undefined ? 0 : await commandCount(redis);
      await measure(async (n) => { calls += n; await callMany(side.call, n, concurrency); });
      if (redis !== undefined) commands.push((await commandCount(redis) - before - 1) / calls);
      child.stdin.end();
      await exited;
    } finally {
      child.kill();
    }
  };
}

export async function benchSharedSessionsInstructions(concurrency = 1): Promise<SharedSessionsInstructions> {
  requireValgrind();
  const redis = await startRedis('256mb');
  const owner = await startHttpServer(SERVER, [redis.socket], ['--import', 'tsx']);
  try {
    const count = async (args: string[], where: string | undefined, client: RedisClient | undefined): Promise<SharedSessionCount> => {
      const commands: number[] = [];
      const figure = await instructionsPerCall(['--import', 'tsx', SERVER, ...args], drive(client, where, concurrency, commands),
        INSTRUCTION_CALLS, INSTRUCTION_WARMUP, INSTRUCTION_WINDOWS);
      return { figure, redisCommandsPerCall: commands[0] ?? NaN };
    };
    // Two valgrind processes at a time: two CPUs. The command counts of a pair overlap, so each side
    // of a pair that talks to Redis runs beside one that does not.
    const [nonOwner, unshared] = await Promise.all([count([redis.socket], owner.url, redis.client), count(['none'], undefined, undefined)]);
    const ownerCached = await count([redis.socket], undefined, redis.client);
    const ownerUncached = await count([redis.socket, 'no-bus'], undefined, redis.client);
    return { owner: ownerCached, nonOwner: nonOwner!, unshared: unshared!, ownerUncached };
  } finally {
    await stopChild(owner.child);
    await redis.stop();
  }
}

/**
 * The sequential rows of the shared sessions section, in instructions (bench/run.ts); what was
 * counted goes into `details`. Target (issue 48): the non-owner's call ≤ 1.1× the owner's, and at
 * most one Redis command per call.
 */
export async function sharedSessionsInstructionRows(details: Record<string, unknown>): Promise<Row[]> {
  const result = await benchSharedSessionsInstructions(1);
  details.sharedSessionsInstructions = result;
  const gc = (...sides: SharedSessionCount[]): string => `of it garbage collection ${sides.map((side) => Math.round(side.figure.gcPerCall).toLocaleString('en-US')).join(' · ')}`;
  const row = (measure: string, ours: SharedSessionCount, theirs: SharedSessionCount, limit?: number): Row => {
    const counted = compared('shared sessions', `${measure}, sequential, instructions/call`, '', Math.round(ours.figure.perCall), Math.round(theirs.figure.perCall),
      limit === undefined ? undefined : { on: 'ratio', op: '<=', limit });
    counted.note = gc(ours, theirs);
    return counted;
  };
  return [
    row('non-owner vs owner (JSON), both keeping the record', result.nonOwner, result.owner, 1.1),
    row('owner keeping the record in Redis vs session in process (JSON)', result.owner, result.unshared),
    row('owner reading the record on every request (no listen bus) vs session in process (JSON)', result.ownerUncached, result.unshared),
    absolute('shared sessions', 'Redis commands per call, non-owner keeping the record (callgrind run, warm-up included)', '', result.nonOwner.redisCommandsPerCall, { on: 'value', op: '<=', limit: 1 }),
    absolute('shared sessions', 'Redis commands per call, owner keeping the record (callgrind run)', '', result.owner.redisCommandsPerCall),
    absolute('shared sessions', 'Redis commands per call, owner without a listen bus (callgrind run)', '', result.ownerUncached.redisCommandsPerCall),
  ];
}

// `npx tsx bench/shared-sessions-instructions.ts [calls in flight]`: the rows alone, sequential and
// 64 in flight, or the one given (BENCH_QUICK=1 for fewer calls).
if (import.meta.url === `file://${process.argv[1]}`) {
  const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');
  for (const concurrency of process.argv[2] === undefined ? [1, COUNTS.concurrency] : [Number(process.argv[2])]) {
    const result = await benchSharedSessionsInstructions(concurrency);
    const shape = concurrency === 1 ? 'sequential' : `${concurrency} in flight`;
    for (const [name, side] of Object.entries(result)) {
      const { figure, redisCommandsPerCall } = side as SharedSessionCount;
      console.log(`${shape} ${name.padEnd(14)} ${thousands(figure.perCall)} instructions/call (gc ${thousands(figure.gcPerCall)}${figure.settled ? '' : `, unsettled: ${thousands(figure.compilingPerCall)} compiling`}), Redis commands/call ${redisCommandsPerCall.toFixed(4)}`);
    }
    console.log(`${shape} non-owner ÷ owner ${(result.nonOwner.figure.perCall / result.owner.figure.perCall).toFixed(3)}×, owner ÷ in process ${(result.owner.figure.perCall / result.unshared.figure.perCall).toFixed(3)}×, owner uncached ÷ in process ${(result.ownerUncached.figure.perCall / result.unshared.figure.perCall).toFixed(3)}×`);
  }
}
