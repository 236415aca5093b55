// Pins issue 44's "one error base class (code, cause) that every error the library throws extends":
// every error class in src/ (found two ways: the values each package entry exports, and every
// `class X extends Y` of the source whose chain reaches Error) is built here with a cause, and must
// extend McpwireError, be named after its class, carry the cause, and have a code of the right form.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpwireError } from '../../src/errors/mcpwire-error.js';
import { SRC, sourceFiles } from '../src-files.js';
import { ConnectionClosedError, LineTooLongError, MessageParseError, OutputBacklogError, ProtocolError, RequestCancelledError,
  RequestTimeoutError, TooManyPendingRequestsError, INVALID_PARAMS, INVALID_REQUEST } from '../../src/jsonrpc/index.js';
import { InputRequiredError } from '../../src/server/stateless-context.js';
import { JwsError } from '../../packages/auth/src/jws/compact-jws.js';
import { CapabilityError } from '../../src/protocol/index.js';
import { SkillFrontmatterError } from '../../packages/ext-skills/src/index.js';
import { OutboundError } from '../../packages/outbound/src/outbound-fetch.js';
import { PlazaError } from '../../packages/modelscope/src/plaza-error.js';
import { RegistryError } from '../../packages/cli/src/registry-api.js';
import { ConfigError } from '../../packages/cli/src/config-dialects.js';
import { InspectRequestError } from '../../packages/cli/src/inspect-api.js';
import { InsufficientScopeError } from '../../src/errors/insufficient-scope-error.js';
import { ServerEchoError } from '../../packages/cli/src/echo-guard.js';
import { OutputFileError } from '../../packages/cli/src/output-file.js';
import { UsageError } from '../../packages/cli/src/args.js';
import { FallbackFailedError } from '../../packages/cli/src/connect.js';
import { SkillFolderError } from '../../packages/ext-skills/src/node/skill-folders.js';
import { SseEventTooLargeError } from '../../src/transport/sse.js';
import { ServerSpawnError } from '../../src/transport/stdio/server-spawn-error.js';
import { HttpStatusError } from '../../src/transport/http-client/http-status-error.js';
import { ClearBearerError } from '../../src/transport/http-client/clear-bearer.js';
import { HttpError } from '../../src/transport/http-server/http-error.js';
import { StoredSessionError } from '../../src/transport/http-server/session-state-store.js';
import { SessionLostError, StructuredOutputError } from '../../src/client/index.js';
import { OAuthDiscoveryError, OAuthTokenError } from '../../packages/auth/src/index.js';
import { SkillEntryError, SkillVerificationError } from '../../packages/ext-skills/src/index.js';
import { SamplingDeclinedError } from '../../src/host/index.js';
import { ModelApiError } from '../../packages/models/src/index.js';
import { SchemaError } from '../../src/json-schema/index.js';
import { SessionRenewalError } from '../../packages/bridge/src/index.js';

type ErrorClass = abstract new (...args: never[]) => Error;

