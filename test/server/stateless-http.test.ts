// 2026-07-28 over Streamable HTTP, beside 2025 sessions on the same endpoint: statuses (400 with
// the id, 404 + -32601, 405 for GET/DELETE), Mcp-Method/Mcp-Name checks with Base64 values, JSON
// answers, SSE once a notification comes, and listen streams; on the node adapter and on the
// fetch handler (the same endpoint, http-endpoint.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerStateless } from '../../src/transport/http-server/stateless-http.js';
import { decodeHeaderValue } from '../../src/server/header-check.js';
import { StatelessChannel } from '../../src/transport/http-server/stateless-channel.js';
import { HTTP_ADAPTERS } from '../transport/fixtures/http-adapters.js';
import type { HttpAdapter } from '../transport/fixtures/http-adapters.js';
import { makeAddServer } from '../fakes/add-server.js';

const V = '2026-07-28';
const SERVER_INFO = { name: 'calc', version: '1.0.0' };
const envelope = { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': {} };

async function start(t: { after(fn: () => Promise<void>): void }, adapter: HttpAdapter) {
  const server = makeAddServer();
  server.tool({ name: 'slow', inputSchema: { type: 'object' } }, async (_args, context) => {
    await context.log('info', 'working');
    return { content: [{ type: 'text', text: 'done' }] };
  });
  server.resource({ uri: 'test://ü', name: 'umlaut' }, (uri) => ({ contents: [{ uri, text: 'ü' }] }));
  server.tool({
    name: 'locate',
    inputSchema: { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, count: { type: 'integer', 'x-mcp-header': 'Count' } } },
  }, ({ region, count }) => ({ content: [{ type: 'text', text: `${String(region)} ${String(count)}` }] }));
  const running = await adapter.serve(server);
  t.after(() => running.close());
  return { server, url: running.url };
}

function post(url: string, body: object, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': V, ...headers },
    body: JSON.stringify(body),
  });
}

async function answer(response: Response): Promise<[number, unknown]> {
  return [response.status, await response.json()];
}

