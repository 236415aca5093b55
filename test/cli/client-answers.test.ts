// The command as a full client: it declares roots, sampling and elicitation, so every tool of
// server-everything is reachable; it shows a server's log messages on stderr by level.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runCall } from '../../src/cli/call.js';
import { runList } from '../../src/cli/list.js';
import { captureIo, stdioCommand } from './cli-harness.js';

const EVERYTHING = ['--', process.execPath, fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url)), 'stdio'];

function toolNames(listing: string): string[] {
  const tools = listing.slice(listing.indexOf('\ntools ('), listing.indexOf('\nresources ('));
  return [...tools.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]!);
}

test('list shows server-everything the tools that need roots, sampling and elicitation', async () => {
  const io = captureIo();
  assert.equal(await runList(['--era', '2025-11-25', ...EVERYTHING], io), 0);
  const names = toolNames(io.out());
  assert.deepStrictEqual(['get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request'].filter((name) => names.includes(name)),
    ['get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request']);
});

test('get-roots-list sees the --root given', async () => {
  const io = captureIo();
  assert.equal(await runCall(['--era', '2025-11-25', '--root', '/srv/project', 'get-roots-list', ...EVERYTHING], io), 0);
  assert.match(io.out(), new RegExp(pathToFileURL('/srv/project').href.replace(/[/.]/g, '\\$&')));
});

test('an elicitation without a terminal is declined with the way to answer it; --elicit accept answers', async () => {
  const declined = captureIo();
  assert.equal(await runCall(['--era', '2025-11-25', 'trigger-elicitation-request', ...EVERYTHING], declined), 0);
  assert.match(declined.err(), /mcpwire: declined: no terminal to ask you on; answer with --elicit accept \(the form's defaults\) or --elicit decline\n/);
  assert.match(declined.out(), /decline/i);
  const accepted = captureIo();
  assert.equal(await runCall(['--era', '2025-11-25', '--elicit', 'accept', 'trigger-elicitation-request', ...EVERYTHING], accepted), 0);
  assert.doesNotMatch(accepted.err(), /declined/);
  assert.match(accepted.out(), /accept/i);
});

for (const era of ['2025-11-25', '2026-07-28']) {
  test(`a server's warning shows on stderr by default, its debug message only with --log-level debug (${era})`, async () => {
    const quiet = captureIo();
    assert.equal(await runCall(['--era', era, 'work', ...stdioCommand('logging-server.ts')], quiet), 0);
    assert.equal(quiet.err(), 'server log warning [storage]: disk almost full\n');
    const loud = captureIo();
    assert.equal(await runCall(['--era', era, '--log-level', 'debug', 'work', ...stdioCommand('logging-server.ts')], loud), 0);
    assert.equal(loud.err(), 'server log debug: cache miss for key 7\nserver log warning [storage]: disk almost full\n');
  });
}

test('--log-level and --elicit name what they take', async () => {
  await assert.rejects(runCall(['--log-level', 'loud', 'work', ...stdioCommand('logging-server.ts')], captureIo()),
    { name: 'UsageError', message: 'Option --log-level takes debug, info, notice, warning, error, critical, alert, emergency; got "loud"' });
  await assert.rejects(runCall(['--elicit', 'maybe', 'work', ...stdioCommand('logging-server.ts')], captureIo()),
    { name: 'UsageError', message: 'Option --elicit takes accept or decline; got "maybe"' });
});
