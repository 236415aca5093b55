// Every options object the library takes refuses a key it does not know, naming it, and a key that
// moved says where it went (src/options/known-options.ts). The table is walked from the exported
// type names (export-types.ts), so a new public options type fails here until it is either taken
// by a factory below (and checked there) or listed with the reason it is not.

import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { McpClient } from '../../src/client/index.js';
import { OAuthProvider } from '../../packages/auth/src/index.js';
import { Host, Policy } from '../../src/host/index.js';
import { AnthropicModel, OpenAiModel } from '../../packages/models/src/index.js';
import { ModelScopeClient } from '../../packages/modelscope/src/index.js';
import { Relay, relayPerSession, relayShared, relayedClient } from '../../packages/bridge/src/index.js';
import { compile } from '../../src/json-schema/index.js';
import { JsonRpcPeer } from '../../src/jsonrpc/index.js';
import { McpServer, ToolServer } from '../../src/server/index.js';
import { MemoryTaskStore, tasksExtension } from '../../packages/ext-tasks/src/index.js';
import { createStatelessFetchHandler } from '../../src/http-stateless.js';
import { jwtVerifier } from '../../packages/auth/src/index.js';
import {
  InMemoryEventStore, LegacySseClientTransport, StreamableHttpClientTransport, bearerAuth, corsPolicy, createFetchHandler, httpTransport, legacySseTransport,
} from '../../src/http.js';
import { createStreamableHttpHandler, nodeHttpTransport, serveHttp, serveStdio, spawnStdio } from '../../src/node.js';
import { LineDecoder } from '../../src/transport/stdio/line-framing.js';
import { StdioTransport } from '../../src/transport/stdio/stdio.js';
import { createLinkedPair } from '../../src/transport/index.js';
import type { TokenVerifier } from '../../src/http.js';
import { readSkillFolders } from '../../packages/ext-skills/src/node.js';
import { tasksClient } from '../../packages/ext-tasks/src/index.js';
import { RedisEventStore } from '../../packages/redis/src/redis-event-store.js';
import { RedisSessionStateStore } from '../../packages/redis/src/redis-session-state-store.js';
import { RedisListenBus } from '../../packages/redis/src/redis-listen-bus.js';
import { RedisTaskStore } from '../../packages/redis/src/redis-task-store.js';
import { refuseUnknownOptions } from '../../src/options/known-options.js';
import { exportedTypes } from '../export-types.js';

type Extra = Record<string, unknown>;

const INFO = { name: 's', version: '1' };
const VERIFY: TokenVerifier = async () => { throw new Error('never called'); };
const server = (): McpServer => new McpServer(INFO);
const transport = () => createLinkedPair()[0];

/**
 * Each public options type, the factories that take it, and what each is called in its errors; and the
 * options of factories whose type no entry exports (PeerOptions, RequestStateOptions, StdioTransportOptions,
 * LineDecoderOptions), which refuse unknown keys all the same.
 */
