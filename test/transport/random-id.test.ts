// Session ids (and the stream-id prefix of a session) are v4 UUIDs held as flat strings: kept as Node's randomUUID() makes
// them, each would hold a tree of its pieces (about 490 bytes), twice per idle session.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomId } from '../../src/transport/http-server/random-id.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('randomId: 20,000 distinct v4 UUIDs, each kept in well under 200 bytes of heap', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const count = 20_000;
  const ids: string[] = new Array(count);
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < count; i++) ids[i] = randomId();
  gc();
  const perId = (process.memoryUsage().heapUsed - before) / count;
  assert.deepStrictEqual([ids.filter((id) => UUID_V4.test(id)).length, new Set(ids).size, perId < 200], [count, count, true], `${perId} bytes per id`);
});