for (const adapter of HTTP_ADAPTERS) {
  test(`a stateless POST is answered as JSON with resultType and serverInfo; no session is made (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const response = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'add', arguments: { a: 1, b: 2 }, _meta: envelope } },
      { 'mcp-method': 'tools/call', 'mcp-name': 'add' });
    assert.equal(response.headers.get('mcp-session-id'), null);
    assert.deepEqual(await answer(response), [200, {
      jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: '3' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } },
    }]);
  });

  test(`statuses: envelope errors are 400 with the id, removed or unknown methods 404 + -32601, GET/DELETE 405 (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    assert.deepEqual(await answer(await post(url, { jsonrpc: '2.0', id: 'a', method: 'tools/list', params: {} }, { 'mcp-method': 'tools/list' })), [400, {
      jsonrpc: '2.0', id: 'a', error: { code: -32602, message: 'Invalid params: a 2026-07-28 request needs params._meta with "io.modelcontextprotocol/protocolVersion" and "io.modelcontextprotocol/clientCapabilities"' },
    }]);
    assert.deepEqual(await answer(await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } },
      { 'mcp-method': 'tools/list' })), [400, {
      jsonrpc: '2.0', id: 2, error: { code: -32020, message: 'Header mismatch: MCP-Protocol-Version is "2026-07-28" but _meta says "2099-01-01"' },
    }]);
    const unsupported = { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' };
    assert.deepEqual(await answer(await post(url, { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: unsupported } },
      { 'mcp-method': 'tools/list', 'mcp-protocol-version': '2099-01-01' })), [400, {
      jsonrpc: '2.0', id: 3, error: { code: -32022, message: 'Unsupported protocol version "2099-01-01" (supported: 2026-07-28)', data: { supported: [V], requested: '2099-01-01' } },
    }]);
    assert.deepEqual(await answer(await post(url, { jsonrpc: '2.0', id: 4, method: 'ping', params: { _meta: envelope } }, { 'mcp-method': 'ping' })), [404, {
      jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found: "ping" was removed in 2026-07-28' },
    }]);
    assert.deepEqual(await answer(await post(url, { jsonrpc: '2.0', id: 5, method: 'initialize', params: { _meta: envelope } }, { 'mcp-method': 'initialize' })), [404, {
      jsonrpc: '2.0', id: 5, error: { code: -32601, message: 'Method not found: "initialize" was removed in 2026-07-28' },
    }]);
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(url, { method, headers: { accept: 'text/event-stream', 'mcp-protocol-version': V } });
      assert.deepEqual([response.status, response.headers.get('allow')], [405, 'POST']);
      await response.body?.cancel();
    }
  });

  test(`Mcp-Method and Mcp-Name must match the body (-32020, 400); =?base64?…?= values are decoded first (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const read = { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://ü', _meta: envelope } };
    assert.deepEqual(await answer(await post(url, read, { 'mcp-method': 'resources/read' })), [400, {
      jsonrpc: '2.0', id: 1, error: { code: -32020, message: 'Header mismatch: resources/read needs the Mcp-Name header' },
    }]);
    assert.deepEqual(await answer(await post(url, read, { 'mcp-method': 'tools/call', 'mcp-name': 'x' })), [400, {
      jsonrpc: '2.0', id: 1, error: { code: -32020, message: 'Header mismatch: Mcp-Method "tools/call" does not match the body\'s method "resources/read"' },
    }]);
    assert.deepEqual(await answer(await post(url, { ...read, id: 2 }, { 'mcp-method': 'tools/list', 'mcp-name': 'x' })), [400, {
      jsonrpc: '2.0', id: 2, error: { code: -32020, message: 'Header mismatch: Mcp-Method "tools/list" does not match the body\'s method "resources/read"' },
    }]);
    assert.deepEqual(await answer(await post(url, { ...read, id: 4 }, { 'mcp-method': 'resources/read', 'mcp-name': 'test://u' })), [400, {
      jsonrpc: '2.0', id: 4, error: { code: -32020, message: 'Header mismatch: Mcp-Name "test://u" does not match the body\'s "test://ü"' },
    }]);
    const encoded = `=?base64?${Buffer.from('test://ü').toString('base64')}?=`;
    const [status, body] = await answer(await post(url, { ...read, id: 3 }, { 'mcp-method': 'resources/read', 'mcp-name': encoded }));
    assert.deepEqual([status, (body as { result: { contents: unknown } }).result.contents], [200, [{ uri: 'test://ü', text: 'ü' }]]);
    assert.deepEqual([decodeHeaderValue('=?base64?aGk=?='), decodeHeaderValue('=?base64?!!?='), decodeHeaderValue('a\u0001b'), decodeHeaderValue('plain')],
      ['hi', undefined, undefined, 'plain']);
  });

  test(`x-mcp-header arguments must be repeated in Mcp-Param-* headers: decoded, compared, refused when missing or bad (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const call = (id: number, args: object, headers: Record<string, string>) => post(url,
      { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'locate', arguments: args, _meta: envelope } },
      { 'mcp-method': 'tools/call', 'mcp-name': 'locate', ...headers });
    const text = async (response: Response): Promise<unknown> => {
      const [status, body] = await answer(response);
      return [status, (body as { result?: { content: unknown }; error?: unknown }).result?.content ?? (body as { error: unknown }).error];
    };
    assert.deepEqual(await text(await call(1, { region: 'eu-west', count: 3 }, { 'mcp-param-region': 'eu-west', 'mcp-param-count': '3' })),
      [200, [{ type: 'text', text: 'eu-west 3' }]]);
    assert.deepEqual(await text(await call(2, { region: 'Zürich' }, { 'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=` })),
      [200, [{ type: 'text', text: 'Zürich undefined' }]]);
    assert.deepEqual(await text(await call(3, {}, {})), [200, [{ type: 'text', text: 'undefined undefined' }]]);
    assert.deepEqual(await text(await call(4, { region: 'eu-west' }, {})),
      [400, { code: -32020, message: 'Header mismatch: argument "region" needs the Mcp-Param-Region header' }]);
    assert.deepEqual(await text(await call(5, { region: 'Hello' }, { 'mcp-param-region': '=?base64?SGVsbG8?=' })),
      [400, { code: -32020, message: 'Header mismatch: Mcp-Param-Region is not a valid value (bad Base64 or control characters)' }]);
    assert.deepEqual(await text(await call(6, { region: 'eu-west', count: 3 }, { 'mcp-param-region': 'eu-west', 'mcp-param-count': '4' })),
      [400, { code: -32020, message: 'Header mismatch: Mcp-Param-Count "4" does not match argument "count" "3"' }]);
    assert.deepEqual(await text(await call(7, {}, { 'mcp-param-region': 'eu-west' })),
      [400, { code: -32020, message: 'Header mismatch: Mcp-Param-Region "eu-west" does not match argument "region" null' }]);
  });

  test(`a notification about the request turns the answer into SSE: the log message, then the result (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const response = await post(url, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'slow', _meta: { ...envelope, 'io.modelcontextprotocol/logLevel': 'info' } } },
      { 'mcp-method': 'tools/call', 'mcp-name': 'slow' });
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean).map((block) => JSON.parse(block.replace(/^data: /, '')));
    assert.deepEqual(events, [
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } },
      { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'done' }], resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } } },
    ]);
  });

  test(`2025 sessions still work on the same endpoint (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('mcp-session-id') ?? '', /^[0-9a-f-]{36}$/);
    await response.body?.cancel();
  });

  test(`a GET or DELETE with a 2025 session id and an unsupported MCP-Protocol-Version is 400, not 405 (${adapter.name})`, async (t) => {
    const { url } = await start(t, adapter);
    const opened = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } }),
    });
    const session = opened.headers.get('mcp-session-id')!;
    await opened.body?.cancel();
    // basic/transports#protocol-version-header: an invalid or unsupported version MUST be 400.
    const seen: unknown[] = [];
    for (const method of ['GET', 'DELETE']) {
      for (const version of ['2099-01-01', 'x']) {
        const response = await fetch(url, { method, headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': version } });
        seen.push([method, version, response.status, await response.text()]);
      }
    }
    const refusal = (version: string) => JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: `Bad Request: unsupported MCP-Protocol-Version "${version}" (supported: 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05)` } });
    assert.deepEqual(seen, [
      ['GET', '2099-01-01', 400, refusal('2099-01-01')], ['GET', 'x', 400, refusal('x')],
      ['DELETE', '2099-01-01', 400, refusal('2099-01-01')], ['DELETE', 'x', 400, refusal('x')],
    ]);
  });

  test(`subscriptions/listen over HTTP: an SSE stream that starts with the acknowledgement; closing it ends the subscription (${adapter.name})`, async (t) => {
    const { server, url } = await start(t, adapter);
    const controller = new AbortController();
    const response = await fetch(url, {
      method: 'POST', signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': V, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 'sub', method: 'subscriptions/listen', params: { _meta: envelope, notifications: { toolsListChanged: true } } }),
    });
    assert.equal(response.headers.get('content-type'), 'text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const nextEvent = async (): Promise<unknown> => {
      for (let i = 0; i < 100 && !text.includes('\n\n'); i++) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += chunk.value;
      }
      const end = text.indexOf('\n\n');
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      return JSON.parse(block.replace(/^data: /, ''));
    };
    const tag = { 'io.modelcontextprotocol/subscriptionId': 'sub' };
    assert.deepEqual(await nextEvent(), { jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: { toolsListChanged: true }, _meta: tag } });
    server.tool({ name: 'later', inputSchema: { type: 'object' } }, () => ({ content: [] }));
    assert.deepEqual(await nextEvent(), { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: tag } });
    controller.abort();
    for (let i = 0; i < 200 && server.listeners.size > 0; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(server.listeners.size, 0);
  });
}

