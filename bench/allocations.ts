// Bytes allocated and CPU time per call through each layer, in this process, with no I/O: the
// peer alone, the whole server (session, context, validation), the client, the stdio framing,
// and the raw echo's work for scale. Allocation = heap growth across a batch during which no
// GC ran (a big young generation makes room). Not part of `npm run bench`; run it when
// profiling:  npx tsx bench/allocations.ts

import { spawnSync } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ADD_CALL, INITIALIZE_PARAMS } from './config.js';
import { buildDist, importDist } from './build.js';

if (typeof globalThis.gc !== 'function') {
  // Re-run with a GC we can trigger and a young generation big enough to hold a whole batch.
  buildDist();
  const flags = ['--expose-gc', '--min-semi-space-size=128', '--max-semi-space-size=128', '--import', 'tsx', fileURLToPath(import.meta.url)];
  process.exit(spawnSync(process.execPath, flags, { stdio: 'inherit' }).status ?? 1);
}

type JsonRpc = typeof import('../src/jsonrpc/index.js');
type Transports = typeof import('../src/transport/stdio/line-framing.js');
type Client = typeof import('../src/client/index.js');
type AddServer = typeof import('../examples/add-server.js');
const { JsonRpcPeer } = await importDist<JsonRpc>('src/jsonrpc/index.js');
const { LineDecoder, encodeLine } = await importDist<Transports>('src/transport/stdio/line-framing.js');
const { McpClient } = await importDist<Client>('src/client/index.js');
const { createAddServer } = await importDist<AddServer>('examples/add-server.js');

/** A transport that hands every sent message to `onsend` and delivers what `deliver` is given. */
class FakeTransport {
  onmessage?: (message: unknown) => void;
  onsend: (message: any) => void = () => undefined;
  async start(): Promise<void> {}
  async close(): Promise<void> {}
  send(message: unknown): Promise<void> { this.onsend(message); return Promise.resolve(); }
}

let gcs = 0;
new PerformanceObserver((list) => { gcs += list.getEntries().length; }).observe({ entryTypes: ['gc'] });

/** `batch` runs `count` calls (all started at once) and resolves when they are done. */
async function measure(name: string, batch: (count: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < 20; i++) await batch(500); // warm up: JIT, inline caches
  const calls = 1_000; // under the peer's default cap of 1024 pending requests
  let bytes = Number.NaN;
  for (let attempt = 0; attempt < 3 && Number.isNaN(bytes); attempt++) {
    globalThis.gc!();
    await new Promise((resolve) => setTimeout(resolve, 10)); // let the gc entry be observed
    const before = process.memoryUsage().heapUsed;
    const gcsBefore = gcs;
    await batch(calls);
    const after = process.memoryUsage().heapUsed;
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (gcs === gcsBefore) bytes = (after - before) / calls;
  }
  const timed = 20_000;
  const cpu = process.cpuUsage();
  for (let done = 0; done < timed; done += 64) await batch(64);
  const used = process.cpuUsage(cpu);
  console.log(`${name.padEnd(44)} ${Number.isNaN(bytes) ? '   (GC ran)' : `${bytes.toFixed(0).padStart(6)} B/call`}  ${((used.user + used.system) / timed).toFixed(2).padStart(6)} µs/call`);
}

/** Feeds `count` requests to `transport` and resolves once as many messages were sent back. */
function driveServer(transport: FakeTransport, message: (id: number) => unknown) {
  let nextId = 1;
  return (count: number) => new Promise<void>((resolve) => {
    let left = count;
    transport.onsend = () => { if (--left === 0) resolve(); };
    for (let i = 0; i < count; i++) transport.onmessage!(message(nextId++));
  });
}

const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add', arguments: { a: 19, b: 23 } } });

// The raw echo's per-message work, for scale: parse, build, stringify.
const line = JSON.stringify(request(1));
await measure('raw echo work (parse, build, stringify)', async (count) => {
  for (let i = 0; i < count; i++) {
    const m = JSON.parse(line);
    JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: String(m.params.arguments.a + m.params.arguments.b) }] } });
  }
});

const chunk = Buffer.from(`${line}\n`.repeat(64));
await measure('stdio framing: decode one line + encode one', async (count) => {
  const decoder = new LineDecoder();
  for (let done = 0; done < count; done += 64) {
    for (const text of decoder.push(chunk)) encodeLine(JSON.parse(text));
  }
});

const peerTransport = new FakeTransport();
const peer = new JsonRpcPeer(peerTransport as any);
peer.setRequestHandler('tools/call', () => ({ content: [] }));
await measure('JsonRpcPeer: request in, handler, response out', driveServer(peerTransport, request));

const serverTransport = new FakeTransport();
await createAddServer().connect(serverTransport as any);
serverTransport.onmessage!({ jsonrpc: '2.0', id: 0, method: 'initialize', params: INITIALIZE_PARAMS });
serverTransport.onmessage!({ jsonrpc: '2.0', method: 'notifications/initialized' });
await measure('McpServer: tools/call add, validated', driveServer(serverTransport, request));

const clientTransport = new FakeTransport();
clientTransport.onsend = (message) => {
  const result = message.method === 'initialize'
    ? { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } }
    : { content: [{ type: 'text', text: '42' }] };
  if (message.id !== undefined) queueMicrotask(() => clientTransport.onmessage!({ jsonrpc: '2.0', id: message.id, result }));
};
const client = await McpClient.connect(clientTransport as any);
await measure('McpClient: callTool add, response in', async (count) => {
  const calls = [];
  for (let i = 0; i < count; i++) calls.push(client.callTool(ADD_CALL.name, ADD_CALL.arguments));
  await Promise.all(calls);
});
