// The revision lists live in src/protocol; the Streamable HTTP transport may not import it
// (transport → jsonrpc only), so its fallback list is a copy. This keeps the copy honest.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, negotiateVersion } from '../../src/protocol/index.js';
import { DEFAULT_PROTOCOL_VERSIONS } from '../../src/transport/index.js';

test('the HTTP transport\'s fallback revisions are exactly the protocol\'s, newest first', () => {
  assert.deepEqual(DEFAULT_PROTOCOL_VERSIONS, SUPPORTED_PROTOCOL_VERSIONS);
  assert.equal(SUPPORTED_PROTOCOL_VERSIONS[0], LATEST_PROTOCOL_VERSION);
});

test('negotiation echoes a supported revision and answers an unknown one with the newest', () => {
  assert.deepEqual(['2025-06-18', '2099-01-01', '2024-11-05'].map((v) => negotiateVersion(v)), ['2025-06-18', '2025-11-25', '2024-11-05']);
});
