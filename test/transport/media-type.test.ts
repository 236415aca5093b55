// mediaType, the one reading of a Content-Type that client and server share.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mediaType } from '../../src/transport/media-type.js';

test('mediaType: parameters dropped, trimmed, lower-cased; no header is undefined', () => {
  const values = ['application/json', 'Text/Event-Stream; charset=utf-8', ' application/JSON ;q=1', 'text/plain;', '', null, undefined];
  assert.deepEqual(values.map((value) => mediaType(value)), ['application/json', 'text/event-stream', 'application/json', 'text/plain', '', undefined, undefined]);
});