test('a listen stream whose client leaves more than maxBufferedBytes unread is cut, and the subscription ends', async () => {
  const server = makeAddServer();
  const written: string[] = [];
  let destroyed = false;
  let closeListener: (() => void) | undefined;
  const exchange = {
    header: (name: string) => ({ 'mcp-protocol-version': V, 'mcp-method': 'subscriptions/listen' } as Record<string, string>)[name],
    respond: () => { throw new Error('a listen stream is never answered with one body'); },
    stream: () => ({
      write: (text: string) => { written.push(text); },
      get buffered() { return written.join('').length; }, // the client reads nothing
      end: () => undefined,
      destroy: () => { destroyed = true; closeListener?.(); },
    }),
    onClose: (listener: () => void) => { closeListener = listener; },
  };
  const channel = new StatelessChannel(200);
  await server.connect(channel);
  answerStateless(channel, exchange,
    { jsonrpc: '2.0', id: 1, method: 'subscriptions/listen', params: { _meta: envelope, notifications: { toolsListChanged: true } } }, {});
  for (let i = 0; i < 20 && server.listeners.size === 0; i++) await new Promise((resolve) => setImmediate(resolve));
  for (let i = 0; i < 5 && !destroyed; i++) {
    server.tool({ name: `t${i}`, inputSchema: { type: 'object' } }, () => ({ content: [] }));
    await server.listeners.listChanged('notifications/tools/list_changed');
  }
  for (let i = 0; i < 20 && server.listeners.size > 0; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual([destroyed, server.listeners.size, written.length > 0], [true, 0, true]);
  assert.ok(written.join('').length <= 200 + written.at(-1)!.length, 'nothing more is written once the limit is passed');
});
