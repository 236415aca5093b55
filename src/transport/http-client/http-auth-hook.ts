// Where an HTTP client transport meets an OAuth client (basic/authorization#access-token-usage):
// the hook's token goes in `Authorization: Bearer …` on every request to the server's origin (never
// in the URL, never to a host a redirect leads to); on 401, or 403 insufficient_scope, the hook
// gets the challenge and, if it says so, the request is sent again — at most MAX_AUTH_RETRIES times.
// A hook with `authorization` makes the headers itself (a DPoP-bound token and its proof, RFC 9449 §7.1).

import type { HttpResponse } from './http-request.js';

/** What an HTTP client transport needs from an OAuth client (mcpwire/client's OAuthProvider is one). */
export interface HttpAuthHook {
  /** The access token to send, or undefined for none yet. */
  token(): Promise<string | undefined>;
  /** The server refused the token: resolves true when a new one is ready and the request should be retried. */
  unauthorized(challenge: { status: number; wwwAuthenticate: string | null; dpopNonce?: string | null; url?: string }): Promise<boolean>;
  /** The auth headers for one request (`authorization`, and `dpop` with a proof), instead of `Bearer ${token()}`. */
  authorization?(request: { method: string; url: string }): Promise<Record<string, string>>;
}

/** Retries of one request after an auth challenge: a 401 then a 403 step-up, never a loop. */
export const MAX_AUTH_RETRIES = 2;

/**
 * Sends through `send` with the hook's token among the user's headers, retrying after a challenge
 * the hook met; `onchallenge` is told before each login the hook runs.
 */
export async function exchangeWithAuth(
  auth: HttpAuthHook,
  userHeaders: Record<string, string> | undefined,
  send: (userHeaders: Record<string, string>) => Promise<HttpResponse>,
  onchallenge?: () => void,
  request?: { method: string; url: string },
): Promise<HttpResponse> {
  for (let attempt = 0; ; attempt++) {
    const headers = Object.assign({}, userHeaders);
    if (auth.authorization !== undefined && request !== undefined) {
      Object.assign(headers, await auth.authorization(request));
    } else {
      const token = await auth.token();
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
    }
    const response = await send(headers);
    const wwwAuthenticate = response.headers.get('www-authenticate');
    const challenged = response.status === 401 || (response.status === 403 && wwwAuthenticate !== null && /insufficient_scope/i.test(wwwAuthenticate));
    if (!challenged || attempt === MAX_AUTH_RETRIES) return response;
    await response.body?.cancel();
    onchallenge?.();
    const challenge = request === undefined ? { status: response.status, wwwAuthenticate } : { status: response.status, wwwAuthenticate, dpopNonce: response.headers.get('dpop-nonce'), url: request.url };
    if (!await auth.unauthorized(challenge)) return response;
  }
}
