// `mcpwire inspect` without a browser: the guard, the event log's bounds, the MCP Apps CSP, the
// page server's routes and API on a real node:http port, and the command end to end over stdio
// (the page itself runs in test/browser/inspect-chromium.test.ts, `npm run test:browser`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpClient } from '../../../src/client/index.js';
import { Host, Policy } from '../../../src/host/index.js';
import { McpServer } from '../../../src/server/index.js';
import { appTool } from '../../ext-apps/src/index.js';
import { createLinkedPair } from '../../../src/transport/index.js';
import { appContentSecurityPolicy, readAppCsp } from '../src/app-csp.js';
import { InspectApi, InspectRequestError } from '../src/inspect-api.js';
import { InspectEvents } from '../src/inspect-events.js';
import { PAGE_SAMPLING_MODEL, PageQuestions } from '../src/inspect-questions.js';
import { guardRequest, newInspectToken } from '../src/inspect-guard.js';
import { sandboxProxyPolicy } from '../src/inspect-html.js';
import { pageAssetsRoot, startInspectServer } from '../src/inspect-server.js';
import { main } from '../src/main.js';
import { ADD_TOOL } from '../../../test/fakes/add-server.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';
import { ADD_SERVER } from './cli-harness.js';

test('the guard: the token in the path (or the entry ?token=), Host exactly 127.0.0.1/localhost:PORT, no foreign Origin', () => {
  const token = 'T0k3n';
  const at = (url: string, host = '127.0.0.1:5000', origin?: string) => guardRequest({ url, host, origin }, token, 5000);
  assert.deepStrictEqual([
    at('/?token=T0k3n'), at('/T0k3n/api/state?x=1'), at('/T0k3n/', 'localhost:5000', 'http://localhost:5000'),
  ].map((answer) => ('kind' in answer && answer.kind === 'path' ? { kind: 'path', path: answer.path, query: answer.query.toString() } : answer)), [
    { kind: 'entry' }, { kind: 'path', path: '/api/state', query: 'x=1' }, { kind: 'path', path: '/', query: '' },
  ]);
  assert.deepStrictEqual([
    at('/'), at('/?token=nope'), at('/nope/'), at('/T0k3nX/'),
    at('/T0k3n/', 'evil.example:5000'), at('/T0k3n/', '127.0.0.1:5001'), at('/T0k3n/', ''),
    at('/T0k3n/', '127.0.0.1:5000', 'null'), at('/T0k3n/', '127.0.0.1:5000', 'http://127.0.0.1:5001'), at('/T0k3n/', '127.0.0.1:5000', 'https://evil.example'),
  ].map((answer) => ('status' in answer ? answer.status : answer.kind)), [403, 403, 403, 403, 403, 403, 403, 403, 403, 403]);
  assert.deepStrictEqual(at('/T0k3n/', '127.0.0.1:5000', 'null'), { status: 403, text: 'Forbidden: Origin "null" is not allowed: only the inspector\'s own page may call it' });
  assert.deepStrictEqual(at('/T0k3n/', 'evil.example:5000'), { status: 403, text: 'Forbidden: Host "evil.example:5000" is not allowed: this inspector answers only 127.0.0.1:5000 and localhost:5000' });
  // Browsers ask for /favicon.ico without a token: it is admitted on its own (answered with no content), Host and Origin still checked.
  assert.deepStrictEqual([at('/favicon.ico'), at('/favicon.ico?x'), at('/favicon.ico', 'evil.example:5000'), at('/favicon.ico', '127.0.0.1:5000', 'null'), at('/favicon.ico/x')].map((answer) => ('status' in answer ? answer.status : answer.kind)),
    ['favicon', 'favicon', 403, 403, 403]);
  assert.match(newInspectToken(), /^[A-Za-z0-9_-]{43}$/); // 256 bits
  assert.notEqual(newInspectToken(), newInspectToken());
});

test('the event log keeps the newest events within its bounds, and says when one is too large to keep', () => {
  const events = new InspectEvents({ maxEvents: 2, maxEventChars: 200 });
  events.add({ kind: 'note', text: 'one' });
  events.add({ kind: 'note', text: 'two' });
  events.add({ kind: 'host', event: { type: 'tool-protocol-error', error: new Error('boom') } });
  events.add({ kind: 'stderr', text: 'x'.repeat(300) });
  assert.deepStrictEqual(events.events, [
    { seq: 3, kind: 'host', event: { type: 'tool-protocol-error', error: { name: 'Error', message: 'boom' } } },
    { seq: 4, kind: 'note', text: 'a stderr event of 335 characters was too large to show (limit 200)' },
  ]);
  assert.equal(events.dropped, 2);
  const heard: string[] = [];
  const stop = events.subscribe((json) => heard.push(json));
  events.add({ kind: 'note', text: 'five' });
  stop();
  events.add({ kind: 'note', text: 'six' });
  assert.deepStrictEqual(heard.map((json) => (JSON.parse(json) as { seq: number }).seq), [3, 4, 5]);
});

