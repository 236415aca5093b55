// An MCP client transport (Streamable HTTP) used by a relay on the host's behalf. McpClient gives
// its transport three things the host cannot give through a relay, so this wrapper gives them:
// - the negotiated revision, after the initialize answer (sent as MCP-Protocol-Version on every
//   later request, basic/transports#protocol-version-header);
// - once the host said notifications/initialized, the GET stream on which the server sends its own
//   requests and notifications (basic/transports#listening-for-messages-from-the-server);
// - a new session when the server lost ours (404 to a request with our session id): a client MUST
//   then initialize again without one (basic/transports#session-management). The wrapper replays
//   the host's initialize and notifications/initialized under an id of its own, keeps that answer
//   from the host, and sends the message again when it never reached a session. A request whose
//   stream was cut may have run: it is not repeated, and its sender gets the error, as McpClient's
//   SessionLostError says.

import { PassThroughTransport } from 'mcpwire/transport';
import { refuseUnknownOptions } from 'mcpwire/jsonrpc';
import type { JSONRPCMessage, OptionKeys, SendOptions } from 'mcpwire/jsonrpc';
import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import type { McpMessageExtra, McpTransport } from 'mcpwire/protocol';
import { SessionRenewalError } from './session-renewal-error.js';

/** How long the replayed initialize may wait for its answer. */
const RENEW_TIMEOUT_MS = 30_000;

interface Fields { id?: unknown; method?: unknown; result?: { protocolVersion?: unknown }; error?: unknown }

/** Options of relayedClient. */
export interface RelayedClientOptions {
  /** Told what the wrapper did on its own (a GET stream not offered, a session renewed), for the trace. */
  onnote?: (text: string) => void;
}

const RELAYED_CLIENT_OPTIONS = { onnote: true } as const satisfies OptionKeys<RelayedClientOptions>;

class RelayedClientTransport extends PassThroughTransport {
  readonly #note: (text: string) => void;
  #initialize: JSONRPCMessage | undefined;
  #initializeId: unknown;
  #initialized = false;
  /** The renewal under way: its replayed initialize's id, and what settles it. */
  #renewal: { id: string; answered: (message: Fields) => void; done: Promise<void> } | undefined;
  #renewals = 0;

  constructor(inner: McpTransport, options: RelayedClientOptions) {
    super(inner);
    this.#note = options.onnote ?? (() => undefined);
  }

  override send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    const fields = message as Fields;
    if (fields.method === CLIENT_REQUESTS.initialize) {
      this.#initialize = message;
      this.#initializeId = fields.id;
    }
    const sent = this.#sendNow(message, options);
    if (fields.method !== NOTIFICATIONS.initialized) return sent;
    return sent.then(() => {
      this.#initialized = true;
      this.#openStream();
    });
  }

  protected override receive(message: unknown, extra?: McpMessageExtra): void {
    const fields = (typeof message === 'object' && message !== null ? message : {}) as Fields;
    if (this.#renewal !== undefined && fields.method === undefined && fields.id === this.#renewal.id) {
      this.#renewal.answered(fields); // the wrapper's own initialize: not the host's to see
      return;
    }
    if (fields.method === undefined && fields.id !== undefined && fields.id === this.#initializeId) this.#takeVersion(fields);
    this.onmessage?.(message, extra);
  }

  /** Sends; a message refused for a lost session is sent again in a new one when it never ran. */
  async #sendNow(message: JSONRPCMessage, options: SendOptions | undefined): Promise<void> {
    const generation = this.#renewals;
    try {
      await this.#renewal?.done;
      await this.inner.send(message, options);
    } catch (error) {
      const lost = error as { sessionExpired?: unknown; requestMayHaveRun?: unknown };
      if (lost.sessionExpired !== true || this.#initialize === undefined || (message as Fields).method === CLIENT_REQUESTS.initialize) throw error;
      if (this.#renewals === generation) await this.#renew();
      if (lost.requestMayHaveRun === true) throw error;
      await this.inner.send(message, options);
    }
  }

  #renew(): Promise<void> {
    if (this.#renewal !== undefined) return this.#renewal.done;
    const id = `mcpwire-bridge-renew-${this.#renewals + 1}`;
    let answered!: (message: Fields) => void;
    const answer = new Promise<Fields>((resolve, reject) => {
      answered = resolve;
      setTimeout(() => reject(new SessionRenewalError(`The server lost the session, and the new session's initialize got no answer in ${RENEW_TIMEOUT_MS} ms`, 'timeout')),
        RENEW_TIMEOUT_MS).unref();
    });
    const done = (async () => {
      await this.inner.send({ ...(this.#initialize as object), id } as JSONRPCMessage);
      const result = await answer;
      if (result.error !== undefined || result.result === undefined) {
        throw new SessionRenewalError(`The server lost the session, and refused the new session's initialize: ${JSON.stringify(result.error ?? null)}`, 'refused');
      }
      this.#takeVersion(result);
      if (this.#initialized) {
        await this.inner.send({ jsonrpc: '2.0', method: NOTIFICATIONS.initialized });
        this.#openStream();
      }
      this.#note(`the server lost the session; a new one started (${this.inner.sessionId ?? 'no id'})`);
    })().finally(() => {
      this.#renewals++;
      this.#renewal = undefined;
    });
    this.#renewal = { id, answered, done };
    return done;
  }

  #takeVersion(answer: Fields): void {
    if (typeof answer.result?.protocolVersion === 'string') this.inner.setProtocolVersion?.(answer.result.protocolVersion);
  }

  #openStream(): void {
    if (!this.inner.capabilities.standaloneStream || !this.inner.openStandaloneStream) return;
    this.inner.openStandaloneStream().then(
      (open) => { if (!open) this.#note('the server offers no GET stream: its own requests come only while it answers one of the host\'s'); },
      (error: unknown) => {
        // Aborted: the relay is closing (close() aborts what is in flight); nothing to report.
        if (!(error instanceof Error && error.name === 'AbortError')) this.#note(`the GET stream could not be opened: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  }
}

/** Wraps the client transport a relay speaks to the server with, giving the hints McpClient would and renewing a lost session. */
export function relayedClient(transport: McpTransport, options: RelayedClientOptions = {}): McpTransport {
  refuseUnknownOptions('relayedClient', options, RELAYED_CLIENT_OPTIONS);
  return new RelayedClientTransport(transport, options);
}
