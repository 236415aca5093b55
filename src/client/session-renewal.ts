// basic/transports#session-management: a client whose session id gets 404 MUST start a new session
// with a fresh initialize (no session id). McpClient does it by itself over a transport that declares
// `capabilities.sessions` (Streamable HTTP, and a wrapper around one; never stdio, tapped or not), once
// per lost session however many requests noticed, and then sends the caller's request again only when
// that is safe: a request refused with 404 never reached a session, but one whose stream was cut
// and could not be resumed may have run, and is reported (SessionLostError), never repeated.

import { McpwireError } from '../errors/mcpwire-error.js';

/** A request that was running when its session was lost: it may or may not have taken effect. */
export class SessionLostError extends McpwireError {
  override name = 'SessionLostError';
  override readonly code = 'SESSION_LOST';
  /** The method of the request that may have run. */
  readonly method: string;

  constructor(method: string, cause: unknown) {
    super(`The server lost the session while "${method}" was running: it may have run, so it was not sent again (a new session is ready)`, { cause });
    this.method = method;
  }
}

/** What a transport's error says about the session: gone (and whether the request may have run), or nothing. */
function sessionExpiry(error: unknown): { mayHaveRun: boolean } | undefined {
  if (typeof error !== 'object' || error === null || (error as { sessionExpired?: unknown }).sessionExpired !== true) return undefined;
  return { mayHaveRun: (error as { requestMayHaveRun?: unknown }).requestMayHaveRun === true };
}

/** Starts one new session per lost one and decides, per failed request, whether to send it again. */
export class SessionRenewal {
  /** Sessions started again so far. */
  count = 0;
  #pending: Promise<void> | undefined;
  readonly #restart: () => Promise<unknown>;

  /** `restart` runs the handshake again (the transport has already dropped the old session id). */
  constructor(restart: () => Promise<unknown>) {
    this.#restart = restart;
  }

  /** The renewal under way, if any: requests made meanwhile wait for it. */
  get pending(): Promise<void> | undefined { return this.#pending; }

  /**
   * `sent`, or when it failed because the session was lost: a new session, then `resend()` (once,
   * unguarded) if the request never ran, else a SessionLostError.
   */
  guard<T>(method: string, sent: Promise<T>, resend: () => Promise<T>): Promise<T> {
    const generation = this.count;
    return sent.catch(async (error: unknown) => {
      const expiry = sessionExpiry(error);
      if (!expiry) throw error;
      // Several requests may notice the same lost session: only the first starts a new one.
      if (this.count === generation) await this.#renew();
      if (expiry.mayHaveRun) throw new SessionLostError(method, error);
      return resend();
    });
  }

  #renew(): Promise<void> {
    this.#pending ??= this.#restart().then(() => { this.count++; }).finally(() => { this.#pending = undefined; });
    return this.#pending;
  }
}
