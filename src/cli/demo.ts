// `mcpwire demo [--http]`: the seed's "19 加 23" through every layer, with a trace of every
// message on both sides of the seam.

import { spawn } from 'node:child_process';
import { isAbsolute, relative } from 'node:path';
import { McpClient } from '../client/index.js';
import { Host, Policy, ScriptedModel } from '../host/index.js';
import { httpTransport, spawnStdio, tapTransport } from '../transport/index.js';
import type { Transport } from '../jsonrpc/index.js';
import { addServerCommand } from './example-server.js';
import { createHostEventFormatter, formatWire } from './seam-trace.js';

/** Options of the demo. */
export interface DemoOptions {
  http?: boolean;
  question?: string;
  /** Where trace lines go; default stdout. */
  write?: (line: string) => void;
}

/** Starts the add server over HTTP as a child process; resolves with its URL and a stop function. */
async function startHttpServer(): Promise<{ url: string; stop: () => void }> {
  const { command, args } = addServerCommand(['--http', '--port', '0']);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      seen += chunk;
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The add server exited with code ${code} before listening`)));
  });
  return { url, stop: () => { child.kill('SIGTERM'); } };
}

/** Runs the demo; resolves with the final answer. */
export async function runDemo(options: DemoOptions = {}): Promise<string> {
  const write = options.write ?? ((text: string) => process.stdout.write(`${text}\n`));
  const question = options.question ?? '19 加 23';
  let transport: Transport;
  let stop = (): void => undefined;
  if (options.http) {
    const server = await startHttpServer();
    stop = server.stop;
    transport = httpTransport(server.url);
    write(`mcpwire demo: "${question}" — add server over Streamable HTTP at ${server.url}`);
  } else {
    const { command, args } = addServerCommand();
    transport = spawnStdio(command, args);
    const shown = [command === process.execPath ? 'node' : command, ...args.map((arg) => isAbsolute(arg) ? relative(process.cwd(), arg) : arg)];
    write(`mcpwire demo: "${question}" — add server over stdio (${shown.join(' ')})`);
  }
  write('');
  const traced = tapTransport(transport, (event) => write(formatWire(event.direction, event.message)));
  const formatEvent = createHostEventFormatter();
  // The seed's add tool has no annotations, so the demo's policy approves it by name.
  const host = new Host({ policy: new Policy({ approve: ['calc/add'] }), onevent: (event) => write(formatEvent(event)) });
  try {
    const client = await McpClient.connect(traced, { clientInfo: { name: 'mcpwire-demo', version: '0.1.0' } });
    await host.addServer('calc', client);
    return await host.ask(new ScriptedModel(), question);
  } finally {
    await host.close().catch(() => undefined);
    stop();
  }
}
