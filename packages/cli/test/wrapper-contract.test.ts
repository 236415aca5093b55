// Every transport wrapper (the pass-through base, the tracing tap, the CLI's draining and echo wrappers and the
// stack the CLI builds from them) forwards every member of McpTransport: methods down to the wrapped
// transport, callbacks up from it, and what it is (kind, capabilities). The members are read from
// the McpTransport type itself (JSON-RPC's Transport and MCP's members on it), so a member added there fails this test until a check for it is
// written here (and, at compile time, FORWARDS stops type-checking).

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { DrainingTransport } from '../src/draining-transport.js';
import { EchoGuard } from '../src/echo-guard.js';
import type { JSONRPCMessage, SendOptions, TransportKind } from '../../../src/jsonrpc/index.js';
import type { TransportCapabilities } from '../../../src/jsonrpc/transport.js';
import type { McpMessageExtra, McpTransport, ParamHeaderSource } from '../../../src/protocol/mcp-transport.js';
import type { SessionState } from '../../../src/protocol/session-state.js';
import { tapTransport } from '../../../src/transport/index.js';
import { PassThroughTransport } from '../../../src/transport/pass-through.js';
import { relayedClient } from 'mcpwire-bridge';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

/** The members of the McpTransport interface, as the TypeScript checker sees them (Transport's, inherited, too). */
function transportMembers(): string[] {
  const file = join(SRC, 'protocol/mcp-transport.ts');
  const program = ts.createProgram([file], { noLib: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const declaration = source.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'McpTransport');
  assert.ok(declaration, 'src/protocol/mcp-transport.ts declares interface McpTransport');
  return checker.getPropertiesOfType(checker.getTypeAtLocation(declaration.name)).map((symbol) => symbol.name).sort();
}

/** The transport being wrapped: records every call that reaches it and lets a test fire its callbacks. */
class Recording implements McpTransport {
  // Values no wrapper would make up: a wrapper that does not forward them shows.
  readonly kind: TransportKind = 'other';
  readonly capabilities: TransportCapabilities = Object.freeze({ sessions: true, standaloneStream: false, resumption: true, manyClients: false });
  sessionId: string | undefined = 'sid-1';
  onmessage?: McpTransport['onmessage'];
  onerror?: McpTransport['onerror'];
  onclose?: McpTransport['onclose'];
  onabort?: McpTransport['onabort'];
  onauthchallenge?: McpTransport['onauthchallenge'];
  onsessionstate?: McpTransport['onsessionstate'];
  readonly calls: unknown[][] = [];

  async start(): Promise<void> { this.calls.push(['start']); }
  async send(message: JSONRPCMessage, options?: SendOptions): Promise<void> { this.calls.push(['send', message, options]); }
  async close(): Promise<void> { this.calls.push(['close']); }
  setReading(reading: boolean): void { this.calls.push(['setReading', reading]); }
  setProtocolVersion(version: string): void { this.calls.push(['setProtocolVersion', version]); }
  async openStandaloneStream(): Promise<boolean> { this.calls.push(['openStandaloneStream']); return true; }
  setParamHeaders(source: ParamHeaderSource): void { this.calls.push(['setParamHeaders', source]); }
  setMcpNames(names: Readonly<Record<string, string>>): void { this.calls.push(['setMcpNames', names]); }
  setMaxMessageBytes(bytes: number): void { this.calls.push(['setMaxMessageBytes', bytes]); }
  saveSessionState(state: SessionState): void { this.calls.push(['saveSessionState', state]); }
}

/** One member's check: uses it on the wrapper (or fires it on the wrapped transport) and says what came through. */
type Check = (outer: McpTransport, inner: Recording) => Promise<unknown>;

const MESSAGE: JSONRPCMessage = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'add' } };
const EXTRA: McpMessageExtra = { remoteAddress: '127.0.0.1', versionHeader: '2025-11-25' };
const PARAM_HEADERS: ParamHeaderSource = () => ({ Region: 'eu' });
const MCP_NAMES: Readonly<Record<string, string>> = { 'com.example/item': 'itemId' };
const SESSION_STATE: SessionState = { protocolVersion: '2025-11-25', initialized: true, clientCapabilities: {}, logLevel: 'error', subscriptions: ['file:///a'] };

