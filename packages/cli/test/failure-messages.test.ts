// Messages name the real cause: each case is reproduced against a real peer (a node:http server on
// 127.0.0.1 that answers like a proxy, mcpwire's own Host/Origin check, a plain-HTTP port spoken to
// with TLS, the add server) and the whole message is pinned.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { createAddServer } from '../../../examples/add-server.js';
import { checkHostExposure } from '../src/doctor-exposure.js';
import { runConfig } from '../src/config-command.js';
import { runDoctor } from '../src/doctor.js';
import { statusFix } from '../src/exit-codes.js';
import { runList } from '../src/list.js';
import { main } from '../src/main.js';
import { renderCallResult } from '../src/render-result.js';
import type { StepResult } from '../src/doctor-steps.js';
import { readRefusal } from '../../../src/transport/http-client/http-status-error.js';
import { serveHttp } from '../../../src/node.js';
import { ADD_SERVER, captureIo, fixture, stdioServer } from './cli-harness.js';

/** A node:http server on 127.0.0.1 port 0, closed after the test; resolves with its base URL. */
async function listen(t: TestContext, handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }));
  return `127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** nginx's error page, as a proxy in front of an MCP server sends it. */
function nginxPage(title: string): string {
  return `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n<center><h1>${title}</h1></center>\n<hr><center>nginx/1.25.3</center>\n</body>\n</html>\n${'<!-- a padding to disable MSIE and Chrome friendly error page -->\n'.repeat(6)}`;
}

async function list(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await runList(argv, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

test('an HTML error page is summarised by its status and title, not pasted', async (t) => {
  const host = await listen(t, (req, res) => {
    const status = req.url === '/gone' ? 404 : 502;
    res.writeHead(status, { 'content-type': 'text/html' }).end(nginxPage(`${status} ${status === 404 ? 'Not Found' : 'Bad Gateway'}`));
  });
  assert.deepStrictEqual(await list([`http://${host}/mcp`]), {
    code: 4, stdout: '',
    stderr: 'mcpwire: HTTP 502 Bad Gateway: an HTML page titled "502 Bad Gateway"\n'
      + '  fix: a proxy or gateway in front of the MCP server got no good answer from it: check that the server behind the proxy is running\n',
  });
  // 404 tries the legacy transport too: both refusals are named, neither pastes the page.
  assert.deepStrictEqual(await list([`http://${host}/gone`]), {
    code: 4, stdout: '',
    stderr: `mcpwire: http://${host}/gone refused Streamable HTTP (POST initialize → HTTP 404 Not Found: an HTML page titled "404 Not Found") `
      + `and is not a legacy HTTP+SSE endpoint either (GET http://${host}/gone: HTTP 404 Not Found: an HTML page titled "404 Not Found")\n`
      + '  fix: check the URL path (Streamable HTTP endpoints are often /mcp, legacy SSE ones /sse); a hosted address that expired or was undeployed answers so: redeploy it (ModelScope: mcpwire modelscope deploy ID) or copy the current URL from the service page\n',
  });
});

test('an HTML page without a title is named by its first heading, or just as an HTML page; control characters stay escaped', () => {
  assert.deepStrictEqual([
    readRefusal('<html><body><h1>Service\n  Unavailable</h1></body></html>'),
    readRefusal('  <!doctype HTML><p>down</p>'),
    readRefusal('<!DOCTYPE html><title>\u001b[31mred</title>'),
    readRefusal('upstream connect error'),
  ], [
    { detail: 'an HTML page titled "Service Unavailable"', json: undefined },
    { detail: 'an HTML page', json: undefined },
    { detail: 'an HTML page titled "\\u001b[31mred"', json: undefined },
    { detail: 'upstream connect error', json: undefined },
  ]);
});

