// A POST's Accept check (basic/transports#sending-messages-to-the-server): the value last let
// through is kept, and a different value is parsed again, never admitted on the strength of it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admitsPostAnswers } from '../../src/transport/http-server/http-headers.js';

test('admitsPostAnswers: both types, by name or range; a value that passed once never lets another through', () => {
  const both = 'application/json, text/event-stream';
  assert.deepStrictEqual([
    admitsPostAnswers(both),
    admitsPostAnswers('application/json'),
    admitsPostAnswers('application/json'),
    admitsPostAnswers(both),
    admitsPostAnswers('text/event-stream;q=0.9'),
    admitsPostAnswers(undefined),
    admitsPostAnswers('*/*'),
    admitsPostAnswers('application/*, TEXT/*'),
    admitsPostAnswers(''),
  ], [true, false, false, true, false, false, true, true, false]);
});
