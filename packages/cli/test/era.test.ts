// `--era` on the server commands: list, call and doctor against the hand-written 2026 fake
// (test/fixtures/stateless-fake-server.ts) and the handshake-only add server, saying which era and why.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCall } from '../src/call.js';
import { runDoctor } from '../src/doctor.js';
import type { StepResult } from '../src/doctor-steps.js';
import { runList } from '../src/list.js';
import { captureIo, fixture, startHttpServer, stdioCommand } from './cli-harness.js';

const FAKE = stdioCommand('stateless-fake-server.ts');
/** A server of the handshake era only (the SDK v1): it answers server/discover with -32601. */
const LEGACY = stdioCommand('sdk-add-server-stdio.ts');
const PINNED = 'pinned to 2026-07-28: server/discover lists 2026-07-28, so 2026-07-28';

test('list --era 2026-07-28: the revision, the era and why; every list read statelessly', async () => {
  const io = captureIo();
  assert.equal(await runList(['--era', '2026-07-28', ...FAKE], io), 0);
  const lines = io.out().split('\n');
  assert.deepStrictEqual(lines.slice(0, 3), ['server        fake-2026 1.0.0', 'revision      2026-07-28', `era           stateless (${PINNED})`]);
  assert.equal(io.err(), '');
});

test('call picks the era by itself (auto): 42 from the 2026 fake over stdio and over HTTP; --trace says which and why', async () => {
  const io = captureIo();
  assert.equal(await runCall(['add', 'a=19', 'b=23', ...FAKE], io), 0);
  assert.deepStrictEqual([io.out(), io.err()], ['42\n', '']);
  const http = await startHttpServer(fixture('stateless-fake-server.ts'), ['--http', '--port', '0']);
  try {
    const traced = captureIo();
    assert.equal(await runCall([http.url, 'add', 'a=19', 'b=23', '--trace'], traced), 0);
    assert.equal(traced.out(), '42\n');
    assert.ok(traced.err().includes('mcpwire          revision 2026-07-28 (stateless; auto: server/discover lists 2026-07-28, so 2026-07-28)\n'), traced.err());
  } finally {
    await http.stop();
  }
});

test('--era with a value it does not know is a usage error naming the choices', async () => {
  await assert.rejects(runCall(['add', '--era', 'newest', ...FAKE], captureIo()), { name: 'UsageError', message: 'Option --era takes auto, 2025-11-25, 2026-07-28; got "newest"' });
});

test('doctor has an era step: stateless against the fake; --era 2026-07-28 against a handshake-only server fails at it', async () => {
  const run = async (args: string[]): Promise<{ code: number; steps: StepResult[] }> => {
    const io = captureIo();
    const code = await runDoctor(['--json', '--exit-wait', '1000', ...args], io);
    return { code, steps: (JSON.parse(io.out()) as { steps: StepResult[] }).steps };
  };
  const modern = await run(FAKE);
  assert.equal(modern.code, 0);
  assert.deepStrictEqual(modern.steps.map((s) => [s.step, s.status]), [[1, 'passed'], [2, 'passed'], [3, 'passed'], [4, 'passed'], [5, 'passed'], [6, 'passed'], [7, 'skipped'], [8, 'passed'], [9, 'passed']]);
  assert.deepStrictEqual(modern.steps[1], { step: 2, title: 'era', status: 'passed', summary: 'stateless era, revision 2026-07-28: auto: server/discover lists 2026-07-28, so 2026-07-28', evidence: [] });
  assert.match(modern.steps[2]!.summary, /^no initialize in 2026-07-28: server\/discover answered in \d+ ms, server fake-2026 1\.0\.0$/);
  const pinned = await run(['--era', '2026-07-28', ...LEGACY]);
  assert.equal(pinned.code, 2);
  assert.deepStrictEqual(pinned.steps.slice(1, 3), [
    {
      step: 2, title: 'era', status: 'failed',
      summary: 'The server does not speak 2026-07-28 (pinned to 2026-07-28): server/discover → error -32601 "Method not found"',
      evidence: [], fix: 'the server does not speak the revision --era pinned; try --era auto, which falls back to initialize',
    },
    { step: 3, title: 'initialize', status: 'skipped', summary: 'not reached: no revision both sides speak', evidence: [] },
  ]);
});
