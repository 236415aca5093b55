// A TaskStore kept in Redis, so that a task (SEP-2663) started through one instance is read,
// answered and cancelled through any other. The same bounds as MemoryTaskStore (tasks per
// principal, in all, and ttlMs after a task ends, here by Redis expiry) and the same binding to
// the principal. Each change is one Lua script (redis-task-scripts.ts), so a cancel on one
// instance and a completion on another leave whichever came first. A task's handler runs where it
// was created; a tasks/update or tasks/cancel received elsewhere reaches it by pub/sub; and when
// that instance dies (its `alive` key lapses), the task reads as failed instead of working forever.

import { INTERNAL_ERROR } from '../../../src/jsonrpc/index.js';
import type { DetailedTask } from '../../../src/protocol/index.js';
import type { TaskSignal, TaskStore } from '../../../src/server/index.js';
import type { RedisCommandSender } from './redis-event-store.js';
import { CREATE, GET, PUT } from './redis-task-scripts.js';

/** The pub/sub side of a node-redis client (a `duplicate()` of the command connection: a subscribed connection sends no commands). */
export interface RedisSubscriber {
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener?: (message: string) => void): Promise<unknown>;
}

export interface RedisTaskStoreOptions {
  /** Prefix of every key and channel (default "mcpwire:tasks:"). */
  keyPrefix?: string;
  /** Live tasks one principal may hold; default 100. */
  maxPerPrincipal?: number;
  /** Tasks held in all; default 10,000. */
  maxTotal?: number;
  /** This instance's name among those sharing the Redis (default a random UUID). */
  instanceId?: string;
  /** How long this instance counts as alive without renewing (default 10 s; renewed every third of it). */
  aliveMs?: number;
}

/** Why an orphaned task failed (its `error.message`). */
export const ORPHANED_MESSAGE = 'The instance running this task stopped before the task ended';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A TaskStore in Redis; `open` it, `close` it when the instance stops. */
export class RedisTaskStore implements TaskStore {
  readonly instanceId: string;
  readonly #redis: RedisCommandSender;
  readonly #subscriber: RedisSubscriber;
  readonly #prefix: string;
  readonly #maxPerPrincipal: string;
  readonly #maxTotal: string;
  readonly #aliveMs: number;
  readonly #attended = new Map<string, (signal: TaskSignal) => void>();
  readonly #onMessage = (message: string): void => { this.#received(message); };
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Reports what could not be done in the background (a heartbeat, a malformed signal). */
  onerror?: (error: Error) => void;

  private constructor(redis: RedisCommandSender, subscriber: RedisSubscriber, options: RedisTaskStoreOptions) {
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.#prefix = options.keyPrefix ?? 'mcpwire:tasks:';
    this.#maxPerPrincipal = String(options.maxPerPrincipal ?? 100);
    this.#maxTotal = String(options.maxTotal ?? 10_000);
    this.#aliveMs = options.aliveMs ?? 10_000;
    this.instanceId = options.instanceId ?? crypto.randomUUID();
  }

  /** Marks this instance alive, listens for signals, and resolves once both hold. */
  static async open(redis: RedisCommandSender, subscriber: RedisSubscriber, options: RedisTaskStoreOptions = {}): Promise<RedisTaskStore> {
    const store = new RedisTaskStore(redis, subscriber, options);
    await store.#renew();
    await subscriber.subscribe(store.#prefix + 'signals', store.#onMessage);
    store.#heartbeat = setInterval(() => { store.#renew().catch((error: unknown) => store.#report(error)); }, Math.max(1, Math.floor(store.#aliveMs / 3)));
    (store.#heartbeat as { unref?: () => void }).unref?.();
    return store;
  }

  /** Stops renewing and listening; this instance's running tasks then read as failed. */
  async close(): Promise<void> {
    clearInterval(this.#heartbeat);
    await this.#subscriber.unsubscribe(this.#prefix + 'signals', this.#onMessage);
    await this.#redis.sendCommand(['DEL', this.#aliveKey()]);
  }

  async create(principal: string, task: DetailedTask): Promise<void> {
    const outcome = await this.#eval(CREATE, task.taskId, principal, [principal, JSON.stringify(task), this.#maxTotal, this.#maxPerPrincipal,
      this.instanceId, task.ttlMs === null ? '' : String(task.ttlMs)]);
    if (outcome === 'total') throw new Error(`The task store holds ${this.#maxTotal} tasks, its limit`);
    if (outcome === 'principal') throw new Error(`This client holds ${this.#maxPerPrincipal} tasks, the limit per client`);
    if (outcome !== 'ok') throw new Error(`A task "${task.taskId}" exists already`);
  }

  async get(principal: string, taskId: string): Promise<DetailedTask | undefined> {
    const text = await this.#eval(GET, taskId, principal, [principal, taskId]);
    return typeof text === 'string' ? JSON.parse(text) as DetailedTask : undefined;
  }

  async put(principal: string, task: DetailedTask): Promise<boolean> {
    return Number(await this.#eval(PUT, task.taskId, principal, [principal, task.taskId, JSON.stringify(task), task.status])) === 1;
  }

  attend(taskId: string, onSignal: (signal: TaskSignal) => void): () => void {
    this.#attended.set(taskId, onSignal);
    return () => { if (this.#attended.get(taskId) === onSignal) this.#attended.delete(taskId); };
  }

  async signal(taskId: string, signal: TaskSignal): Promise<void> {
    // Every instance hears it and the one attending the task acts; a signal nobody attends is dropped.
    await this.#redis.sendCommand(['PUBLISH', this.#prefix + 'signals', JSON.stringify({ taskId, signal })]);
  }

  #aliveKey(): string {
    return `${this.#prefix}alive:${this.instanceId}`;
  }

  async #renew(): Promise<void> {
    await this.#redis.sendCommand(['SET', this.#aliveKey(), '1', 'PX', String(this.#aliveMs)]);
  }

  /** Runs a script on one task's keys; the first ARGV say how to fail an orphan met on the way. */
  #eval(script: string, taskId: string, principal: string, args: string[]): Promise<unknown> {
    const keys = [`${this.#prefix}task:${taskId}`, `${this.#prefix}all`, `${this.#prefix}by:${principal}`];
    const failure = [this.#prefix, String(INTERNAL_ERROR), ORPHANED_MESSAGE, new Date().toISOString()];
    return this.#redis.sendCommand(['EVAL', script, String(keys.length), ...keys, ...failure, ...args]);
  }

  #received(message: string): void {
    let parsed: unknown;
    try { parsed = JSON.parse(message); } catch { parsed = undefined; }
    const signal = isObject(parsed) ? parsed.signal : undefined;
    if (!isObject(parsed) || typeof parsed.taskId !== 'string' || !isObject(signal)
      || !(signal.kind === 'cancel' || (signal.kind === 'input' && isObject(signal.responses)))) {
      this.#report(new Error(`A malformed task signal on ${this.#prefix}signals: ${message.slice(0, 200)}`));
      return;
    }
    this.#attended.get(parsed.taskId)?.(signal as TaskSignal);
  }

  #report(error: unknown): void {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  }
}
