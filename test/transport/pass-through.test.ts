import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DrainingTransport } from '../../src/cli/draining-transport.js';
import { tapTransport } from '../../src/transport/index.js';
import type { Transport } from '../../src/jsonrpc/index.js';
import { CapturedTransport } from '../fakes/captured-transport.js';

/** A transport with the optional HTTP-client methods, recording their calls. */
class HttpLike extends CapturedTransport {
  calls: string[] = [];
  sessionId = 'session-1';
  setProtocolVersion(version: string): void { this.calls.push(`version ${version}`); }
  async openStandaloneStream(): Promise<boolean> { this.calls.push('GET stream'); return true; }
}

for (const [name, wrap] of [
  ['tapTransport', (inner: Transport) => tapTransport(inner, () => undefined)],
  ['DrainingTransport', (inner: Transport) => new DrainingTransport(inner)],
] as const) {
  test(`${name} forwards every part of Transport, optional methods included`, async () => {
    const inner = new HttpLike();
    const outer = wrap(inner);
    const received: unknown[] = [];
    outer.onmessage = (message) => received.push(message);
    assert.equal(outer.sessionId, 'session-1');
    outer.setProtocolVersion?.('2025-11-25');
    assert.equal(await outer.openStandaloneStream?.(), true);
    await outer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    inner.receive({ jsonrpc: '2.0', id: 1, result: {} });
    assert.deepEqual(inner.calls, ['version 2025-11-25', 'GET stream']);
    assert.deepEqual(inner.sent, [{ jsonrpc: '2.0', method: 'notifications/initialized' }]);
    assert.deepEqual(received, [{ jsonrpc: '2.0', id: 1, result: {} }]);
  });
}
