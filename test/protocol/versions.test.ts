// The revision lists live in src/protocol, once; the Streamable HTTP endpoint accepts HANDSHAKE_REVISIONS by default.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REVISION_2025_11_25, HANDSHAKE_REVISIONS } from '../../src/protocol/index.js';
import { negotiateVersion } from '../../src/protocol/versions.js';

test('the handshake revisions, newest first', () => {
  assert.deepEqual(HANDSHAKE_REVISIONS, [REVISION_2025_11_25, '2025-06-18', '2025-03-26', '2024-11-05']);
});

test('negotiation echoes a supported revision and answers an unknown one with the newest', () => {
  assert.deepEqual(['2025-06-18', '2099-01-01', '2024-11-05'].map((v) => negotiateVersion(v)), ['2025-06-18', '2025-11-25', '2024-11-05']);
});
