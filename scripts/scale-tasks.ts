// The across-instances part of npm run test:scale: tasks (SEP-2663) started through one instance
// and read or cancelled through another (RedisTaskStore), tasks left running on the instance that
// is killed and read afterwards through a survivor, and resource updates announced on any
// instance through nginx reaching listen streams on the others (RedisListenBus), each counted.

import { McpClient } from '../src/client/index.js';
import { tasksClient } from '../packages/ext-tasks/src/client/tasks-client.js';
import type { DetailedTask } from '../packages/ext-tasks/src/index.js';
import { nodeHttpTransport } from '../src/node.js';
import { ORPHANED_MESSAGE } from '../packages/redis/src/index.js';

const V2026 = '2026-07-28' as const;
const TOUCH_URIS = 1000; // as scripts/scale-instance.ts
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const crossReport = {
  tasksStarted: 0, readElsewhere: 0, cancelledElsewhere: 0, completed: 0, taskFailures: [] as string[],
  onKilled: { running: 0, finished: 0, readFailed: 0, readCompleted: 0, wrong: [] as string[] },
  touchesSent: 0, touchesByB: 0, touchesUnsure: 0, listeners: 0, received: 0, lost: 0, duplicates: 0, unexpected: 0,
  /** 2025 sessions (through nginx) subscribed before b's kill: updates announced after b came back, heard and lost. */
  subscribers: 0, subscribedHeardAfter: 0, subscribedLostAfter: 0,
};

/** The touch URIs the 2025 subscribers subscribe to (resources/subscribe, one request each). */
const SUBSCRIBED = Array.from({ length: 100 }, (_, i) => i * 4);

/**
 * A 2025 session through nginx (any instance serves it) subscribed to SUBSCRIBED before anything is
 * killed; it hears resources/updated on its GET stream, wherever that stream is.
 */
export async function sessionSubscriber(url: string): Promise<{ heard: Map<number, number>; stop: () => Promise<void> }> {
  const client = await McpClient.connect(nodeHttpTransport(url, { reconnect: { maxRetries: 10, initialDelayMs: 50 } }), { timeoutMs: 20_000 });
  const heard = new Map<number, number>();
  client.onresourceupdated = (uri) => {
    const n = Number(/^scale:\/\/touch\/(\d+)$/.exec(uri)?.[1] ?? -1);
    heard.set(n, (heard.get(n) ?? 0) + 1);
  };
  for (const n of SUBSCRIBED) await client.subscribeResource(`scale://touch/${n}`);
  crossReport.subscribers++;
  return { heard, stop: () => client.close() };
}

/** What the subscribers heard of the touches announced after `from` (b back, and its clients' streams resumed). */
export function countSubscribed(subscribers: Map<number, number>[], sentAt: Map<number, number>, from: number): void {
  for (const heard of subscribers) {
    for (const n of SUBSCRIBED) {
      const at = sentAt.get(n);
      if (at === undefined || at < from) continue;
      if (heard.has(n)) crossReport.subscribedHeardAfter++;
      else crossReport.subscribedLostAfter++;
    }
  }
}

/** A 2026 client of one instance (or of nginx) that declares the Tasks extension. */
export function taskClient(url: string): Promise<McpClient> {
  return McpClient.connect(nodeHttpTransport(url), { era: V2026, timeoutMs: 20_000, extensions: [tasksClient()] });
}

async function getTask(client: McpClient, taskId: string): Promise<DetailedTask> {
  const { resultType: _type, _meta: _m, ...task } = await client.request('tasks/get', { taskId });
  return task as unknown as DetailedTask;
}

