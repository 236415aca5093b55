// `mcpwire complete <server> --prompt NAME|--resource TEMPLATE ARG=VALUE [--context k=v …]`:
// one completion/complete (server/utilities/completion), its values one a line.

import type { CompleteRequestParams, CompleteResult } from 'mcpwire/protocol';
import { UsageError, optionValue } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { parsePromptArguments } from './prompt.js';
import { reportRequestFailure } from './request-failure.js';
import { withServer } from './with-server.js';

const USAGE = 'mcpwire complete <server> --prompt NAME|--resource TEMPLATE ARG=VALUE [--context k=v …] [--json]';

/** The completion/complete params of a command line. */
function completeParams(prompt: string | undefined, resource: string | undefined, rest: readonly string[], context: readonly string[]): CompleteRequestParams {
  if ((prompt === undefined) === (resource === undefined)) throw new UsageError(`complete needs one of --prompt NAME or --resource TEMPLATE; ${USAGE}`);
  if (rest.length !== 1) throw new UsageError(`complete takes one ARG=VALUE (the argument being completed), got ${rest.length}; ${USAGE}`);
  const at = rest[0]!.indexOf('=');
  if (at <= 0) throw new UsageError(`complete needs ARG=VALUE (value may be empty: ARG=), got ${JSON.stringify(rest[0])}; ${USAGE}`);
  const ref = prompt !== undefined ? { type: 'ref/prompt' as const, name: prompt } : { type: 'ref/resource' as const, uri: resource! };
  const params: CompleteRequestParams = { ref, argument: { name: rest[0]!.slice(0, at), value: rest[0]!.slice(at + 1) } };
  if (context.length > 0) params.context = { arguments: parsePromptArguments(context) };
  return params;
}

/** Runs `mcpwire complete`; resolves with the exit code. */
export function runComplete(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--prompt', '--resource', '--context', '--json'], io, async (session) => {
    const params = completeParams(optionValue(session.args, '--prompt'), optionValue(session.args, '--resource'), session.rest, session.args.values.get('--context') ?? []);
    let result: CompleteResult;
    try {
      result = await session.connection.client.complete(params, { timeoutMs: session.timeoutMs, ...(io.signal ? { signal: io.signal } : {}) });
    } catch (error) {
      return reportRequestFailure(io, 'completion/complete', ` ${JSON.stringify(params)}`, error);
    }
    if (session.args.flags.has('--json')) {
      println(io.stdout, JSON.stringify(result, null, 2));
      return EXIT.ok;
    }
    const values = result?.completion?.values;
    if (!Array.isArray(values)) {
      println(io.stderr, `mcpwire: completion/complete: the server's answer has no "completion.values" array: ${JSON.stringify(result).slice(0, 200)}`);
      return EXIT.protocol;
    }
    for (const value of values) println(io.stdout, String(value).replace(/\n/g, '\\n'));
    const { total, hasMore } = result.completion;
    if (hasMore === true || (typeof total === 'number' && total > values.length)) println(io.stderr, `mcpwire: ${values.length} shown${typeof total === 'number' ? ` of ${total}` : ''}${hasMore ? ', more exist' : ''}`);
    return EXIT.ok;
  }, (rest) => {
    if (rest.length !== 1) throw new UsageError(`complete takes one ARG=VALUE; ${USAGE}`);
  });
}