/** One instance of each error class, built with `cause`: a class that cannot take a cause fails here. */
const BUILD: Record<string, (cause: Error) => Error> = {
  ConnectionClosedError: (cause) => new ConnectionClosedError('closed', { cause }),
  RequestTimeoutError: (cause) => new RequestTimeoutError('timed out', 1000, { cause }),
  RequestCancelledError: (cause) => new RequestCancelledError('cancelled', { cause }),
  TooManyPendingRequestsError: (cause) => new TooManyPendingRequestsError('too many', 8, { cause }),
  MessageParseError: (cause) => new MessageParseError('not JSON', '{', { cause }),
  LineTooLongError: (cause) => new LineTooLongError(20, 10, 'head', 'tail', true, { cause }),
  OutputBacklogError: (cause) => new OutputBacklogError('backlog', 20, 10, { cause }),
  ProtocolError: (cause) => new ProtocolError(INVALID_PARAMS, 'Unknown tool: nope', undefined, { cause }),
  InputRequiredError: (cause) => new InputRequiredError('confirm', { cause }),
  JwsError: (cause) => new JwsError('bad JWS', { cause }),
  CapabilityError: (cause) => new CapabilityError('undeclared', { cause }),
  SkillFrontmatterError: (cause) => new SkillFrontmatterError('no frontmatter', { cause }),
  OutboundError: (cause) => new OutboundError('network', 'https://example.com/', 'unreachable', { cause }),
  PlazaError: (cause) => new PlazaError('unreachable', 'cannot reach ModelScope', { cause }),
  RegistryError: (cause) => new RegistryError('bad registry', { cause }),
  ConfigError: (cause) => new ConfigError('bad config', { cause }),
  InspectRequestError: (cause) => new InspectRequestError('bad request', { cause }),
  InsufficientScopeError: (cause) => new InsufficientScopeError(['tools:add'], ['tools:add'], 'calling tool "add"', { cause }),
  ServerEchoError: (cause) => new ServerEchoError('initialize', 0, { cause }),
  OutputFileError: (cause) => new OutputFileError('cannot write', { cause }),
  UsageError: (cause) => new UsageError('unknown option', { cause }),
  FallbackFailedError: (cause) => new FallbackFailedError('http://127.0.0.1:1/', new HttpStatusError('404', 404), new Error('no SSE'), { cause }),
  SkillFolderError: (cause) => new SkillFolderError('not a folder', { cause }),
  SseEventTooLargeError: (cause) => new SseEventTooLargeError('too large', { cause }),
  ServerSpawnError: (cause) => new ServerSpawnError('Cannot start "x"', 'x', 'ENOENT', { cause }),
  HttpStatusError: (cause) => new HttpStatusError('HTTP 404', 404, true, false, { cause }),
  ClearBearerError: (cause) => new ClearBearerError('refused', { cause }),
  HttpError: (cause) => new HttpError(400, 'Bad Request', { cause }),
  StoredSessionError: (cause) => new StoredSessionError('Stored session refused', { cause }),
  OAuthDiscoveryError: (cause) => new OAuthDiscoveryError('resource-metadata', 'no metadata', { cause }),
  OAuthTokenError: (cause) => new OAuthTokenError('refused', 400, 'invalid_grant', { cause }),
  StructuredOutputError: (cause) => new StructuredOutputError('missing', 'add', 'no structuredContent', [], { cause }),
  SkillVerificationError: (cause) => new SkillVerificationError('digest', 'skill://a/SKILL.md', 'digest differs', { cause }),
  SkillEntryError: (cause) => new SkillEntryError('bad entry', { cause }),
  SessionLostError: (cause) => new SessionLostError('tools/call', cause),
  SamplingDeclinedError: (cause) => new SamplingDeclinedError('declined', { cause }),
  ModelApiError: (cause) => new ModelApiError('HTTP 500', 500, undefined, { cause }),
  SchemaError: (cause) => new SchemaError('bad schema', { cause }),
  SessionRenewalError: (cause) => new SessionRenewalError('renewal refused', 'refused', { cause }),
};

/** The classes themselves, by name, to compare `constructor` with. */
const CLASSES: Record<string, ErrorClass> = {
  ConnectionClosedError, RequestTimeoutError, RequestCancelledError, TooManyPendingRequestsError, MessageParseError, LineTooLongError,
  OutputBacklogError, ProtocolError, InputRequiredError, JwsError, CapabilityError, SkillFrontmatterError, OutboundError, PlazaError, RegistryError,
  ConfigError, InspectRequestError, InsufficientScopeError, ServerEchoError, OutputFileError, UsageError, FallbackFailedError, SkillFolderError, SseEventTooLargeError,
  ServerSpawnError, HttpStatusError, ClearBearerError, HttpError, StoredSessionError, OAuthDiscoveryError, OAuthTokenError, StructuredOutputError,
  SkillVerificationError, SkillEntryError, SessionLostError, SamplingDeclinedError, ModelApiError, SchemaError, SessionRenewalError,
};

/** The core's entries (package.json "exports"), as files under src/, and the packages' beside it. */
const ENTRIES = ['index.ts', 'jsonrpc/index.ts', 'json-schema/index.ts', 'protocol/index.ts', 'transport/index.ts', 'http.ts',
  'http-stateless.ts', 'node.ts', 'server/index.ts', 'client/index.ts', 'host/index.ts',
  ...['auth', 'models', 'ext-tasks', 'ext-skills', 'ext-apps', 'outbound', 'modelscope', 'bridge'].map((name) => `../packages/${name}/src/index.ts`), '../packages/ext-skills/src/node.ts'];