/** tasks/get through `client` until the task is no longer working; at most `ms`. */
async function finalState(client: McpClient, taskId: string, ms: number): Promise<DetailedTask> {
  const deadline = Date.now() + ms;
  for (;;) {
    const task = await getTask(client, taskId);
    if (task.status !== 'working' && task.status !== 'input_required') return task;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${task.status} after ${ms} ms`);
    await sleep(50);
  }
}

async function startJob(client: McpClient, ms: number): Promise<string> {
  const created = await client.request('tools/call', { name: 'job', arguments: { ms } });
  if (created.resultType !== 'task' || typeof created.taskId !== 'string') throw new Error(`not a task: ${JSON.stringify(created).slice(0, 200)}`);
  crossReport.tasksStarted++;
  return created.taskId;
}

/** Until `until`: a job started on one of (a, c), then cancelled (a 30 s one) or read to its end (300 ms) through the other. */
export async function taskWorker(a: McpClient, c: McpClient, until: number): Promise<void> {
  for (let round = 0; Date.now() < until; round++) {
    const [owner, other, ownerId] = round % 2 === 0 ? [a, c, 'a'] : [c, a, 'c'];
    const cancelling = round % 4 < 2;
    try {
      const taskId = await startJob(owner, cancelling ? 30_000 : 300);
      if (cancelling) {
        await other.request('tasks/cancel', { taskId });
        const final = await finalState(owner, taskId, 5000);
        if (final.status !== 'cancelled') throw new Error(`cancelled through the other instance, read ${final.status}`);
        crossReport.cancelledElsewhere++;
      } else {
        const final = await finalState(other, taskId, 5000);
        const text = (final.result?.content as { text?: string }[] | undefined)?.[0]?.text;
        if (final.status !== 'completed' || text !== `job of 300 ms done on ${ownerId}`) throw new Error(`read through the other instance: ${JSON.stringify(final).slice(0, 200)}`);
        crossReport.completed++;
      }
      crossReport.readElsewhere++;
    } catch (error) {
      crossReport.taskFailures.push((error as Error).message);
      await sleep(50);
    }
  }
}

/** Before b is killed: three jobs that will still be running on it, three that end first. Returns their ids. */
export async function tasksOnVictim(b: McpClient): Promise<{ running: string[]; finished: string[] }> {
  const running = [await startJob(b, 60_000), await startJob(b, 60_000), await startJob(b, 60_000)];
  const finished = [await startJob(b, 50), await startJob(b, 50), await startJob(b, 50)];
  await sleep(300);
  crossReport.onKilled.running = running.length;
  crossReport.onKilled.finished = finished.length;
  return { running, finished };
}

/** After b died: each of its tasks read through a survivor, running ones as failed (its instance stopped), ended ones as they ended. */
export async function readVictimTasks(survivor: McpClient, tasks: { running: string[]; finished: string[] }): Promise<void> {
  for (const taskId of tasks.running) {
    const final = await finalState(survivor, taskId, 10_000).catch((error: Error) => ({ status: error.message }) as DetailedTask);
    if (final.status === 'failed' && final.error?.message === ORPHANED_MESSAGE) crossReport.onKilled.readFailed++;
    else crossReport.onKilled.wrong.push(`running on b: ${JSON.stringify(final).slice(0, 160)}`);
  }
  for (const taskId of tasks.finished) {
    const final = await finalState(survivor, taskId, 10_000).catch((error: Error) => ({ status: error.message }) as DetailedTask);
    if (final.status === 'completed' && (final.result?.content as { text?: string }[])[0]?.text === 'job of 50 ms done on b') crossReport.onKilled.readCompleted++;
    else crossReport.onKilled.wrong.push(`ended on b: ${JSON.stringify(final).slice(0, 160)}`);
  }
}

/** A listen stream on one instance subscribed to every touch URI; counts what it hears by number. */
export async function touchListener(url: string): Promise<{ heard: Map<number, number>; stop: () => Promise<void> }> {
  const client = await McpClient.connect(nodeHttpTransport(url), { era: V2026 });
  const heard = new Map<number, number>();
  client.onresourceupdated = (uri) => {
    const n = Number(/^scale:\/\/touch\/(\d+)$/.exec(uri)?.[1] ?? -1);
    heard.set(n, (heard.get(n) ?? 0) + 1);
  };
  const controller = new AbortController();
  const subscription = client.listen({ resourceSubscriptions: Array.from({ length: TOUCH_URIS }, (_, n) => `scale://touch/${n}`) }, { signal: controller.signal });
  const acknowledged = await subscription.acknowledged;
  if (acknowledged.resourceSubscriptions?.length !== TOUCH_URIS) throw new Error(`listen acknowledged ${JSON.stringify(acknowledged).slice(0, 100)}`);
  crossReport.listeners++;
  return { heard, stop: async () => { controller.abort(); await client.close(); } };
}

/** Until `until` (or every URI used): `touch` n through nginx, round robin over the instances (b too, while it lives). */
export async function toucher(proxy: McpClient, until: number, sent: Set<number>, unsure: Set<number>, sentAt = new Map<number, number>()): Promise<void> {
  for (let n = 0; n < TOUCH_URIS && Date.now() < until; n++) {
    try {
      const started = Date.now();
      const result = await proxy.callTool('touch', { n });
      sent.add(n);
      sentAt.set(n, started);
      if ((result.content[0] as { text: string }).text.endsWith(' on b')) crossReport.touchesByB++;
    } catch {
      unsure.add(n); // the instance died with it in flight: it may have announced it or not
    }
    await sleep(10);
  }
  crossReport.touchesSent = sent.size;
  crossReport.touchesUnsure = unsure.size;
}

/** Every touch answered must have reached every listener once; one that failed may have, or not. */
export function countTouches(listeners: Map<number, number>[], sent: Set<number>, unsure: Set<number>): void {
  for (const heard of listeners) {
    for (const n of sent) if (!heard.has(n)) crossReport.lost++;
    for (const [n, count] of heard) {
      crossReport.received += count;
      if (count > 1) crossReport.duplicates += count - 1;
      if (!sent.has(n) && !unsure.has(n)) crossReport.unexpected++;
    }
  }
}
