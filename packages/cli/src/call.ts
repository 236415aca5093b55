// `mcpwire call <server> <tool> [json-args | key=value …] [--json]`: one tools/call, with the
// arguments typed and checked against the tool's inputSchema before anything is sent, and the
// three outcomes told apart: a result (exit 0), the tool's own failure (isError, exit 1), a
// JSON-RPC error (exit 3). Progress is drawn on a terminal; Ctrl-C cancels the request.
// Tasks: against a 2026-07-28 server with the Tasks extension (SEP-2663) the server decides; a
// call it answers with a task is polled at its pollIntervalMs, each status and status message
// shown, its input asked as elicitation is; against a 2025-11-25 server a tool whose
// `execution.taskSupport` is "required" (or any that allows it, with --task) runs as an
// experimental task (basic/utilities/tasks): created, polled, its result fetched. In both, Ctrl-C
// while a task runs sends tasks/cancel.

import { pollInterval } from 'mcpwire-ext-tasks';
import { callToolAsTask } from 'mcpwire-ext-tasks';
import { resolve } from 'node:path';
import { RequestCancelledError } from 'mcpwire/jsonrpc';
import type { RequestId } from 'mcpwire/jsonrpc';
import { TASKS_EXTENSION } from 'mcpwire-ext-tasks';
import type { CallToolResult, Progress, ServerCapabilities, Tool } from 'mcpwire/protocol';
import type { DetailedTask, Task } from 'mcpwire-ext-tasks';
import type { McpClient } from 'mcpwire/client';
import { UsageError, optionValue } from './args.js';
import { writeBinaryContent } from './binary-out.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT, describeFailure } from './exit-codes.js';
import { ProgressBar } from './progress-bar.js';
import { renderCallResult } from './render-result.js';
import { terminalLine } from 'mcpwire/host';
import { prepareArguments } from './tool-arguments.js';
import { withServer } from './with-server.js';
import type { CommandContext } from './with-server.js';

/** Runs `mcpwire call`; resolves with the exit code. */
export function runCall(argv: readonly string[], io: CommandIo): Promise<number> {
  return withServer(argv, ['--json', '--task', '--out', '--force'], io, (session) => callTool(session, io), (rest) => {
    if (rest.length === 0) throw new UsageError('Which tool? mcpwire call <server> <tool> [json-args | key=value …]');
  });
}

