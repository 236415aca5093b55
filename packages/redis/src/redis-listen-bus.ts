// A ListenBus over Redis pub/sub, so that a change published on one instance (a list, a resource,
// a task) reaches the `subscriptions/listen` streams of every instance. An event is delivered on
// its own instance at once and published on one channel; every other instance delivers it when it
// comes back from Redis, and the publisher skips its own echo: once per instance, in publish order.
// Redis pub/sub keeps nothing: an instance whose subscriber connection is down misses what was
// published meanwhile (its streams still end and are opened again by their clients).

import { classifyMessage, refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, OptionKeys, Params } from 'mcpwire/jsonrpc';
import type { ListenBus, ListenEvent } from 'mcpwire/server';
import { sessionStateProblem } from 'mcpwire/protocol';
import type { SessionState } from 'mcpwire/protocol';
import type { RedisCommandSender } from './redis-event-store.js';
import type { RedisSubscriber } from './redis-task-store.js';

export interface RedisListenBusOptions {
  /** The channel every instance shares (default "mcpwire:listen"). */
  channel?: string;
  /** This instance's name, to know its own echo (default a random UUID). */
  instanceId?: string;
  /** Characters of one message read from Redis at most (default 1 Mi); a longer one is dropped and reported. */
  maxMessageBytes?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A ListenEvent as read from another instance, or undefined when it is not one. */
function eventOf(value: unknown): ListenEvent | undefined {
  if (!isObject(value)) return undefined;
  if (value.kind === 'listChanged' && typeof value.method === 'string') return { kind: 'listChanged', method: value.method };
  if (value.kind === 'resourceUpdated' && typeof value.uri === 'string') return { kind: 'resourceUpdated', uri: value.uri };
  if (value.kind === 'itemChanged' && typeof value.key === 'string' && typeof value.item === 'string' && typeof value.method === 'string'
    && isObject(value.params) && (value.principal === undefined || typeof value.principal === 'string')) {
    const { key, item, principal, method } = value;
    return { kind: 'itemChanged', key, item, ...(principal === undefined ? {} : { principal }), method, params: value.params as Params };
  }
  if (value.kind === 'sessionState' && typeof value.sessionId === 'string' && sessionStateProblem(value.state) === undefined) {
    return { kind: 'sessionState', sessionId: value.sessionId, state: value.state as SessionState };
  }
  if (value.kind === 'sessionEnded' && typeof value.sessionId === 'string') return { kind: 'sessionEnded', sessionId: value.sessionId };
  if (value.kind === 'sessionMessage' && typeof value.sessionId === 'string' && classifyMessage(value.message).kind === 'response') {
    return { kind: 'sessionMessage', sessionId: value.sessionId, message: value.message as JSONRPCMessage };
  }
  return undefined;
}

/** The keys its options may have (an unknown one is refused by name). */
const REDIS_LISTEN_BUS_OPTIONS = { channel: true, instanceId: true, maxMessageBytes: true } as const satisfies OptionKeys<RedisListenBusOptions>;

/** A ListenBus on Redis; `open` it with a subscriber connection of its own, `close` it when the instance stops. */
export class RedisListenBus implements ListenBus {
  readonly instanceId: string;
  readonly #redis: RedisCommandSender;
  readonly #subscriber: RedisSubscriber;
  readonly #channel: string;
  readonly #maxBytes: number;
  readonly #subscribers = new Set<(event: ListenEvent) => Promise<void>>();
  readonly #onMessage = (message: string): void => { void this.#received(message); };
  /** Reports a message from Redis that was not an event, and deliveries that failed. */
  onerror?: (error: Error) => void;

  private constructor(redis: RedisCommandSender, subscriber: RedisSubscriber, options: RedisListenBusOptions) {
    refuseUnknownOptions('RedisListenBus.open', options, REDIS_LISTEN_BUS_OPTIONS);
    this.#redis = redis;
    this.#subscriber = subscriber;
    this.#channel = options.channel ?? 'mcpwire:listen';
    this.#maxBytes = options.maxMessageBytes ?? 1024 * 1024;
    this.instanceId = options.instanceId ?? crypto.randomUUID();
  }

  /** Subscribes to the channel; resolves once Redis confirmed it, so nothing published after is missed. */
  static async open(redis: RedisCommandSender, subscriber: RedisSubscriber, options: RedisListenBusOptions = {}): Promise<RedisListenBus> {
    const bus = new RedisListenBus(redis, subscriber, options);
    await subscriber.subscribe(bus.#channel, bus.#onMessage);
    return bus;
  }

  async close(): Promise<void> {
    await this.#subscriber.unsubscribe(this.#channel, this.#onMessage);
  }

  async publish(event: ListenEvent): Promise<void> {
    const text = JSON.stringify({ from: this.instanceId, event });
    await Promise.all([this.#deliver(event), this.#redis.sendCommand(['PUBLISH', this.#channel, text])]);
  }

  subscribe(deliver: (event: ListenEvent) => Promise<void>): () => void {
    const own = (event: ListenEvent): Promise<void> => deliver(event);
    this.#subscribers.add(own);
    return () => { this.#subscribers.delete(own); };
  }

  async #deliver(event: ListenEvent): Promise<void> {
    await Promise.all([...this.#subscribers].map((deliver) => deliver(event).catch((error: unknown) => this.#report(error))));
  }

  async #received(message: string): Promise<void> {
    if (message.length > this.#maxBytes) {
      this.#report(new Error(`A listen event of ${message.length} bytes on ${this.#channel}, over ${this.#maxBytes}: dropped`));
      return;
    }
    let parsed: unknown;
    try { parsed = JSON.parse(message); } catch { parsed = undefined; }
    if (isObject(parsed) && parsed.from === this.instanceId) return; // delivered here when published
    const event = isObject(parsed) && typeof parsed.from === 'string' ? eventOf(parsed.event) : undefined;
    if (event === undefined) {
      this.#report(new Error(`Not a listen event on ${this.#channel}: ${message.slice(0, 200)}`));
      return;
    }
    await this.#deliver(event);
  }

  #report(error: unknown): void {
    this.onerror?.(error instanceof Error ? error : new Error(String(error)));
  }
}