const FACTORIES: Record<string, Array<[owner: string, take: (extra: Extra) => unknown]>> = {
  McpServerOptions: [['new McpServer', (extra) => new McpServer(INFO, extra)]],
  ToolServerOptions: [['new ToolServer', (extra) => new ToolServer(INFO, extra)]],
  RequestStateOptions: [['requestState', (extra) => new McpServer(INFO, { requestState: extra })]],
  MemoryTaskStoreOptions: [['new MemoryTaskStore', (extra) => new MemoryTaskStore(extra)]],
  TasksExtensionOptions: [['tasksExtension', (extra) => tasksExtension(extra)]],
  McpClientOptions: [['new McpClient', (extra) => new McpClient(transport(), extra)]],
  OAuthProviderOptions: [['new OAuthProvider', (extra) => new OAuthProvider('https://mcp.example/mcp', extra)]],
  PeerOptions: [['new JsonRpcPeer', (extra) => new JsonRpcPeer(transport(), extra)]],
  ValidateOptions: [['compile', (extra) => compile({}, extra)]],
  HostOptions: [['new Host', (extra) => new Host(extra)]],
  PolicyOptions: [['new Policy', (extra) => new Policy(extra)]],
  OpenAiModelOptions: [['new OpenAiModel', (extra) => new OpenAiModel({ model: 'm', ...extra })]],
  AnthropicModelOptions: [['new AnthropicModel', (extra) => new AnthropicModel({ model: 'm', ...extra })]],
  ModelScopeClientOptions: [['new ModelScopeClient', (extra) => new ModelScopeClient(extra)]],
  RelayOptions: [['new Relay', (extra) => new Relay(transport(), extra)]],
  RelayPerSessionOptions: [['relayPerSession', (extra) => relayPerSession(transport, extra)], ['relayShared', (extra) => relayShared(transport, extra)]],
  RelayedClientOptions: [['relayedClient', (extra) => relayedClient(transport(), extra)]],
  HttpServerOptions: [
    ['serveHttp', (extra) => serveHttp(server(), extra)],
    ['createStreamableHttpHandler', (extra) => createStreamableHttpHandler(server(), extra)],
  ],
  FetchHandlerOptions: [['createFetchHandler', (extra) => createFetchHandler(server(), extra)]],
  StatelessFetchHandlerOptions: [['createStatelessFetchHandler', (extra) => createStatelessFetchHandler(server(), extra)]],
  BearerAuthOptions: [['bearerAuth', (extra) => bearerAuth({ verifyToken: VERIFY, ...extra })]],
  CorsOptions: [['corsPolicy', (extra) => corsPolicy({ origins: [], ...extra })]],
  JwtVerifierOptions: [['jwtVerifier', (extra) => jwtVerifier({ issuer: 'https://as.example', audience: 'https://mcp.example', jwksUri: 'https://as.example/jwks', ...extra })]],
  InMemoryEventStoreOptions: [['new InMemoryEventStore', (extra) => new InMemoryEventStore(extra)]],
  HttpTransportOptions: [
    ['httpTransport', (extra) => nodeHttpTransport('http://127.0.0.1:1/mcp', extra)],
    ['httpTransport', (extra) => httpTransport('http://127.0.0.1:1/mcp', extra)],
    ['httpTransport', (extra) => new StreamableHttpClientTransport('http://127.0.0.1:1/mcp', extra)],
  ],
  LegacySseTransportOptions: [
    ['legacySseTransport', (extra) => legacySseTransport('http://127.0.0.1:1/sse', extra)],
    ['legacySseTransport', (extra) => new LegacySseClientTransport('http://127.0.0.1:1/sse', extra)],
  ],
  SpawnStdioOptions: [['spawnStdio', (extra) => spawnStdio(process.execPath, ['-e', ''], extra)]],
  StdioTransportOptions: [
    ['new StdioTransport', (extra) => new StdioTransport(new PassThrough(), new PassThrough(), extra)],
    ['new StdioTransport', (extra) => serveStdio(server(), extra)],
  ],
  LineDecoderOptions: [['new LineDecoder', (extra) => new LineDecoder(extra)]],
  SkillFolderOptions: [['readSkillFolders', (extra) => readSkillFolders('/nonexistent', extra)]],
  TasksClientOptions: [['tasksClient', (extra) => tasksClient(extra)]],
  RedisEventStoreOptions: [['new RedisEventStore', (extra) => new RedisEventStore({} as never, extra)]],
  RedisSessionStateStoreOptions: [['new RedisSessionStateStore', (extra) => new RedisSessionStateStore({} as never, extra)]],
  RedisListenBusOptions: [['RedisListenBus.open', (extra) => RedisListenBus.open({} as never, {} as never, extra)]],
  RedisTaskStoreOptions: [['RedisTaskStore.open', (extra) => RedisTaskStore.open({} as never, {} as never, extra)]],
};

/** Public options types no factory takes as a whole, and why they are not checked where they are passed. */
const NOT_TAKEN: Record<string, string> = {
  ModelHttpOptions: 'the part OpenAiModelOptions and AnthropicModelOptions share; their constructors check it',
  SendOptions: 'per message a transport sends, on the hot path, built inside the library',
  McpRequestOptions: 'per request, on the hot path, and passed on inside the library',
  ClientRequestOptions: 'per request, on the hot path, and passed on inside the library',
  InputOptions: 'per elicitation, sampling or roots request of a running handler',
  ExtensionTaskOptions: 'per task operation (getDetailedTask, updateTask, requestTaskCancel), like every request\'s options',
  TaskCallOptions: 'per callToolAsTask, like every request\'s options',
  ToolTaskOptions: 'per task operation of experimental tasks (getTask, getTaskResult, cancelTask), like every request\'s options',
  ListSkillsOptions: 'per listSkills, like every request\'s options',
  OutboundOptions: 'per outbound fetch, built inside the packages from options that were checked',
};

/** What a factory does with `extra`: its TypeError's message, or 'accepted'. */
async function outcome(take: (extra: Extra) => unknown, extra: Extra): Promise<string> {
  try {
    const made = take(extra);
    if (made instanceof Promise) await made;
    return 'accepted';
  } catch (error) {
    return error instanceof TypeError ? error.message : `not a TypeError: ${String(error)}`;
  }
}

/** The packages' entries (relative to src/), whose options types the table covers as much as the core's. */
const PACKAGE_ENTRIES = ['auth', 'models', 'ext-tasks', 'ext-skills', 'ext-apps', 'outbound', 'modelscope', 'bridge', 'redis'].flatMap((name) => [`../packages/${name}/src/index.ts`, ...(name === 'ext-skills' ? [`../packages/${name}/src/node.ts`] : [])]);

