// One inbound request while its handler runs: the RequestContext the handler is given, and the
// means to stop it. The AbortSignal is made on first use: an AbortController costs more than the
// rest of a small request together (measured: bench/profile.ts), and most handlers never look.

import type { RequestId } from './messages.js';
import type { MessageExtra } from './transport.js';
import type { RequestContext } from './peer.js';

/** The context of one inbound request, with a lazily made `signal`. */
export class InboundRequest implements RequestContext {
  readonly requestId: RequestId;
  readonly method: string;
  readonly extra: MessageExtra | undefined;
  #controller: AbortController | undefined;
  #abortReason: Error | undefined;

  constructor(requestId: RequestId, method: string, extra: MessageExtra | undefined) {
    this.requestId = requestId;
    this.method = method;
    this.extra = extra;
  }

  /** Fires when the peer cancels the request or the connection closes; already aborted if that happened first. */
  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#abortReason) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  /** Stops the request: its signal fires now, or is made aborted when first asked for. */
  abort(reason: Error): void {
    this.#abortReason ??= reason;
    this.#controller?.abort(reason);
  }
}
