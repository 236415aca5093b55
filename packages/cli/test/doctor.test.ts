// `mcpwire doctor` against real server processes and a real HTTP server: each deliberately broken
// fixture must be named by the right step, with the evidence that shows why.

import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { runDoctor } from '../src/doctor.js';
import type { StepResult } from '../src/doctor-steps.js';
import { ADD_SERVER, captureIo, fixture, startHttpServer, stdioServer } from './cli-harness.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';

interface Report { server: string; transport: string; steps: StepResult[]; exitCode: number }

async function doctor(args: string[]): Promise<{ code: number; report: Report; stderr: string }> {
  const io = captureIo();
  const code = await runDoctor(['--json', ...args], io);
  const report = JSON.parse(io.out()) as Report;
  assert.equal(report.exitCode, code);
  return { code, report, stderr: io.err() };
}

const statuses = (report: Report): [number, string][] => report.steps.map((s) => [s.step, s.status]);
const stepOf = (report: Report, n: number): StepResult => report.steps.find((s) => s.step === n)!;

test('a healthy server passes every step; the trial call is a success with its id, tool and arguments', async () => {
  const { code, report } = await doctor(['--tool', 'add', '--call', 'add', '--args', '{"a":19,"b":23}', ...stdioServer(ADD_SERVER)]);
  assert.equal(code, 0);
  assert.deepEqual(statuses(report), [[1, 'passed'], [2, 'passed'], [3, 'passed'], [4, 'passed'], [5, 'passed'], [6, 'passed'], [7, 'passed'], [8, 'passed'], [9, 'passed']]);
  assert.equal(stepOf(report, 4).summary, 'the server declares tools {"listChanged":true}');
  assert.deepEqual(stepOf(report, 5), {
    step: 5, title: 'tools/list', status: 'passed', summary: '"add" is listed, every input schema compiles with root type "object"',
    evidence: ['1 tool(s) in 1 page(s): add'],
  });
  assert.equal(stepOf(report, 6).summary, 'a host with no allow/deny policy would offer the model 1 function(s): add');
  assert.deepEqual(stepOf(report, 7).evidence, ['tools/call id 3, tool add, arguments {"a":19,"b":23}', 'result:', '  42']);
  assert.equal(stepOf(report, 8).summary, '3 line(s) on stdout, every one a JSON-RPC message');
  assert.match(stepOf(report, 9).summary, /^exited with code 0 \d+ ms after its stdin closed$/);
});

test('step 8: a server that logs to stdout has each stray line quoted with its line number', async () => {
  const { code, report } = await doctor(['--call', 'add', '--args', '{"a":1,"b":2}', ...stdioServer('broken-logs-to-stdout.ts')]);
  assert.equal(code, 8);
  assert.deepEqual(stepOf(report, 8), {
    step: 8, title: 'stdout hygiene', status: 'failed', summary: '3 of 6 stdout line(s) are not JSON-RPC messages',
    evidence: [
      'line 1: "calc server v1.0.0 starting on stdio": not JSON',
      'line 2: "ready": not JSON',
      'line 5: "[debug] add(1, 2)": not JSON',
    ],
    fix: 'stdout is the protocol channel (basic/transports#stdio): write logs to stderr (console.error, not console.log; print(…, file=sys.stderr)), save without a byte order mark, end lines with \\n',
  });
  assert.equal(stepOf(report, 7).status, 'passed'); // the stray lines did not stop the call itself
});

test('step 4: a server that never declares tools; tools/list is tried anyway to tell why', async () => {
  const { code, report } = await doctor(stdioServer('broken-no-tools-capability.ts'));
  assert.equal(code, 4);
  assert.deepEqual(statuses(report), [[1, 'passed'], [2, 'passed'], [3, 'passed'], [4, 'failed'], [5, 'skipped'], [6, 'skipped'], [7, 'skipped'], [8, 'passed'], [9, 'passed']]);
  assert.equal(stepOf(report, 4).summary, 'the server does not declare the "tools" capability');
  assert.deepEqual(stepOf(report, 4).evidence, [
    'capabilities: {"prompts":{"listChanged":true},"completions":{}}',
    'tools/list sent anyway: JSON-RPC error -32601 Method not found from the server: Method not found: tools/list (the server does not declare the "tools" capability)',
  ]);
});

test('-e reaches the server: with its API key set, the same server declares tools', async () => {
  const { code, report } = await doctor(['-e', 'WEATHER_API_KEY=k', ...stdioServer('broken-no-tools-capability.ts')]);
  assert.equal(code, 0);
  assert.equal(stepOf(report, 5).evidence[0], '1 tool(s) in 1 page(s): forecast');
});

test('step 7: a tool that always returns isError is a tool execution error, not a protocol error', async () => {
  const { code, report } = await doctor(['--call', 'forecast', '--args', '{"city":"Paris"}', ...stdioServer('broken-tool-is-error.ts')]);
  assert.equal(code, 7);
  const trial = stepOf(report, 7);
  assert.equal(trial.status, 'failed');
  assert.equal(trial.summary, 'tool execution error: the tool ran and returned isError: true');
  assert.deepEqual(trial.evidence, [
    'tools/call id 3, tool forecast, arguments {"city":"Paris"}',
    'result:',
    '  upstream API answered 401 Unauthorized: WEATHER_API_KEY is not set',
  ]);
});

