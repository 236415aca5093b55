// McpClient following a task of the Tasks extension (SEP-2663) against a real McpServer over
// node:http at 2026-07-28: polled at the task's pollIntervalMs, its input answered once with
// tasks/update, heard of through subscriptions/listen instead of polling, its failure the
// JSON-RPC error, and callTool following a task the server chose.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { INTERNAL_ERROR, ProtocolError } from '../../../src/jsonrpc/index.js';
import { McpServer } from '../../../src/server/index.js';
import { tasksExtension } from '../src/index.js';
import { nodeHttpTransport, serveHttp } from '../../../src/node.js';
import { callToolAsTask, tasksClient } from '../src/client/tasks-client.js';

function server(): McpServer {
  const mcp = new McpServer({ name: 'follow', version: '1.0.0' });
  let release: (() => void) | undefined;
  mcp.tool({ name: 'ask', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }, async (_args, context) => {
    const answer = await context.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } } as never, { key: 'go' });
    await context.sendProgress({ progress: 1, message: 'answered' });
    return { content: [{ type: 'text', text: `answer: ${answer.action}` }] };
  });
  mcp.tool({ name: 'held', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, async () => {
    await new Promise<void>((resolve) => { release = resolve; });
    return { content: [{ type: 'text', text: 'released' }] };
  });
  mcp.tool({ name: 'release', inputSchema: { type: 'object' } }, () => { release?.(); return { content: [] }; });
  mcp.tool({ name: 'broken', inputSchema: { type: 'object' }, execution: { taskSupport: 'optional' } }, () => { throw new ProtocolError(INTERNAL_ERROR, 'it broke', { why: 'test' }); });
  return mcp.extension(tasksExtension({ pollIntervalMs: 30 }));
}

async function connected(): Promise<{ client: McpClient; methods: string[]; close: () => Promise<void> }> {
  const http = await serveHttp(server(), { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url), {
    era: '2026-07-28', extensions: [tasksClient()], onElicitation: async () => ({ action: 'accept', content: {} }),
  });
  const methods: string[] = [];
  client.use((ctx, next) => { methods.push(ctx.method); return next(); });
  return { client, methods, close: async () => { await client.close(); await http.close(); } };
}

test('callToolAsTask polls at pollIntervalMs, answers the input once with tasks/update, and returns the CallToolResult', async () => {
  const { client, methods, close } = await connected();
  try {
    const waits: number[] = [];
    const seen: string[] = [];
    const result = await callToolAsTask(client, 'ask', {}, {
      sleep: async (ms) => { waits.push(ms); await new Promise((resolve) => setTimeout(resolve, 5)); },
      ontask: (task) => seen.push(`${task.status}${task.statusMessage ? ` ${task.statusMessage}` : ''}`),
    });
    assert.deepEqual(result, { content: [{ type: 'text', text: 'answer: accept' }] });
    assert.deepEqual([...new Set(waits)], [30]);
    assert.equal(methods.filter((method) => method === 'tasks/update').length, 1);
    assert.deepEqual(seen.filter((line, index) => line !== seen[index - 1]).slice(0, 2), ['working', 'input_required']);
    assert.equal(seen.at(-1), 'completed answered');
  } finally {
    await close();
  }
});

test('follow: "listen" hears notifications/tasks and sends no tasks/get while they come', async () => {
  const { client, methods, close } = await connected();
  try {
    const pending = callToolAsTask(client, 'held', {}, { follow: 'listen' });
    while (!methods.includes('subscriptions/listen')) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.callTool('release', {});
    assert.deepEqual(await pending, { content: [{ type: 'text', text: 'released' }] });
    assert.deepEqual(methods, ['tools/call', 'subscriptions/listen', 'tools/call']);
  } finally {
    await close();
  }
});

test('a failed task rejects with its JSON-RPC error; callTool follows a task the server chose', async () => {
  const { client, close } = await connected();
  try {
    await assert.rejects(client.callTool('broken', {}), (error: unknown) => {
      assert.deepEqual([error instanceof ProtocolError, (error as ProtocolError).code, (error as Error).message, (error as ProtocolError).data], [true, INTERNAL_ERROR, 'it broke', { why: 'test' }]);
      return true;
    });
    assert.deepEqual(await client.callTool('ask', {}), { content: [{ type: 'text', text: 'answer: accept' }] });
  } finally {
    await close();
  }
});
