// `mcpwire demo [--http] [--era …]`: the seed's "19 加 23" through every layer, with a trace of
// every message on both sides of the seam. In 2026-07-28 there is no initialize: server/discover,
// then tools/list and tools/call with the `_meta` envelope; a second question with large numbers
// shows an input round (the add tool asks the user to confirm, mrtr) on the wire.

import { isAbsolute, relative, resolve } from 'node:path';
import { McpClient } from 'mcpwire/client';
import type { EraChoice } from 'mcpwire/client';
import { REVISION_2025_11_25 } from 'mcpwire/protocol';
import type { ElicitResult } from 'mcpwire/protocol';
import { Host, Policy, ScriptedModel } from 'mcpwire/host';
import { nodeHttpTransport, spawnStdio } from 'mcpwire/node';
import { tapTransport } from 'mcpwire/transport';
import type { Transport } from 'mcpwire/jsonrpc';
import { UsageError, eraOption, optionValue, parseArgs } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { addServerCommand, startListeningServer } from './example-server.js';
import { OutputFile } from './output-file.js';
import { createHostEventFormatter, formatElicitation, formatWire } from './seam-trace.js';
import { TraceRecorder } from './trace-html.js';

/** Options of the demo. */
export interface DemoOptions {
  http?: boolean;
  /** The revision (default 2025-11-25, the seed's own flow). */
  era?: EraChoice;
  /** The server to start instead of the example add server (tests: a fake 2026 server). */
  server?: { command: string; args: string[] };
  question?: string;
  /** Also write the trace as an HTML sequence diagram to this file. */
  html?: string;
  /** Asked after `question` in 2026-07-28: large enough that the add tool asks for confirmation. */
  largeQuestion?: string;
  /** Where trace lines go; default stdout. */
  write?: (line: string) => void;
}

/** Parses `demo`'s command line and runs it; resolves with the exit code. */
export async function runDemoCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const args = parseArgs(argv, ['--http', '--era', '--html']);
  if (args.command !== undefined || args.positionals.length > 0) {
    throw new UsageError(`demo takes no arguments, got: ${[...args.positionals, ...(args.command ? ['--', ...args.command] : [])].join(' ')}`);
  }
  // The demo shows the seed's flow unless asked otherwise: --era defaults to 2025-11-25 here, not auto.
  const era = optionValue(args, '--era') === undefined ? REVISION_2025_11_25 : eraOption(args);
  const html = optionValue(args, '--html');
  await runDemo({ http: args.flags.has('--http'), era, write: (line) => println(io.stdout, line), ...(html ? { html: resolve(io.cwd, html) } : {}) });
  if (html) println(io.stdout, `\nmcpwire demo: wrote the sequence diagram to ${html}`);
  return EXIT.ok;
}

/** Runs the demo; resolves with the final answer. */
export async function runDemo(options: DemoOptions = {}): Promise<string> {
  const write = options.write ?? ((text: string) => process.stdout.write(`${text}\n`));
  const question = options.question ?? '19 加 23';
  // Before any server starts: a --html path that cannot be written fails now, with nothing to end.
  const html = options.html === undefined ? undefined : new OutputFile('--html', options.html);
  let transport: Transport;
  let stop = async (): Promise<void> => undefined;
  const era = options.era ?? REVISION_2025_11_25;
  // In 2026-07-28 the add server confirms sums over 100, so the second question shows an input round.
  const confirm = era === REVISION_2025_11_25 ? [] : ['--confirm-over', '100'];
  const serverCommand = (extra: string[] = []): { command: string; args: string[] } =>
    options.server ? { command: options.server.command, args: [...options.server.args, ...extra] } : addServerCommand([...confirm, ...extra]);
  if (options.http) {
    const { command, args } = serverCommand(['--http', '--port', '0']);
    const server = await startListeningServer(command, args);
    stop = server.stop;
    transport = nodeHttpTransport(server.url);
    write(`mcpwire demo: "${question}" — add server over Streamable HTTP at ${server.url}`);
  } else {
    const { command, args } = serverCommand();
    // No ownProcessGroup: demo does not handle SIGINT, so Ctrl-C should end the server with it.
    transport = spawnStdio(command, args);
    const shown = [command === process.execPath ? 'node' : command, ...args.map((arg) => isAbsolute(arg) ? relative(process.cwd(), arg) : arg)];
    write(`mcpwire demo: "${question}" — add server over stdio (${shown.join(' ')})`);
  }
  write('');
  const recorder = new TraceRecorder();
  const traced = tapTransport(transport, (event) => {
    recorder.wire(event.direction, event.message);
    write(formatWire(event.direction, event.message));
  });
  const formatEvent = createHostEventFormatter();
  // The seed's add tool has no annotations, so the demo's policy approves it by name.
  const host = new Host({ policy: new Policy({ approve: ['calc/add'] }), onevent: (event) => {
    recorder.host(event);
    write(formatEvent(event));
  } });
  // The user's side of an elicitation: the demo confirms, and shows what it was asked.
  const onElicitation = (params: { message: string }): ElicitResult => {
    const answer: ElicitResult = { action: 'accept', content: { ok: true } };
    write(formatElicitation(params.message, answer));
    return answer;
  };
  try {
    const client = await McpClient.connect(traced, { clientInfo: { name: 'mcpwire-demo', version: '0.1.0' }, era, ...(era === REVISION_2025_11_25 ? {} : { onElicitation }) });
    await host.addServer('calc', client);
    const answer = await host.ask(new ScriptedModel(), question);
    if (client.era !== 'stateless') return answer;
    write('');
    return await host.ask(new ScriptedModel(), options.largeQuestion ?? '600 加 700');
  } finally {
    // The children end first, whatever happens to the page.
    await host.close().catch(() => undefined);
    await traced.close().catch(() => undefined);
    await stop();
    html?.write(recorder.render(`mcpwire demo: "${question}"`));
  }
}