test('step 7: calling a tool the server does not have is a protocol error (JSON-RPC -32602)', async () => {
  const { code, report } = await doctor(['--call', 'nope', ...stdioServer('broken-tool-is-error.ts')]);
  assert.equal(code, 7);
  const trial = stepOf(report, 7);
  assert.equal(trial.summary, 'protocol error: JSON-RPC error -32602 Invalid params from the server: Unknown tool: nope (data: {"name":"nope"})');
  assert.deepEqual(trial.evidence, ['tools/call id 3, tool nope, arguments {}', '"nope" is not in tools/list; sending anyway to see what the server says']);
});

test('step 3: a server that exits during initialize: exit code and stderr', async () => {
  const { code, report } = await doctor(stdioServer('broken-exits-during-initialize.mjs'));
  assert.equal(code, 3);
  const init = stepOf(report, 3);
  assert.match(init.summary, /^the server process exited with code 3 during initialize, \d+ ms after it was sent$/);
  assert.deepEqual(init.evidence, [
    'stderr (last 2 of 2 lines):',
    "  Error: ENOENT: no such file or directory, open '/etc/weather/config.json'",
    '      at loadConfig (server.js:12:9)',
  ]);
  assert.equal(stepOf(report, 1).status, 'passed');
  assert.deepEqual(stepOf(report, 9), { step: 9, title: 'exit on stdin close', status: 'skipped', summary: 'the process had already exited with code 3', evidence: [] });
});

test('step 3: a server that never answers times out after --timeout', async () => {
  const { code, report } = await doctor(['--timeout', '1000', ...stdioServer('broken-never-answers.mjs')]);
  assert.equal(code, 3);
  const init = stepOf(report, 3);
  assert.equal(init.summary, 'no answer to initialize within 1000 ms');
  assert.match(init.evidence[0]!, /^the process \(pid \d+\) is still running$/);
  assert.deepEqual(init.evidence.slice(1), ['stdout so far: 0 line(s)', 'stderr (last 1 of 1 lines):', '  waiting for the database…']);
});

test('step 9: a server that does not exit when its stdin closes', async () => {
  const { code, report } = await doctor(['--exit-wait', '500', ...stdioServer('broken-ignores-stdin-close.ts')]);
  assert.equal(code, 9);
  assert.deepEqual(stepOf(report, 9), {
    step: 9, title: 'exit on stdin close', status: 'failed', summary: 'the process was still running 500 ms after its stdin closed',
    evidence: ['mcpwire then sent SIGTERM and it ended by SIGTERM'],
    fix: 'a stdio server should exit when stdin ends (basic/lifecycle#shutdown): on stdin "end"/"close", stop timers and intervals, close database pools and sockets, or call process.exit(); hosts otherwise leave it running or kill it',
  });
});

test('steps 5 and 6: a root schema that is not an object, and a name a model API cannot take', async () => {
  const { code, report } = await doctor(stdioServer('broken-tool-schemas.ts'));
  assert.equal(code, 5);
  assert.equal(stepOf(report, 5).summary, 'tool "lookup": inputSchema has root type "string"; it must be "object"');
  const exposure = stepOf(report, 6);
  assert.equal(exposure.status, 'failed');
  assert.deepEqual(exposure.evidence, [
    'function weather_get ← tool weather.get',
    'function lookup ← tool lookup',
    '"lookup": parameters with root type "string" are rejected by model providers (OpenAI: "schema must be a JSON Schema of type: object")',
    '"weather.get" is shown to the model as "weather_get" (model APIs accept only ^[a-zA-Z0-9_-]{1,64}$); model replies and logs will use the new name',
    '"weather_get" has no description: the model has only its name to decide when to call it',
  ]);
});

test('step 5: --tool names a tool the server does not list', async () => {
  const { code, report } = await doctor(['--tool', 'subtract', ...stdioServer(ADD_SERVER)]);
  assert.equal(code, 5);
  assert.equal(stepOf(report, 5).summary, 'no tool named "subtract"');
});