test("a 403 from mcpwire's own Origin check says so, not that the server wants credentials", async (t) => {
  const running = await serveHttp(createAddServer(), { port: 0 });
  t.after(() => running.close());
  assert.deepStrictEqual(await list([running.url, '-H', 'Origin: https://evil.example']), {
    code: 4, stdout: '',
    stderr: 'mcpwire: HTTP 403 Forbidden: Forbidden: Origin "https://evil.example" is not allowed\n'
      + '  fix: the server refused the Host or Origin header (DNS-rebinding protection), not your credentials: connect through a name it allows '
      + '(e.g. 127.0.0.1 or localhost for a local server), or have the server allow this host (mcpwire: allowedHosts / allowedOrigins)\n',
  });
  // The Host check words its refusal the same way; any other 403 is still about credentials.
  assert.deepStrictEqual([
    statusFix(403, 'HTTP 403 Forbidden: Forbidden: Host "mcp.example:3000" is not allowed') === statusFix(403, 'Forbidden: Origin "null" is not allowed'),
    statusFix(403, 'HTTP 403 Forbidden: insufficient_scope'),
  ], [true, "the server wants credentials: log in with mcpwire login URL (OAuth), or pass them with -H 'Authorization: Bearer …' (a hosted token may have expired)"]);
});

test('TLS spoken to a plain-HTTP port asks "is this an http:// URL?", not about certificates', async (t) => {
  const host = await listen(t, (_req, res) => { res.end('plain'); });
  assert.deepStrictEqual(await list([`https://${host}/mcp`]), {
    code: 4, stdout: '',
    // node:https (the CLI's request path on Node) reports OpenSSL's "wrong version number" as EPROTO on the first write.
    stderr: `mcpwire: TLS handshake with ${host} failed (EPROTO): the answer was not TLS, so the port most likely speaks plain HTTP\n`
      + `  fix: is this an http:// URL? try http://${host}/mcp\n`,
  });
});

test('doctor --tool nope: step 6 (host exposure) is not reached, instead of failing and then listing the functions', () => {
  const add = { name: 'add', inputSchema: { type: 'object' as const, properties: { a: { type: 'integer' } } } };
  assert.deepStrictEqual(checkHostExposure('calc', [add], 'nope'), {
    step: 6, title: 'host exposure', status: 'skipped', summary: 'not reached: step 5 (tools/list) found no tool named "nope"', evidence: [],
  });
});

test('call: arguments that are not valid JSON are reported as such, not as a mismatch with the inputSchema', async () => {
  const io = captureIo();
  const code = await main(['call', 'add', '{"a":19,', ...stdioServer(ADD_SERVER)], io);
  assert.deepStrictEqual({ code, stdout: io.out(), stderr: io.err() }, {
    code: 2, stdout: '',
    stderr: 'mcpwire: cannot read the arguments for "add"; nothing was sent:\n  the arguments are not valid JSON: Expected double-quoted property name in JSON at position 8\n',
  });
});

test('doctor --args takes key=value (repeatable), typed by the inputSchema like call; bad --args is a usage error', async () => {
  const io = captureIo();
  const code = await runDoctor(['--json', '--call', 'add', '--args', 'a=19', '--args', 'b=23', ...stdioServer(ADD_SERVER)], io);
  const report = JSON.parse(io.out()) as { steps: StepResult[] };
  assert.deepStrictEqual({ code, call: report.steps.find((s) => s.step === 7) }, {
    code: 0,
    call: { step: 7, title: 'trial call', status: 'passed', summary: 'the tool answered with a result', evidence: ['tools/call id 3, tool add, arguments {"a":19,"b":23}', 'result:', '  42'] },
  });
  const usage = async (args: string): Promise<unknown> => {
    const bad = captureIo();
    return [await main(['doctor', '--call', 'add', '--args', args, '--', 'no-such-command-mcpwire'], bad), bad.err()];
  };
  assert.deepStrictEqual(await usage('{"a":19,'), [2, 'mcpwire: --args: the arguments are not valid JSON: Expected double-quoted property name in JSON at position 8\nrun "mcpwire doctor --help" for usage\n']);
  assert.deepStrictEqual(await usage('a 19'), [2, 'mcpwire: --args: "a 19" is neither key=value nor one JSON object\nrun "mcpwire doctor --help" for usage\n']);
});