test('the table covers every public options type: a new one must be checked or say why not', () => {
  const exported = new Set(Object.values(exportedTypes(['index.ts', 'jsonrpc/index.ts', 'json-schema/index.ts', 'protocol/index.ts', 'transport/index.ts',
    'http.ts', 'http-stateless.ts', 'node.ts', 'server/index.ts', 'client/index.ts', 'host/index.ts', ...PACKAGE_ENTRIES])).flat().filter((name) => name.endsWith('Options')));
  assert.deepStrictEqual([...exported].filter((name) => !(name in FACTORIES) && !(name in NOT_TAKEN)), []);
  // NOT_TAKEN explains exported types only: a type that leaves the entries leaves it too.
  assert.deepStrictEqual(Object.keys(NOT_TAKEN).filter((name) => !exported.has(name)), []);
});

test('every factory refuses an unknown key, naming it and itself', async () => {
  const refused: string[] = [];
  const expected: string[] = [];
  for (const factories of Object.values(FACTORIES)) {
    for (const [owner, take] of factories) {
      refused.push(await outcome(take, { bogusKey: 1 }));
      expected.push(`${owner}: unknown option "bogusKey"`);
    }
  }
  assert.deepStrictEqual(refused, expected);
});

test('verifyToken and resourceMetadata, the endpoint options before auth: bearerAuth(...), are refused saying where they went', async () => {
  const BEARER = 'was replaced by auth: bearerAuth({ verifyToken, resourceMetadata })';
  const endpoints = [...FACTORIES.HttpServerOptions!, ...FACTORIES.FetchHandlerOptions!, ...FACTORIES.StatelessFetchHandlerOptions!];
  const seen: string[] = [];
  for (const [, take] of endpoints) {
    seen.push(await outcome(take, { verifyToken: VERIFY, resourceMetadata: { resource: 'https://mcp.example/mcp' } }));
    seen.push(await outcome(take, { resourceMetadata: { resource: 'https://mcp.example/mcp' } }));
  }
  assert.deepStrictEqual(seen, endpoints.flatMap(([owner]) => [`${owner}: the option "verifyToken" ${BEARER}`, `${owner}: the option "resourceMetadata" ${BEARER}`]));
});

test('the other renamed options say what replaced them', async () => {
  assert.deepStrictEqual([
    await outcome(FACTORIES.McpServerOptions![0]![1], { modernVersions: ['2026-07-28'] }),
    await outcome(FACTORIES.ToolServerOptions![0]![1], { modernVersions: ['2026-07-28'] }),
    await outcome(FACTORIES.ValidateOptions![0]![1], { assertFormat: true }),
    await outcome(FACTORIES.StatelessFetchHandlerOptions![0]![1], { eventStore: new InMemoryEventStore() }),
  ], [
    'new McpServer: the option "modernVersions" was replaced by statelessRevisions',
    'new ToolServer: the option "modernVersions" was replaced by statelessRevisions',
    'compile: the option "assertFormat" was replaced by formats: standardFormats (or your own format tests)',
    'createStatelessFetchHandler: the option "eventStore" tunes 2025 sessions, which createStatelessFetchHandler does not serve (createFetchHandler does)',
  ]);
});

test('nested limits are checked with the options that carry them', async () => {
  assert.deepStrictEqual([
    await outcome((extra) => new McpClient(transport(), { listLimits: extra }), { maxPage: 1 }),
    await outcome((extra) => new McpClient(transport(), { resultCacheLimits: extra }), { maxEntry: 1 }),
    await outcome((extra) => nodeHttpTransport('http://127.0.0.1:1/mcp', { reconnect: { maxRetries: 1, initialDelayMs: 1, ...extra } }), { maxDelayMs: 1 }),
  ], [
    'new McpClient: listLimits: unknown option "maxPage"',
    'new McpClient: resultCacheLimits: unknown option "maxEntry"',
    'httpTransport: reconnect: unknown option "maxDelayMs"',
  ]);
});

test('known keys pass, an absent options object passes, and a key on the prototype is not the object\'s', () => {
  const known = { a: true, b: true } as const;
  refuseUnknownOptions('f', { a: 1, b: undefined }, known);
  refuseUnknownOptions('f', undefined, known);
  refuseUnknownOptions('f', Object.create({ inherited: 1 }) as object, known);
  assert.throws(() => refuseUnknownOptions('f', { a: 1, c: 2 }, known), { name: 'TypeError', message: 'f: unknown option "c"' });
  assert.throws(() => refuseUnknownOptions('f', { ['__proto__']: 1 } as object, known), { name: 'TypeError', message: 'f: unknown option "__proto__"' });
});

test('maxMessageBytes (issue 47) is a known key of each HTTP client transport and of McpClient', async () => {
  const limit = { maxMessageBytes: 16 * 1024 * 1024 };
  assert.deepStrictEqual([
    await outcome((extra) => nodeHttpTransport('http://127.0.0.1:1/mcp', extra), limit),
    await outcome((extra) => httpTransport('http://127.0.0.1:1/mcp', extra), limit),
    await outcome((extra) => legacySseTransport('http://127.0.0.1:1/sse', extra), limit),
    await outcome((extra) => new McpClient(transport(), extra), limit),
  ], ['accepted', 'accepted', 'accepted', 'accepted']);
});
