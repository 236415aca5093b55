// `mcpwire inspect` in headless Chromium (driven through the DevTools protocol, cdp.ts): the built
// package's command, a real server process, a real browser. The add form answers 42 and the
// diagram holds one [data-message] per message of the connection; an MCP App renders in its
// sandboxed frame and reacts to the tool's result; the chat box runs the model-API side; and the
// page server refuses what it should. UPDATE_SCREENSHOT=1 also writes docs/inspect.png.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { REPO, buildPackage } from '../package/built-package.js';
import type { BuiltPackage } from '../package/built-package.js';
import { Chromium } from './cdp.js';
import type { BrowserPage } from './cdp.js';
import { decodePng, inkStats } from './png-pixels.js';

/** The fixture with an MCP App, started in the repo (--cwd) so the page names it by its short path. */
const APP_SERVER = ['--cwd', REPO, '--', 'node', '--import', 'tsx', 'test/fixtures/app-server.ts'];

let built: BuiltPackage;
let browser: Chromium;
let scratch: string;

before(() => {
  built = buildPackage();
  browser = Chromium.launch();
  scratch = mkdtempSync(join(tmpdir(), 'mcpwire-inspect-'));
});

after(async () => {
  await browser.close();
  rmSync(built.root, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** A running `mcpwire inspect`: its URL, its token, its --trace-file, and how to stop it (Ctrl-C). */
interface Inspector { url: string; port: number; token: string; traceFile: string; child: ChildProcess; stop(): Promise<number | null> }

/** Without `env`, the inspector runs with --no-open and PATH alone; with it, it opens "the browser" that env finds. */
async function startInspector(name: string, options: string[], server: string[], env?: Record<string, string>): Promise<Inspector> {
  const traceFile = join(scratch, `${name}.ndjson`);
  const child = spawn(process.execPath, [join(built.packages['mcpwire-cli']!, 'dist/src/main.js'), 'inspect', ...(env ? [] : ['--no-open']), '--trace-file', traceFile, ...options, ...(server.includes('--') ? server : ['--', ...server])],
    { cwd: built.pkg, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH, ...env } });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk; });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /^inspector: (\S+)\n/m.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`inspect exited with ${code} before printing its URL: ${stderr}`)));
  });
  const url = new URL(line);
  return {
    url: line, port: Number(url.port), token: url.searchParams.get('token')!, traceFile, child,
    stop: () => new Promise((resolve) => { child.once('exit', (code) => resolve(code)); child.kill('SIGINT'); }),
  };
}

/** The JSON-RPC messages the inspector's tracer saw, as their methods ('-' for a response). */
function tracedMethods(inspector: Inspector): string[] {
  return readFileSync(inspector.traceFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { kind: string; message?: { method?: string } })
    .filter((record) => record.kind === 'message').map((record) => record.message?.method ?? '-');
}

