// The CLI as a client with features: roots, sampling and elicitation declared (so a server offers
// the tools that need them), and the server's log shown on stderr at --log-level and above.
// Against @modelcontextprotocol/server-everything, a real child process over stdio.

import assert from 'node:assert/strict';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { runCall } from '../../src/cli/call.js';
import { runList } from '../../src/cli/list.js';
import { main } from '../../src/cli/main.js';
import { REPO, captureIo } from './cli-harness.js';

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
