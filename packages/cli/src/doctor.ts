// `mcpwire doctor <server> [--tool NAME] [--call NAME --args …] [--exit-wait MS] [--json]`:
// walks the seed's troubleshooting order and reports each step as passed or failed, with the
// evidence and a fix. The exit code is the number of the first failed step (0 when all pass);
// the steps and their numbers are in doctor-steps.ts.

import { UsageError, eraOption, integerOption, optionValue, parseArgs } from './args.js';
import type { ParsedArgs } from './args.js';
import { resolve } from 'node:path';
import { diagnoseTrace } from './doctor-from-trace.js';
import { recordingHtml } from './recording-view.js';
import { readTrace } from './trace-file.js';
import { OutputFile } from './output-file.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { CLIENT_FEATURE_OPTIONS, clientFeatures } from './client-features.js';
import type { ClientFeatures } from './client-features.js';
import { coerceArguments } from './coerce-args.js';
import { closeConnection } from './connect.js';
import { checkTrialCall } from './doctor-call.js';
import { checkConnection } from './doctor-connect.js';
import { checkHostExposure } from './doctor-exposure.js';
import { checkStdinClose, checkStdoutHygiene } from './doctor-stdio.js';
import { doctorExitCode, formatReport, inOrder, step } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';
import { chooseFirstCall } from './doctor-first-call.js';
import { checkToolsCapability, checkToolsList } from './doctor-tools.js';
import type { McpClient } from 'mcpwire/client';
import type { Tool } from 'mcpwire/protocol';
import { resolveTarget, TARGET_OPTIONS } from './server-target.js';
import { TokenFile, configDir } from './token-file.js';
import { DEFAULT_TIMEOUT_MS, tracerFor } from './with-server.js';

/** How long the exit-on-stdin-close step waits for the server to exit after its stdin closes. */
export const DEFAULT_EXIT_WAIT_MS = 2000;

/** Runs the doctor; resolves with the exit code. */
export async function runDoctor(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, [...TARGET_OPTIONS, ...CLIENT_FEATURE_OPTIONS, '--tool', '--call', '--args', '--exit-wait', '--json', '--from-trace', '--html']);
  const fromTrace = optionValue(args, '--from-trace');
  if (fromTrace !== undefined) return doctorFromTrace(fromTrace, args, io);
  if (args.values.has('--html')) throw new UsageError('--html draws a recording: give --from-trace F (a live doctor run draws nothing)');
  const { target, rest, notes } = resolveTarget(args, io);
  if (rest.length > 0) throw new UsageError(`Unexpected words: ${rest.join(' ')} (the doctor takes one server)`);
  const expected = optionValue(args, '--tool');
  const call = optionValue(args, '--call');
  const callWords = checkCallArguments(args.values.get('--args'), call);
  const timeoutMs = integerOption(args, '--timeout', DEFAULT_TIMEOUT_MS);
  const exitWaitMs = integerOption(args, '--exit-wait', DEFAULT_EXIT_WAIT_MS);
  // The same client as list and call (connect.ts createClient): a server offers tools by the client's capabilities.
  // Stray stdout lines are reported by the stdout hygiene step, with their line numbers: not twice.
  const features: ClientFeatures = { ...clientFeatures(args, io), onerror: () => undefined };
  const tracer = tracerFor(args, io);
  for (const note of notes) println(io.stderr, `mcpwire: ${note}`);
  const results: StepResult[] = [];
  const push = (result: StepResult): void => { results.push(result); };
  try {
    const link = await checkConnection(target, { tracer, timeoutMs, exitWaitMs, tokens: new TokenFile(configDir(io.env)), era: eraOption(args), features }, push);
    const client = link.client;
    if (!client) {
      for (const title of ['era', 'initialize', 'tools capability', 'tools/list', 'host exposure', 'trial call'] as const) {
        if (!results.some((r) => r.title === title)) push(step(title, 'skipped', 'not reached: no connection'));
      }
    } else {
      const capability = await checkToolsCapability(client, timeoutMs);
      push(capability);
      if (capability.status === 'failed') {
        for (const title of ['tools/list', 'host exposure', 'trial call'] as const) push(step(title, 'skipped', 'not reached: the server declares no tools'));
      } else {
        const { result, tools } = await checkToolsList(client, expected, timeoutMs);
        push(result);
        push(checkHostExposure(client.serverInfo?.name ?? 'server', tools, expected));
        push(await trialCall(client, tools, call, callWords, timeoutMs));
      }
    }
    const spawned = link.built?.spawned;
    if (spawned && link.stdout) {
      const close = (): Promise<void> => (client ? closeConnection(client, link.built!) : link.built!.transport.close().catch(() => undefined));
      push(await checkStdinClose(spawned, close, exitWaitMs));
      push(checkStdoutHygiene(link.stdout));
    } else {
      if (client) await closeConnection(client, link.built!);
      const why = target.kind === 'stdio' ? 'the process never started' : 'stdio servers only';
      push(step('stdout hygiene', 'skipped', why));
      push(step('exit on stdin close', 'skipped', why));
    }
  } finally {
    tracer.close();
  }
  const code = doctorExitCode(results);
  if (args.flags.has('--json')) {
    println(io.stdout, JSON.stringify({ server: target.label, transport: target.kind, steps: inOrder(results), exitCode: code }, null, 2));
  } else {
    for (const line of formatReport(target.label, results)) println(io.stdout, line);
  }
  return code;
}

