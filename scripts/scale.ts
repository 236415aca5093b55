// npm run test:scale: redis-server, nginx (examples/scale/nginx.conf, round robin) and three
// mcpwire instances on loopback, a mixed load through nginx (2026-07-28 stateless calls that answer
// an input_required round, possibly on two instances; 2025-11-25 sessions kept in Redis, each
// request on any instance, whose tools stream progress and cut their own SSE stream half the time,
// so the client resumes it, usually on another instance), and a rolling restart: b, then c, then a
// killed (SIGKILL) and restarted, one after another; the sessions go on with the same ids. Across
// instances (scripts/scale-tasks.ts), before c and a go: tasks started through a or c and cancelled
// or read through the other, six tasks on b read through a after its kill, and resource updates
// announced through nginx heard by listen streams on a and c. Every fourth session call is an
// elicitation round, answered through nginx to whichever instance.
// Bounded: about 30 s in all, everything stopped at the end.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClient, SessionLostError } from '../src/client/index.js';
import { HttpStatusError } from '../src/http.js';
import { RequestTimeoutError } from '../src/jsonrpc/local-errors.js';
import { nodeHttpTransport } from '../src/node.js';
import { startRedis } from '../packages/redis/test/redis-server.js';
import { freePort, startInstance, startNginx, stopChild } from './scale-cluster.js';
import type { Instance } from './scale-cluster.js';
import { countSubscribed, countTouches, crossReport, readVictimTasks, sessionSubscriber, taskClient, taskWorker, tasksOnVictim, touchListener, toucher } from './scale-tasks.js';

const LOAD_MS = Number(process.env.SCALE_LOAD_MS ?? 18_000);
/** b is killed here, with the cross-instance tasks and listen streams running; they stop at CROSS_UNTIL_MS. */
const KILL_AT_MS = LOAD_MS * 0.25;
const CROSS_UNTIL_MS = LOAD_MS * 0.5;
/** Then c and a, one after another, under the stateless and session load only. */
const LATER_KILLS_MS: [number, number][] = [[2, LOAD_MS * 0.58], [0, LOAD_MS * 0.78]];
/** A 2025 call with no answer this long is one that died with its instance (checked against the kills). */
const SESSION_CALL_TIMEOUT_MS = 8000;
const DOWN_MS = 1500;
const STATELESS_WORKERS = 4;
const SESSION_WORKERS = 6;
const TASK_WORKERS = 2;
const LISTENERS_PER_INSTANCE = 2;
const STEPS = 5;
const V2026 = '2026-07-28';
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': V2026, 'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } } };

const report = {
  statelessDone: 0, sessionCallsDone: 0, failed: new Map<string, number>(), reinitialised: 0, resumed: 0,
  duplicates: 0, lostEvents: 0, crossInstanceRetries: 0, kills: [] as number[], sessionElicitations: 0,
};
const fail = (why: string): void => { report.failed.set(why, (report.failed.get(why) ?? 0) + 1); };
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** One 2026 call: greet → input_required → the same call with the answer; the two may land on different instances. */
async function statelessCall(url: string, name: string, id: number): Promise<void> {
  const post = async (params: object): Promise<{ instance: string; body: any }> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': V2026, 'mcp-method': 'tools/call', 'mcp-name': 'greet' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'greet', _meta: ENVELOPE, ...params } }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}${response.status === 502 ? ' (instance died with the request in flight)' : ''}`);
    return { instance: '', body: JSON.parse(text) };
  };
  const first = await post({});
  if (first.body.result?.resultType !== 'input_required') throw new Error(`first round: ${JSON.stringify(first.body).slice(0, 200)}`);
  const second = await post({ requestState: first.body.result.requestState, inputResponses: { name: { action: 'accept', content: { name } } } });
  const text: string | undefined = second.body.result?.content?.[0]?.text;
  if (second.body.result?.resultType !== 'complete' || !text?.startsWith(`Hello, ${name} (answered on `)) throw new Error(`second round: ${JSON.stringify(second.body).slice(0, 200)}`);
}

async function statelessWorker(url: string, worker: number, until: number): Promise<void> {
  for (let call = 0; call < 100_000 && Date.now() < until; call++) {
    try {
      await statelessCall(url, `w${worker}c${call}`, call);
      report.statelessDone++;
    } catch (error) {
      fail(`2026 call: ${(error as Error).message}`);
    }
  }
}

