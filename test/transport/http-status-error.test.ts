// How a refused HTTP exchange is named: the reason phrase from the wire, or from our own table
// when there was none (HTTP/2; the table replaced node:http's STATUS_CODES so the client bundles for browsers).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeStatus } from '../../src/transport/http-client/http-status-error.js';

test('describeStatus: the reason phrase sent wins; without one, the table names the usual statuses; unknown ones stay bare', () => {
  assert.deepStrictEqual([
    describeStatus(503, 'Busy Right Now', undefined),
    describeStatus(503, '', undefined),
    describeStatus(404, '', 'session expired or unknown'),
    describeStatus(429, '', undefined),
    describeStatus(599, '', 'odd'),
  ], [
    'HTTP 503 Busy Right Now',
    'HTTP 503 Service Unavailable',
    'HTTP 404 Not Found: session expired or unknown',
    'HTTP 429 Too Many Requests',
    'HTTP 599: odd',
  ]);
});