test("an MCP App's CSP: the restrictive default, declared origins only, anything that is not an origin dropped", () => {
  assert.equal(appContentSecurityPolicy(readAppCsp(undefined)),
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'none'; img-src data: blob:; font-src 'none'; media-src data:; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'");
  const csp = readAppCsp({ connectDomains: ['https://api.example', "https://x.example; script-src 'unsafe-eval'", 7], resourceDomains: ['https://*.cdn.example'], frameDomains: ['https://www.youtube.com'], __proto__: { connectDomains: ['https://evil.example'] } });
  assert.deepStrictEqual(csp, { connectDomains: ['https://api.example'], resourceDomains: ['https://*.cdn.example'], frameDomains: ['https://www.youtube.com'], baseUriDomains: [] });
  assert.equal(sandboxProxyPolicy(csp, 'http://127.0.0.1:5000', 'http://localhost:5000'),
    "default-src 'none'; script-src 'unsafe-inline' https://*.cdn.example; style-src 'unsafe-inline' https://*.cdn.example; connect-src https://api.example; img-src data: blob: https://*.cdn.example; font-src https://*.cdn.example; media-src data: https://*.cdn.example; frame-src https://www.youtube.com; object-src 'none'; base-uri http://localhost:5000/; form-action 'none'; frame-ancestors http://127.0.0.1:5000");
});

test("the page's questions: elicitation and sampling wait for the page's answer; a wrong answer keeps them waiting; no answer in time is cancel or a refusal; a server's cancel withdraws one; too many are refused; closing gives up the rest", async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const events = new InspectEvents();
  const questions = new PageQuestions({ events, timeoutMs: 1000, maxWaiting: 3 });
  const form = { message: 'Who?', requestedSchema: { type: 'object' as const, properties: { name: { type: 'string' }, tags: { type: 'array' } }, required: ['name'] } };
  const sampling = { messages: [{ role: 'user' as const, content: { type: 'text', text: 'hi' } }], maxTokens: 5 };
  const settled = <T>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: Error) => ({ error: `${error.name}: ${error.message}` }));

  const accepted = questions.elicit(form);
  const written = settled(questions.sample(sampling));
  assert.deepStrictEqual(events.events.map(({ seq: _seq, ...event }) => event), [{ kind: 'elicit', id: 'e1', params: form }, { kind: 'sample', id: 's2', params: sampling }]);
  assert.deepStrictEqual([
    questions.answer('e1', { action: 'maybe' }), questions.answer('e1', { action: 'accept', content: { age: 3 } }), questions.answer('e1', { action: 'accept', content: { name: { first: 'A' } } }),
    questions.answer('e1', JSON.parse('{"action":"accept","content":{"name":"Ada","__proto__":{"polluted":true}}}')), questions.answer('e1', 'accept'), questions.answer('s2', { action: 'send', text: ' ' }), questions.answer('s2', { action: 'ok' }), questions.answer('x9', {}),
  ], [
    '"answer.action" must be accept, decline or cancel', '"answer.content.age" is not a field the server asked for', '"answer.content.name" must be a string, number, boolean or list of strings',
    '"answer.content.__proto__" is not a field the server asked for', '"answer" must be a JSON object', '"answer.text" must be the reply, a non-empty string', '"answer.action" must be send or refuse', 'no question "x9" is waiting',
  ]);
  assert.equal(questions.answer('e1', { action: 'accept', content: { name: 'Ada', tags: ['x'] } }), undefined);
  assert.deepStrictEqual(await accepted, { action: 'accept', content: { name: 'Ada', tags: ['x'] } });
  assert.equal(questions.answer('s2', { action: 'send', text: 'Hello.' }), undefined);
  assert.deepStrictEqual(await written, { value: { role: 'assistant', content: { type: 'text', text: 'Hello.' }, model: PAGE_SAMPLING_MODEL, stopReason: 'endTurn' } });

  // Nobody answers: elicitation is cancelled (client/elicitation#response-actions), sampling refused with -1, a confirmation refused.
  const late = [settled(questions.elicit(form)), settled(questions.sample(sampling)), settled(questions.confirm('calc', { name: 'add', inputSchema: { type: 'object' } }, {}))];
  const full = await settled(questions.sample(sampling)); // the fourth while three wait
  t.mock.timers.tick(999);
  assert.deepStrictEqual(events.events.filter((event) => event.kind === 'answered').length, 2);
  t.mock.timers.tick(1);
  assert.deepStrictEqual([...await Promise.all(late), full], [
    { value: { action: 'cancel' } }, { error: 'ProtocolError: Sampling refused: nobody answered on the inspector page within 1 s' }, { value: false },
    { error: 'ProtocolError: Sampling refused: 3 questions already wait on the inspector page' },
  ]);
  // A request the server cancels is withdrawn from the page; closing gives up what still waits.
  const cancel = new AbortController();
  const withdrawn = settled(questions.elicit(form, { signal: cancel.signal }));
  const open = settled(questions.sample(sampling));
  cancel.abort();
  questions.closeAll();
  assert.deepStrictEqual([await withdrawn, await open], [{ value: { action: 'cancel' } }, { error: 'ProtocolError: Sampling refused: the inspector is closing' }]);
  // One too large for the page's event log is given up at once.
  const small = new PageQuestions({ events: new InspectEvents({ maxEventChars: 500 }) });
  assert.deepStrictEqual(await settled(small.sample({ ...sampling, systemPrompt: 'x'.repeat(600) })), { error: 'ProtocolError: Sampling refused: the question is too large to show on the inspector page' });
  assert.deepStrictEqual(events.events.filter((event) => event.kind === 'answered').map(({ seq: _seq, ...event }) => event), [
    { kind: 'answered', id: 'e1', how: 'accept' }, { kind: 'answered', id: 's2', how: 'sent' },
    { kind: 'answered', id: 'e3', how: 'nobody answered on the inspector page within 1 s' }, { kind: 'answered', id: 's4', how: 'nobody answered on the inspector page within 1 s' },
    { kind: 'answered', id: 'c5', how: 'nobody answered on the inspector page within 1 s' },
    { kind: 'answered', id: 'e6', how: 'the server cancelled its request' }, { kind: 'answered', id: 's7', how: 'the inspector is closing' },
  ]);
});

