// One mcpwire instance of the scale setup (examples/scale/README.md): both eras on one endpoint,
// 2025 sessions, SSE events, tasks and listen events shared through Redis (packages/redis), so
// nginx sends any request anywhere; requestState sealed with the key every instance shares.
//   INSTANCE_ID=a PORT=3001 REDIS_SOCKET=/tmp/redis.sock MCPWIRE_STATE_KEY=<32+ chars> npx tsx scripts/scale-instance.ts
// (REDIS_URL=redis://127.0.0.1:6379 instead of REDIS_SOCKET works too; without either, everything stays in this process.)

import { McpServer } from '../src/server/index.js';
import { tasksExtension } from '../packages/ext-tasks/src/index.js';
import type { ListenBus } from '../src/server/index.js';
import type { TaskStore } from '../packages/ext-tasks/src/index.js';
import { serveHttp } from '../src/node.js';
import { shareSessions } from '../src/http.js';
import type { EventStore, SessionSharing } from '../src/http.js';
import { RedisEventStore, RedisListenBus, RedisSessionStateStore, RedisTaskStore } from '../packages/redis/src/index.js';
import { connectRedis } from '../packages/redis/test/redis-server.js';

const instanceId = process.env.INSTANCE_ID ?? 'a';
const port = Number(process.env.PORT ?? 3001);
const key = process.env.MCPWIRE_STATE_KEY;
if (key === undefined || key.length < 32) throw new Error('MCPWIRE_STATE_KEY must be set, at least 32 characters, the same on every instance');
const redisAt = process.env.REDIS_SOCKET ?? process.env.REDIS_URL;

/** Resource URIs `touch` may announce an update of (a listen stream may subscribe to 1000). */
const TOUCH_URIS = 1000;

/**
 * The scale setup's tools: `work` streams progress (and may cut its own stream), `add` is cheap,
 * `greet` asks a question in 2026, `job` runs as a task (SEP-2663) for `ms`, `touch` announces
 * that resource `scale://touch/<n>` was updated (to listen streams on every instance).
 */
function createScaleServer(store: TaskStore | undefined, listenBus: ListenBus | undefined): McpServer {
  const server = new McpServer({ name: 'scale', version: '1.0.0' }, { requestState: { key: key! }, listenBus, capabilities: { resources: { subscribe: true } } });
  server.tool({
    name: 'work',
    inputSchema: { type: 'object', properties: { steps: { type: 'integer', minimum: 1, maximum: 100 }, cutAt: { type: 'integer' }, delayMs: { type: 'integer', maximum: 1000 } }, required: ['steps'] },
  }, async ({ steps, cutAt, delayMs }, context) => {
    for (let step = 1; step <= (steps as number); step++) {
      await context.sendProgress({ progress: step, total: steps as number });
      // The server ends the SSE connection (as a draining instance does); the client resumes with Last-Event-ID.
      if (step === cutAt) await context.closeSseStream();
      if (typeof delayMs === 'number' && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    return { content: [{ type: 'text', text: `${instanceId}:${String(steps)}` }] };
  });
  server.tool({
    name: 'add',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  }, ({ a, b }) => ({ content: [{ type: 'text', text: String((a as number) + (b as number)) }] }));
  server.tool({ name: 'greet', inputSchema: { type: 'object' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, { key: 'name' });
    return { content: [{ type: 'text', text: `Hello, ${String(answer.content?.name)} (answered on ${instanceId})` }] };
  });
  server.tool({ name: 'job', inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 60_000 } }, required: ['ms'] } },
    async ({ ms }, context) => {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, ms as number);
        context.signal.addEventListener('abort', () => { clearTimeout(timer); reject(new Error('cancelled')); }, { once: true });
      });
      return { content: [{ type: 'text', text: `job of ${String(ms)} ms done on ${instanceId}` }] };
    });
  server.tool({ name: 'touch', inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 0, maximum: TOUCH_URIS - 1 } }, required: ['n'] } },
    async ({ n }) => {
      await server.notifyResourceUpdated(`scale://touch/${String(n)}`);
      return { content: [{ type: 'text', text: `touched ${String(n)} on ${instanceId}` }] };
    });
  return server.extension(tasksExtension({ tools: { job: 'optional' }, store, pollIntervalMs: 100, ttlMs: 600_000 }));
}

let eventStore: EventStore | undefined;
let sharedSessions: SessionSharing | undefined;
let taskStore: RedisTaskStore | undefined;
let listenBus: RedisListenBus | undefined;
if (redisAt !== undefined) {
  const redis = await connectRedis(redisAt);
  const subscriber = await connectRedis(redisAt); // a subscribed connection sends no commands
  eventStore = new RedisEventStore(redis, { maxEventsPerStream: 1000, ttlSeconds: 600 });
  sharedSessions = shareSessions(new RedisSessionStateStore(redis));
  // Alive 1.5 s without renewing: a killed instance's tasks read as failed that soon after.
  // Every client here is unauthenticated, so one principal: the per-principal bound is raised to the total.
  taskStore = await RedisTaskStore.open(redis, subscriber, { instanceId, aliveMs: 1500, maxPerPrincipal: 10_000 });
  listenBus = await RedisListenBus.open(redis, subscriber, { instanceId });
}
const running = await serveHttp(createScaleServer(taskStore, listenBus), {
  host: '127.0.0.1', port, instanceId, eventStore, sharedSessions, retryMs: 50,
  // Behind nginx every client comes from 127.0.0.1: the per-address cap would be the whole table.
  maxSessions: 10_000, maxSessionsPerAddress: 10_000,
});
process.stdout.write(`ready ${instanceId} ${running.url}\n`);
const stop = (): void => { void running.close().then(() => taskStore?.close()).then(() => process.exit(0)); };
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
