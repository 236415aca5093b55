// The revision lists live in src/protocol, once; the Streamable HTTP endpoint accepts SUPPORTED_PROTOCOL_VERSIONS by default.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, negotiateVersion } from '../../src/protocol/index.js';

test('the handshake revisions, newest first', () => {
  assert.deepEqual(SUPPORTED_PROTOCOL_VERSIONS, [LATEST_PROTOCOL_VERSION, '2025-06-18', '2025-03-26', '2024-11-05']);
});

test('negotiation echoes a supported revision and answers an unknown one with the newest', () => {
  assert.deepEqual(['2025-06-18', '2099-01-01', '2024-11-05'].map((v) => negotiateVersion(v)), ['2025-06-18', '2025-11-25', '2024-11-05']);
});
