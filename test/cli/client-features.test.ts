// The CLI as a client with features: roots, sampling and elicitation declared (so a server offers
// the tools that need them), and the server's log shown on stderr at --log-level and above.
// Against @modelcontextprotocol/server-everything, a real child process over stdio.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { runCall } from '../../src/cli/call.js';
import { runList } from '../../src/cli/list.js';
import { main } from '../../src/cli/main.js';
import { REPO, captureIo, stdioCommand, stdioServer } from './cli-harness.js';

const EVERYTHING = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const SERVER = ['--', process.execPath, EVERYTHING, 'stdio'];

test('list shows the tools server-everything offers only to a client with roots, sampling and elicitation', async () => {
  const io = captureIo();
  const code = await runList(['--json', ...SERVER], io);
  assert.equal(code, 0);
  const names = (JSON.parse(io.out()).tools as { name: string }[]).map((tool) => tool.name);
  const conditional = ['get-roots-list', 'trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request'];
  assert.deepEqual(conditional.filter((name) => names.includes(name)), conditional);
});

test('get-roots-list returns the current directory as a file:// root; --root PATH chooses', async () => {
  const io = captureIo();
  assert.equal(await runCall(['get-roots-list', ...SERVER], io), 0);
  assert.match(io.out(), new RegExp(`URI: ${pathToFileURL(REPO.replace(/\/$/, '')).href}\n`));
  const chosen = captureIo();
  assert.equal(await runCall(['--root', '/tmp', '--root', 'test', 'get-roots-list', ...SERVER], chosen), 0);
  assert.match(chosen.out(), /Current MCP Roots \(2 total\):\n\n1\. \/tmp\n   URI: file:\/\/\/tmp\n\n2\. .*\/test\n   URI: file:\/\/\/.*\/test\n/);
});

test('elicitation without a terminal is declined with a line naming --elicit; --elicit accept answers with the defaults', async () => {
  const io = captureIo();
  assert.equal(await runCall(['trigger-elicitation-request', ...SERVER], io), 0);
  assert.match(io.out(), /User declined to provide the requested information/);
  assert.equal(io.err(), 'mcpwire: declined an elicitation request ("Please provide inputs for the following fields:"): there is no terminal to ask (stdin is not a TTY); answer it with --elicit accept or --elicit decline\n');
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
