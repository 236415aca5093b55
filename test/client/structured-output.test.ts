// McpClient.callTool checks structuredContent against the outputSchema of the last tools/list
// (server/tools#output-schema: clients SHOULD validate), in both revisions, against a server that
// lies about its output (test/fixtures/lying-output-server.mjs, a real child process over stdio).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient, StructuredOutputError } from '../../src/client/index.js';
import { spawnStdio } from '../../src/node.js';

const LIAR = fileURLToPath(new URL('../fixtures/lying-output-server.mjs', import.meta.url));

/** What a call came to: the result, or the rejection's name, kind, tool, message and issues. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { result: await call };
  } catch (error) {
    if (!(error instanceof StructuredOutputError)) throw error;
    return { name: error.name, kind: error.kind, tool: error.tool, message: error.message, issues: error.issues };
  }
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`callTool rejects structuredContent that breaks the listed outputSchema, and a missing one; isError and unlisted pass (${era})`, async () => {
    const client = await McpClient.connect(spawnStdio(process.execPath, [LIAR]), { era });
    try {
      const sent: string[] = [];
      client.use(async (ctx, next) => {
        sent.push(ctx.method);
        return next();
      });
      const before = await outcome(client.callTool('lies', { a: 19, b: 23 }));
      assert.deepEqual((await client.listTools()).map((tool) => tool.name), ['honest', 'lies', 'silent', 'fails', 'poses']);
      const after = {
        honest: await outcome(client.callTool('honest', { a: 19, b: 23 })),
        lies: await outcome(client.callTool('lies', { a: 19, b: 23 })),
        silent: await outcome(client.callTool('silent', { a: 19, b: 23 })),
        fails: await outcome(client.callTool('fails', { a: 19, b: 23 })),
      };
      const extra = era === '2026-07-28' ? { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'lying-output', version: '1.0.0' } } } : {};
      assert.deepEqual({ before, after }, {
        before: { result: { content: [{ type: 'text', text: '42' }], structuredContent: { sum: '42' }, ...extra } },
        after: {
          honest: { result: { content: [{ type: 'text', text: '42' }], structuredContent: { sum: 42 }, ...extra } },
          lies: {
            name: 'StructuredOutputError', kind: 'mismatch', tool: 'lies',
            message: 'Tool lies returned structuredContent that does not match its outputSchema: sum: must be integer',
            issues: [{ path: ['sum'], message: 'must be integer' }],
          },
          silent: {
            name: 'StructuredOutputError', kind: 'missing', tool: 'silent',
            message: 'Tool silent declares an outputSchema but returned no structuredContent', issues: [],
          },
          fails: { result: { content: [{ type: 'text', text: 'cannot add today' }], isError: true, ...extra } },
        },
      });
      // The schema comes from the listing already made: checking sends nothing more.
      assert.deepEqual(sent, ['tools/call', 'tools/list', 'tools/call', 'tools/call', 'tools/call', 'tools/call']);
    } finally {
      await client.close();
    }
  });
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`a client with no Tasks client installed refuses a task it did not ask for, rather than skip the output check (${era})`, async (t) => {
    const client = await McpClient.connect(spawnStdio(process.execPath, [LIAR]), { era });
    t.after(() => client.close());
    const unlisted = await McpClient.connect(spawnStdio(process.execPath, [LIAR]), { era });
    t.after(() => unlisted.close());
    await client.listTools();
    const refused = 'The server answered "tools/call" with resultType "task", which no extension installed on this client owns';
    await assert.rejects(client.callTool('poses', { a: 19, b: 23 }), { name: 'Error', message: refused });
    // Without a listed outputSchema there is no check to skip, and the answer is still no result.
    await assert.rejects(unlisted.callTool('poses', { a: 1, b: 2 }), { name: 'Error', message: refused });
  });
}