/** A 2025 session: `work` calls with progress; every other call cuts its stream at step 2, and the client resumes it. */
async function sessionWorker(url: string, until: number): Promise<McpClient> {
  const seenEvents = new Set<string>();
  const transport = nodeHttpTransport(url, {
    reconnect: { maxRetries: 10, initialDelayMs: 50 },
    ontrace: (event) => {
      if (event.eventId !== undefined) {
        if (seenEvents.has(event.eventId)) report.duplicates++;
        seenEvents.add(event.eventId);
      } else if (event.method === 'GET' && event.headers['last-event-id'] !== undefined && event.status === 200) {
        report.resumed++;
      }
    },
  });
  // greet asks the client's name (elicitation/create on the call's stream); the answer's POST goes
  // round robin, so usually to another instance than the one asking: the listen bus takes it there.
  const client = await McpClient.connect(transport, { timeoutMs: SESSION_CALL_TIMEOUT_MS, onElicitation: () => ({ action: 'accept', content: { name: 'scale' } }) });
  for (let call = 0; call < 100_000 && Date.now() < until; call++) {
    const progress: number[] = [];
    const callStarted = Date.now();
    try {
      if (call % 4 === 3) {
        const greeted = (await client.callTool('greet', {})).content[0] as { text: string };
        if (!/^Hello, scale \(answered on [abc]\)$/.test(greeted.text)) throw new Error(`unexpected greeting ${greeted.text}`);
        report.sessionElicitations++;
        continue;
      }
      const result = await client.callTool('work', { steps: STEPS, cutAt: call % 2 === 0 ? 2 : 0, delayMs: 20 }, { onprogress: (p) => { progress.push(p.progress); } });
      const text = (result.content[0] as { text: string }).text;
      if (!/^[abc]:5$/.test(text)) throw new Error(`unexpected result ${text}`);
      report.sessionCallsDone++;
      // Every step exactly once, in order: a duplicate or a gap is a resumption bug.
      const expected = Array.from({ length: STEPS }, (_, i) => i + 1);
      report.duplicates += progress.length - new Set(progress).size;
      report.lostEvents += expected.filter((step) => !progress.includes(step)).length;
      if (progress.join() !== [...new Set(progress)].join() || [...new Set(progress)].join() !== expected.join()) {
        if (progress.length === new Set(progress).size && expected.every((step) => progress.includes(step))) fail('2025 call: progress out of order');
      }
    } catch (error) {
      if (error instanceof SessionLostError) fail('2025 call: session lost while the tool ran (reported, not repeated)');
      // nginx's own 502 for a POST that reached it while the session's instance was dying or dead:
      // whether the call ran is unknown, so the client reports it and does not repeat it.
      else if (error instanceof HttpStatusError && error.status === 502) fail('2025 call: HTTP 502 from nginx (instance died with the request in flight)');
      // Its stream resumed on a survivor, which replays what the dead instance stored; the answer
      // never comes, and the call times out: reported, not repeated.
      else if (error instanceof RequestTimeoutError && report.kills.some((at) => at >= callStarted)) fail('2025 call: no answer, timed out (instance died with the request in flight)');
      else fail(`2025 call: ${(error as Error).message}`);
    }
  }
  report.reinitialised += client.sessionsRenewed;
  return client;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpwire-scale-'));
  const redis = await startRedis('64mb');
  const instances: Instance[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const env = { REDIS_SOCKET: redis.socket, MCPWIRE_STATE_KEY: 'scale-test-shared-key-0123456789abcdef' };
  const checks: [string, boolean][] = [];
  try {
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const [index, id] of ['a', 'b', 'c'].entries()) instances.push(await startInstance(id, ports[index]!, env));
    const proxyPort = await freePort();
    nginx = await startNginx(join(dir, 'nginx'), ports, proxyPort);
    const url = `http://127.0.0.1:${proxyPort}/mcp`;
    console.log(`redis-server on ${redis.socket}, nginx on 127.0.0.1:${proxyPort}, instances a b c on ${ports.join(' ')}; load for ${LOAD_MS} ms`);

    const direct = ports.map((port) => `http://127.0.0.1:${port}/mcp`);
    const [viaA, viaB, viaC, viaProxy] = [await taskClient(direct[0]!), await taskClient(direct[1]!), await taskClient(direct[2]!), await taskClient(url)];
    const listeners = [];
    for (let i = 0; i < LISTENERS_PER_INSTANCE; i++) listeners.push(await touchListener(direct[0]!), await touchListener(direct[2]!));
    const touched = new Set<number>();
    const unsure = new Set<number>();
    const touchedAt = new Map<number, number>();
    const subscribers = [await sessionSubscriber(url), await sessionSubscriber(url)];
    /** A second after b was killed: GET streams it carried have resumed elsewhere by then (retry 50 ms, then a GET). */
    let settledAfterB = Infinity;

    const started = Date.now();
    const until = started + LOAD_MS;
    const crossUntil = started + CROSS_UNTIL_MS;
    // Tasks and listen streams across instances, until crossUntil; then their direct clients of a and c close.
    const crossing = (async () => {
      await Promise.allSettled([...Array.from({ length: TASK_WORKERS }, () => taskWorker(viaA, viaC, crossUntil)), toucher(viaProxy, crossUntil, touched, unsure, touchedAt)]);
      await sleep(500); // the last updates on their way through Redis
      countTouches(listeners.map((listener) => listener.heard), touched, unsure);
      countSubscribed(subscribers.map((subscriber) => subscriber.heard), touchedAt, settledAfterB);
      for (const listener of listeners) await listener.stop();
      for (const subscriber of subscribers) await subscriber.stop();
      for (const client of [viaA, viaB, viaC, viaProxy]) await client.close();
    })();
    const kill = async (index: number): Promise<Instance> => {
      const victim = instances[index]!;
      victim.child.kill('SIGKILL');
      report.kills.push(Date.now());
      await new Promise((resolve) => victim.child.exitCode !== null || victim.child.signalCode !== null ? resolve(undefined) : victim.child.once('exit', resolve));
      return victim;
    };
    const restart = async (index: number, victim: Instance): Promise<void> => {
      await sleep(DOWN_MS);
      instances[index] = await startInstance(victim.id, victim.port, env);
      console.log(`+${Date.now() - started} ms: restarted instance ${victim.id}`);
    };
    const chaos = (async () => {
      await sleep(KILL_AT_MS - 500);
      const onVictim = await tasksOnVictim(viaB);
      const victim = await kill(1);
      settledAfterB = Date.now() + 1000;
      console.log(`+${Date.now() - started} ms: killed instance b (SIGKILL), ${onVictim.running.length} of its tasks running`);
      const reading = readVictimTasks(viaA, onVictim);
      await restart(1, victim);
      await reading;
      await crossing; // the direct clients of a and c are closed before either goes
      for (const [index, at] of LATER_KILLS_MS) {
        await sleep(Math.max(0, started + at - Date.now()));
        const next = await kill(index);
        console.log(`+${Date.now() - started} ms: killed instance ${next.id} (SIGKILL)`);
        await restart(index, next);
      }
    })();
    const workers = [
      ...Array.from({ length: STATELESS_WORKERS }, (_, worker) => statelessWorker(url, worker, until)),
      ...Array.from({ length: SESSION_WORKERS }, () => sessionWorker(url, until)),
    ];
    const settled = await Promise.allSettled([chaos, ...workers, crossing]);
    for (const outcome of settled) if (outcome.status === 'rejected') fail(`setup: ${(outcome.reason as Error).message}`);
    for (const outcome of settled.slice(1, 1 + STATELESS_WORKERS + SESSION_WORKERS)) if (outcome.status === 'fulfilled' && outcome.value instanceof McpClient) await outcome.value.close();
    const keys = Number(await redis.client.sendCommand(['DBSIZE']));
    const memory = String(await redis.client.sendCommand(['INFO', 'memory'])).match(/used_memory_human:(\S+)/)?.[1];

    const failedTotal = [...report.failed.values()].reduce((sum, count) => sum + count, 0);
    const sessionLost = report.failed.get('2025 call: session lost while the tool ran (reported, not repeated)') ?? 0;
    const diedInFlight = [...report.failed].filter(([why]) => why.includes('instance died with the request in flight')).reduce((sum, [, count]) => sum + count, 0);
    console.log('');
    console.log(`calls done:              ${report.statelessDone} stateless (2026-07-28, 2 rounds each), ${report.sessionCallsDone} in sessions (2025-11-25, ${STEPS} progress events each)`);
    console.log(`calls failed:            ${failedTotal}`);
    for (const [why, count] of report.failed) console.log(`  ${count} × ${why}`);
    console.log(`elicitations in sessions: ${report.sessionElicitations} answered (the answer POSTed through nginx, to any instance)`);
    console.log(`re-initialised sessions: ${report.reinitialised}`);
    console.log(`resumed streams:         ${report.resumed} (Last-Event-ID, replayed from Redis)`);
    console.log(`duplicates:              ${report.duplicates}`);
    console.log(`lost events:             ${report.lostEvents}`);
    const x = crossReport;
    console.log(`tasks:                   ${x.tasksStarted} started, ${x.readElsewhere} read through another instance than their own (${x.cancelledElsewhere} cancelled there, ${x.completed} completed), ${x.taskFailures.length} failed`);
    for (const why of new Set(x.taskFailures)) console.log(`  ${x.taskFailures.filter((other) => other === why).length} × ${why}`);
    console.log(`tasks of killed b:       ${x.onKilled.running} running → ${x.onKilled.readFailed} read as failed through a; ${x.onKilled.finished} ended → ${x.onKilled.readCompleted} read as completed through a`);
    for (const why of x.onKilled.wrong) console.log(`  ${why}`);
    console.log(`notifications:           ${x.touchesSent} resource updates announced through nginx (${x.touchesByB} by b, ${x.touchesUnsure} in flight on b when it died), ${x.listeners} listen streams on a and c`);
    console.log(`                         sent ${x.touchesSent * x.listeners}, received ${x.received}, lost ${x.lost}, duplicates ${x.duplicates}, unexpected ${x.unexpected}`);
    console.log(`2025 subscriptions:      ${x.subscribers} sessions (through nginx) subscribed to 100 URIs each before b's kill; of the updates announced from 1 s after it: ${x.subscribedHeardAfter} heard, ${x.subscribedLostAfter} lost`);
    console.log(`redis at the end:        ${keys} keys, ${memory ?? '?'} used`);

    checks.push(
      ['stateless calls were answered', report.statelessDone > 0],
      ['session calls were answered', report.sessionCallsDone > 0],
      ['elicitations in sessions were answered, wherever the answer landed', report.sessionElicitations > 0],
      ['every failure is an instance dying mid-request, reported (none repeated, none unexplained)', failedTotal === sessionLost + diedInFlight],
      ['no session was re-initialised: every one went on, with its id, through three kills', report.reinitialised === 0],
      ['streams were resumed with Last-Event-ID', report.resumed > 0],
      ['no duplicates', report.duplicates === 0],
      ['no lost events', report.lostEvents === 0],
      ['the restarted instances serve again', instances.every((instance) => instance.child.exitCode === null && instance.child.signalCode === null)],
      ['tasks were cancelled and read through another instance, none failed', x.cancelledElsewhere > 0 && x.completed > 0 && x.taskFailures.length === 0],
      ['the killed instance\'s tasks read through a survivor: running ones failed, ended ones completed', x.onKilled.readFailed === 3 && x.onKilled.readCompleted === 3],
      ['resource updates announced on b reached listeners on a and c', x.touchesByB > 0 && x.received > 0],
      ['no lost notifications', x.lost === 0],
      ['no duplicate or unexpected notifications', x.duplicates === 0 && x.unexpected === 0],
      ['resource subscriptions of 2025 sessions made before the kill deliver after it, none lost', x.subscribedHeardAfter > 0 && x.subscribedLostAfter === 0],
    );
  } finally {
    if (nginx) await stopChild(nginx);
    for (const instance of instances) await stopChild(instance.child);
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log('');
  for (const [name, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  const failedChecks = checks.filter(([, ok]) => !ok).length;
  console.log(`${checks.length - failedChecks} passed, ${failedChecks} failed`);
  process.exitCode = failedChecks === 0 && checks.length > 0 ? 0 : 1;
}

const watchdog = setTimeout(() => { console.error('test:scale: over 120 s, giving up'); process.exit(1); }, 120_000);
watchdog.unref();
await main();
