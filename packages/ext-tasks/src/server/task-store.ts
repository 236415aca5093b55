// Where the Tasks extension keeps its tasks: an interface (a Redis store stands in across
// instances: packages/redis), with a bounded in-memory default. Each task belongs to the principal
// that created it; another principal's lookup finds nothing (SEP-2663: task ids are not
// capabilities). A task's handler runs in the process that created it; another process that gets
// its tasks/update or tasks/cancel reaches it with a signal.

import type { Params, OptionKeys } from 'mcpwire/jsonrpc';
import type { DetailedTask } from '../protocol/tasks-extension.js';
import { INTERNAL_ERROR, refuseUnknownOptions } from 'mcpwire/jsonrpc';
import { TERMINAL_EXTENSION_TASK_STATUSES } from '../protocol/tasks-extension.js';

/** What a process that received a request for a task sends to the process running its handler. */
export type TaskSignal =
  | { kind: 'cancel'; reason?: string }
  | { kind: 'input'; responses: Record<string, Params> };

/** Where a new task counts and how long it may stay unfinished (TaskStore.create). */
export interface TaskPlacement {
  /**
   * Whom the task counts against: the principal when the caller is authenticated; without one, its
   * connection or address, so that anonymous clients (all principal "") do not share one quota.
   * Default: the principal.
   */
  holder?: string;
  /** How long the task may stay unfinished (working or waiting for input); then it expires as failed. Default DEFAULT_TASK_DEADLINE_MS. */
  deadlineMs?: number;
}

export interface TaskStore {
  /** Keeps a new task, run by this process; throws when a bound is reached. */
  create(principal: string, task: DetailedTask, placement?: TaskPlacement): Promise<void>;
  /** The task, or undefined when it is unknown, expired, or another principal's. */
  get(principal: string, taskId: string): Promise<DetailedTask | undefined>;
  /**
   * Replaces a task's state (same principal) unless the stored one is terminal, as one step:
   * false when nothing was written, so of a cancel and a completion racing (on two instances) the
   * first stays (a terminal task never changes, SEP-2663). Throws when the new state does not fit
   * the store's byte bounds.
   */
  put(principal: string, task: DetailedTask): Promise<boolean>;
  /** This process runs the task's handler: signals sent for it reach `onSignal` until the returned stop. */
  attend(taskId: string, onSignal: (signal: TaskSignal) => void): () => void;
  /** Sends a signal to the process running the task's handler; none (it ended): dropped. */
  signal(taskId: string, signal: TaskSignal): Promise<void>;
}

/** How long a task may stay unfinished by default: a day. */
export const DEFAULT_TASK_DEADLINE_MS = 24 * 3_600_000;

/** Whether a task's status is final. */
export function isTerminal(task: DetailedTask): boolean {
  return TERMINAL_EXTENSION_TASK_STATUSES.includes(task.status);
}

/** Why a task that reached its deadline unfinished ended (its statusMessage and error.message). */
export function expiredMessage(status: DetailedTask['status']): string {
  return `The task expired: it was still ${status === 'input_required' ? 'waiting for input (input_required)' : 'working'} at its deadline`;
}

/** A task that reached its deadline unfinished, as it reads from then on: failed, saying why. */
export function expiredTask(task: DetailedTask, at: Date): DetailedTask {
  const { inputRequests: _asked, ...rest } = task;
  const message = expiredMessage(task.status);
  return { ...rest, status: 'failed', statusMessage: message, lastUpdatedAt: at.toISOString(), error: { code: INTERNAL_ERROR, message } };
}

/** Which bound of a task store a write would break. */
export type TaskStoreBound = 'live' | 'total' | 'client-bytes' | 'bytes';

/** The refusal of a write past a bound (every TaskStore says the same): `limit` the bound, `would` what the write would make it. */
export function taskStoreRefusal(bound: TaskStoreBound, limit: number, would = 0): Error {
  switch (bound) {
    case 'live': return new Error(`This client holds ${limit} unfinished tasks, the limit per client; finished ones do not count`);
    case 'total': return new Error(`The task store holds ${limit} tasks, its limit`);
    case 'client-bytes': return new Error(`This client's tasks would take ${would} bytes, over the limit per client of ${limit} (maxBytesPerPrincipal)`);
    case 'bytes': return new Error(`The task store would hold ${would} bytes of tasks, over its limit of ${limit} (maxBytes)`);
  }
}

