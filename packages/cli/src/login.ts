// `mcpwire login URL`: the OAuth authorization code flow for one HTTP server (spec 2025-11-25,
// basic/authorization), with a loopback redirect. Prints the authorization URL (and opens a
// browser when there is one, unless --no-browser), then keeps the tokens in the user's config
// folder (token-file.ts) for list, call, read, prompt and doctor. Tokens are never printed.
// Without a browser: --client-credentials (a client secret from an environment variable, or
// --private-key for private_key_jwt), --workload-token (a platform JWT, jwt-bearer grant) or
// --id-jag (an enterprise IdP's ID-JAG, SEP-990); --dpop binds the tokens to a key kept with them.

import { readFile } from 'node:fs/promises';
import { OAuthProvider } from 'mcpwire-auth';
import type { OAuthProviderOptions } from 'mcpwire-auth';
import { outboundFetch } from 'mcpwire-outbound';
import { REVISION_2025_11_25 } from 'mcpwire/protocol';
import { UsageError, integerOption, parseArgs } from './args.js';
import { openBrowser } from './browser-open.js';
import { println } from './command-io.js';
import { EXIT } from './exit-codes.js';
import type { CommandIo } from './command-io.js';
import { listenForCallback } from './login-callback.js';
import { terminalText } from 'mcpwire/host';
import { TokenFile, configDir } from './token-file.js';

/** How long login may take, the browser's return included (default 5 minutes). */
const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;
/** How long each request to the server or its authorization server may take at most. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Runs `mcpwire login`; resolves with the exit code. */
export async function runLogin(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, ['--no-browser', '--timeout', ...GRANT_OPTIONS]);
  const url = serverUrlOf(args.positionals, 'login');
  const grant = await grantOptions(args, io.env);
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
      ...grant,
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

/** The options of the grants that need no browser, and of DPoP. */
const GRANT_OPTIONS = ['--client-credentials', '--client-id', '--client-secret-env', '--private-key', '--dpop', '--workload-token', '--id-jag', '--id-token', '--idp-client-id'];

/** What the grant options ask of the OAuthProvider; secrets are read from files or named environment variables, never from argv. */
export async function grantOptions(args: ReturnType<typeof parseArgs>, env: Record<string, string | undefined>): Promise<Partial<OAuthProviderOptions>> {
  const value = (name: string): string | undefined => args.values.get(name)?.at(-1);
  const options: Partial<OAuthProviderOptions> = {};
  const clientId = value('--client-id');
  if (clientId !== undefined) options.clientId = clientId;
  const secretEnv = value('--client-secret-env');
  if (secretEnv !== undefined) {
    const secret = env[secretEnv];
    if (secret === undefined || secret === '') throw new UsageError(`--client-secret-env ${secretEnv}: that environment variable is not set`);
    options.clientSecret = secret;
  }
  const keyFile = value('--private-key');
  if (keyFile !== undefined) options.privateKey = await readFile(keyFile, 'utf8').catch(() => { throw new UsageError(`--private-key ${keyFile}: cannot read that file`); });
  if (args.flags.has('--dpop')) options.dpop = true;
  const grants = [args.flags.has('--client-credentials'), value('--workload-token') !== undefined, value('--id-jag') !== undefined].filter(Boolean).length;
  if (grants > 1) throw new UsageError('give one of --client-credentials, --workload-token and --id-jag');
  if (args.flags.has('--client-credentials')) {
    if (clientId === undefined) throw new UsageError('--client-credentials needs --client-id (and --client-secret-env NAME or --private-key FILE)');
    options.grant = 'client_credentials';
  }
  const workload = value('--workload-token');
  if (workload !== undefined) {
    options.grant = 'jwt_bearer';
    options.assertion = () => fileOrEnv('--workload-token', workload, env);
  }
  const idp = value('--id-jag');
  if (idp !== undefined) {
    const idToken = value('--id-token');
    if (idToken === undefined) throw new UsageError('--id-jag IDP_TOKEN_ENDPOINT needs --id-token FILE|ENV (the identity assertion)');
    if (clientId === undefined) throw new UsageError('--id-jag needs --client-id (this client at the MCP authorization server)');
    options.grant = 'id_jag';
    options.idJag = { tokenEndpoint: idp, idToken: () => fileOrEnv('--id-token', idToken, env), ...(value('--idp-client-id') === undefined ? {} : { clientId: value('--idp-client-id')! }) };
  }
  return options;
}

/** A token from the environment variable `name` names, else from the file it names. */
async function fileOrEnv(option: string, name: string, env: Record<string, string | undefined>): Promise<string> {
  const fromEnv = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? env[name] : undefined;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv.trim();
  const text = await readFile(name, 'utf8').catch(() => undefined);
  if (text === undefined) throw new UsageError(`${option} ${name}: neither a set environment variable nor a readable file`);
  return text.trim();
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