/** Fires `fire` on the wrapped transport after `listen` set the wrapper's callback; returns what the callback got. */
async function callback(listen: (record: (...args: unknown[]) => void) => void, fire: () => void): Promise<unknown[][]> {
  const got: unknown[][] = [];
  listen((...args) => got.push(args));
  fire();
  return got;
}

/** A check per member of McpTransport; `-?` makes the optional members required here too. */
const FORWARDS: { [Member in keyof McpTransport]-?: Check } = {
  kind: async (outer) => outer.kind,
  capabilities: async (outer) => outer.capabilities,
  sessionId: async (outer, inner) => {
    inner.sessionId = 'sid-2'; // read when asked, not copied when wrapped
    return outer.sessionId;
  },
  start: async (outer, inner) => { await outer.start(); return inner.calls; },
  send: async (outer, inner) => { await outer.send(MESSAGE, { relatedRequestId: 3 }); return inner.calls; },
  close: async (outer, inner) => { await outer.close(); return inner.calls; },
  setReading: async (outer, inner) => { outer.setReading?.(false); outer.setReading?.(true); return inner.calls; },
  setProtocolVersion: async (outer, inner) => { outer.setProtocolVersion?.('2025-11-25'); return inner.calls; },
  openStandaloneStream: async (outer, inner) => [await outer.openStandaloneStream?.(), inner.calls],
  setParamHeaders: async (outer, inner) => { outer.setParamHeaders?.(PARAM_HEADERS); return inner.calls; },
  setMcpNames: async (outer, inner) => { outer.setMcpNames?.(MCP_NAMES); return inner.calls; },
  setMaxMessageBytes: async (outer, inner) => { outer.setMaxMessageBytes?.(1234); return inner.calls; },
  saveSessionState: async (outer, inner) => { outer.saveSessionState?.(SESSION_STATE); return inner.calls; },
  onmessage: (outer, inner) => callback((record) => { outer.onmessage = record; }, () => inner.onmessage?.(MESSAGE, EXTRA)),
  onerror: (outer, inner) => callback((record) => { outer.onerror = record; }, () => inner.onerror?.(new Error('inner trouble'))),
  onclose: (outer, inner) => callback((record) => { outer.onclose = record; }, () => inner.onclose?.(new Error('pipe gone'))),
  onabort: (outer, inner) => callback((record) => { outer.onabort = record; }, () => inner.onabort?.(4, 'the client went')),
  onauthchallenge: (outer, inner) => callback((record) => { outer.onauthchallenge = record; }, () => inner.onauthchallenge?.()),
  onsessionstate: (outer, inner) => callback((record) => { outer.onsessionstate = record; }, () => inner.onsessionstate?.(SESSION_STATE)),
};

/** What each check must see: exactly what reached, or came from, the wrapped transport. */
const EXPECTED: { [Member in keyof McpTransport]-?: unknown } = {
  kind: 'other',
  capabilities: { sessions: true, standaloneStream: false, resumption: true, manyClients: false },
  sessionId: 'sid-2',
  start: [['start']],
  send: [['send', MESSAGE, { relatedRequestId: 3 }]],
  close: [['close']],
  setReading: [['setReading', false], ['setReading', true]],
  setProtocolVersion: [['setProtocolVersion', '2025-11-25']],
  openStandaloneStream: [true, [['openStandaloneStream']]],
  setParamHeaders: [['setParamHeaders', PARAM_HEADERS]],
  setMcpNames: [['setMcpNames', MCP_NAMES]],
  setMaxMessageBytes: [['setMaxMessageBytes', 1234]],
  saveSessionState: [['saveSessionState', SESSION_STATE]],
  onmessage: [[MESSAGE, EXTRA]],
  onerror: [[new Error('inner trouble')]],
  onclose: [[new Error('pipe gone')]],
  onabort: [[4, 'the client went']],
  onauthchallenge: [[]],
  onsessionstate: [[SESSION_STATE]],
};

