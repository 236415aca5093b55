// `mcpwire login URL`: the OAuth authorization code flow for one HTTP server (spec 2025-11-25,
// basic/authorization), with a loopback redirect. Prints the authorization URL (and opens a
// browser when there is one, unless --no-browser), then keeps the tokens in the user's config
// folder (token-file.ts) for list, call, read, prompt and doctor. Tokens are never printed.

import { OAuthProvider } from '../client/index.js';
import { outboundFetch } from '../outbound/outbound-fetch.js';
import { REVISION_2025_11_25 } from '../protocol/index.js';
import { UsageError, integerOption, parseArgs } from './args.js';
import { openBrowser } from './browser-open.js';
import { println } from './command-io.js';
import { EXIT } from './exit-codes.js';
import type { CommandIo } from './command-io.js';
import { listenForCallback } from './login-callback.js';
import { terminalText } from './terminal-text.js';
import { TokenFile, configDir } from './token-file.js';

/** How long login may take, the browser's return included (default 5 minutes). */
const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;
/** How long each request to the server or its authorization server may take at most. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Runs `mcpwire login`; resolves with the exit code. */
export async function runLogin(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, ['--no-browser', '--timeout']);
  const url = serverUrlOf(args.positionals, 'login');
  const timeoutMs = integerOption(args, '--timeout', DEFAULT_LOGIN_TIMEOUT_MS);
  const tokens = new TokenFile(configDir(io.env));
  // --timeout bounds the whole login: every metadata, registration and token request, and the wait for the browser.
  const deadline = AbortSignal.timeout(timeoutMs);
  const requestMs = Math.min(timeoutMs, REQUEST_TIMEOUT_MS);
  const challenge = await challengeOf(url, { timeoutMs: requestMs, signal: deadline });
  if (challenge === undefined) {
    println(io.stderr, `mcpwire: ${terminalText(url)} asks for no authorization (initialize was not refused with 401): there is nothing to log in to; list, call, … work without login`);
    return EXIT.usage;
  }
  const callback = await listenForCallback();
  try {
    await tokens.delete(url); // a fresh login registers again, for this redirect URI
    const provider = new OAuthProvider(url, {
      timeoutMs: requestMs,
      signal: deadline,
      store: tokens,
      redirectUri: callback.redirectUri,
      clientName: 'mcpwire',
      authorize: async (authorizationUrl) => {
        println(io.stderr, `mcpwire: to log in to ${terminalText(url)}, open:\n  ${terminalText(authorizationUrl.href)}`);
        if (!args.flags.has('--no-browser')) openBrowser(authorizationUrl.href, io);
        return callback.wait(timeoutMs);
      },
    });
    const granted = await provider.login(challenge).catch((error: unknown) => {
      if (deadline.aborted) throw new Error(`login did not finish within ${timeoutMs} ms (--timeout): ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    });
    println(io.stdout, `logged in to ${terminalText(url)}${granted.scope ? ` (scope: ${terminalText(granted.scope)})` : ''}; tokens saved in ${tokens.path}`);
    return 0;
  } finally {
    await callback.close();
  }
}

/** Runs `mcpwire logout`: forgets the tokens of one server. */
export async function runLogout(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, []);
  const url = serverUrlOf(args.positionals, 'logout');
  const tokens = new TokenFile(configDir(io.env));
  const had = (await tokens.load(url)) !== undefined;
  if (had) await tokens.delete(url);
  println(io.stdout, had ? `logged out of ${terminalText(url)}` : `not logged in to ${terminalText(url)}`);
  return 0;
}

function serverUrlOf(positionals: string[], command: string): string {
  const [url, ...extra] = positionals;
  if (url === undefined || !/^https?:\/\//i.test(url)) throw new UsageError(`${command} needs the server's http(s):// URL`);
  if (extra.length > 0) throw new UsageError(`${command} takes one URL, got also: ${extra.join(' ')}`);
  try { new URL(url); } catch { throw new UsageError(`"${url}" is not a valid URL`); }
  return url;
}

/**
 * The server's WWW-Authenticate for an unauthenticated initialize (it may name the metadata and
 * scope); undefined when the server did not answer 401, i.e. asks for no authorization. A server
 * that cannot be reached is the OutboundError naming the URL and the cause.
 */
export async function challengeOf(url: string, bounds: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string | undefined> {
  const ms = bounds.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const response = await outboundFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: REVISION_2025_11_25, capabilities: {}, clientInfo: { name: 'mcpwire-cli', version: '0.1.0' } } }),
  }, { firstByteMs: ms, totalMs: ms, signal: bounds.signal });
  await response.cancel();
  return response.status === 401 ? response.headers.get('www-authenticate') ?? '' : undefined;
}
