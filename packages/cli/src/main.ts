#!/usr/bin/env node
// The `mcpwire` command: usage, and dispatch to one file per command.

import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { UsageError } from './args.js';
import { runCall } from './call.js';
import { runChat } from './chat.js';
import { formatCommandHelp, formatOverview } from './command-help.js';
import { println, processIo } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { runConfig } from './config-command.js';
import { runDemoCommand } from './demo.js';
import { runDoctor } from './doctor.js';
import { EXIT, describeFailure } from './exit-codes.js';
import { runInspect } from './inspect.js';
import { runList } from './list.js';
import { runLogin, runLogout } from './login.js';
import { runPing } from './ping.js';
import { runComplete } from './complete.js';
import { runPrompt } from './prompt.js';
import { runRead } from './read.js';
import { runRegistry } from './registry-command.js';
import { runModelScope } from './modelscope-command.js';
import { packageVersion } from './package-version.js';
import { runServe } from './serve.js';
import { runSkills } from './skills.js';
import { runBridge } from './bridge.js';
import { runTap } from './tap.js';
import { runTrace } from './trace-command.js';
import { terminalText } from 'mcpwire/host';

/** Commands that stand between a host and a server: SIGTERM (how a host stops a stdio server) ends the server they started in order, as Ctrl-C does. */
const RELAYS = new Set(['tap', 'bridge']);
/** Commands that talk to a server: Ctrl-C cancels their request instead of killing the process. */
const CANCELLABLE = new Set(['list', 'call', 'read', 'prompt', 'skills', 'doctor', 'ping', 'complete', 'inspect', 'tap', 'bridge']);

/** Runs the command line; resolves with the process exit code. */
export async function main(argv: readonly string[], io: CommandIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command !== undefined && !command.startsWith('-') && command !== 'help' && asksForHelp(rest)) return printHelp(command, io);
    switch (command) {
      case 'list': return await runList(rest, io);
      case 'call': return await runCall(rest, io);
      case 'read': return await runRead(rest, io);
      case 'prompt': return await runPrompt(rest, io);
      case 'skills': return await runSkills(rest, io);
      case 'ping': return await runPing(rest, io);
      case 'complete': return await runComplete(rest, io);
      case 'doctor': return await runDoctor(rest, io);
      case 'config': return await runConfig(rest, io);
      case 'registry': return await runRegistry(rest, io);
      case 'modelscope': return await runModelScope(rest, io);
      case 'demo': return await runDemoCommand(rest, io);
      case 'chat': return await runChat(rest, io);
      case 'inspect': return await runInspect(rest, io);
      case 'serve': return await runServe(rest, io);
      case 'tap': return await runTap(rest, io);
      case 'trace': return await runTrace(rest, io);
      case 'bridge': return await runBridge(rest, io);
      case 'login': return await runLogin(rest, io);
      case 'logout': return await runLogout(rest, io);
      case '--version':
      case '-v':
        println(io.stdout, packageVersion());
        return 0;
      case 'help': {
        // `help config lint` is the help of `config`, which covers lint and show.
        const words = (rest[0] === 'config' && (rest[1] === 'lint' || rest[1] === 'show')) || (rest[0] === 'trace' && rest[1] === 'view') || ((rest[0] === 'registry' || rest[0] === 'modelscope') && rest.length === 2) ? rest.slice(0, 1) : rest;
        if (words.length > 1) throw new UsageError(`help takes one command, got: ${rest.join(' ')}`);
        // `help help`, `help --help`: the overview is the help of help.
        return printHelp(words[0] === 'help' || words[0] === '--help' || words[0] === '-h' ? undefined : words[0], io);
      }
      case '-h':
      case '--help':
        return printHelp(undefined, io);
      case undefined:
        println(io.stdout, formatOverview());
        return EXIT.usage;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    const failure = describeFailure(error);
    println(io.stderr, `mcpwire: ${terminalText(failure.text)}`); // peer text (a URL, a cause) is escaped
    if (error instanceof UsageError) println(io.stderr, `run "mcpwire ${formatCommandHelp(command ?? '') === undefined ? '' : `${command} `}--help" for usage`);
    return failure.exitCode;
  }
}

/** `--help` or `-h` among the command's own words (what follows `--` belongs to the server). */
function asksForHelp(words: readonly string[]): boolean {
  const dashes = words.indexOf('--');
  return (dashes === -1 ? words : words.slice(0, dashes)).some((word) => word === '--help' || word === '-h');
}

/** Prints the overview (no command) or one command's help; exit code 0. */
function printHelp(command: string | undefined, io: CommandIo): number {
  if (command === undefined) {
    println(io.stdout, formatOverview());
    return 0;
  }
  const help = formatCommandHelp(command);
  if (help === undefined) throw new UsageError(`unknown command "${command}"`);
  println(io.stdout, help);
  return 0;
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  const argv = process.argv.slice(2);
  // `mcpwire list … | head`: a reader that goes away is not an error of ours.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  const interrupt = new AbortController();
  if (CANCELLABLE.has(argv[0] ?? '')) {
    // First Ctrl-C: cancel the running request (notifications/cancelled) and finish cleanly. Second: leave now.
    process.on('SIGINT', () => {
      if (interrupt.signal.aborted) process.exit(130);
      interrupt.abort(new Error('interrupted (Ctrl-C)'));
    });
  }
  if (RELAYS.has(argv[0] ?? '')) {
    // basic/lifecycle#shutdown: a host closes the server's stdin, then sends SIGTERM. Either way the
    // server tap or bridge started is closed the same way (stdin, then SIGTERM, then SIGKILL).
    process.on('SIGTERM', () => {
      if (interrupt.signal.aborted) process.exit(143);
      interrupt.abort(new Error('terminated (SIGTERM)'));
    });
  }
  main(argv, processIo(interrupt.signal)).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      process.stderr.write(`mcpwire: ${terminalText(error instanceof Error ? error.message : String(error))}\n`);
      process.exitCode = 1;
    },
  );
}