/** Every wrapper in src/, as a user or the CLI builds it. */
const WRAPPERS: Record<string, (inner: McpTransport) => McpTransport> = {
  PassThroughTransport: (inner) => new PassThroughTransport(inner),
  'tapTransport (TappedTransport)': (inner) => tapTransport(inner, () => undefined),
  DrainingTransport: (inner) => new DrainingTransport(inner),
  EchoGuard: (inner) => new EchoGuard(inner),
  "the CLI's stack: DrainingTransport(EchoGuard(tapTransport(…)))": (inner) => new DrainingTransport(new EchoGuard(tapTransport(inner, () => undefined))),
  'relayedClient (RelayedClientTransport)': (inner) => relayedClient(inner),
};

/** Read once: building the program takes a few hundred milliseconds. */
const MEMBERS = transportMembers();

test('the checks cover every member of the McpTransport type, no more and no fewer', () => {
  assert.deepStrictEqual(Object.keys(FORWARDS).sort(), MEMBERS);
  assert.deepStrictEqual(Object.keys(EXPECTED).sort(), MEMBERS);
});

for (const [name, wrap] of Object.entries(WRAPPERS)) {
  test(`${name} forwards every member of McpTransport, optional ones and callbacks included`, async () => {
    const seen: Record<string, unknown> = {};
    for (const member of MEMBERS) {
      const inner = new Recording(); // a fresh one per member: each check sees its own calls only
      seen[member] = await FORWARDS[member as keyof McpTransport](wrap(inner), inner);
    }
    assert.deepStrictEqual(seen, EXPECTED);
  });

  test(`${name} over a transport with only the required members: it says what that one is, and the optional methods do nothing`, async () => {
    const calls: string[] = [];
    const bare: McpTransport = {
      kind: 'stdio',
      capabilities: { sessions: false, standaloneStream: false, resumption: false, manyClients: false },
      start: async () => { calls.push('start'); },
      send: async () => { calls.push('send'); },
      close: async () => { calls.push('close'); },
    };
    const outer = wrap(bare);
    outer.setProtocolVersion?.('2025-11-25');
    outer.setReading?.(false);
    outer.setParamHeaders?.(PARAM_HEADERS);
    outer.setMcpNames?.(MCP_NAMES);
    outer.saveSessionState?.(SESSION_STATE);
    assert.deepStrictEqual(
      [outer.kind, outer.capabilities, outer.sessionId, await outer.openStandaloneStream?.(), calls],
      ['stdio', { sessions: false, standaloneStream: false, resumption: false, manyClients: false }, undefined, false, []],
    );
  });
}

/** Every class in the core's src/ and the packages' that implements Transport or McpTransport or extends a wrapper, by name. */
function transportClasses(): string[] {
  const names: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) {
        for (const match of readFileSync(path, 'utf8').matchAll(/\bclass (\w+) (?:extends (?:PassThroughTransport|\w+Transport)\b|implements [^{]*\b(?:Mcp)?Transport\b)/g)) names.push(match[1]!);
      }
    }
  };
  visit(SRC);
  const packages = join(SRC, '..', 'packages');
  for (const name of readdirSync(packages)) if (existsSync(join(packages, name, 'src'))) visit(join(packages, name, 'src'));
  return names.sort();
}

test('every transport class in src/ and packages/*/src is either a wrapper tested above or a transport of its own', () => {
  // A new class lands here: a wrapper goes into WRAPPERS (and must forward everything), a
  // transport says its kind and capabilities (test/transport/transport-declarations.test.ts).
  const wrappers = ['DrainingTransport', 'EchoGuard', 'PassThroughTransport', 'RelayedClientTransport', 'TappedTransport'];
  const transports = ['InMemoryTransport', 'LegacySseClientTransport', 'SharedChildPort', 'SpawnedStdioTransport', 'StdioTransport', 'StreamableHttpClientTransport', 'StatelessChannel', 'StreamableHttpSessionTransport'];
  assert.deepStrictEqual(transportClasses(), [...wrappers, ...transports].sort());
});
