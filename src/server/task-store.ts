// Where the Tasks extension keeps its tasks: an interface (a Redis store can stand in), with a
// bounded in-memory default. Each task belongs to the principal that created it; another
// principal's lookup finds nothing (SEP-2663: task ids are not capabilities).

import type { DetailedTask } from '../protocol/tasks-extension.js';

export interface TaskStore {
  /** Keeps a new task; throws when a bound is reached. */
  create(principal: string, task: DetailedTask): Promise<void>;
  /** The task, or undefined when it is unknown, expired, or another principal's. */
  get(principal: string, taskId: string): Promise<DetailedTask | undefined>;
  /** Replaces a task's state (same principal). */
  put(principal: string, task: DetailedTask): Promise<void>;
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

/** The default store: a Map, bounded per principal and in total; a terminal task goes after its ttlMs. */
export class MemoryTaskStore implements TaskStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxPerPrincipal: number;
  readonly #maxTotal: number;
  readonly #now: () => number;

  constructor(options: MemoryTaskStoreOptions = {}) {
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

  async put(principal: string, task: DetailedTask): Promise<void> {
    const entry = this.#entries.get(task.taskId);
    if (entry === undefined || entry.principal !== principal) return;
    const terminal = task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
    entry.task = task;
    entry.expiresAt = terminal && task.ttlMs !== null ? this.#now() + task.ttlMs : undefined;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [id, entry] of this.#entries) if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.#entries.delete(id);
  }
}