/** A page server on a real port over an in-memory MCP connection, with a fake sandbox proxy script. */
async function pageServer() {
  const server = new McpServer({ name: 'calc', version: '1.0.0' });
  server.tool(ADD_TOOL, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  appTool(server, { name: 'double', inputSchema: { type: 'object' }, resourceUri: 'ui://calc/v', visibility: ['app'] }, () => ({ content: [{ type: 'text', text: 'doubled' }] }));
  server.tool({ name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } }, () => ({ content: [] }));
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  const client = await McpClient.connect(clientSide);
  const events = new InspectEvents();
  const questions = new PageQuestions({ events });
  const host = new Host({ policy: new Policy({ confirm: ({ server: name, tool, arguments: args }) => questions.confirm(name, tool, args) }) });
  await host.addServer('calc', client);
  const api = new InspectApi({ client, host, server: 'calc', transport: 'in-memory', events, questions, roots: [{ uri: 'file:///work', name: 'work' }] });
  const assets = mkdtempSync(join(tmpdir(), 'mcpwire-assets-'));
  mkdirSync(join(assets, 'inspect-page'), { recursive: true });
  writeFileSync(join(assets, 'inspect-page', 'sandbox-proxy.js'), 'proxy();</script><b>');
  const token = newInspectToken();
  const running = await startInspectServer({ api, events, token, assets });
  return {
    api, events, token, running, host,
    async close() { await running.close(); await client.close(); rmSync(assets, { recursive: true, force: true }); },
  };
}

function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

