// The open `subscriptions/listen` streams of 2026 clients (26/basic/patterns/subscriptions): who
// asked for which notifications, so that list changes and resource updates reach exactly those
// streams, each message tagged with the listen request's id.

import type { Params, RequestId } from '../jsonrpc/index.js';
import { META, NOTIFICATIONS } from '../protocol/index.js';

/** The notifications one listen stream opted in to (S26 SubscriptionFilter), as the server honours them. */
export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

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

/** Every open listen stream of one server. */
export class ListenRegistry {
  readonly #listeners = new Set<Listener>();
  /** Reports a notification that could not be sent. */
  onerror?: (error: Error) => void;

  get size(): number {
    return this.#listeners.size;
  }

  /** Adds a stream; `end` is called when the server closes every stream. Returns its removal. */
  add(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => { this.#listeners.delete(listener); };
  }

  /** A list changed: tell the streams that asked for this kind of list_changed. */
  async listChanged(method: string): Promise<void> {
    const key = FILTER_OF[method];
    if (key === undefined) return;
    await this.#send([...this.#listeners].filter((listener) => listener.filter[key] === true), method, {});
  }

  /** A resource changed: tell the streams subscribed to its URI. */
  async resourceUpdated(uri: string): Promise<void> {
    await this.#send([...this.#listeners].filter((listener) => listener.filter.resourceSubscriptions?.includes(uri)),
      NOTIFICATIONS.resourceUpdated, { uri });
  }

  /** Ends every stream (server shutdown): each gets its final result. Resolves once every handler has returned. */
  async closeAll(): Promise<void> {
    const ending = [...this.#listeners].map((listener) => listener.end());
    this.#listeners.clear();
    await Promise.all(ending);
  }

  async #send(listeners: Listener[], method: string, params: Params): Promise<void> {
    await Promise.all(listeners.map((listener) =>
      listener.notify(method, { ...params, _meta: { [META.subscriptionId]: listener.subscriptionId } })
        .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))))));
  }
}
