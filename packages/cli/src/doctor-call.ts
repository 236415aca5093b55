// Doctor's trial call step (--call NAME --args …, or the obvious read-only tool): one tools/call, classified the way the seed
// asks a failed call to be read: success, a tool execution error (a result with isError: true,
// which a host gives back to the model) or a protocol error (a JSON-RPC error: the call itself
// failed). The evidence names the request id, the tool and the arguments.

import type { McpClient } from 'mcpwire/client';
import { ProtocolError } from 'mcpwire/jsonrpc';
import type { RequestId } from 'mcpwire/jsonrpc';
import type { Tool } from 'mcpwire/protocol';
import { prepareArguments } from './tool-arguments.js';
import { coerceArguments } from './coerce-args.js';
import { step } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';
import { describeFailure } from './exit-codes.js';
import { renderCallResult } from './render-result.js';

const SHOWN_LINES = 6;

/** Fixes for the JSON-RPC errors a tools/call usually meets. */
const PROTOCOL_FIXES: Record<number, string> = {
  [-32602]: 'the server refused the request itself: an unknown tool name or arguments that are not an object (server/tools#error-handling)',
  [-32601]: 'the server does not implement tools/call',
  [-32603]: 'the server failed while handling the call: its stderr or logs say why',
};

/** Step 6. */
export async function checkTrialCall(client: McpClient, tools: readonly Tool[], name: string, words: readonly string[], timeoutMs: number): Promise<StepResult> {
  let id: RequestId | undefined;
  const evidence: string[] = [];
  const tool = tools.find((candidate) => candidate.name === name);
  let args: Record<string, unknown>;
  if (!tool) {
    evidence.push(`"${name}" is not in tools/list; sending anyway to see what the server says`);
    args = coerceArguments(words, undefined).args;
  } else {
    const prepared = prepareArguments(tool, words);
    args = prepared.args;
    const what = prepared.unreadable ? 'cannot read the arguments' : 'the arguments do not fit the inputSchema';
    if (prepared.problems.length) evidence.push(`${what} (${prepared.problems.join('; ')}); sending anyway to see what the server says`);
  }
  const request = (): string => `tools/call id ${id ?? '?'}, tool ${name}, arguments ${JSON.stringify(args)}`;
  try {
    const result = await client.callTool(name, args, { timeoutMs, onid: (sent) => { id = sent; } });
    const lines = renderCallResult(result);
    const shown = [...lines.slice(0, SHOWN_LINES), ...(lines.length > SHOWN_LINES ? [`… ${lines.length - SHOWN_LINES} more line(s)`] : [])].map((line) => `  ${line}`);
    if (result.isError === true) {
      return step('trial call', 'failed', `tool execution error: the tool ran and returned isError: true`, [request(), ...evidence, 'result:', ...shown],
        'this is the tool\'s own failure, not a protocol error: its message above says what it needed (arguments, credentials, files, network). A host passes this text back to the model');
    }
    return step('trial call', 'passed', 'the tool answered with a result', [request(), ...evidence, 'result:', ...shown]);
  } catch (error) {
    const failure = describeFailure(error);
    if (error instanceof ProtocolError) {
      return step('trial call', 'failed', `protocol error: ${failure.text}`, [request(), ...evidence], PROTOCOL_FIXES[error.code] ?? 'the call failed as a JSON-RPC request; the tool did not produce a result');
    }
    return step('trial call', 'failed', `no result: ${failure.text}`, [request(), ...evidence], failure.fix);
  }
}