async function callTool(session: CommandContext, io: CommandIo): Promise<number> {
  const { client } = session.connection;
  const [name, ...words] = session.rest as [string, ...string[]];
  const tools = await client.listTools();
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) {
    println(io.stderr, `mcpwire: the server has no tool named "${name}"; it offers: ${tools.map((t) => terminalLine(t.name)).join(', ') || 'no tools'}. Nothing was sent.`);
    return EXIT.usage;
  }
  const prepared = prepareArguments(tool, words);
  // Validation is synchronous (bounded by its work budget): let a Ctrl-C pressed meanwhile arrive before anything is sent.
  await new Promise((resolve) => setImmediate(resolve));
  if (io.signal?.aborted) {
    println(io.stderr, `mcpwire: interrupted while checking the arguments of "${name}"; nothing was sent`);
    return EXIT.interrupted;
  }
  for (const warning of prepared.warnings) println(io.stderr, `mcpwire: warning: ${warning}`);
  if (prepared.problems.length > 0) {
    println(io.stderr, prepared.unreadable
      ? `mcpwire: cannot read the arguments for "${name}"; nothing was sent:`
      : `mcpwire: the arguments do not fit the inputSchema of "${name}"; nothing was sent:`);
    for (const problem of prepared.problems) println(io.stderr, `  ${problem}`);
    return EXIT.usage;
  }
  const args = prepared.args;
  const mode = client.era === 'stateless' ? extensionTaskMode(client, session.args.flags.has('--task')) : taskMode(tool, client.serverCapabilities, session.args.flags.has('--task'));
  if (typeof mode !== 'string') {
    println(io.stderr, `mcpwire: ${mode.problem}; nothing was sent`);
    return mode.exitCode;
  }
  let requestId: RequestId | undefined;
  let taskId: string | undefined;
  const bar = new ProgressBar(io.stderr);
  const what = (): string => `tools/call id ${requestId ?? '?'}${taskId ? ` (task ${taskId})` : ''}, tool ${name}, arguments ${JSON.stringify(args)}`;
  const options = {
    timeoutMs: session.timeoutMs,
    signal: io.signal,
    onid: (id: RequestId) => { requestId = id; },
    onprogress: (progress: Progress) => bar.update(progress),
  };
  // The task's id and status message are the server's words: escaped for the terminal.
  const ontask = (task: Task | DetailedTask): void => {
    bar.clear();
    const message = task.statusMessage === undefined ? '' : `: ${terminalLine(JSON.stringify(task.statusMessage))}`;
    const id = terminalLine(JSON.stringify(task.taskId));
    if (taskId === undefined) {
      const every = pollInterval(client.era === 'stateless' ? (task as DetailedTask).pollIntervalMs : (task as Task).pollInterval);
      println(io.stderr, `mcpwire: ${terminalLine(name)} runs as task ${id} (${task.status}${message}); polling tasks/get every ${every} ms; Ctrl-C cancels it`);
      taskId = task.taskId;
    } else {
      const inputs = task.status === 'input_required' ? Object.keys((task as DetailedTask).inputRequests ?? {}) : [];
      const asked = inputs.length > 0 ? ` (input asked: ${terminalLine(inputs.join(', '))})` : '';
      println(io.stderr, `mcpwire: task ${id} ${task.status}${message}${asked}`);
    }
  };
  let result: CallToolResult;
  try {
    result = mode === 'task' ? await callToolAsTask(client, name, args, { ...options, ontask }) : await client.callTool(name, args, options);
  } catch (error) {
    bar.clear();
    if (error instanceof RequestCancelledError) {
      // A task is cancelled with tasks/cancel, and the error says how that went.
      println(io.stderr, taskId === undefined ? `mcpwire: interrupted; sent notifications/cancelled for ${what()}` : `mcpwire: interrupted; ${error.message}`);
      return EXIT.interrupted;
    }
    const failure = describeFailure(error);
    const kind = failure.exitCode === EXIT.protocol ? 'a protocol error: the tool did not run or its answer was refused' : 'no result';
    println(io.stderr, `mcpwire: ${what()}: ${kind}`);
    println(io.stderr, `  ${failure.text}`);
    if (failure.fix) println(io.stderr, `  fix: ${failure.fix}`);
    return failure.exitCode;
  }
  bar.clear();
  const out = optionValue(session.args, '--out');
  if (out !== undefined && !writeBinaryContent(result, resolve(io.cwd, out), session.args.flags.has('--force'), io)) return EXIT.usage;
  if (session.args.flags.has('--json')) println(io.stdout, JSON.stringify(result, null, 2));
  else for (const line of renderCallResult(result)) println(io.stdout, line);
  if (result.isError === true) {
    println(io.stderr, `mcpwire: the tool ran and reported an error (isError: true) for ${what()}; its message is above. This is the tool's own answer, not a protocol error.`);
    return EXIT.toolError;
  }
  return EXIT.ok;
}

/**
 * How to call a tool in 2026-07-28: through the Tasks extension when the server declared it (the
 * server decides per call whether it becomes a task, SEP-2663), plainly otherwise.
 */
export function extensionTaskMode(client: McpClient, asked: boolean): 'task' | 'plain' | { problem: string; exitCode: number } {
  if (client.serverExtension(TASKS_EXTENSION) !== undefined) return 'task';
  if (asked) return { problem: `--task: the server did not declare the Tasks extension ("${TASKS_EXTENSION}"); call the tool without --task`, exitCode: EXIT.usage };
  return 'plain';
}

/**
 * How to call a tool in 2025-11-25 (basic/utilities/tasks#tool-level-negotiation): as a task when its taskSupport
 * is "required" or --task asks for it, plainly otherwise; or why it cannot be called at all.
 */
export function taskMode(tool: Tool, capabilities: ServerCapabilities, asked: boolean): 'task' | 'plain' | { problem: string; exitCode: number } {
  const support = tool.execution?.taskSupport ?? 'forbidden';
  const declared = Boolean(capabilities.tasks?.requests?.tools?.call);
  if (support === 'required' && !declared) {
    return { problem: `"${tool.name}" must run as a task (execution.taskSupport is "required"), but the server did not declare the "tasks.requests.tools.call" capability, so it cannot be called as a task either`, exitCode: EXIT.protocol };
  }
  if (support === 'required') return 'task';
  if (!asked) return 'plain';
  if (support !== 'optional') return { problem: `--task: "${tool.name}" does not run as a task (execution.taskSupport is "${support}"); call it without --task`, exitCode: EXIT.usage };
  if (!declared) return { problem: `--task: the server did not declare the "tasks.requests.tools.call" capability; call "${tool.name}" without --task`, exitCode: EXIT.usage };
  return 'task';
}
