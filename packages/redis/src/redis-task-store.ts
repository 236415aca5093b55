// A TaskStore kept in Redis, so that a task (SEP-2663) started through one instance is read,
// answered and cancelled through any other. The same bounds as MemoryTaskStore (unfinished tasks
// per client, finished ones per client, tasks in all, bytes per client and in all, the deadline of
// an unfinished task, ttlMs after a task ends) and the same binding to the principal. Each change is one Lua script (redis-task-scripts.ts), so a cancel on one
// instance and a completion on another leave whichever came first. A task's handler runs where it
// was created; a tasks/update or tasks/cancel received elsewhere reaches it by pub/sub; and when
// that instance dies (its `alive` key lapses), the task reads as failed instead of working forever.

import { INTERNAL_ERROR, refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { OptionKeys } from 'mcpwire/jsonrpc';
import type { DetailedTask } from 'mcpwire-ext-tasks';
import type { TaskPlacement, TaskSignal, TaskStore } from 'mcpwire-ext-tasks';
import { DEFAULT_TASK_DEADLINE_MS, expiredMessage, taskStoreRefusal } from 'mcpwire-ext-tasks';
import type { TaskStoreBound } from 'mcpwire-ext-tasks';
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
  /** Unfinished tasks one client (TaskPlacement.holder) may hold; default 100. Finished ones do not count. */
  maxPerPrincipal?: number;
  /** Finished tasks one client's results are kept for; past it, its oldest are dropped first. Default 1000. */
  maxFinishedPerPrincipal?: number;
  /** Tasks held in all; default 10,000. */
  maxTotal?: number;
  /** Bytes of task JSON held in all; default 64 MiB. */
  maxBytes?: number;
  /** Bytes one client's tasks may take; past it, its oldest finished tasks are dropped first. Default 16 MiB. */
  maxBytesPerPrincipal?: number;
  /** This instance's name among those sharing the Redis (default a random UUID). */
  instanceId?: string;
  /** How long this instance counts as alive without renewing (default 10 s; renewed every third of it). */
  aliveMs?: number;
}

/** Why an orphaned task failed (its `error.message`). */
export const ORPHANED_MESSAGE = 'The instance running this task stopped before the task ended';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The keys its options may have (an unknown one is refused by name). */
const REDIS_TASK_STORE_OPTIONS = { keyPrefix: true, maxPerPrincipal: true, maxFinishedPerPrincipal: true, maxTotal: true, maxBytes: true, maxBytesPerPrincipal: true, instanceId: true, aliveMs: true } as const satisfies OptionKeys<RedisTaskStoreOptions>;

/** A TaskStore in Redis; `open` it, `close` it when the instance stops. */
export class RedisTaskStore implements TaskStore {
  readonly instanceId: string;
  readonly #redis: RedisCommandSender;
  readonly #subscriber: RedisSubscriber;
  readonly #prefix: string;
  /** maxTotal, maxPerPrincipal, maxFinishedPerPrincipal, maxBytes, maxBytesPerPrincipal: ARGV[5..9] of every script. */
  readonly #bounds: readonly number[];
  readonly #aliveMs: number;
  readonly #attended = new Map<string, (signal: TaskSignal) => void>();
  readonly #onMessage = (message: string): void => { this.#received(message); };
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  /** Reports what could not be done in the background (a heartbeat, a malformed signal). */
  onerror?: (error: Error) => void;

  private constructor(redis: RedisCommandSender, subscriber: RedisSubscriber, options: RedisTaskStoreOptions) {
    refuseUnknownOptions('RedisTaskStore.open', options, REDIS_TASK_STORE_OPTIONS);
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.#prefix = options.keyPrefix ?? 'mcpwire:tasks:';
    this.#bounds = [options.maxTotal ?? 10_000, options.maxPerPrincipal ?? 100, options.maxFinishedPerPrincipal ?? 1000,
      options.maxBytes ?? 64 * 1024 * 1024, options.maxBytesPerPrincipal ?? 16 * 1024 * 1024];
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

  async create(principal: string, task: DetailedTask, placement: TaskPlacement = {}): Promise<void> {
    const outcome = await this.#eval(CREATE, task.taskId, [principal, placement.holder ?? principal, JSON.stringify(task),
      this.instanceId, task.ttlMs === null ? '' : String(task.ttlMs), String(placement.deadlineMs ?? DEFAULT_TASK_DEADLINE_MS)]);
    if (outcome === 'exists') throw new Error(`A task "${task.taskId}" exists already`);
  }

  async get(principal: string, taskId: string): Promise<DetailedTask | undefined> {
    const text = await this.#redis.sendCommand(this.#command(GET, taskId, [principal, taskId]));
    return typeof text === 'string' ? JSON.parse(text) as DetailedTask : undefined;
  }

  async put(principal: string, task: DetailedTask): Promise<boolean> {
    return await this.#eval(PUT, task.taskId, [principal, task.taskId, JSON.stringify(task), task.status]) === 'ok';
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

  /** The EVAL of a script on one task's keys, with the ARGV every script starts with (redis-task-scripts.ts). */
  #command(script: string, taskId: string, args: string[]): string[] {
    const keys = [`${this.#prefix}task:${taskId}`, `${this.#prefix}all`];
    const common = [this.#prefix, String(INTERNAL_ERROR), ORPHANED_MESSAGE, new Date().toISOString(), ...this.#bounds.map(String),
      expiredMessage('working'), expiredMessage('input_required')];
    return ['EVAL', script, String(keys.length), ...keys, ...common, ...args];
  }

  /** Runs a script that answers { outcome, would }: the outcome, or the refusal of a bound it would break. */
  async #eval(script: string, taskId: string, args: string[]): Promise<string> {
    const [outcome, would] = await this.#redis.sendCommand(this.#command(script, taskId, args)) as [string, number];
    const limits: Record<TaskStoreBound, number | undefined> = { total: this.#bounds[0], live: this.#bounds[1], bytes: this.#bounds[3], 'client-bytes': this.#bounds[4] };
    const limit = Object.hasOwn(limits, outcome) ? limits[outcome as TaskStoreBound] : undefined;
    if (limit !== undefined) throw taskStoreRefusal(outcome as TaskStoreBound, limit, Number(would));
    return outcome;
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
