// How `read` and `prompt` report a request that got no result: Ctrl-C (the request was cancelled),
// a JSON-RPC error, or no answer at all, each with its exit code.

import { RequestCancelledError } from 'mcpwire/jsonrpc';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT, describeFailure } from './exit-codes.js';

/** Prints why `request` (e.g. `resources/read mem://a`) has no result; resolves with the exit code. */
export function reportRequestFailure(io: CommandIo, request: string, detail: string, error: unknown): number {
  if (error instanceof RequestCancelledError) {
    println(io.stderr, `mcpwire: interrupted; sent notifications/cancelled for ${request}`);
    return EXIT.interrupted;
  }
  const failure = describeFailure(error);
  println(io.stderr, `mcpwire: ${request}${detail}: ${failure.exitCode === EXIT.protocol ? 'a protocol error' : 'no result'}`);
  println(io.stderr, `  ${failure.text}`);
  if (failure.fix) println(io.stderr, `  fix: ${failure.fix}`);
  return failure.exitCode;
}