/** What a task takes of the store's byte budget: its JSON in UTF-8. */
export function taskBytes(task: DetailedTask): number {
  return new TextEncoder().encode(JSON.stringify(task)).byteLength;
}

export interface MemoryTaskStoreOptions {
  /** Unfinished tasks one client (TaskPlacement.holder) may hold; default 100. Finished ones do not count. */
  maxPerPrincipal?: number;
  /** Finished tasks one client's results are kept for; past it, its oldest are dropped first. Default 1000. */
  maxFinishedPerPrincipal?: number;
  /** Tasks held in all; default 10,000. */
  maxTotal?: number;
  /** Bytes of task JSON (results, input requests) held in all; default 64 MiB. */
  maxBytes?: number;
  /** Bytes one client's tasks may take; past it, its oldest finished tasks are dropped first. Default 16 MiB. */
  maxBytesPerPrincipal?: number;
  /** Clock (tests). */
  now?: () => number;
}

interface Entry {
  principal: string;
  holder: string;
  task: DetailedTask;
  bytes: number;
  /** When it expires: at its deadline while unfinished, ttlMs after it ended once finished. */
  expiresAt: number;
  /** When it ended (its results' age, for dropping the oldest first); undefined while unfinished. */
  endedAt: number | undefined;
}

/** One client's share of the store, kept as tasks come, end and go. */
interface Share { live: number; finished: number; bytes: number }

const MiB = 1024 * 1024;

const MEMORY_TASK_STORE_OPTIONS = { maxPerPrincipal: true, maxFinishedPerPrincipal: true, maxTotal: true, maxBytes: true, maxBytesPerPrincipal: true, now: true } as const satisfies OptionKeys<MemoryTaskStoreOptions>;

/**
 * The default store: a Map, bounded per client (TaskPlacement.holder) and in total, by count and by
 * bytes. A task expires at its deadline while unfinished and ttlMs after it ended. A client that
 * needs room gives up its own oldest finished tasks first, never another client's.
 */
