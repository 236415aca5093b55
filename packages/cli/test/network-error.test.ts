import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeNetworkError } from '../src/network-error.js';
import { OutboundError, networkCause } from '../../outbound/src/outbound-fetch.js';
import { HttpStatusError } from '../../../src/transport/http-client/http-status-error.js';

const fetchFailure = (cause: object): TypeError => new TypeError('fetch failed', { cause });

test('DNS, refused (also as an AggregateError), TLS, timeout and reset are told apart', () => {
  const url = 'https://mcp.example.com/mcp';
  const kind = (error: unknown): [string | undefined, string | undefined] => {
    const failure = describeNetworkError(error, url);
    return [failure?.kind, failure?.text];
  };
  assert.deepEqual(kind(fetchFailure({ code: 'ENOTFOUND' })), ['dns', 'DNS lookup of mcp.example.com failed (ENOTFOUND)']);
  assert.deepEqual(kind(fetchFailure({ errors: [{ code: 'ECONNREFUSED' }, { code: 'ECONNREFUSED' }] })), ['refused', 'TCP connection to mcp.example.com refused (ECONNREFUSED): nothing is listening there']);
  assert.deepEqual(kind(fetchFailure({ code: 'CERT_HAS_EXPIRED', message: 'certificate has expired' })), ['tls', 'TLS handshake with mcp.example.com failed (CERT_HAS_EXPIRED): certificate has expired']);
  assert.equal(describeNetworkError(fetchFailure({ code: 'EPROTO', message: 'wrong version number' }), url)?.fix, 'is this an http:// URL? try http://mcp.example.com/mcp');
  assert.deepEqual(kind(fetchFailure({ code: 'UND_ERR_CONNECT_TIMEOUT' }))[0], 'timeout');
  assert.deepEqual(kind(fetchFailure({ code: 'ECONNRESET' }))[0], 'reset');
  assert.equal(describeNetworkError(new Error('something else'), url), undefined);
});

test("mcpwire's own error codes are not taken for the system's: the walk looks through them to the cause", () => {
  const url = 'https://mcp.example.com/mcp';
  const outbound = new OutboundError('network', url, 'cannot reach it', { cause: fetchFailure({ code: 'ECONNREFUSED' }) });
  assert.deepEqual([describeNetworkError(outbound, url)?.kind, describeNetworkError(outbound, url)?.code], ['refused', 'ECONNREFUSED']);
  assert.equal(describeNetworkError(new HttpStatusError('HTTP 404 Not Found', 404), url), undefined);
  assert.equal(networkCause(new OutboundError('network', url, 'cannot reach it', { cause: fetchFailure({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND' }) })), 'ENOTFOUND (getaddrinfo ENOTFOUND)');
});
