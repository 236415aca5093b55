import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { missingClientCapability, missingServerCapability } from '../../src/protocol/capabilities.js';
import { negotiateVersion } from '../../src/protocol/versions.js';
import { clientMaySend, nextClientState, nextServerState, serverMaySend, serverRefusal } from '../../src/protocol/lifecycle.js';

test('version negotiation echoes a supported version and otherwise offers the newest', () => {
  assert.equal(negotiateVersion('2025-11-25'), '2025-11-25');
  assert.equal(negotiateVersion('2025-06-18'), '2025-06-18');
  assert.equal(negotiateVersion('2025-03-26'), '2025-03-26');
  assert.equal(negotiateVersion('2024-11-05'), '2024-11-05');
  assert.equal(negotiateVersion('1999-01-01'), '2025-11-25');
});

test('server lifecycle: initialize first and once, then initialized, ping always', () => {
  const refusal = (state: Parameters<typeof serverRefusal>[0], method: string) => serverRefusal(state, method, 'request')?.toJSON();
  assert.deepEqual(refusal('awaiting-initialize', 'tools/list'), { code: -32600, message: 'Server not initialized: send "initialize" before "tools/list"' });
  assert.equal(refusal('awaiting-initialize', 'initialize'), undefined);
  assert.equal(refusal('awaiting-initialize', 'ping'), undefined);
  assert.deepEqual(refusal('awaiting-initialized', 'tools/call'), { code: -32600, message: 'Server not ready: send "notifications/initialized" before "tools/call"' });
  assert.deepEqual(refusal('operating', 'initialize'), { code: -32600, message: 'Server already initialized: initialize may be sent only once per session' });
  assert.equal(refusal('operating', 'tools/call'), undefined);
  assert.notEqual(serverRefusal('awaiting-initialize', 'notifications/progress', 'notification'), undefined);
  assert.equal(serverRefusal('awaiting-initialized', 'notifications/initialized', 'notification'), undefined);
});

test('what each side may send in each state', () => {
  assert.deepEqual(['ping', 'notifications/message', 'notifications/tools/list_changed'].map((m) => serverMaySend('awaiting-initialized', m)), [true, true, false]);
  assert.equal(serverMaySend('operating', 'notifications/tools/list_changed'), true);
  assert.equal(serverMaySend('closed', 'ping'), false);
  assert.deepEqual(['initialize', 'ping', 'tools/list'].map((m) => clientMaySend('idle', m)), [true, false, false]);
  assert.deepEqual(['initialize', 'server/discover', 'ping', 'notifications/initialized', 'tools/list'].map((m) => clientMaySend('initializing', m)), [true, true, true, true, false]);
  assert.equal(clientMaySend('ready', 'tools/list'), true);
  assert.equal(clientMaySend('closed', 'ping'), false);
});

test('capabilities gate methods on both sides', () => {
  assert.equal(missingServerCapability({}, 'tools/list'), 'The server did not declare the "tools" capability, so "tools/list" cannot be used');
  assert.equal(missingServerCapability({ tools: {} }, 'tools/call'), undefined);
  assert.equal(missingServerCapability({ resources: {} }, 'resources/subscribe'), 'The server did not declare "resources.subscribe", so "resources/subscribe" cannot be used');
  assert.equal(missingServerCapability({}, 'ping'), undefined);
  // A method an extension of the client adds needs only the server's declaration of that extension (SEP-2133; Tasks: SEP-2663).
  const tasks = [{ id: 'io.modelcontextprotocol/tasks', methods: ['tasks/get', 'tasks/update', 'tasks/cancel'] }];
  const declaring = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
  assert.equal(missingServerCapability(declaring, 'tasks/get', tasks), undefined);
  assert.equal(missingServerCapability(declaring, 'tasks/get'), 'The server did not declare the "tasks" capability, so "tasks/get" cannot be used');
  assert.equal(missingServerCapability({}, 'tasks/get', tasks), 'The server did not declare the "tasks" capability, so "tasks/get" cannot be used');
  assert.equal(missingClientCapability({}, 'sampling/createMessage'), 'The client did not declare the "sampling" capability, so "sampling/createMessage" cannot be used');
  assert.equal(missingClientCapability({ elicitation: {} }, 'elicitation/create', { mode: 'url' }), 'The client did not declare elicitation mode "url"');
  assert.equal(missingClientCapability({ elicitation: {} }, 'elicitation/create', {}), undefined);
  assert.equal(missingClientCapability({ sampling: {} }, 'sampling/createMessage', { tools: [] }), 'The client did not declare "sampling.tools", so tools cannot be sent in sampling/createMessage');
});

test('lifecycle transitions live in one place: every state × event, server and client', () => {
  const serverStates = ['awaiting-initialize', 'awaiting-initialized', 'operating', 'closed'] as const;
  assert.deepEqual(serverStates.map((state) => (['initialize', 'initialized', 'close'] as const).map((event) => nextServerState(state, event))), [
    ['awaiting-initialized', 'awaiting-initialize', 'closed'],
    ['awaiting-initialized', 'operating', 'closed'],
    ['operating', 'operating', 'closed'],
    ['closed', 'closed', 'closed'],
  ]);
  const clientStates = ['idle', 'initializing', 'ready', 'closed'] as const;
  assert.deepEqual(clientStates.map((state) => (['initialize', 'initialized', 'restart', 'close'] as const).map((event) => nextClientState(state, event))), [
    ['initializing', 'idle', 'idle', 'closed'],
    ['initializing', 'ready', 'idle', 'closed'],
    ['ready', 'ready', 'idle', 'closed'],
    ['closed', 'closed', 'closed', 'closed'],
  ]);
});

/** Each assignment to a lifecycle `state` in src/server and src/client that does not go through next*State(), as `file:line`. */
function stateAssignmentsOutsideLifecycle(): string[] {
  const src = new URL('../../src/', import.meta.url).pathname;
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
  return [...files(join(src, 'server')), ...files(join(src, 'client'))].flatMap((file) =>
    readFileSync(file, 'utf8').split('\n').flatMap((line, index) => {
      const assigned = /\.state\s*=(?!=)\s*(.*)$/.exec(line);
      return assigned && !/^next(Server|Client)State\(/.test(assigned[1]!) ? [`${relative(src, file)}:${index + 1}: ${line.trim()}`] : [];
    }));
}

test('every change of a server or client lifecycle state in src/ goes through nextServerState or nextClientState', () => {
  assert.deepStrictEqual(stateAssignmentsOutsideLifecycle(), []);
});
