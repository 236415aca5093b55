// The CLI as a client with features: roots, sampling and elicitation declared (so a server offers
// the tools that need them), and the server's log shown on stderr at --log-level and above.
// Against @modelcontextprotocol/server-everything, a real child process over stdio.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { runCall } from '../src/call.js';
import { runList } from '../src/list.js';
import { main } from '../src/main.js';
import { CLIENT_FEATURE_OPTIONS, EMPTY_ANSWERS_BEFORE_CANCEL, clientFeatures, terminalLineAsker } from '../src/client-features.js';
import type { LineAsker } from '../src/client-features.js';
import { parseArgs } from '../src/args.js';
import type { ElicitRequestParams, ElicitResult } from '../../../src/protocol/index.js';
import { captureIo, stdioCommand, stdioServer } from './cli-harness.js';

const EVERYTHING = fileURLToPath(new URL('../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const SERVER = ['--', process.execPath, EVERYTHING, 'stdio'];

test('list shows the tools server-everything offers only to a client with roots, sampling and elicitation', async () => {
  const io = captureIo();
  const code = await runList(['--json', ...SERVER], io);
  assert.equal(code, 0);
  const names = (JSON.parse(io.out()).tools as { name: string }[]).map((tool) => tool.name);
  const conditional = ['get-roots-list', 'trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request'];
  assert.deepEqual(conditional.filter((name) => names.includes(name)), conditional);
});

const ROOTS_NOTE = 'mcpwire: the server asked for roots; none offered, so it got an empty list (use --root DIR to offer one)\n';

test('no root is offered unless --root is given: roots/list gets [] and stderr says so once; --root PATH chooses', async () => {
  // server-filesystem replaces its own directories with the client's roots: a default root of the
  // current directory opened it to the server.
  const io = captureIo();
  assert.equal(await runCall(['get-roots-list', ...SERVER], io), 0);
  assert.doesNotMatch(io.out(), /URI: file:/);
  assert.equal(io.err(), ROOTS_NOTE);
  const chosen = captureIo();
  assert.equal(await runCall(['--root', '/tmp', '--root', 'test', 'get-roots-list', ...SERVER], chosen), 0);
  assert.match(chosen.out(), /Current MCP Roots \(2 total\):\n\n1\. \/tmp\n   URI: file:\/\/\/tmp\n\n2\. .*\/test\n   URI: file:\/\/\/.*\/test\n/);
  assert.equal(chosen.err(), '');
});

test('list and doctor are the same client: they see the same tools from server-everything, and doctor takes --root, --elicit, --log-level', async () => {
  const listed = captureIo();
  assert.equal(await runList(['--json', ...SERVER], listed), 0);
  const listNames = (JSON.parse(listed.out()).tools as { name: string }[]).map((tool) => tool.name);
  const doctored = captureIo();
  const code = await main(['doctor', '--json', '--root', '/tmp', '--elicit', 'decline', '--log-level', 'error', '--call', 'get-roots-list', ...SERVER], doctored);
  const steps = JSON.parse(doctored.out()).steps as { title: string; status: string; evidence: string[] }[];
  const evidence = steps.find((step) => step.title === 'tools/list')!.evidence[0]!;
  const doctorNames = /in 1 page\(s\): (.*)$/.exec(evidence)![1]!.split(', ');
  assert.deepStrictEqual(doctorNames, listNames);
  assert.equal(listNames.length, 17);
  // The trial call of a tool that needs roots now runs (it failed as "the tool's own failure").
  assert.deepStrictEqual(steps.find((step) => step.title === 'trial call')!.status, 'passed');
  assert.equal(code, 0);
});

test('chat is the same client too: with --model scripted --dry-run it exposes the tools list sees from server-everything', async () => {
  const listed = captureIo();
  assert.equal(await runList(['--json', ...SERVER], listed), 0);
  const listNames = (JSON.parse(listed.out()).tools as { name: string }[]).map((tool) => tool.name);
  const chatted = captureIo();
  assert.equal(await main(['chat', 'q', '--model', 'scripted', '--dry-run', '--root', '/tmp', '--log-level', 'error', ...SERVER], chatted), 0);
  const exposed = /(\d+) function\(s\) exposed/.exec(chatted.err())?.[1];
  assert.deepStrictEqual({ exposed: Number(exposed), listed: listNames.length }, { exposed: 17, listed: 17 });
});

test('elicitation without a terminal is declined with a line naming --elicit; --elicit accept answers with the defaults', async () => {
  const io = captureIo();
  assert.equal(await runCall(['trigger-elicitation-request', ...SERVER], io), 0);
  assert.match(io.out(), /User declined to provide the requested information/);
  // (server-everything may also ask for roots, which adds ROOTS_NOTE, depending on timing.)
  assert.equal(io.err().replace(ROOTS_NOTE, ''), 'mcpwire: declined an elicitation request ("Please provide inputs for the following fields:"): there is no terminal to ask (stdin is not a TTY); answer it with --elicit accept or --elicit decline\n');
  const accepted = captureIo();
  assert.equal(await runCall(['--elicit', 'accept', 'trigger-elicitation-request', ...SERVER], accepted), 0);
  const raw = JSON.parse(/Raw result: (\{[\s\S]*\})/.exec(accepted.out())![1]!);
  assert.deepEqual(raw.content, {
    firstLine: 'It was a dark and stormy night.', integer: 42, number: 3.14, untitledSingleSelectEnum: 'Monica',
    untitledMultipleSelectEnum: ['Guitar'], titledSingleSelectEnum: 'hero-1', titledMultipleSelectEnum: ['fish-1'], legacyTitledEnum: 'pet-1',
  });
});

test('sampling without a terminal is refused with a clear error', async () => {
  const io = captureIo();
  const code = await runCall(['trigger-sampling-request', 'prompt=hi', ...SERVER], io);
  assert.equal(io.err().split('\n')[0], 'mcpwire: refused a sampling/createMessage request: there is no terminal to ask (stdin is not a TTY); `mcpwire chat` answers sampling with a model');
  assert.notEqual(code, 0);
});

test('--log-level takes an RFC 5424 level, else a usage error (exit 2)', async () => {
  const io = captureIo();
  assert.equal(await main(['list', '--log-level', 'loud', ...SERVER], io), 2);
  assert.equal(io.err().split('\n')[0], 'mcpwire: Option --log-level takes debug, info, notice, warning, error, critical, alert, emergency; got "loud"');
});

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const logLines = (err: string): string[] => err.split('\n').filter((line) => line.startsWith('mcpwire: server log'));
const logged = (from: string): string[] => LEVELS.slice(LEVELS.indexOf(from)).map((level) => `mcpwire: server log [${level}] features: {"level":"${level}"}`);

for (const [era, server] of [['2025-11-25', stdioServer('features-server.ts')], ['2026-07-28', ['--era', '2026-07-28', ...stdioCommand('features-server.ts')]]] as const) {
  test(`${era}: server log messages reach stderr at warning and above by default, debug and above with --log-level debug`, async () => {
    const io = captureIo();
    assert.equal(await runCall(['log_every_level', ...server], io), 0);
    assert.deepEqual(logLines(io.err()), logged('warning'));
    const debug = captureIo();
    assert.equal(await runCall(['--log-level', 'debug', 'log_every_level', ...server], debug), 0);
    assert.deepEqual(logLines(debug.err()), logged('debug'));
  });
}

test('ping prints the round trip in milliseconds', async () => {
  const io = captureIo();
  assert.equal(await main(['ping', ...SERVER], io), 0);
  assert.match(io.out(), /^pong: \d+\.\d ms\n$/);
});

test('complete asks completion/complete of a prompt argument (with --context) and of a resource template', async () => {
  const io = captureIo();
  assert.equal(await main(['complete', '--prompt', 'completable-prompt', 'department=S', ...SERVER], io), 0);
  assert.equal(io.out(), 'Sales\nSupport\n');
  const context = captureIo();
  assert.equal(await main(['complete', '--prompt', 'completable-prompt', 'name=', '--context', 'department=Sales', ...SERVER], context), 0);
  assert.equal(context.out(), 'David\nEve\nFrank\n');
  const resource = captureIo();
  assert.equal(await main(['complete', '--resource', 'demo://resource/dynamic/text/{resourceId}', 'resourceId=7', ...SERVER], resource), 0);
  assert.equal(resource.out(), '7\n');
});

test('call --out writes the PNG of get-tiny-image, and will not overwrite it without --force', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-out-'));
  const file = join(dir, 'logo.png');
  const io = captureIo();
  assert.equal(await runCall(['get-tiny-image', '--out', file, ...SERVER], io), 0);
  assert.deepEqual([...readFileSync(file).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.match(io.err(), new RegExp(`^mcpwire: wrote [\\d,]+ bytes \\(image, image/png\\) to ${file}\n$`));
  const again = captureIo();
  assert.equal(await runCall(['get-tiny-image', '--out', file, ...SERVER], again), 2);
  assert.equal(again.err(), `mcpwire: --out: ${file} already exists; nothing was written (--force replaces)\n`);
  assert.equal(await runCall(['get-tiny-image', '--out', file, '--force', ...SERVER], captureIo()), 0);
});

const NAME_FORM = { mode: 'form', message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } as unknown as ElicitRequestParams;

const ASKED = 'mcpwire: the server asks (elicitation/create): Who are you?\n'
  + `  (an empty answer keeps the default or skips an optional field; !cancel or Ctrl-D cancels the request; ${EMPTY_ANSWERS_BEFORE_CANCEL} empty answers to a required field cancel it too)\n`;

function elicit(ask: LineAsker): { io: ReturnType<typeof captureIo>; result: Promise<ElicitResult> } {
  const io = captureIo();
  const features = clientFeatures(parseArgs([], CLIENT_FEATURE_OPTIONS), io, ask);
  const context = {} as Parameters<NonNullable<typeof features.options.onElicitation>>[1];
  return { io, result: Promise.resolve(features.options.onElicitation!(NAME_FORM, context)) };
}

test('Ctrl-D at an elicitation prompt answers {"action": "cancel"} (it sent -32603 "Aborted with Ctrl+D"), on a terminal and with stderr redirected', async () => {
  const cases = [[true, (input: PassThrough) => input.write('\x04')], [false, (input: PassThrough) => input.end()]] as const;
  for (const [terminal, ctrlD] of cases) {
    const input = Object.assign(new PassThrough(), { isTTY: true });
    const output = Object.assign(new PassThrough(), { isTTY: terminal });
    const asked = once(output, 'data');
    const { io, result } = elicit(terminalLineAsker(input, output)!);
    await asked;
    ctrlD(input);
    assert.deepStrictEqual(await result, { action: 'cancel' }, `terminal: ${terminal}`);
    assert.equal(io.err(), ASKED);
  }
});

test(`an empty answer to a required field is asked again ${EMPTY_ANSWERS_BEFORE_CANCEL} times at most, then the request is cancelled; !cancel cancels; an answer is accepted`, async () => {
  const run = async (answer: string): Promise<{ questions: number; result: ElicitResult }> => {
    let questions = 0;
    const { io, result } = elicit(async () => { questions++; return answer; });
    const answered = await result;
    assert.equal(io.err(), ASKED);
    return { questions, result: answered };
  };
  assert.deepStrictEqual(await run(''), { questions: EMPTY_ANSWERS_BEFORE_CANCEL, result: { action: 'cancel' } });
  assert.deepStrictEqual(await run('!cancel'), { questions: 1, result: { action: 'cancel' } });
  assert.deepStrictEqual(await run(' Ada '), { questions: 1, result: { action: 'accept', content: { name: 'Ada' } } });
});
