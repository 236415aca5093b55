// `mcpwire bridge URL` against a server that wants authorization and has no stored login: the
// first 401 starts the flow of `mcpwire login` (basic/authorization: metadata, registration, the
// authorization code with PKCE, the loopback redirect of RFC 8252 §7.3), the authorization URL on
// stderr (the host's log) and in the browser, the tokens saved in the same token file; the
// refused request is then sent again. Nothing listens, and no provider exists, until a 401 asks.

import { OAuthProvider } from 'mcpwire-auth';
import type { HttpTransportOptions } from 'mcpwire/http';
import { openBrowser } from './browser-open.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { listenForCallback } from './login-callback.js';
import type { LoginCallback } from './login-callback.js';
import { terminalText } from 'mcpwire/host';
import type { TokenFile } from './token-file.js';

type AuthHook = NonNullable<HttpTransportOptions['auth']>;
type Challenge = Parameters<AuthHook['unauthorized']>[0];

/** How the login is shown (the command's name, a browser or not) and whether it binds the tokens to a key. */
export interface LoginOnChallengeOptions {
  name: string;
  browser: boolean;
  /** DPoP-bound tokens (RFC 9449) even when the 401 does not ask for them (`--dpop`, as on `mcpwire login`). */
  dpop: boolean;
}

/** How long the browser may take to come back: `mcpwire login`'s default. */
const LOGIN_TIMEOUT_MS = 300_000;

/** The auth hook of a bridge with no stored login: a login on the first challenge, then the tokens it stored. */
export class LoginOnChallenge implements AuthHook {
  readonly #url: string;
  readonly #tokens: TokenFile;
  readonly #io: CommandIo;
  readonly #options: LoginOnChallengeOptions;
  #provider: OAuthProvider | undefined;
  #callback: LoginCallback | undefined;

  constructor(url: string, tokens: TokenFile, io: CommandIo, options: LoginOnChallengeOptions) {
    this.#url = url;
    this.#tokens = tokens;
    this.#io = io;
    this.#options = options;
  }

  async token(): Promise<string | undefined> {
    return this.#provider?.token();
  }

  async authorization(request: { method: string; url: string }): Promise<Record<string, string>> {
    return this.#provider ? this.#provider.authorization(request) : {};
  }

  async unauthorized(challenge: Challenge): Promise<boolean> {
    this.#provider ??= await this.#startLogin();
    return this.#provider.unauthorized(challenge);
  }

  /** Stops listening for the browser, if a login ever started. */
  async close(): Promise<void> {
    await this.#callback?.close();
  }

  async #startLogin(): Promise<OAuthProvider> {
    const callback = this.#callback = await listenForCallback();
    const { name, browser, dpop } = this.#options;
    return new OAuthProvider(this.#url, {
      store: this.#tokens,
      redirectUri: callback.redirectUri,
      clientName: 'mcpwire',
      // A 401 whose challenge names the DPoP scheme makes the provider bind the tokens too (RFC 9449 §7.1).
      dpop,
      authorize: async (authorizationUrl) => {
        println(this.#io.stderr, `mcpwire ${name}: to log in to ${terminalText(this.#url)}, open:\n  ${terminalText(authorizationUrl.href)}`);
        if (browser) openBrowser(authorizationUrl.href, this.#io);
        return callback.wait(LOGIN_TIMEOUT_MS);
      },
    });
  }
}
