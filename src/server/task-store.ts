// Where the Tasks extension keeps its tasks: an interface (a Redis store stands in across
// instances: packages/redis), with a bounded in-memory default. Each task belongs to the principal
// that created it; another principal's lookup finds nothing (SEP-2663: task ids are not
// capabilities). A task's handler runs in the process that created it; another process that gets
// its tasks/update or tasks/cancel reaches it with a signal.

import type { Params } from '../jsonrpc/index.js';
import type { DetailedTask } from '../protocol/tasks-extension.js';
import { TERMINAL_EXTENSION_TASK_STATUSES } from '../protocol/tasks-extension.js';
import { refuseUnknownOptions } from '../options/known-options.js';
import type { OptionKeys } from '../options/known-options.js';

/** What a process that received a request for a task sends to the process running its handler. */
export type TaskSignal =
  | { kind: 'cancel' }
  | { kind: 'input'; responses: Record<string, Params> };

export interface TaskStore {
  /** Keeps a new task, run by this process; throws when a bound is reached. */
  create(principal: string, task: DetailedTask): Promise<void>;
  /** The task, or undefined when it is unknown, expired, or another principal's. */
  get(principal: string, taskId: string): Promise<DetailedTask | undefined>;
  /**
   * Replaces a task's state (same principal) unless the stored one is terminal, as one step:
   * false when nothing was written, so of a cancel and a completion racing (on two instances) the
   * first stays (a terminal task never changes, SEP-2663).
   */
  put(principal: string, task: DetailedTask): Promise<boolean>;
  /** This process runs the task's handler: signals sent for it reach `onSignal` until the returned stop. */
  attend(taskId: string, onSignal: (signal: TaskSignal) => void): () => void;
  /** Sends a signal to the process running the task's handler; none (it ended): dropped. */
  signal(taskId: string, signal: TaskSignal): Promise<void>;
}

/** Whether a task's status is final. */
export function isTerminal(task: DetailedTask): boolean {
  return TERMINAL_EXTENSION_TASK_STATUSES.includes(task.status);
}

export interface MemoryTaskStoreOptions {
  /** Live tasks one principal may hold; default 100. */
  maxPerPrincipal?: number;
  /** Tasks held in all; default 10,000. */
  maxTotal?: number;
  /** Clock (tests). */
  now?: () => number;
}

interface Entry { principal: string; task: DetailedTask; expiresAt: number | undefined }

const MEMORY_TASK_STORE_OPTIONS = { maxPerPrincipal: true, maxTotal: true, now: true } as const satisfies OptionKeys<MemoryTaskStoreOptions>;

/** The default store: a Map, bounded per principal and in total; a terminal task goes after its ttlMs. */
export class MemoryTaskStore implements TaskStore {
  readonly #entries = new Map<string, Entry>();
  readonly #attended = new Map<string, (signal: TaskSignal) => void>();
  readonly #maxPerPrincipal: number;
  readonly #maxTotal: number;
  readonly #now: () => number;

  constructor(options: MemoryTaskStoreOptions = {}) {
    refuseUnknownOptions('new MemoryTaskStore', options, MEMORY_TASK_STORE_OPTIONS);
    this.#maxPerPrincipal = options.maxPerPrincipal ?? 100;
    this.#maxTotal = options.maxTotal ?? 10_000;
    this.#now = options.now ?? Date.now;
  }

  async create(principal: string, task: DetailedTask): Promise<void> {
    this.#sweep();
    if (this.#entries.size >= this.#maxTotal) throw new Error(`The task store holds ${this.#maxTotal} tasks, its limit`);
    let own = 0;
    for (const entry of this.#entries.values()) if (entry.principal === principal) own++;
    if (own >= this.#maxPerPrincipal) throw new Error(`This client holds ${this.#maxPerPrincipal} tasks, the limit per client`);
    this.#entries.set(task.taskId, { principal, task, expiresAt: undefined });
  }

  async get(principal: string, taskId: string): Promise<DetailedTask | undefined> {
    this.#sweep();
    const entry = this.#entries.get(taskId);
    return entry?.principal === principal ? entry.task : undefined;
  }

  async put(principal: string, task: DetailedTask): Promise<boolean> {
    const entry = this.#entries.get(task.taskId);
    if (entry === undefined || entry.principal !== principal || isTerminal(entry.task)) return false;
    entry.task = task;
    entry.expiresAt = isTerminal(task) && task.ttlMs !== null ? this.#now() + task.ttlMs : undefined;
    return true;
  }

  attend(taskId: string, onSignal: (signal: TaskSignal) => void): () => void {
    this.#attended.set(taskId, onSignal);
    return () => { if (this.#attended.get(taskId) === onSignal) this.#attended.delete(taskId); };
  }

  async signal(taskId: string, signal: TaskSignal): Promise<void> {
    this.#attended.get(taskId)?.(signal);
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.#entries.delete(id);
  }
}