/** The error classes the entries export, by name (the base itself aside). */
async function exportedErrorClasses(): Promise<string[]> {
  const names = new Set<string>();
  for (const entry of ENTRIES) {
    const module = await import(pathToFileURL(join(SRC, entry)).href) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === 'function' && value.prototype instanceof Error && value !== McpwireError) names.add(name);
    }
  }
  return [...names].sort();
}

/** Every class of src/ and each package's src/ whose `extends` chain reaches Error (TypeError, RangeError), by name, and whether its file exports it. */
function declaredErrorClasses(): { name: string; exported: boolean }[] {
  const parents = new Map<string, string>();
  const exported = new Set<string>();
  const packages = join(SRC, '..', 'packages');
  const files = [...sourceFiles(), ...readdirSync(packages).flatMap((name) => existsSync(join(packages, name, 'src')) ? sourceFiles(join(packages, name, 'src')) : [])];
  for (const text of files.map((file) => readFileSync(file, 'utf8'))) {
    for (const match of text.matchAll(/^(export )?(?:abstract )?class (\w+) extends (\w+)/gm)) {
      parents.set(match[2]!, match[3]!);
      if (match[1]) exported.add(match[2]!);
    }
  }
  const reachesError = (name: string, seen = new Set<string>()): boolean => {
    if (['Error', 'TypeError', 'RangeError'].includes(name)) return true;
    const parent = parents.get(name);
    if (parent === undefined || seen.has(name)) return false;
    seen.add(name);
    return reachesError(parent, seen);
  };
  return [...parents.keys()].filter((name) => name !== 'McpwireError' && reachesError(name)).sort()
    .map((name) => ({ name, exported: exported.has(name) }));
}

/** `ConnectionClosedError` → `CONNECTION_CLOSED`, `OAuthTokenError` → `OAUTH_TOKEN`. */
function constantCase(className: string): string {
  return className.replace(/Error$/, '').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

test('every error class of src/ is built by this test, and each is exported from its file', async () => {
  const declared = declaredErrorClasses();
  assert.deepStrictEqual(declared.map(({ name }) => name), Object.keys(BUILD).sort());
  assert.deepStrictEqual(declared.filter(({ exported }) => !exported), []);
  const exported = await exportedErrorClasses();
  assert.deepStrictEqual(exported.filter((name) => !(name in BUILD)), []);
});

test('every error class extends McpwireError, is named after its class and carries the cause it is given', () => {
  const seen: Record<string, unknown> = {};
  const expected: Record<string, unknown> = {};
  for (const [name, build] of Object.entries(BUILD)) {
    const cause = new Error(`cause of ${name}`);
    const error = build(cause);
    seen[name] = { base: error instanceof McpwireError, constructor: error.constructor === CLASSES[name], name: error.name, cause: error.cause === cause };
    expected[name] = { base: true, constructor: true, name, cause: true };
  }
  assert.deepStrictEqual(seen, expected);
});

test('code: the JSON-RPC code when the failure crosses the wire, else the class name in capitals (ServerSpawnError: the system code)', () => {
  const cause = new Error('cause');
  const seen = Object.fromEntries(Object.entries(BUILD).map(([name, build]) => [name, (build(cause) as Error & { code?: unknown }).code]));
  const expected = Object.fromEntries(Object.keys(BUILD).map((name) => [name, constantCase(name)]));
  assert.deepStrictEqual(seen, {
    ...expected,
    ProtocolError: INVALID_PARAMS,
    InputRequiredError: INVALID_REQUEST,
    HttpError: INVALID_REQUEST,
    ServerSpawnError: 'ENOENT',
  });
  assert.equal(new ServerSpawnError('Cannot start "x"', 'x', undefined).code, 'SERVER_SPAWN');
  assert.equal(constantCase('OAuthDiscoveryError'), 'OAUTH_DISCOVERY');
});

test('one catch takes every failure of mcpwire, and a ProtocolError still answers with its wire form', () => {
  const failures = [new ConnectionClosedError('closed'), new ProtocolError(INVALID_PARAMS, 'Unknown tool: nope'), new SchemaError('bad')];
  assert.deepStrictEqual(failures.map((error) => error instanceof McpwireError), [true, true, true]);
  assert.deepStrictEqual(new ProtocolError(INVALID_PARAMS, 'Unknown tool: nope', undefined, { cause: new Error('x') }).toJSON(), { code: INVALID_PARAMS, message: 'Unknown tool: nope' });
  assert.equal(new TypeError('misuse') instanceof McpwireError, false);
});
