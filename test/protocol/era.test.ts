import assert from 'node:assert/strict';
import test from 'node:test';
import { META, REMOVED_IN_STATELESS, eraOfRequest, readEnvelope, withEnvelope } from '../../src/protocol/era.js';
import type { Envelope } from '../../src/protocol/era.js';

test('eraOfRequest: the 2026 envelope in _meta makes a request stateless; anything else is the handshake era', () => {
  const cases: [unknown, string][] = [
    [undefined, 'handshake'],
    [null, 'handshake'],
    [{ name: 'add' }, 'handshake'],
    [{ _meta: { progressToken: 1 } }, 'handshake'],
    [{ _meta: null }, 'handshake'],
    [{ _meta: { [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: {} } }, 'stateless'],
    // Half an envelope is still a stateless request: the server answers it with -32602, not "not initialized".
    [{ _meta: { [META.clientCapabilities]: {} } }, 'stateless'],
    [{ _meta: { [META.protocolVersion]: '2026-07-28' } }, 'stateless'],
  ];
  assert.deepStrictEqual(cases.map(([params]) => eraOfRequest(params)), cases.map(([, era]) => era));
});

test('the methods 2026-07-28 removed include the handshake and the session-scoped ones', () => {
  assert.deepStrictEqual(['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'tools/call'].map((m) => REMOVED_IN_STATELESS.has(m)), [true, true, true, true, false]);
});

test('one Envelope both ways: what the client writes into _meta, the server reads back field for field', () => {
  const full: Envelope = { protocolVersion: '2026-07-28', clientCapabilities: { roots: {} }, clientInfo: { name: 'c', version: '1' }, logLevel: 'info' };
  const bare: Envelope = { protocolVersion: '2026-07-28', clientCapabilities: {}, clientInfo: undefined, logLevel: undefined };
  const written = withEnvelope({ name: 'add', _meta: { progressToken: 7 } }, full);
  assert.deepStrictEqual(written, { name: 'add', _meta: {
    progressToken: 7, [META.protocolVersion]: '2026-07-28', [META.clientCapabilities]: { roots: {} },
    [META.clientInfo]: { name: 'c', version: '1' }, [META.logLevel]: 'info',
  } });
  assert.deepStrictEqual([full, bare].map((envelope) => readEnvelope(withEnvelope(undefined, envelope), ['2026-07-28'])), [full, bare]);
});
