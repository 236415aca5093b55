// The OAuth part of `mcpwire doctor` (the connect step of an HTTP server that answers 401/403): which part
// of discovery (spec 2025-11-25, basic/authorization) works, which fails and why, and what to do.

import { OAuthDiscoveryError, OAuthProvider } from 'mcpwire-auth';
import type { StoredAuth } from 'mcpwire-auth';
import { maskSecrets } from 'mcpwire-outbound';
import { challengeOf } from './login.js';

/**
 * Evidence lines about the server's OAuth setup, and the fix to suggest. `stored` is what
 * `mcpwire login` kept for the URL: the method in use is named from it (never a token or key).
 */
export async function diagnoseAuth(url: string, bounds: { timeoutMs: number }, stored?: StoredAuth, refusal?: string): Promise<{ evidence: string[]; fix: string }> {
  // doctor runs this after a 401/403: a second probe that fails or is not refused just has no header.
  // Each request here is bounded by doctor's --timeout, as every request of a command is.
  const header = (await challengeOf(url, { timeoutMs: bounds.timeoutMs }).catch(() => undefined)) ?? '';
  const evidence = [`OAuth: WWW-Authenticate: ${header === '' ? '(none)' : header}`, `OAuth: in use: ${methodInUse(stored)}`];
  if (stored?.tokens && refusal !== undefined) {
    const secrets = [stored.tokens.access_token, stored.tokens.refresh_token ?? '', stored.client?.client_secret ?? ''];
    evidence.push(`OAuth: the server refused those tokens: ${maskSecrets(refusal, secrets)}`);
  }
  try {
    const found = await new OAuthProvider(url, { timeoutMs: bounds.timeoutMs }).discover(header);
    evidence.push(found.resourceMetadata
      ? `OAuth: protected resource metadata for ${found.resource} names authorization server ${found.issuer}`
      : `OAuth: no protected resource metadata; the 2025-03-26 fallback takes ${found.issuer} as the authorization server`);
    evidence.push(`OAuth: authorization server ${found.server.issuer}: authorize at ${found.server.authorization_endpoint}, tokens at ${found.server.token_endpoint}`);
    const registration = [
      ...(found.server.client_id_metadata_document_supported === true ? ['client ID metadata documents'] : []),
      ...(found.server.registration_endpoint ? [`dynamic registration at ${found.server.registration_endpoint}`] : []),
    ];
    evidence.push(`OAuth: registration: ${registration.length ? registration.join(', ') : 'none offered (a client ID must be pre-registered)'}`);
    return { evidence, fix: `the server wants an OAuth login, and its discovery works: run mcpwire login ${url}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const step = error instanceof OAuthDiscoveryError ? error.step : 'discovery';
    evidence.push(`OAuth: ${step} failed: ${message}`);
    return { evidence, fix: `the server wants an OAuth login, but its ${step} is broken (${message}); that is for the server's operator to fix` };
  }
}

/** The method `mcpwire login` set up for a server, in words: the token kind and the client's authentication. */
export function methodInUse(stored: StoredAuth | undefined): string {
  if (stored?.tokens === undefined) return 'no tokens (not logged in: run mcpwire login URL)';
  const kind = stored.tokens.token_type.toLowerCase() === 'dpop' ? (stored.dpop_key ? 'DPoP-bound tokens (RFC 9449) with their key' : 'DPoP-bound tokens, but their key is missing') : 'bearer tokens';
  const client = stored.client;
  const auth = client?.token_endpoint_auth_method ?? (client?.client_secret !== undefined ? 'client secret' : 'no client authentication');
  return `${kind}, client ${client?.client_id ?? '(none)'} (${auth})${stored.tokens.refresh_token ? ', refreshable' : ''}`;
}
