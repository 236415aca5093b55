// `mcpwire inspect [--port N] [--no-open] <server>`: the seam, live, in a browser. Connects to the
// server as every command does (connect.ts, the same tracer), puts a Host in front of it (with
// --model, the chat adapters and a chat box; the page confirms the model's calls and answers the
// server's elicitation and sampling), and serves a page on 127.0.0.1 only: the server, a form per
// tool, resources, prompts, logs, MCP Apps in sandboxed frames, and the sequence diagram of every
// message. It prints one line on stdout,
// `inspector: http://127.0.0.1:PORT/?token=TOKEN`, opens the browser unless --no-open (on a file only
// the user can read that redirects to that URL: the token is in no process's arguments), and runs
// until Ctrl-C. `--follow F` shows a recording that a tap is writing instead (inspect-follow.ts).

import { Host, Policy } from 'mcpwire/host';
import type { Model } from 'mcpwire/host';
import { APP_EXTENSION, APP_MIME_TYPE } from 'mcpwire-ext-apps';
import { UsageError, eraOption, integerOption, optionValue, parseArgs } from './args.js';
import { openBrowserPrivately } from './browser-open.js';
import type { RedirectFile } from './browser-open.js';
import { chooseModel } from './chat.js';
import type { ChatDependencies } from './chat.js';
import { CLIENT_FEATURE_OPTIONS, clientFeatures } from './client-features.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { connect, eraNote } from './connect.js';
import type { Connection } from './connect.js';
import { EXIT } from './exit-codes.js';
import { InspectApi } from './inspect-api.js';
import { InspectEvents } from './inspect-events.js';
import { runInspectFollow } from './inspect-follow.js';
import { newInspectToken } from './inspect-guard.js';
import { PageQuestions } from './inspect-questions.js';
import { startInspectServer } from './inspect-server.js';
import type { RunningInspectServer } from './inspect-server.js';
import { listenFailure, parsePort } from './serve.js';
import { TARGET_OPTIONS, resolveTarget } from './server-target.js';
import { TokenFile, configDir } from './token-file.js';
import { DEFAULT_TIMEOUT_MS, reportFailure, tracerFor } from './with-server.js';

/** The options `inspect` takes besides the server's. */
export const INSPECT_OPTIONS = ['--port', '--no-open', '--model', '--base-url', '--api-key-env', '--approve', '--allow', '--deny', '--follow'];

/** Runs `mcpwire inspect` until io.signal fires (Ctrl-C); resolves with the exit code. */
export async function runInspect(argv: readonly string[], io: CommandIo, deps: ChatDependencies = {}): Promise<number> {
  const args = parseArgs(argv, [...TARGET_OPTIONS, ...CLIENT_FEATURE_OPTIONS, ...INSPECT_OPTIONS]);
  const follow = optionValue(args, '--follow');
  if (follow !== undefined) return runInspectFollow(follow, args, io);
  const { target, rest, notes } = resolveTarget(args, io);
  if (rest.length > 0) throw new UsageError(`inspect takes no words besides the server, got: ${rest.join(' ')}`);
  const port = parsePort(optionValue(args, '--port'));
  const timeoutMs = integerOption(args, '--timeout', DEFAULT_TIMEOUT_MS);
  const model: Model | undefined = args.values.has('--model') ? chooseModel(args, io, deps, undefined, false, undefined).model : undefined;
  // The page is the person: it answers elicitation and sampling (not the terminal, not a fixed --elicit).
  if (args.values.has('--elicit')) throw new UsageError('inspect answers elicitation on its page: --elicit is for commands without one (call, list, …)');
  const features = clientFeatures(args, io);
  // apps#client-host-capabilities: the host says it renders MCP Apps, so servers offer their UI tools.
  features.options.capabilities = { ...features.options.capabilities, extensions: { [APP_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };
  const events = new InspectEvents();
  const questions = new PageQuestions({ events });
  features.options.onSampling = (params, context) => questions.sample(params, context);
  features.options.onElicitation = (params, context) => questions.elicit(params, context);
  const tracer = tracerFor(args, io);
  tracer.observe((record) => {
    if (record.kind === 'message') events.add({ kind: 'wire', direction: record.direction, message: record.message });
    else if (record.kind === 'stderr') events.add({ kind: 'stderr', text: record.text });
    else if (record.kind === 'note') events.add({ kind: 'note', text: record.text });
  });
  for (const note of notes) println(io.stderr, `mcpwire: ${note}`);
  let connection: Connection | undefined;
  let server: RunningInspectServer | undefined;
  let api: InspectApi | undefined;
  let opened: RedirectFile | undefined;
  try {
    connection = await connect(target, { tracer, timeoutMs, era: eraOption(args), features, tokens: new TokenFile(configDir(io.env)) });
    tracer.note(eraNote(connection.client));
    const { client } = connection;
    client.onlog = (message) => {
      features.onlog(message);
      events.add({ kind: 'log', level: String(message.level), ...(message.logger === undefined ? {} : { logger: message.logger }), data: message.data });
    };
    const list = (name: string): string[] | undefined => args.values.get(name);
    const policy = new Policy({
      ...(list('--allow') ? { allow: list('--allow')! } : {}),
      ...(list('--deny') ? { deny: list('--deny')! } : {}),
      approve: list('--approve') ?? [],
      // The page is the person: a call the model asks for is shown there with Run / Refuse.
      confirm: ({ server: name, tool, arguments: callArgs }) => questions.confirm(name, tool, callArgs),
    });
    const host = new Host({ policy, onevent: (event) => events.add({ kind: 'host', event }) });
    const name = client.serverInfo?.name.replace(/[^A-Za-z0-9_-]/g, '_') || 'server';
    await host.addServer(name, client);
    client.ontoolslistchanged = () => { void host.refreshTools(name).then(() => events.add({ kind: 'changed', what: 'tools' }), () => undefined); };
    client.onlistchanged = (what) => events.add({ kind: 'changed', what });
    api = new InspectApi({ client, host, server: name, transport: target.label, events, questions, roots: features.options.roots ?? [], ...(model ? { model } : {}) });
    try {
      server = await startInspectServer({ api, events, token: newInspectToken(), port });
    } catch (error) {
      println(io.stderr, `mcpwire: ${listenFailure(error, port)}`);
      return EXIT.connection;
    }
    println(io.stdout, `inspector: ${server.url}`);
    println(io.stderr, `mcpwire: inspecting ${target.label}; the page is on 127.0.0.1 only and needs the token in the URL above. Ctrl-C to stop`);
    if (!args.flags.has('--no-open')) {
      // Never the URL itself: the opener's arguments are readable by every local user (ps); a 0600 file that redirects to it.
      opened = openBrowserPrivately(server.url, io);
      if (opened === undefined) println(io.stderr, 'mcpwire: no browser to open here: open the URL above yourself');
    }
    await new Promise<void>((resolve) => {
      if (io.signal === undefined) return; // without a signal (an embedding program), it runs until the process ends
      if (io.signal.aborted) resolve();
      io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error, target, io);
  } finally {
    questions.closeAll();
    opened?.remove();
    await server?.close();
    await connection?.close();
    tracer.close();
  }
}
