// The HTTP server remembers the last Host it let through and the last Accept header it parsed,
// because clients repeat theirs on every request. The memory must never change an answer.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpServer } from '../../src/server/index.js';
import { serveHttp } from '../../src/node.js';
import { INITIALIZE, postHeaders, send } from './fixtures/http-request.js';

test('HTTP server: a foreign Host right after an allowed one is still refused', async () => {
  const http = await serveHttp(new McpServer({ name: 's', version: '1' }));
  try {
    const body = JSON.stringify(INITIALIZE);
    const allowed = await send(http.url, { method: 'POST', headers: postHeaders(), body });
    const foreign = await send(http.url, { method: 'POST', headers: postHeaders({ host: 'evil.example.com' }), body });
    const again = await send(http.url, { method: 'POST', headers: postHeaders(), body });
    assert.deepStrictEqual([allowed.status, foreign.status, again.status], [200, 403, 200]);
  } finally {
    await http.close();
  }
});

test('HTTP server: an Accept header that changes is parsed again', async () => {
  const http = await serveHttp(new McpServer({ name: 's', version: '1' }));
  try {
    const body = JSON.stringify(INITIALIZE);
    const statuses = [];
    const both = 'application/json, text/event-stream';
    for (const accept of [both, 'application/json', both, '*/*', 'application/json']) {
      statuses.push((await send(http.url, { method: 'POST', headers: postHeaders({ accept }), body })).status);
    }
    assert.deepStrictEqual(statuses, [200, 406, 200, 200, 406]);
  } finally {
    await http.close();
  }
});
