// The `instanceId` option: minted session ids name the instance that holds the session, so a load
// balancer can route by the Mcp-Session-Id header; the rest of the id stays random.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFetchHandler } from '../../src/http.js';
import { echoServable } from './fixtures/echo-servable.js';
import { INITIALIZE, postHeaders } from './fixtures/http-request.js';

async function sessionIds(instanceId: string | undefined, count: number): Promise<string[]> {
  const handler = createFetchHandler(echoServable(), instanceId === undefined ? {} : { instanceId });
  try {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await handler(new Request('http://localhost/mcp', { method: 'POST', headers: postHeaders(), body: JSON.stringify(INITIALIZE) }));
      await response.text();
      ids.push(response.headers.get('mcp-session-id')!);
    }
    return ids;
  } finally {
    await handler.close();
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

test('instanceId: minted session ids are "<instanceId>.<random UUID>", each different', async () => {
  const ids = await sessionIds('node-2', 3);
  assert.deepStrictEqual(ids.map((id) => new RegExp(`^node-2\\.${UUID}$`).test(id)), [true, true, true]);
  assert.equal(new Set(ids).size, 3);
});

test('instanceId: without it, a session id is a bare random UUID', async () => {
  const [id] = await sessionIds(undefined, 1);
  assert.match(id!, new RegExp(`^${UUID}$`));
});

test('instanceId: a value a proxy could not route by is refused, naming the value', () => {
  for (const bad of ['', 'a.b', 'x'.repeat(33), 'sp ace', 'semi;colon']) {
    assert.throws(() => createFetchHandler(echoServable(), { instanceId: bad }), {
      name: 'TypeError',
      message: `instanceId must be 1 to 32 letters, digits, "_" or "-" (got ${JSON.stringify(bad)})`,
    });
  }
});
