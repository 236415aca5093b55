// The open `subscriptions/listen` streams of 2026 clients (26/basic/patterns/subscriptions): who
// asked for which notifications, so that list changes, resource updates and what an extension's
// filter keys name (the Tasks extension's `taskIds`) reach exactly those streams, each message
// tagged with the listen request's id. A change is published on the ListenBus and delivered from
// it, so one published on any instance sharing the bus reaches these.

import type { Params, RequestId } from '../jsonrpc/index.js';
import { ShareCounts } from '../jsonrpc/share-counts.js';
import { META, NOTIFICATIONS } from '../protocol/index.js';
import type { SubscriptionFilter } from '../protocol/index.js';
import { LocalListenBus } from '../protocol/listen-bus.js';
import type { ListenBus, ListenEvent } from '../protocol/listen-bus.js';
import { errorOf } from '../jsonrpc/thrown-value.js';

interface Listener {
  filter: SubscriptionFilter;
  subscriptionId: RequestId;
  notify(method: string, params?: Params): Promise<void>;
  /** Ends the stream with its final result; resolves once its handler has returned. */
  end(): Promise<void>;
}

const FILTER_OF: Record<string, 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged'> = {
  [NOTIFICATIONS.toolsListChanged]: 'toolsListChanged',
  [NOTIFICATIONS.promptsListChanged]: 'promptsListChanged',
  [NOTIFICATIONS.resourcesListChanged]: 'resourcesListChanged',
};

/** The filter flag of a list_changed method (own keys only: an event may come from another instance). */
function filterKeyOf(method: string): 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged' | undefined {
  return Object.prototype.hasOwnProperty.call(FILTER_OF, method) ? FILTER_OF[method] : undefined;
}

/** Who holds a stream: its principal and remote address, when the transport knows them. */
export interface ListenHolder {
  principal?: string;
  address?: string;
}

/** Every open listen stream of one server. */
export class ListenRegistry {
  readonly #listeners = new Map<Listener, ListenHolder>();
  readonly #perPrincipal: ShareCounts;
  readonly #perAddress: ShareCounts;
  /** Reports a notification that could not be sent. */
  onerror?: (error: Error) => void;
  /** Given every event from the bus too, for the server's 2025 sessions (resources/updated). */
  onsessionevent?: (event: ListenEvent) => Promise<void>;

  readonly #bus: ListenBus;

  /** `perClient`: streams one principal, and one remote address, may hold at once; `bus`: where changes travel (default in-process). */
  constructor(perClient: number, bus: ListenBus = new LocalListenBus()) {
    this.#perPrincipal = new ShareCounts(perClient);
    this.#perAddress = new ShareCounts(perClient);
    this.#bus = bus;
    bus.subscribe((event) => this.#deliver(event));
  }

  get size(): number {
    return this.#listeners.size;
  }

  /** Why this holder may open no further stream (its share is used up), or undefined. */
  refusal(holder: ListenHolder): string | undefined {
    if (this.#perPrincipal.full(holder.principal)) return `Too many open subscriptions for this client (limit ${this.#perPrincipal.limit}); close one or retry later`;
    if (this.#perAddress.full(holder.address)) return `Too many open subscriptions from this address (limit ${this.#perAddress.limit}); close one or retry later`;
    return undefined;
  }

  /** Adds a stream; `end` is called when the server closes every stream. Returns its removal (once). */
  add(listener: Listener, holder: ListenHolder = {}): () => void {
    this.#listeners.set(listener, holder);
    this.#perPrincipal.take(holder.principal);
    this.#perAddress.take(holder.address);
    return () => { this.#forget(listener); };
  }

  #forget(listener: Listener): void {
    const holder = this.#listeners.get(listener);
    if (holder === undefined) return;
    this.#listeners.delete(listener);
    this.#perPrincipal.release(holder.principal);
    this.#perAddress.release(holder.address);
  }

  /** A list changed: tell the streams that asked for this kind of list_changed, on every instance. */
  async listChanged(method: string): Promise<void> {
    if (filterKeyOf(method) !== undefined) await this.#bus.publish({ kind: 'listChanged', method });
  }

  /** A resource changed: tell the streams subscribed to its URI, on every instance. */
  async resourceUpdated(uri: string): Promise<void> {
    await this.#bus.publish({ kind: 'resourceUpdated', uri });
  }

  /**
   * Something an extension's filter key names changed (a task, by its id under `taskIds`): `method`
   * with `params` to the streams, on every instance, whose filter lists `item` under `key` and
   * that `principal` holds, so one caller never hears of another's (SEP-2663: tasks are bound to theirs).
   */
  async itemChanged(key: string, item: string, principal: string | undefined, method: string, params: Params): Promise<void> {
    await this.#bus.publish({ kind: 'itemChanged', key, item, ...(principal === undefined ? {} : { principal }), method, params });
  }

  /**
   * An event from the bus (published here or on another instance), to the streams of this one that
   * asked for it. A shared 2025 session's events are the HTTP endpoint's (shareSessions), not a stream's.
   */
  async #deliver(event: ListenEvent): Promise<void> {
    await this.onsessionevent?.(event);
    if (event.kind === 'listChanged') {
      const key = filterKeyOf(event.method);
      if (key !== undefined) await this.#send([...this.#listeners.keys()].filter((listener) => listener.filter[key] === true), event.method, {});
    } else if (event.kind === 'resourceUpdated') {
      await this.#send(this.#listing('resourceSubscriptions', event.uri), NOTIFICATIONS.resourceUpdated, { uri: event.uri });
    } else if (event.kind === 'itemChanged') {
      const principal = event.principal ?? '';
      await this.#send(this.#listing(event.key, event.item).filter((listener) => (this.#listeners.get(listener)?.principal ?? '') === principal), event.method, event.params);
    }
  }

  /** The streams whose filter lists `item` under `key`. */
  #listing(key: string, item: string): Listener[] {
    return [...this.#listeners.keys()].filter((listener) => {
      const listed = listener.filter[key];
      return Array.isArray(listed) && listed.includes(item);
    });
  }

  /** Ends every stream (server shutdown): each gets its final result. Resolves once every handler has returned. */
  async closeAll(): Promise<void> {
    const listeners = [...this.#listeners.keys()];
    for (const listener of listeners) this.#forget(listener);
    const ending = listeners.map((listener) => listener.end());
    await Promise.all(ending);
  }

  async #send(listeners: Listener[], method: string, params: Params): Promise<void> {
    await Promise.all(listeners.map((listener) =>
      listener.notify(method, { ...params, _meta: { [META.subscriptionId]: listener.subscriptionId } })
        .catch((error: unknown) => this.onerror?.(errorOf(error)))));
  }
}
