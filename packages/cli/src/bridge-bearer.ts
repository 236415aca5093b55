// `mcpwire bridge --port N --bearer-token-env NAME` (or `--bearer-token-file F`): the endpoint's
// usual `auth: bearerAuth(...)` with one expected token, so only a client that holds it reaches the
// stdio server (basic/authorization#token-requirements: `Authorization: Bearer <token>` on every
// request; anything else is answered 401). The token is read from an environment variable or a file,
// never from the command line (where `ps` shows it), and never written to stderr or a trace: errors
// name the variable or the file, not the value.

import { createHash, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { bearerAuth } from 'mcpwire/http';
import { UsageError, optionValue } from './args.js';
import type { ParsedArgs } from './args.js';
import type { CommandIo } from './command-io.js';

/** The endpoint's `auth` option, as bearerAuth makes it. */
type HttpAuth = ReturnType<typeof bearerAuth>;

/** The bridge's expected token, and where it came from (the variable's name, to keep it from the child). */
export interface BridgeBearer {
  auth: HttpAuth;
  /** --bearer-token-env's variable: the server process is not given it (it needs no copy of the secret). */
  envName?: string;
}

/** Reads --bearer-token-env / --bearer-token-file; undefined when neither is given. */
export async function bridgeBearer(args: ParsedArgs, io: CommandIo): Promise<BridgeBearer | undefined> {
  const envName = optionValue(args, '--bearer-token-env');
  const file = optionValue(args, '--bearer-token-file');
  if (envName !== undefined && file !== undefined) throw new UsageError('give one of --bearer-token-env NAME and --bearer-token-file F, not both');
  if (envName !== undefined) {
    const token = io.env[envName];
    if (token === undefined || token.trim() === '') throw new UsageError(`--bearer-token-env ${envName}: that environment variable is not set (or is empty)`);
    return { auth: expectToken(token.trim()), envName };
  }
  if (file !== undefined) {
    const text = await readFile(file, 'utf8').catch(() => { throw new UsageError(`--bearer-token-file ${file}: cannot read that file`); });
    const token = text.trim(); // a file written by `echo` ends with a newline that is not part of the token
    if (token === '') throw new UsageError(`--bearer-token-file ${file}: the file is empty`);
    if (/\s/.test(token)) throw new UsageError(`--bearer-token-file ${file}: a bearer token is one word (RFC 6750 §2.1), the file holds several`);
    return { auth: expectToken(token) };
  }
  return undefined;
}

/** bearerAuth accepting exactly `expected`, compared in constant time (by digest, so lengths may differ). */
function expectToken(expected: string): HttpAuth {
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  const want = digest(expected);
  return bearerAuth({
    verifyToken: async (token) => {
      if (!timingSafeEqual(digest(token), want)) throw new Error('the token is not the one this bridge expects');
      return { token, clientId: 'mcpwire-bridge' };
    },
  });
}