/** The arrows of the page's diagram: [from → to, data-method or '-']. */
function diagramMethods(page: BrowserPage, lane?: string): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('svg[data-trace] [data-message]')]
    .filter((arrow) => ${lane === undefined ? 'true' : `arrow.classList.contains(${JSON.stringify(lane)})`})
    .map((arrow) => arrow.getAttribute('data-method') ?? '-')`);
}

async function fill(page: BrowserPage, tool: string, values: Record<string, string>): Promise<void> {
  await page.waitFor(`the form of ${tool}`, () => page.evaluate<boolean>(`!!document.querySelector('form[data-tool=${JSON.stringify(tool)}]')`));
  await page.evaluate(`(() => {
    const form = document.querySelector('form[data-tool=${JSON.stringify(tool)}]');
    for (const [name, value] of Object.entries(${JSON.stringify(values)})) form.querySelector('[name="' + name + '"]').value = value;
    form.requestSubmit();
  })()`);
}

function resultText(page: BrowserPage, tool: string): Promise<string> {
  return page.evaluate<string>(`document.querySelector('form[data-tool=${JSON.stringify(tool)}] [data-result]').textContent`);
}

test('inspect the add server: the form answers 42, nothing is sent while the arguments do not fit, and the diagram has one data-message per message', async () => {
  const inspector = await startInspector('add', [], ['node', 'dist/examples/add-server.js']);
  const page = await browser.open(inspector.url);
  try {
    await fill(page, 'add', { a: '19', b: '2.5' });
    assert.equal(await page.waitFor('the problems', () => page.evaluate<string>(`document.querySelector('form[data-tool="add"] [data-problems]').textContent || undefined`)), 'b: must be integer (got 2.5)');
    await fill(page, 'add', { a: '19', b: '23' });
    await page.waitFor('42', async () => (await resultText(page, 'add')) === '42');
    assert.equal(await page.evaluate<string>(`document.querySelector('form[data-tool="add"] [data-result] [data-is-error]').getAttribute('data-is-error')`), 'false');
    // The page holds the whole connection, from server/discover on: as the tracer saw it, and only one tools/call (2.5 never left).
    const expected = ['server/discover', '-', 'tools/list', '-', 'tools/call', '-'];
    await page.waitFor('the diagram', async () => (await diagramMethods(page)).length === expected.length);
    assert.deepStrictEqual(tracedMethods(inspector), expected);
    assert.deepStrictEqual(await diagramMethods(page), expected);
    assert.match(await page.evaluate<string>(`document.querySelector('svg[data-trace] [data-method="tools/call"]').textContent`), /^5\. tools\/call · id 3$/);
    // A new call that fails the check leaves no old answer under its problems (issue 43, finding 12).
    await fill(page, 'add', { a: '19', b: '2.5' });
    await page.waitFor('the problems again', async () => (await resultText(page, 'add')) === '');
    assert.deepStrictEqual(await page.evaluate(`[document.querySelector('form[data-tool="add"] [data-problems]').textContent, document.querySelector('form[data-tool="add"] [data-result]').textContent]`),
      ['b: must be integer (got 2.5)', '']);
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});

test('an MCP App renders in its sandboxed frame, gets the input and the result, calls its app-only tool, and the host refuses the rest', async () => {
  const inspector = await startInspector('app', [], APP_SERVER);
  const page = await browser.open(inspector.url);
  try {
    await fill(page, 'show_sum', { a: '19', b: '23' });
    await page.waitFor('what the view said', () => page.evaluate<string>(`document.querySelector('[data-app-messages]').textContent || undefined`));
    assert.equal(await page.evaluate<string>(`document.querySelector('[data-app-messages]').textContent`), 'show_sum app (ui/message, role user)the view shows 42 and 84');
    const view = await page.waitFor('the view', () => page.evaluateInFrame<string>('about:srcdoc', 'document.body.innerText'));
    assert.deepStrictEqual(view.split('\n'), [
      'origin null · input {"a":19,"b":23}',
      'sum 42 · double 84',
      'secret refused: tool secret is not visible to apps (_meta.ui.visibility), so the view may not call it',
      'CSP blocked connect-src',
    ]);
    // What the view can see of where it is: nothing that holds the token.
    assert.deepStrictEqual(await page.evaluateInFrame('about:srcdoc', '[self.origin, location.href, document.baseURI, document.referrer]'),
      ['null', 'about:srcdoc', `http://localhost:${inspector.port}/`, '']);
    // The page frames the proxy on its other origin; the proxy frames the view with allow-scripts alone.
    assert.deepStrictEqual(await page.evaluate(`(() => { const frame = document.querySelector('[data-app-proxy]'); return [frame.getAttribute('sandbox'), new URL(frame.src).origin]; })()`),
      ['allow-scripts allow-same-origin', `http://localhost:${inspector.port}`]);
    assert.deepStrictEqual(await page.evaluateInFrame('http://localhost', `[...document.querySelectorAll('iframe')].map((frame) => frame.getAttribute('sandbox'))`), ['allow-scripts']);
    const bridge = [
      'ui/notifications/sandbox-proxy-ready', 'ui/notifications/sandbox-resource-ready', 'ui/initialize', '-', 'ui/notifications/initialized',
      'ui/notifications/size-changed', 'ui/notifications/tool-input', 'ui/notifications/tool-result', 'tools/call', '-', 'tools/call', '-',
      'ui/notifications/size-changed', 'ui/message', '-',
    ];
    await page.waitFor('the bridge in the diagram', async () => (await diagramMethods(page, 'app')).length === bridge.length);
    assert.deepStrictEqual(await diagramMethods(page, 'app'), bridge);
    // Every message of the connection is drawn too: the view's own tools/call reached the server once (double), secret never.
    const wire = tracedMethods(inspector);
    assert.deepStrictEqual(wire.filter((method) => method === 'tools/call').length, 2);
    assert.equal((await diagramMethods(page)).length, wire.length + bridge.length);

    await fill(page, 'slow', { steps: '200' });
    await page.waitFor('progress', () => page.evaluate<boolean>(`!document.querySelector('form[data-tool="slow"] .progress').hidden`));
    await page.evaluate(`document.querySelector('form[data-tool="slow"] [data-cancel]').click()`);
    await page.waitFor('the cancelled call', async () => /cancel/i.test(await resultText(page, 'slow')));
    await page.waitFor('notifications/cancelled', async () => tracedMethods(inspector).includes('notifications/cancelled'));

    const png = await page.screenshot(1600, 1000);
    const pixels = decodePng(png);
    assert.deepStrictEqual([pixels.width, pixels.height], [1600, 1000]);
    assert.ok(inkStats(pixels).colours > 20, 'the screenshot is drawn');
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});

