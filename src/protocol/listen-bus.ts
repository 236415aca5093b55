// What changed, on its way to the `subscriptions/listen` streams (26/basic/patterns/subscriptions)
// of every instance: the server publishes an event on a ListenBus, and each instance's
// ListenRegistry, subscribed to the bus, sends it to its own streams that asked for it. In one
// process the bus is LocalListenBus; across instances a bus over pub/sub (packages/redis has one
// on Redis). The bus carries events only; filtering and the subscription id stay in the registry.
// The HTTP endpoint's shared 2025 sessions (shareSessions) travel on the same bus, which is why it
// lives here, where both the server and the transport may name it.

import type { JSONRPCMessage, Params } from '../jsonrpc/index.js';
import type { SessionState } from './session-state.js';

/** One change, as the registry's entry points name it. */
export type ListenEvent =
  | { kind: 'listChanged'; method: string }
  | { kind: 'resourceUpdated'; uri: string }
  /** An item an extension's filter key lists changed (a task under `taskIds`), for its principal's streams only. */
  | { kind: 'itemChanged'; key: string; item: string; principal?: string; method: string; params: Params }
  /**
   * A 2025 session shared by instances (the HTTP endpoint's sharedSessions option) changed on one of
   * them: every instance holding a copy of it takes its new state (log level, subscriptions) and
   * reads the store again before it trusts its cached record.
   */
  | { kind: 'sessionState'; sessionId: string; state: SessionState }
  /** The client ended a shared 2025 session (DELETE) on one instance: every instance closes its copy. */
  | { kind: 'sessionEnded'; sessionId: string }
  /** The client's answer to a request one instance sent a shared session, received by another: the sender takes it. */
  | { kind: 'sessionMessage'; sessionId: string; message: JSONRPCMessage };

/** Where events go to reach every instance's listen streams. */
export interface ListenBus {
  /** Hands the event to every subscriber on every instance sharing the bus, once each, this one included. */
  publish(event: ListenEvent): Promise<void>;
  /** `deliver` gets each event published anywhere on the bus; returns its removal. */
  subscribe(deliver: (event: ListenEvent) => Promise<void>): () => void;
}

/** The in-process bus (the default): publish resolves once every subscriber has delivered. */
export class LocalListenBus implements ListenBus {
  readonly #subscribers = new Set<(event: ListenEvent) => Promise<void>>();

  async publish(event: ListenEvent): Promise<void> {
    await Promise.all([...this.#subscribers].map((deliver) => deliver(event)));
  }

  subscribe(deliver: (event: ListenEvent) => Promise<void>): () => void {
    const own = (event: ListenEvent): Promise<void> => deliver(event); // a second subscription of one function stays two
    this.#subscribers.add(own);
    return () => { this.#subscribers.delete(own); };
  }
}