export class MemoryTaskStore implements TaskStore {
  readonly #entries = new Map<string, Entry>();
  readonly #shares = new Map<string, Share>();
  readonly #attended = new Map<string, (signal: TaskSignal) => void>();
  readonly #maxPerPrincipal: number;
  readonly #maxFinishedPerPrincipal: number;
  readonly #maxTotal: number;
  readonly #maxBytes: number;
  readonly #maxBytesPerPrincipal: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryTaskStoreOptions = {}) {
    refuseUnknownOptions('new MemoryTaskStore', options, MEMORY_TASK_STORE_OPTIONS);
    this.#maxPerPrincipal = options.maxPerPrincipal ?? 100;
    this.#maxFinishedPerPrincipal = options.maxFinishedPerPrincipal ?? 1000;
    this.#maxTotal = options.maxTotal ?? 10_000;
    this.#maxBytes = options.maxBytes ?? 64 * MiB;
    this.#maxBytesPerPrincipal = options.maxBytesPerPrincipal ?? 16 * MiB;
    this.#now = options.now ?? Date.now;
  }

  async create(principal: string, task: DetailedTask, placement: TaskPlacement = {}): Promise<void> {
    this.#sweep();
    const holder = placement.holder ?? principal;
    if ((this.#shares.get(holder)?.live ?? 0) >= this.#maxPerPrincipal) {
      throw taskStoreRefusal('live', this.#maxPerPrincipal);
    }
    if (this.#entries.has(task.taskId)) throw new Error(`A task "${task.taskId}" exists already`);
    const bytes = taskBytes(task);
    this.#makeRoom(holder, bytes, 1);
    const share = this.#shareOf(holder);
    share.live++;
    share.bytes += bytes;
    this.#bytes += bytes;
    this.#entries.set(task.taskId, { principal, holder, task, bytes, expiresAt: this.#now() + (placement.deadlineMs ?? DEFAULT_TASK_DEADLINE_MS), endedAt: undefined });
  }

  async get(principal: string, taskId: string): Promise<DetailedTask | undefined> {
    this.#sweep();
    const entry = this.#entries.get(taskId);
    return entry?.principal === principal ? entry.task : undefined;
  }

  async put(principal: string, task: DetailedTask): Promise<boolean> {
    this.#sweep();
    const entry = this.#entries.get(task.taskId);
    if (entry === undefined || entry.principal !== principal || isTerminal(entry.task)) return false;
    this.#makeRoom(entry.holder, taskBytes(task) - entry.bytes, 0);
    this.#replace(entry, task);
    return true;
  }

  attend(taskId: string, onSignal: (signal: TaskSignal) => void): () => void {
    this.#attended.set(taskId, onSignal);
    return () => { if (this.#attended.get(taskId) === onSignal) this.#attended.delete(taskId); };
  }

  async signal(taskId: string, signal: TaskSignal): Promise<void> {
    this.#attended.get(taskId)?.(signal);
  }

  /** Tasks and bytes of task JSON held (tests, metrics). */
  get usage(): { tasks: number; bytes: number } {
    return { tasks: this.#entries.size, bytes: this.#bytes };
  }

  #shareOf(holder: string): Share {
    let share = this.#shares.get(holder);
    if (share === undefined) this.#shares.set(holder, share = { live: 0, finished: 0, bytes: 0 });
    return share;
  }

  /** The client's finished tasks, oldest first (only when some must go). */
  #finishedOf(holder: string): [string, Entry][] {
    return [...this.#entries].filter(([, entry]) => entry.holder === holder && entry.endedAt !== undefined).sort(([, a], [, b]) => a.endedAt! - b.endedAt!);
  }

  /** Drops the client's own oldest finished tasks until `bytes` more (and `count` more tasks) fit every bound; else throws why not. */
  #makeRoom(holder: string, bytes: number, count: number): void {
    const fits = (): Error | undefined => {
      const held = this.#shares.get(holder)?.bytes ?? 0;
      if (this.#entries.size + count > this.#maxTotal) return taskStoreRefusal('total', this.#maxTotal);
      if (held + bytes > this.#maxBytesPerPrincipal) return taskStoreRefusal('client-bytes', this.#maxBytesPerPrincipal, held + bytes);
      if (this.#bytes + bytes > this.#maxBytes) return taskStoreRefusal('bytes', this.#maxBytes, this.#bytes + bytes);
      return undefined;
    };
    const why = fits();
    if (why === undefined) return;
    // Only if giving up all of them would make room: a write refused anyway takes nothing with it.
    const finished = this.#finishedOf(holder);
    const freed = finished.reduce((sum, [, entry]) => sum + entry.bytes, 0);
    const held = this.#shares.get(holder)?.bytes ?? 0;
    if (this.#entries.size - finished.length + count > this.#maxTotal || held - freed + bytes > this.#maxBytesPerPrincipal
      || this.#bytes - freed + bytes > this.#maxBytes) throw why;
    for (const [id, entry] of finished) {
      this.#drop(id, entry);
      if (fits() === undefined) return;
    }
  }

  /** Writes a task's new state; one that ends is kept ttlMs from now, and its client's finished tasks past their bound go, oldest first. */
  #replace(entry: Entry, task: DetailedTask): void {
    const share = this.#shareOf(entry.holder);
    const bytes = taskBytes(task);
    share.bytes += bytes - entry.bytes;
    this.#bytes += bytes - entry.bytes;
    entry.task = task;
    entry.bytes = bytes;
    if (!isTerminal(task)) return;
    const now = this.#now();
    entry.endedAt = now;
    entry.expiresAt = task.ttlMs === null ? Infinity : now + task.ttlMs;
    share.live--;
    share.finished++;
    if (share.finished <= this.#maxFinishedPerPrincipal) return;
    for (const [id, oldest] of this.#finishedOf(entry.holder).slice(0, share.finished - this.#maxFinishedPerPrincipal)) this.#drop(id, oldest);
  }

  #drop(taskId: string, entry: Entry): void {
    this.#entries.delete(taskId);
    this.#bytes -= entry.bytes;
    const share = this.#shareOf(entry.holder);
    share.bytes -= entry.bytes;
    if (entry.endedAt === undefined) share.live--;
    else share.finished--;
    if (share.live === 0 && share.finished === 0) this.#shares.delete(entry.holder);
  }

  /** Finished tasks past their ttlMs go; unfinished ones past their deadline end as failed, saying why, and their handler is stopped. */
  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt > now) continue;
      if (entry.endedAt !== undefined) { this.#drop(id, entry); continue; }
      const expired = expiredTask(entry.task, new Date(now));
      this.#replace(entry, expired);
      this.#attended.get(id)?.({ kind: 'cancel', reason: expired.statusMessage! });
    }
  }
}
