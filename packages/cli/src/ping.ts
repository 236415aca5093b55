// `mcpwire ping <server>`: one round trip, timed (basic/utilities/ping). 2026-07-28 has no `ping`
// (26/changelog), so there the timed request is `server/discover`, and the output says so.

import { performance } from 'node:perf_hooks';
import { UsageError } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { reportRequestFailure } from './request-failure.js';
import { withServer } from './with-server.js';

/** Runs `mcpwire ping`; resolves with the exit code. */
export function runPing(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, [], io, async (session) => {
    const { client } = session.connection;
    const options = { timeoutMs: session.timeoutMs, ...(io.signal ? { signal: io.signal } : {}) };
    const method = client.era === 'stateless' ? 'server/discover' : 'ping';
    const started = performance.now();
    try {
      if (method === 'ping') await client.ping(options);
      else await client.discover(options);
    } catch (error) {
      return reportRequestFailure(io, method, '', error);
    }
    println(io.stdout, `${method === 'ping' ? 'pong' : 'server/discover answered (2026-07-28 has no ping)'}: ${(performance.now() - started).toFixed(1)} ms`);
    return EXIT.ok;
  }, (rest) => {
    if (rest.length > 0) throw new UsageError(`ping takes only a server, got: ${rest.join(' ')}`);
  });
}