test('structured content is printed only when it adds something beyond the text', () => {
  const stats = { count: 3, mean: 2.5 };
  assert.deepStrictEqual(renderCallResult({ content: [{ type: 'text', text: '{"count":3,"mean":2.5}' }], structuredContent: stats }), ['{"count":3,"mean":2.5}']);
  assert.deepStrictEqual(renderCallResult({ content: [{ type: 'text', text: 'mean 2.5 of 3 values' }], structuredContent: stats }),
    ['mean 2.5 of 3 values', 'structured content:', '{', '  "count": 3,', '  "mean": 2.5', '}']);
  assert.deepStrictEqual(renderCallResult({ content: [{ type: 'text', text: '{"count":3}' }], structuredContent: stats }),
    ['{"count":3}', 'structured content:', '{', '  "count": 3,', '  "mean": 2.5', '}']);
});

test("config lint: Windows' npx advice is a note off Windows and a warning on it", async () => {
  const lint = async (platform: string): Promise<unknown> => {
    const io = { ...captureIo(), platform };
    await runConfig(['lint', fixture('configs/claude-desktop.json'), '--json'], io);
    return (JSON.parse(io.out()) as { findings: { server: string; severity: string }[] }).findings.map((f) => [f.server, f.severity]);
  };
  assert.deepStrictEqual([await lint('linux'), await lint('darwin'), await lint('win32')], [[['filesystem', 'note']], [['filesystem', 'note']], [['filesystem', 'warning']]]);
});

test('a line on stdout that is not JSON-RPC is quoted on stderr by every command (and in --trace), as doctor quotes it', async () => {
  const io = captureIo();
  const code = await runList(['--trace', '--timeout', '500', ...stdioServer('broken-prints-hello.mjs')], io);
  assert.equal(code, 4);
  const lines = io.err().split('\n');
  assert.deepStrictEqual(lines.filter((line) => line.startsWith('mcpwire: warning')), ['mcpwire: warning: the server wrote a line that is not a JSON-RPC message: "hello": not JSON']);
  assert.equal(lines.filter((line) => line.includes('received a line that is not a JSON-RPC message: "hello": not JSON')).length, 1);
  // The same words as doctor's stdout hygiene step.
  const doctor = captureIo();
  assert.equal(await runDoctor(['--json', '--timeout', '500', '--exit-wait', '500', ...stdioServer('broken-prints-hello.mjs')], doctor), 3);
  const hygiene = (JSON.parse(doctor.out()).steps as StepResult[]).find((step) => step.title === 'stdout hygiene')!;
  assert.deepStrictEqual(hygiene.evidence, ['line 1: "hello": not JSON']);
  // …and only there: doctor does not say it twice on stderr.
  assert.deepStrictEqual(doctor.err().split('\n').filter((line) => line.startsWith('mcpwire: warning')), []);
});

test('a "server" that echoes its input (cat) is named as one, not reported as "Method not found: initialize" from the server', async () => {
  for (const [era, method] of [['2025-11-25', 'initialize'], ['auto', 'server/discover']] as const) {
    const io = captureIo();
    const code = await runList(['--era', era, '--timeout', '5000', '--', 'cat'], io);
    assert.deepStrictEqual({ code, stderr: io.err() }, {
      code: 3,
      stderr: `mcpwire: the server sent back mcpwire's own "${method}" request (id 1): it echoes its input, so it is not an MCP server\n`
        + '  fix: the command after -- (or the URL) does not start an MCP server: check it, e.g. with mcpwire doctor\n',
    }, era);
  }
});
