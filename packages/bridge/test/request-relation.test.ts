// Which host request a stdio server's message belongs to (request-relation.ts): what Streamable
// HTTP needs to put it on that request's stream.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RequestRelation } from '../src/request-relation.js';

test('progress goes with the request of its token; other server messages with the newest open request; answers close requests', () => {
  const relation = new RequestRelation();
  relation.fromHost({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', _meta: { progressToken: 'p1' } } });
  relation.fromHost({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add' } });
  relation.fromHost({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.deepStrictEqual([
    relation.fromServer({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 1 } }),
    relation.fromServer({ jsonrpc: '2.0', id: 'e', method: 'elicitation/create', params: {} }),
    relation.fromServer({ jsonrpc: '2.0', id: 2, result: {} }),
    relation.fromServer({ jsonrpc: '2.0', method: 'notifications/message', params: {} }),
  ], [1, 2, undefined, 1]);
  relation.fromHost({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
  assert.deepStrictEqual([
    relation.fromServer({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p1', progress: 2 } }),
    relation.fromServer({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }),
  ], [undefined, undefined]);
});