function post(port: number, token: string, op: string, body: unknown) {
  return send(port, `/${token}/api/${op}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

test('the page server: the page and its policy, the sandbox proxy with the view\'s CSP, the API, the assets, refusals', async () => {
  const page = await pageServer();
  const { port } = page.running;
  const { token } = page;
  try {
    const shell = await send(port, `/${token}/`);
    assert.equal(shell.status, 200);
    assert.equal(shell.headers['content-security-policy'], `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src data:; connect-src 'self'; frame-src http://localhost:${port}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`);
    assert.match(shell.body, new RegExp(`<body data-sandbox-origin="http://localhost:${port}">`));
    const proxy = await send(port, `/${token}/sandbox?csp=${encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example'] }))}`, { headers: { host: `localhost:${port}` } });
    assert.equal(proxy.headers['content-security-policy'], `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src https://api.example; img-src data: blob:; font-src 'none'; media-src data:; frame-src 'none'; object-src 'none'; base-uri http://localhost:${port}/; form-action 'none'; frame-ancestors http://127.0.0.1:${port}`);
    assert.ok(proxy.body.includes(`<base href="http://localhost:${port}/">`), 'the view inherits the bare origin as its base URL, not the token');
    assert.match(proxy.body, /<body data-host-origin="http:\/\/127\.0\.0\.1:\d+" data-csp="default-src &#39;none&#39;; script-src &#39;unsafe-inline&#39;; style-src &#39;unsafe-inline&#39;; connect-src https:\/\/api\.example;[^"]*frame-src &#39;none&#39;;[^"]*" data-ready-method="ui\/notifications\/sandbox-proxy-ready" data-resource-method="ui\/notifications\/sandbox-resource-ready" data-own-prefix="ui\/notifications\/sandbox-">/);
    assert.ok(proxy.body.includes('<script type="module">proxy();<\\/script><b></script>'), 'a </script> in the script cannot end it early');
    assert.equal((await send(port, `/${token}/assets/inspect.css`)).headers['content-type'], 'text/css; charset=utf-8');
    const favicon = await send(port, '/favicon.ico');
    assert.deepStrictEqual([favicon.status, favicon.body, (await send(port, '/favicon.ico', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status], [204, '', 405]);
    assert.deepStrictEqual(await Promise.all([`/${token}/assets/../../../etc/passwd.js`, `/${token}/assets/%2e%2e/%2e%2e/x.js`, `/${token}/assets/cli/missing.js`, `/${token}/nothing`].map(async (path) => (await send(port, path)).status)), [403, 403, 404, 404]); // a .. that leaves the token is refused; nothing else is there

    assert.deepStrictEqual(JSON.parse((await post(port, token, 'state', {})).body), {
      server: { name: 'calc', version: '1.0.0' }, protocolVersion: '2025-11-25', era: 'handshake', eraReason: 'pinned to 2025-11-25: initialize',
      capabilities: { tools: { listChanged: true } }, instructions: null, transport: 'in-memory', model: null,
      tools: [ADD_TOOL, { name: 'double', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://calc/v', visibility: ['app'] } } },
        { name: 'secret', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } }],
      modelFunctions: ['add', 'secret'], resources: [], templates: [], prompts: [], roots: [{ uri: 'file:///work', name: 'work' }], droppedEvents: 0,
    });
    assert.deepStrictEqual(JSON.parse((await post(port, token, 'call', { name: 'add', arguments: { a: 19, b: 23 }, callId: 'c1' })).body), { result: { content: [{ type: 'text', text: '42' }] }, requestId: 3 });
    // apps#visibility: a view may call an app tool, never one without "app"; the page's own form may call either.
    assert.deepStrictEqual(JSON.parse((await post(port, token, 'call', { name: 'double', callId: 'c2', caller: 'app' })).body), { result: { content: [{ type: 'text', text: 'doubled' }] }, requestId: 4 });
    assert.deepStrictEqual(JSON.parse((await post(port, token, 'call', { name: 'secret', callId: 'c3', caller: 'app' })).body),
      { error: { message: 'tool secret is not visible to apps (_meta.ui.visibility), so the view may not call it' } });
    assert.deepStrictEqual(JSON.parse((await post(port, token, 'read', { uri: 'ui://calc/none' })).body), { error: { name: 'CapabilityError', message: 'The server did not declare the "resources" capability, so "resources/read" cannot be used' } });
    assert.deepStrictEqual(await Promise.all([
      post(port, token, 'nope', {}), post(port, token, 'call', { arguments: {} }), post(port, token, 'app-message', { direction: 'sideways' }),
      send(port, `/${token}/api/state`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1]' }),
      send(port, `/${token}/api/state`), send(port, `/${token}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    ].map(async (answer) => { const { status, body } = await answer; return [status, body.trim()]; })), [
      [400, 'unknown operation "nope"'], [400, '"name" must be a non-empty string'], [400, '"direction" must be "to-host" or "to-app"'],
      [400, 'the body must be a JSON object'], [405, 'POST only'], [405, 'GET only'],
    ]);

    const broken = await send(port, `/${token}/api/state`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    assert.deepStrictEqual([broken.status, /^the body is not JSON: /.test(broken.body)], [400, true]);
    // A call the model asks for waits for the page's answer; the answer is an event too.
    const add = page.host.tools.get('calc')![0]!;
    const decision = page.host.policy.decide('calc', add, { a: 19, b: 23 });
    const asked = page.events.events.find((event) => event.kind === 'confirm');
    assert.deepStrictEqual(asked, { seq: asked!.seq, kind: 'confirm', id: 'c1', server: 'calc', tool: 'add', arguments: { a: 19, b: 23 } });
    assert.deepStrictEqual((await post(port, token, 'answer', { id: 'c1', answer: { yes: 'sure' } })).body.trim(), '"answer.yes" must be true or false');
    assert.equal((await post(port, token, 'answer', { id: 'c1', answer: { yes: true } })).status, 200);
    assert.deepStrictEqual(await decision, { allowed: true, how: 'confirmed' });
    assert.deepStrictEqual((await post(port, token, 'answer', { id: 'c1', answer: { yes: true } })).body.trim(), 'no question "c1" is waiting');
    assert.equal((await post(port, token, 'app-message', { direction: 'to-host', message: { jsonrpc: '2.0', method: 'ui/notifications/initialized' } })).status, 200);
    assert.deepStrictEqual(page.events.events.slice(-2).map(({ seq: _seq, ...event }) => event), [
      { kind: 'answered', id: 'c1', how: 'run' }, { kind: 'app', direction: 'to-host', message: { jsonrpc: '2.0', method: 'ui/notifications/initialized' } }]);
    await assert.rejects(page.api.handle('ask', { question: 'x' }), new InspectRequestError('there is no model: start mcpwire inspect with --model'));
  } finally {
    await page.close();
  }
});

test('mcpwire inspect: prints its one line, serves the state of a real stdio server, and stops cleanly on Ctrl-C; extra words are a usage error', async () => {
  const stop = new AbortController();
  const out: string[] = [];
  const err: string[] = [];
  let printed!: () => void;
  const firstLine = new Promise<void>((resolve) => { printed = resolve; });
  const io = {
    stdout: { write: (text: string) => { out.push(text); printed(); } },
    stderr: { write: (text: string) => { err.push(text); }, isTTY: false, columns: 80 },
    env: { PATH: process.env.PATH }, cwd: process.cwd(), platform: 'linux', signal: stop.signal,
  };
  const server = [process.execPath, ...nodeArgs(ADD_SERVER)];
  const running = main(['inspect', '--no-open', '--', ...server], io);
  await Promise.race([firstLine, running]);
  const match = /^inspector: http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]{43})\n$/.exec(out.join(''));
  assert.ok(match, `the one line on stdout: ${out.join('')}${err.join('')}`);
  const [, port, token] = match;
  const state = JSON.parse((await post(Number(port), token!, 'state', {})).body) as { server: unknown; era: unknown; modelFunctions: unknown };
  assert.deepStrictEqual([state.server, state.era, state.modelFunctions], [{ name: 'calc', version: '1.0.0' }, 'stateless', ['add']]);
  stop.abort();
  assert.equal(await running, 0);
  assert.equal(err.join(''), `mcpwire: inspecting ${server.join(' ')}; the page is on 127.0.0.1 only and needs the token in the URL above. Ctrl-C to stop\n`);
  const usage: string[] = [];
  assert.equal(await main(['inspect', 'extra', '--', 'node', 'x.js'], { ...io, stderr: { ...io.stderr, write: (text: string) => { usage.push(text); } } }), 2);
  assert.deepStrictEqual(usage.join(''), 'mcpwire: inspect takes no words besides the server, got: extra\nrun "mcpwire inspect --help" for usage\n');
  // The page answers elicitation: a fixed --elicit answer is refused, not silently ignored.
  usage.length = 0;
  assert.equal(await main(['inspect', '--elicit', 'accept', '--', 'node', 'x.js'], { ...io, stderr: { ...io.stderr, write: (text: string) => { usage.push(text); } } }), 2);
  assert.deepStrictEqual(usage.join(''), 'mcpwire: inspect answers elicitation on its page: --elicit is for commands without one (call, list, …)\nrun "mcpwire inspect --help" for usage\n');
});

test('the page\'s scripts are found in the package\'s dist/bundle/src from the sources, the per-file build and the bundle alike', () => {
  const root = '/opt/mcpwire-cli';
  assert.deepStrictEqual(
    [`file://${root}/src/inspect-server.ts`, `file://${root}/dist/src/inspect-server.js`, `file://${root}/dist/bundle/src/main.js`].map((url) => pageAssetsRoot(url)),
    [`${root}/dist/bundle/src`, `${root}/dist/bundle/src`, `${root}/dist/bundle/src`],
  );
});
