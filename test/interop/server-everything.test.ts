// `mcpwire read`, `mcpwire prompt` and a task-augmented `mcpwire call` against the official
// reference server, @modelcontextprotocol/server-everything (a pinned devDependency), spawned from
// node_modules/.bin over stdio and started in its streamableHttp mode on 127.0.0.1. Whole values
// where the server is deterministic; its task (simulate-research-query) works through four
// one-second stages and takes no argument to shorten them, so each task call takes about 5 s.

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { main } from '../../packages/cli/src/main.js';
import { startListeningServer } from '../../packages/cli/src/example-server.js';
import { captureIo, fixture } from '../../packages/cli/test/cli-harness.js';
import type { CapturedIo } from '../../packages/cli/test/cli-harness.js';

const BIN = fileURLToPath(new URL('../../node_modules/.bin/mcp-server-everything', import.meta.url));
const DOCS = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/docs/', import.meta.url));

/** Runs `mcpwire COMMAND …` in-process against `server`: a URL goes first, a command after -- last. */
async function mcpwire([command, ...args]: string[], server: string[], io: CapturedIo = captureIo()): Promise<{ code: number; out: string; err: string }> {
  const code = await main(server[0] === '--' ? [command!, ...args, ...server] : [command!, ...server, ...args], io);
  return { code, out: io.out(), err: io.err() };
}

const STAGES = ['Gathering sources...', 'Analyzing content...', 'Synthesizing findings...', 'Generating report...'];

/** Checks the stderr of a research task call: created, then only the server's stage messages, then completed. */
function assertTaskLines(err: string): void {
  // server-everything asks for roots after initialize; none are offered without --root, and stderr says so.
  const lines = err.trimEnd().split('\n').filter((line) => !line.startsWith('mcpwire: the server asked for roots; none offered'));
  const id = /^mcpwire: simulate-research-query runs as task "([0-9a-f-]+)" \(working(?:: "[^"]+")?\); polling tasks\/get every 1000 ms; Ctrl-C cancels it$/.exec(lines[0] ?? '')?.[1];
  assert.ok(id, `first line names the task: ${lines[0]}`);
  const statuses = lines.slice(1).map((line) => line.replace(`mcpwire: task "${id}" `, ''));
  assert.match(statuses.at(-1)!, /^completed: "/);
  for (const status of statuses.slice(0, -1)) assert.ok(STAGES.some((stage) => status === `working: "${stage}"`), `a stage message: ${status}`);
}

for (const transport of ['stdio', 'Streamable HTTP'] as const) {
  describe(`server-everything over ${transport}`, () => {
    let server: string[];
    let stop = async (): Promise<void> => {};
    before(async () => {
      if (transport === 'stdio') { server = ['--', BIN]; return; }
      const http = await startListeningServer(process.execPath, ['--import', fixture('loopback-listen.mjs'), BIN, 'streamableHttp']);
      server = [http.url];
      stop = http.stop;
    });
    after(() => stop());

    test('read: a static document comes back byte for byte', async () => {
      const result = await mcpwire(['read', 'demo://resource/static/document/startup.md'], server);
      assert.deepEqual(result, { code: 0, out: readFileSync(join(DOCS, 'startup.md'), 'utf8'), err: '' });
    });

    test('read: a blob is summarised, and --out saves its decoded bytes', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcpwire-everything-'));
      const summary = await mcpwire(['read', 'demo://resource/dynamic/blob/7'], server);
      assert.equal(summary.code, 0);
      assert.match(summary.out, /^\[blob demo:\/\/resource\/dynamic\/blob\/7 text\/plain, \d+ bytes; --out FILE saves it\]\n$/);
      const saved = await mcpwire(['read', 'demo://resource/dynamic/blob/7', '--out', 'blob.txt'], server, captureIo({ cwd: dir }));
      const bytes = readFileSync(join(dir, 'blob.txt'));
      assert.deepEqual([saved.code, saved.out, saved.err], [0, '', `mcpwire: wrote ${bytes.length} bytes (blob, text/plain) of demo://resource/dynamic/blob/7 to ${join(dir, 'blob.txt')}\n`]);
      assert.match(bytes.toString('utf8'), /^Resource 7: This is a base64 blob created at \d{1,2}:\d\d:\d\d( [AP]M)?$/);
    });

    test('read: an unknown document is the server\'s JSON-RPC error, exit 3', async () => {
      const result = await mcpwire(['read', 'demo://resource/static/document/nope.md'], server);
      assert.deepEqual(result, {
        code: 3, out: '',
        err: 'mcpwire: resources/read demo://resource/static/document/nope.md: a protocol error\n'
          + '  JSON-RPC error -32602 Invalid params from the server: MCP error -32602: Resource demo://resource/static/document/nope.md not found\n',
      });
    });

    test('prompt: messages role by role; --json exact; a missing required argument is a usage error', async () => {
      assert.deepEqual(await mcpwire(['prompt', 'args-prompt', 'city=Paris', 'state=TX'], server), { code: 0, out: 'user:\n  What\'s weather in Paris, TX?\n', err: '' });
      const json = await mcpwire(['prompt', 'simple-prompt', '--json'], server);
      assert.deepEqual([json.code, JSON.parse(json.out)], [0, { messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt without arguments.' } }] }]);
      assert.deepEqual(await mcpwire(['prompt', 'args-prompt', 'state=TX'], server), {
        code: 2, out: '', err: 'mcpwire: prompt "args-prompt" needs city=…; it takes: city (required), state; nothing was sent\n',
      });
    });

    test('call: simulate-research-query (taskSupport "required") runs as a task to its report', async () => {
      const result = await mcpwire(['call', 'simulate-research-query', 'topic=tides'], server);
      assert.equal(result.code, 0, result.err);
      const report = result.out.split('\n');
      assert.deepEqual(report.slice(0, 12), [
        '# Research Report: tides', '', '## Research Parameters', '- **Topic**: tides', '', '', '## Synthesis',
        'This research query was processed through 4 stages:',
        '- Stage 1: Gathering sources ✓', '- Stage 2: Analyzing content ✓', '- Stage 3: Synthesizing findings ✓', '- Stage 4: Generating report ✓',
      ]);
      assert.ok(report.includes('3. Status progressed: `working` → `completed`'));
      assertTaskLines(result.err);
    });
  });
}

test('server-everything over stdio: Ctrl-C while its task runs sends tasks/cancel, and the server confirms; exit 130', async () => {
  const interrupt = new AbortController();
  const io = captureIo({ signal: interrupt.signal });
  const write = io.stderr.write;
  io.stderr.write = (text) => { write(text); if (text.includes('runs as task')) interrupt.abort(new Error('interrupted (Ctrl-C)')); };
  const result = await mcpwire(['call', 'simulate-research-query', 'topic=tides'], ['--', BIN], io);
  assert.equal(result.code, 130);
  assert.match(result.err.split('\n')[1]!, /^mcpwire: interrupted; Cancelled task [0-9a-f-]+ of tools\/call "simulate-research-query" with tasks\/cancel \(interrupted \(Ctrl-C\)\); the server says it is now cancelled \("Client cancelled task execution\."\)$/);
});
