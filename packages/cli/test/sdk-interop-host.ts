// The official SDK's Client (@modelcontextprotocol/sdk 1.x) as a host, and the calls the interop
// tests make through a bridge to the reference server @modelcontextprotocol/server-everything: a
// plain tool, progress, and the server's own requests (sampling, elicitation, roots/list) answered
// by the SDK host. bridge-interop.test.ts runs them through mcpwire; bridge-anchors-interop.test.ts
// through mcp-remote and supergateway, for comparison.

import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** server-everything's bin: `EVERYTHING` is its stdio mode, `EVERYTHING streamableHttp` its HTTP one. */
export const EVERYTHING = fileURLToPath(new URL('../../../node_modules/.bin/mcp-server-everything', import.meta.url));

/**
 * What reached the SDK host's transport. The SDK runs notification handlers a microtask after a
 * response in the same chunk, so its onprogress can miss the last progress; the wire cannot.
 */
export class RecordingTransport implements Transport {
  readonly received: { method?: string; params?: { progress?: number } }[] = [];
  readonly inner: Transport;
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  constructor(inner: Transport) {
    this.inner = inner;
    inner.onmessage = (message, extra) => {
      this.received.push(message as RecordingTransport['received'][number]);
      this.onmessage?.(message, extra);
    };
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
  }

  get sessionId(): string | undefined { return this.inner.sessionId; }
  start(): Promise<void> { return this.inner.start(); }
  send(...args: Parameters<Transport['send']>): Promise<void> { return this.inner.send(...args); }
  close(): Promise<void> { return this.inner.close(); }
  setProtocolVersion(version: string): void { this.inner.setProtocolVersion?.(version); }
}

/** The SDK host: sampling answered "hi from the host", elicitation declined, one root. */
export async function sdkHost(t: TestContext, transport: RecordingTransport): Promise<Client> {
  const client = new Client({ name: 'sdk-host', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } } });
  client.setRequestHandler(CreateMessageRequestSchema, async () => ({ model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  await client.connect(transport);
  t.after(() => client.close());
  return client;
}

export const texts = (result: unknown): string[] => ((result as { content: { type: string; text?: string }[] }).content).map((part) => part.text ?? part.type);

/** The calls each way makes, with the answers server-everything gives: the same whole values through every bridge. */
export async function exercise(client: Client, wire: RecordingTransport): Promise<void> {
  // The tools server-everything lists to a host that declares sampling, elicitation and roots.
  assert.deepStrictEqual((await client.listTools()).tools.map((tool) => tool.name), [
    'echo', 'get-annotated-message', 'get-env', 'get-resource-links', 'get-resource-reference', 'get-structured-content', 'get-sum', 'get-tiny-image',
    'gzip-file-as-resource', 'toggle-simulated-logging', 'toggle-subscriber-updates', 'trigger-long-running-operation',
    'get-roots-list', 'trigger-elicitation-request', 'trigger-sampling-request', 'simulate-research-query',
  ]);
  // server-everything answers an unknown tool and bad arguments with isError (its SDK's choice), and a bridge passes that on as it came.
  assert.deepStrictEqual(await client.callTool({ name: 'nope', arguments: {} }), { content: [{ type: 'text', text: 'MCP error -32602: Tool nope not found' }], isError: true });
  assert.deepStrictEqual(texts(await client.callTool({ name: 'echo', arguments: { message: 'über' } })), ['Echo: über']);
  assert.deepStrictEqual(texts(await client.callTool({ name: 'get-sum', arguments: { a: 19, b: 23 } })), ['The sum of 19 and 23 is 42.']);
  const long = await client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 } }, undefined, { onprogress: () => undefined });
  const progress = wire.received.filter((message) => message.method === 'notifications/progress').map((message) => message.params?.progress);
  assert.deepStrictEqual([texts(long), progress], [['Long running operation completed. Duration: 0.2 seconds, Steps: 2.'], [1, 2]]);
  const sampled = texts(await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'hello', maxTokens: 10 } }));
  assert.equal(sampled.length, 1);
  assert.deepStrictEqual(JSON.parse(sampled[0]!.replace(/^LLM sampling result: \n/, '')), { model: 'host-model', role: 'assistant', content: { type: 'text', text: 'hi from the host' } });
  assert.deepStrictEqual(texts(await client.callTool({ name: 'trigger-elicitation-request', arguments: {} })), ['❌ User declined to provide the requested information.', '\nRaw result: {\n  "action": "decline"\n}']);
  assert.match(texts(await client.callTool({ name: 'get-roots-list', arguments: {} }))[0]!, /^Current MCP Roots \(1 total\):\n\n1\. work\n {3}URI: file:\/\/\/work\n/);
}