/**
 * Step 7: the tool --call names, or else the seed's first read-only call when one is obvious
 * (doctor-first-call.ts); a tool not marked readOnlyHint is never called unless named.
 */
async function trialCall(client: McpClient, tools: readonly Tool[], call: string | undefined, words: string[], timeoutMs: number): Promise<StepResult> {
  if (call !== undefined) return checkTrialCall(client, tools, call, words, timeoutMs);
  const first = chooseFirstCall(tools);
  if ('skip' in first) return step('trial call', 'skipped', `no trial call: ${first.skip}`);
  const result = await checkTrialCall(client, tools, first.call, [], timeoutMs);
  return { ...result, evidence: [`chosen: ${first.why} (--call NAME calls another)`, ...result.evidence] };
}

/** `--from-trace F`: the steps over a recording instead of a live server; the same report and exit code. */
function doctorFromTrace(file: string, args: ParsedArgs, io: CommandIo): number {
  const extra = [...args.positionals, ...(args.command ? ['--', ...args.command] : []), ...[...args.values.keys(), ...args.flags].filter((name) => !['--from-trace', '--tool', '--json', '--html'].includes(name))];
  if (extra.length > 0) throw new UsageError(`--from-trace reads a recording: it takes only --tool NAME, --json and --html FILE, got: ${extra.join(' ')}`);
  const htmlPath = optionValue(args, '--html');
  // Opened before anything is read: a path that cannot be written is a usage error at once.
  const html = htmlPath === undefined ? undefined : new OutputFile('--html', resolve(io.cwd, htmlPath));
  const trace = readTrace(file, io.cwd);
  const results = diagnoseTrace(trace, optionValue(args, '--tool'));
  html?.write(recordingHtml(`mcpwire doctor: the recording ${file}`, trace));
  const code = doctorExitCode(results);
  const label = `the recording ${file}`;
  if (args.flags.has('--json')) println(io.stdout, JSON.stringify({ trace: file, steps: inOrder(results), exitCode: code }, null, 2));
  else for (const line of formatReport(label, results)) println(io.stdout, line);
  return code;
}

/** The words of `--args` (repeatable): one JSON object, or key=value / key:=JSON as `call` takes them. */
function checkCallArguments(words: string[] | undefined, call: string | undefined): string[] {
  if (words === undefined) return [];
  if (call === undefined) throw new UsageError('--args needs --call NAME');
  // Typing key=value needs the tool's inputSchema (the trial call step); what can be wrong without it is caught here.
  const { problems } = coerceArguments(words, undefined);
  if (problems.length > 0) throw new UsageError(`--args: ${problems.join('; ')}`);
  return words;
}