test('with --model, the chat box runs the model-API side of the seam: question, functions, Function Call, the page confirms, then tools/call', async () => {
  const inspector = await startInspector('chat', ['--model', 'scripted'], APP_SERVER);
  const page = await browser.open(inspector.url);
  try {
    await page.waitFor('the chat box', () => page.evaluate<boolean>(`!!document.querySelector('[data-chat-form]')`));
    await page.evaluate(`document.querySelector('[data-chat-form]').requestSubmit()`);
    await page.waitFor('the confirmation', () => page.evaluate<boolean>(`!!document.querySelector('[data-confirm-yes]')`));
    assert.equal(await page.evaluate<string>(`document.querySelector('[data-confirm]').firstChild.textContent`), 'The model asks to run calc/add {"a":19,"b":23} ');
    await page.evaluate(`document.querySelector('[data-confirm-yes]').click()`);
    await page.waitFor('the answer', async () => (await page.evaluate<string>(`document.querySelector('[data-answer]').textContent`)) === '19 加 23 等于 42。');
    await page.waitFor('the diagram', async () => (await diagramMethods(page)).length === 21);
    // Four functions: the app-only tool "double" is kept from the model (apps#visibility).
    assert.deepStrictEqual(await page.evaluate<string[]>(`[...document.querySelectorAll('svg[data-trace] [data-message] text')].map((text) => text.textContent)`), [
      '1. server/discover · id 1', '2. result · id 1', '3. tools/list · id 2', '4. result · id 2', '5. resources/list · id 3', '6. result · id 3',
      '7. resources/templates/list · id 4', '8. result · id 4', '9. prompts/list · id 5', '10. result · id 5',
      '11. user: "19 加 23"', '12. request · 1 message(s), 4 function(s)', '13. Function Call add · id call_1',
      '14. callTool calc/add · call_1 (confirmed)', '15. tools/call · id 6', '16. result · id 6', '17. CallToolResult calc/add',
      '18. function result · id call_1', '19. request · 3 message(s), 4 function(s)', '20. text "19 加 23 等于 42。"', '21. answer "19 加 23 等于 42。"',
    ]);
    // The README's picture: the chat, then the add form and the MCP App beside the diagram.
    await fill(page, 'add', { a: '19', b: '23' });
    await page.waitFor('42', async () => (await resultText(page, 'add')) === '42');
    await fill(page, 'show_sum', { a: '19', b: '23' });
    await page.waitFor('the view', async () => /double 84/.test(await page.evaluateInFrame<string>('about:srcdoc', 'document.body.innerText') ?? ''));
    const png = await page.screenshot(1600, 1200);
    assert.ok(inkStats(decodePng(png)).colours > 20, 'the screenshot is drawn');
    if (process.env.UPDATE_SCREENSHOT === '1') writeFileSync(join(REPO, 'docs/inspect.png'), png);
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});

/** One raw request to the inspector, with exactly these headers; resolves with the status (and Location). */
function raw(port: number, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers, setHost: false }, (res) => {
      res.resume();
      resolve({ status: res.statusCode!, ...(res.headers.location ? { location: res.headers.location } : {}) });
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('the page server refuses requests without the token, with a foreign Origin (null included) or with another Host, its API included', async () => {
  const inspector = await startInspector('guard', [], ['node', 'dist/examples/add-server.js']);
  try {
    const { port, token } = inspector;
    const host = `127.0.0.1:${port}`;
    const json = { host, 'content-type': 'application/json' };
    const call = JSON.stringify({ name: 'add', arguments: { a: 19, b: 23 }, callId: 'x' });
    const answers = {
      entry: await raw(port, `/?token=${token}`, { host }),
      page: await raw(port, `/${token}/`, { host }),
      noToken: await raw(port, '/', { host }),
      wrongToken: await raw(port, `/${token.slice(1)}x/`, { host }),
      wrongTokenEntry: await raw(port, '/?token=guess', { host }),
      foreignOrigin: await raw(port, `/${token}/api/call`, { ...json, origin: 'http://evil.example' }, call),
      nullOrigin: await raw(port, `/${token}/api/call`, { ...json, origin: 'null' }, call),
      otherLoopbackPort: await raw(port, `/${token}/api/call`, { ...json, origin: `http://127.0.0.1:${port + 1}` }, call),
      rebindingHost: await raw(port, `/${token}/api/call`, { ...json, host: `evil.example:${port}` }, call),
      otherPortHost: await raw(port, `/${token}/`, { host: `localhost:${port + 1}` }),
      noTokenApi: await raw(port, '/api/call', json, call),
      // Browsers ask for /favicon.ico without the token: it gets no content, still only on this Host.
      favicon: await raw(port, '/favicon.ico', { host }),
      faviconRebinding: await raw(port, '/favicon.ico', { host: `evil.example:${port}` }),
      formPost: await raw(port, `/${token}/api/call`, { host, 'content-type': 'text/plain', origin: `http://127.0.0.1:${port}` }, call),
    };
    assert.deepStrictEqual(answers, {
      entry: { status: 303, location: `/${token}/` }, page: { status: 200 }, noToken: { status: 403 }, wrongToken: { status: 403 }, wrongTokenEntry: { status: 403 },
      foreignOrigin: { status: 403 }, nullOrigin: { status: 403 }, otherLoopbackPort: { status: 403 }, rebindingHost: { status: 403 }, otherPortHost: { status: 403 },
      noTokenApi: { status: 403 }, favicon: { status: 204 }, faviconRebinding: { status: 403 }, formPost: { status: 415 },
    });
    // None of the refused calls reached the server; the page's own origin does.
    assert.deepStrictEqual(tracedMethods(inspector).filter((method) => method === 'tools/call'), []);
    assert.deepStrictEqual(await raw(port, `/${token}/api/call`, { ...json, origin: `http://localhost:${port}`, host: `localhost:${port}` }, call), { status: 200 });
    assert.deepStrictEqual(tracedMethods(inspector).filter((method) => method === 'tools/call'), ['tools/call']);
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});

/** A fake browser opener (`xdg-open` on PATH): a real process that posts its own argv and environment to the test. */
async function fakeOpener(): Promise<{ bin: string; env: Record<string, string>; opened: Promise<{ argv: string[]; env: Record<string, string> }>; close(): void }> {
  let heard!: (record: { argv: string[]; env: Record<string, string> }) => void;
  const opened = new Promise<{ argv: string[]; env: Record<string, string> }>((resolve) => { heard = resolve; });
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => { body += chunk; }).on('end', () => { res.end(); heard(JSON.parse(body) as { argv: string[]; env: Record<string, string> }); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const bin = join(scratch, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'xdg-open'), `#!${process.execPath}\nfetch(process.env.OPENER_RECORD, { method: 'POST', body: JSON.stringify({ argv: process.argv, env: process.env }) });\n`);
  chmodSync(join(bin, 'xdg-open'), 0o755);
  const record = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { bin, env: { PATH: `${bin}:${process.env.PATH}`, DISPLAY: ':99', OPENER_RECORD: record }, opened, close: () => server.close() };
}

test('without --no-open the browser is opened on a file only the user can read, never on the URL: the token is in no process\'s arguments or environment (issue 42, finding 2)', async () => {
  const opener = await fakeOpener();
  const inspector = await startInspector('open', [], ['node', 'dist/examples/add-server.js'], opener.env);
  let stopped = false;
  try {
    const { argv, env } = await opener.opened;
    const { token, port } = inspector;
    assert.deepStrictEqual({ args: argv.length, tokenInArgs: argv.some((arg) => arg.includes(token)), tokenInEnv: Object.values(env).some((value) => value.includes(token)) },
      { args: 3, tokenInArgs: false, tokenInEnv: false });
    const target = argv[2]!;
    assert.match(target, /^file:\/\/\/.+\.html$/);
    const file = fileURLToPath(target);
    assert.deepStrictEqual([statSync(file).mode & 0o777, statSync(dirname(file)).mode & 0o777, statSync(file).uid], [0o600, 0o700, process.getuid!()]);
    // Following it leads to the page, with the token: the add form answers.
    const page = await browser.open(target);
    await fill(page, 'add', { a: '19', b: '23' });
    await page.waitFor('42', async () => (await resultText(page, 'add')) === '42');
    assert.equal(await page.evaluate<string>('location.href'), `http://127.0.0.1:${port}/${token}/`);
    stopped = true;
    assert.equal(await inspector.stop(), 0);
    assert.deepStrictEqual([existsSync(file), existsSync(dirname(file))], [false, false]);
  } finally {
    opener.close();
    if (!stopped) await inspector.stop();
  }
});

/** The fixture that asks its client things, with `--root DIR`. */
function askingServer(root: string): string[] {
  return ['--root', root, '--cwd', REPO, '--', 'node', '--import', 'tsx', 'test/fixtures/asking-server.ts'];
}

/** The text of the questions box (what the server asked), and whether any markup from the server became an element. */
function questionsText(page: BrowserPage): Promise<[string, number]> {
  return page.evaluate(`[document.querySelector('[data-questions]').textContent, document.querySelectorAll('[data-questions] b, [data-questions] i, [data-questions] script').length]`);
}

test('the page answers the server: elicitation in the tool form\'s own fields (accept, decline, cancel), sampling written on the page (send, refuse), the roots offered; peer text stays text (issue 43, finding 3)', async () => {
  const root = mkdtempSync(join(scratch, 'root-'));
  const inspector = await startInspector('asking', [], askingServer(root));
  const page = await browser.open(inspector.url);
  try {
    // Roots: what the inspector offers, on the page and as the server reads them.
    await page.waitFor('the roots', () => page.evaluate<string>(`document.querySelector('[data-roots]')?.textContent || undefined`));
    assert.equal(await page.evaluate<string>(`document.querySelector('[data-roots]').textContent`), `${pathToFileURL(root).href} (${root})`);
    await fill(page, 'roots', {});
    await page.waitFor('roots/list', async () => (await resultText(page, 'roots')) !== 'calling…');
    assert.equal(await resultText(page, 'roots'), JSON.stringify([{ uri: pathToFileURL(root).href, name: root }]));

    // Elicitation: the form is built from requestedSchema by the tool form's builder, and checked by the same validator.
    await fill(page, 'book', {});
    await page.waitFor('the elicitation form', () => page.evaluate<boolean>(`!!document.querySelector('form[data-elicitation]')`));
    assert.deepStrictEqual(await questionsText(page), ['The server asks (elicitation/create): Who is <b>booking</b>?Name * (name)as on the passportnights *breakfastroomsingledoubleAcceptDeclineCancel', 0]);
    assert.deepStrictEqual(await page.evaluate(`[...document.querySelectorAll('form[data-elicitation] [data-kind]')].map((input) => [input.getAttribute('name'), input.getAttribute('data-kind'), input.value])`),
      [['name', 'text', ''], ['nights', 'number', '1'], ['breakfast', 'boolean', 'on'], ['room', 'enum', '']]);
    const elicit = (values: Record<string, string>, check?: string) => page.evaluate(`(() => {
      const form = document.querySelector('form[data-elicitation]');
      for (const [name, value] of Object.entries(${JSON.stringify(values)})) form.querySelector('[name="' + name + '"]').value = value;
      ${check ? `form.querySelector('[name=${JSON.stringify(check)}]').checked = true;` : ''}
      form.requestSubmit();
    })()`);
    await elicit({ name: 'Ada', nights: '0' });
    await page.waitFor('the problems', () => page.evaluate<string>(`document.querySelector('form[data-elicitation] [data-problems]').textContent || undefined`));
    assert.equal(await page.evaluate<string>(`document.querySelector('form[data-elicitation] [data-problems]').textContent`), 'nights: must be >= 1 (got 0)');
    await elicit({ name: 'Ada', nights: '3', room: '"double"' }, 'breakfast');
    await page.waitFor('the accepted answer', async () => (await resultText(page, 'book')) !== 'calling…');
    assert.equal(await resultText(page, 'book'), JSON.stringify({ action: 'accept', content: { name: 'Ada', nights: 3, breakfast: true, room: 'double' } }));
    assert.deepStrictEqual(await questionsText(page), ['', 0]);
    for (const action of ['decline', 'cancel']) {
      await fill(page, 'book', {});
      await page.waitFor('the elicitation form', () => page.evaluate<boolean>(`!!document.querySelector('form[data-elicitation]')`));
      await page.evaluate(`document.querySelector('form[data-elicitation] [data-answer="${action}"]').click()`);
      await page.waitFor(action, async () => (await resultText(page, 'book')) === JSON.stringify({ action }));
    }

    // Sampling: the request's system prompt and messages as text; the person writes the reply.
    await fill(page, 'poem', {});
    await page.waitFor('the sampling request', () => page.evaluate<boolean>(`!!document.querySelector('form[data-sampling]')`));
    assert.deepStrictEqual(await questionsText(page), ['The server asks for a model reply (sampling/createMessage, maxTokens 40)system: You write <i>one</i> line.user:A line about <script>alert(1)</script> the seaSendRefuse', 0]);
    await page.evaluate(`(() => { const form = document.querySelector('form[data-sampling]'); form.querySelector('[name="reply"]').value = 'The sea hums <u>low</u>.'; form.requestSubmit(); })()`);
    await page.waitFor('the poem', async () => (await resultText(page, 'poem')) !== 'calling…');
    assert.equal(await resultText(page, 'poem'), JSON.stringify({ role: 'assistant', content: { type: 'text', text: 'The sea hums <u>low</u>.' }, model: 'mcpwire-inspect-user', stopReason: 'endTurn' }));
    await fill(page, 'poem', {});
    await page.waitFor('the sampling request', () => page.evaluate<boolean>(`!!document.querySelector('form[data-sampling]')`));
    await page.evaluate(`document.querySelector('form[data-sampling] [data-answer="refuse"]').click()`);
    await page.waitFor('the refusal', async () => (await resultText(page, 'poem')) !== 'calling…');
    // The refusal is the user's (-1, client/sampling#error-handling); on this 2026 connection an input request the client refuses ends the call.
    assert.equal(await resultText(page, 'poem'), 'JSON-RPC error -1: Sampling refused by the user');
    assert.deepStrictEqual(await questionsText(page), ['', 0]);
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});

test('the server\'s instructions keep their line breaks, as text (issue 43, finding 12)', async () => {
  const inspector = await startInspector('instructions', [], askingServer(scratch));
  const page = await browser.open(inspector.url);
  try {
    await page.waitFor('the instructions', () => page.evaluate<string>(`document.querySelector('[data-instructions]')?.textContent || undefined`));
    assert.deepStrictEqual(await page.evaluate(`[document.querySelector('[data-instructions]').innerText, document.querySelectorAll('[data-instructions] *').length]`),
      ['Book a room with book.\nThen:\n  - write a poem with poem\n  - <b>list</b> the roots with roots', 0]);
  } finally {
    assert.equal(await inspector.stop(), 0);
  }
});