test('step 1: a command that does not exist (ENOENT)', async () => {
  const { code, report } = await doctor(['--', 'mcpwire-no-such-server']);
  assert.equal(code, 1);
  assert.equal(stepOf(report, 1).summary, 'Cannot start "mcpwire-no-such-server": command not found (ENOENT)');
  assert.deepEqual(statuses(report).slice(1).map(([, status]) => status), ['skipped', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped', 'skipped']);
});

test('step 1: a command that starts and exits at once: its exit code and stderr', async () => {
  // A shell starts in milliseconds, so the exit lands inside the startup watch even on a busy machine.
  const { code, report } = await doctor(['--', '/bin/sh', '-c', 'echo missing API_KEY >&2; exit 5']);
  assert.equal(code, 1);
  const connect = stepOf(report, 1);
  assert.match(connect.summary, /^the process started \(pid \d+\) but exited with code 5 within \d+ ms, before mcpwire sent anything$/);
  assert.deepEqual(connect.evidence, ['stderr (last 1 of 1 lines):', '  missing API_KEY']);
});

test('step 1: a legacy HTTP+SSE server configured as Streamable HTTP is recognised and named', async () => {
  const server = await startHttpServer(fixture('broken-legacy-sse-server.mjs'));
  try {
    const { code, report } = await doctor([server.url]);
    assert.equal(code, 1);
    const connect = stepOf(report, 1);
    assert.equal(connect.summary, `${server.url} is a legacy HTTP+SSE endpoint (2024-11-05), not Streamable HTTP`);
    // The era probe first (405: not even Streamable HTTP), then initialize (405), then the legacy GET.
    assert.deepEqual(connect.evidence.slice(0, 3), [
      `POST ${server.url} → 405 (mcp-protocol-version: 2026-07-28; mcp-method: server/discover)`, `POST ${server.url} → 405`, `GET ${server.url} → 200 (content-type: text/event-stream)`,
    ]);
    assert.match(connect.evidence[3]!, /^first SSE event: endpoint → http:\/\/127\.0\.0\.1:\d+\/messages\?sessionId=[0-9a-f-]{36}$/);
    // The doctor goes on over the legacy transport, so the rest is still checked.
    assert.deepEqual(statuses(report), [[1, 'failed'], [2, 'passed'], [3, 'passed'], [4, 'passed'], [5, 'passed'], [6, 'passed'], [7, 'skipped'], [8, 'skipped'], [9, 'skipped']]);
    assert.match(stepOf(report, 3).summary, /revision 2024-11-05 \(mcpwire offered 2025-11-25; the server chose an older one it supports\), server old-sse-calc 0\.9\.0$/);

    const declared = await doctor(['--sse', server.url]);
    assert.equal(declared.code, 0);
  } finally {
    await server.stop();
  }
});

test('step 1: nothing listening on the port (ECONNREFUSED)', async () => {
  const port = await freePort();
  const { code, report } = await doctor([`http://127.0.0.1:${port}/mcp`]);
  assert.equal(code, 1);
  assert.deepEqual(stepOf(report, 1), {
    step: 1, title: 'connect', status: 'failed',
    summary: `TCP connection to 127.0.0.1:${port} refused (ECONNREFUSED): nothing is listening there`,
    evidence: [], fix: 'start the server, or check the port in the URL',
  });
});

test('over Streamable HTTP a healthy server passes steps 1–6; the HTTP exchange is the evidence', async () => {
  const server = await startHttpServer(ADD_SERVER, ['--http', '--port', '0']);
  try {
    const { code, report } = await doctor(['--era', '2025-11-25', server.url]);
    assert.equal(code, 0);
    assert.match(stepOf(report, 1).evidence[0]!, new RegExp(`^POST ${server.url} → 200 \\(mcp-session-id: [0-9a-f-]{36}; content-type: text/event-stream\\)$`));
  } finally {
    await server.stop();
  }
});

test('the report as text: one line per step, then the first failed step', async () => {
  const io = captureIo();
  const code = await runDoctor(['--exit-wait', '500', ...stdioServer('broken-exits-during-initialize.mjs')], io);
  assert.equal(code, 3);
  const lines = io.out().trimEnd().split('\n');
  assert.equal(lines[0], `mcpwire doctor: ${process.execPath} ${fixture('broken-exits-during-initialize.mjs')}`);
  assert.match(lines[2]!, /^\[pass\] 1 connect {14}process \d+ started and was still running after 300 ms$/);
  assert.equal(lines[3], '[pass] 2 era                  handshake era: pinned to 2025-11-25: initialize');
  assert.match(lines[4]!, /^\[FAIL\] 3 initialize {11}the server process exited with code 3 during initialize/);
  assert.equal(lines.at(-1), 'first failed step: 3 (initialize), exit code 3');
});

test('the steps a run prints, with the default --era auto, are numbered 1, 2, 3… in the order printed, as the help lists them', async () => {
  const { formatCommandHelp } = await import('../src/command-help.js');
  const help = formatCommandHelp('doctor')!;
  const listed = [...help.slice(0, help.indexOf('\noptions:')).matchAll(/(\d) ([a-z/ ]+?)(?: \(stdio\))?(?: ·|\n|$)/g)].map((match) => `${match[1]} ${match[2]}`);
  const io = captureIo();
  const code = await runDoctor(['--exit-wait', '2000', '--', process.execPath, ...nodeArgs(ADD_SERVER)], io);
  const printed = io.out().split('\n').flatMap((line) => /^\[(?:pass|FAIL|warn|skip)\] (\d [a-z/ ]+?) {2,}/.exec(line)?.[1] ?? []);
  assert.deepStrictEqual({ code, printed, listed: listed.length, exitCodes: /first failed step \(1–(\d)\)/.exec(help)?.[1] }, {
    code: 0, printed: listed, listed: 9, exitCodes: '9',
  });
  assert.deepStrictEqual(printed, ['1 connect', '2 era', '3 initialize', '4 tools capability', '5 tools/list', '6 host exposure', '7 trial call', '8 stdout hygiene', '9 exit on stdin close']);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
