// maxInboundRequests: how many inbound requests a peer handles at once. On a connection that carries
// many clients' requests (PeerOptions.limitPerClient) the limit holds for each client, so one
// client cannot take every slot: a client is who the transport verified, else its address.

import { ShareCounts } from './share-counts.js';
import type { MessageExtra } from './transport.js';

/** Whose request this is on a connection that carries many clients' requests. */
function clientOf(extra: MessageExtra | undefined): string {
  return extra?.principal ?? extra?.remoteAddress ?? 'unknown';
}

/** Requests being handled (cancelled ones too, until their handler returns), against the limit. */
export class InboundLimit {
  readonly #limit: number;
  readonly #perClient: ShareCounts | undefined;
  #running = 0;

  constructor(limit: number, perClient: boolean) {
    this.#limit = limit;
    this.#perClient = perClient ? new ShareCounts(limit) : undefined;
  }

  /** Why a request from this client may not start now, or undefined when it may. */
  refusal(extra: MessageExtra | undefined): string | undefined {
    const full = this.#perClient ? this.#perClient.full(clientOf(extra)) : this.#running >= this.#limit;
    return full ? `Too many requests in progress (limit ${this.#limit}${this.#perClient ? ' per client' : ''}); retry later` : undefined;
  }

  take(extra: MessageExtra | undefined): void {
    this.#running++;
    this.#perClient?.take(clientOf(extra));
  }

  /** A handler returned or threw: its slot is free. */
  release(extra: MessageExtra | undefined): void {
    this.#running--;
    this.#perClient?.release(clientOf(extra));
  }
}
