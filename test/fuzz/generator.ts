// A seeded, dependency-free generator of hostile frames for the hardening server
// (test/fixtures/hardening-server.ts). Every frame carries what the server must answer, so a run
// can count lost, duplicated and wrong answers exactly. The same frames go over stdio (one line
// each) and over HTTP (one POST body each); `expect` is written to hold for both.

import { HARDENING_TOOLS } from '../fixtures/hardening-server.js';

/** A request id as it went on the wire (1 and "1" are different ids). */
export type FrameId = number | string;

/** What the server must do with one frame. */
export type Expect =
  /** A notification or a response: nothing comes back (HTTP: 202). */
  | { kind: 'silence' }
  /** Dispatched: exactly one response with this id, whose result is exactly `result`, or whose error has `code` (HTTP: 200). */
  | { kind: 'reply'; id: FrameId; result: unknown }
  | { kind: 'reply'; id: FrameId; code: number }
  /** Refused before any handler ran: an error with `code`, with the id only when it was readable (HTTP: 400). */
  | { kind: 'refusal'; id?: FrameId; code: number }
  /** Over the size limit: stdio answers -32700 without an id, HTTP 413. */
  | { kind: 'too-large' }
  /**
   * A malformed response (it has "result" or "error"): the peer only reports it, since answering
   * could start an error ping-pong (stdio: nothing comes back); the HTTP server refuses the POST (400, -32600, with the id).
   */
  | { kind: 'broken-response'; id: FrameId };

/** One frame: its bytes (never a 0x0A inside) and what must happen. */
export interface Frame {
  /** Which generator made it, for failure messages. */
  label: string;
  bytes: Buffer;
  expect: Expect;
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const RESOURCE_NOT_FOUND = -32002;

/** Limits the server under test is configured with. */
export interface FuzzLimits {
  /** Largest frame accepted (stdio maxLineBytes = HTTP maxBodyBytes). */
  maxBytes: number;
  /** The JSON nesting limit (the transports' default, 64). */
  maxDepth: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export class Rng {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const text = (value: string): unknown => ({ content: [{ type: 'text', text: value }] });
const utf8 = (value: string): Buffer => Buffer.from(value, 'utf8');

/** The initialize request and the initialized notification every session starts with. */
export const INITIALIZE_FRAME = '{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}';
export const INITIALIZED_FRAME = '{"jsonrpc":"2.0","method":"notifications/initialized"}';

/** Makes frames; ids are unique across everything one generator makes. */
export class FrameGenerator {
  readonly rng: Rng;
  readonly limits: FuzzLimits;
  #nextId = 1;

  constructor(seed: number, limits: FuzzLimits) {
    this.rng = new Rng(seed);
    this.limits = limits;
  }

  /** A fresh id: a number or a string, never used before. */
  id(): FrameId {
    const n = this.#nextId++;
    return this.rng.chance(0.5) ? n : `f-${n}`;
  }

  /** `count` frames of every kind, shuffled together (some kinds come as pairs). */
  frames(count: number): Frame[] {
    const out: Frame[] = [];
    while (out.length < count) out.push(...this.#one());
    return out.slice(0, count);
  }

  #one(): Frame[] {
    const [label, make] = this.rng.pick(GENERATORS);
    return make(this).map((part) => ({ label, ...part }));
  }

  /** The text of a request frame. */
  request(method: string, params: string | undefined, id: FrameId = this.id()): string {
    return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)}${params === undefined ? '' : `,"params":${params}`}}`;
  }
}

/** A frame before the generator names it. */
type Part = Omit<Frame, 'label'> & { label?: string };
type Make = (g: FrameGenerator) => Part[];

function reply(bytes: string | Buffer, id: FrameId, result: unknown): Part {
  return { bytes: typeof bytes === 'string' ? utf8(bytes) : bytes, expect: { kind: 'reply', id, result } };
}
function replyError(bytes: string, id: FrameId, code: number): Part {
  return { bytes: utf8(bytes), expect: { kind: 'reply', id, code } };
}
function refusal(bytes: string | Buffer, code: number, id?: FrameId): Part {
  return { bytes: typeof bytes === 'string' ? utf8(bytes) : bytes, expect: id === undefined ? { kind: 'refusal', code } : { kind: 'refusal', id, code } };
}
function broken(bytes: string, id: FrameId): Part {
  return { bytes: utf8(bytes), expect: { kind: 'broken-response', id } };
}
function silence(bytes: string): Part {
  return { bytes: utf8(bytes), expect: { kind: 'silence' } };
}

/** Random bytes that are not JSON (they start with 0xFF), with no newline among them. */
function garbageBytes(g: FrameGenerator, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  bytes[0] = 0xff;
  for (let i = 1; i < length; i++) {
    let b = g.rng.int(0, 255);
    if (b === 0x0a) b = 0x0b;
    bytes[i] = b;
  }
  return bytes;
}

const WEIRD_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'prototype', 'valueOf'];

/** [label, maker]; each maker returns one frame or a few that belong together. */
const GENERATORS: [string, Make][] = [
  ['ping', (g) => { const id = g.id(); return [reply(g.request('ping', undefined, id), id, {})]; }],
  ['ping with CRLF', (g) => { const id = g.id(); return [reply(`${g.request('ping', undefined, id)}\r`, id, {})]; }],
  ['tools/list', (g) => { const id = g.id(); return [reply(g.request('tools/list', undefined, id), id, { tools: HARDENING_TOOLS })]; }],
  ['add', (g) => {
    const id = g.id();
    const a = g.rng.int(-1e9, 1e9);
    const b = g.rng.int(-1e9, 1e9);
    return [reply(g.request('tools/call', `{"name":"add","arguments":{"a":${a},"b":${b}}}`, id), id, text(String(a + b)))];
  }],
  ['add with wrong-typed arguments', (g) => {
    const id = g.id();
    const a = g.rng.pick(['"19"', 'true', '1.5', 'null', '[]', '{}']);
    return [reply(g.request('tools/call', `{"name":"add","arguments":{"a":${a},"b":${a}}}`, id), id,
      { ...(text('Invalid arguments for tool add: a: must be integer; b: must be integer') as object), isError: true })];
  }],
  ['twin ids 7 and "7"', (g) => {
    const n = Number(String(g.id()).replace('f-', ''));
    return [reply(g.request('ping', undefined, n), n, {}), reply(g.request('ping', undefined, String(n)), String(n), {})];
  }],
  ['__proto__ and constructor in arguments, params and _meta', (g) => {
    const id = g.id();
    const args = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"\\ud800k":1}';
    const meta = '"_meta":{"__proto__":{"polluted":"yes"},"progressToken":{"__proto__":1}}';
    const expected = JSON.stringify({ keys: ['__proto__', 'constructor', '\ud800k'], prototypeIntact: true });
    const second = g.id();
    return [
      reply(g.request('tools/call', `{"name":"echo","arguments":${args},${meta}}`, id), id, text(expected)),
      reply(g.request('ping', '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}', second), second, {}),
    ];
  }],
  ['prompts/get', (g) => {
    const id = g.id();
    return [reply(g.request('prompts/get', '{"name":"greet","arguments":{"name":"Ada"}}', id), id,
      { messages: [{ role: 'user', content: { type: 'text', text: 'Hello, Ada' } }] })];
  }],
  ['completion of a prototype-named argument', (g) => {
    const id = g.id();
    const name = g.rng.pick(WEIRD_NAMES);
    return [reply(g.request('completion/complete', `{"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":${JSON.stringify(name)},"value":"A"}}`, id), id, { completion: { values: [] } })];
  }],
  ['completion', (g) => {
    const id = g.id();
    return [reply(g.request('completion/complete', '{"ref":{"type":"ref/prompt","name":"greet"},"argument":{"name":"name","value":"A"}}', id), id, { completion: { values: ['Ada', 'Alan'] } })];
  }],
  ['resources/read', (g) => {
    const id = g.id();
    return [reply(g.request('resources/read', '{"uri":"mem://note"}', id), id, { contents: [{ uri: 'mem://note', text: 'a note' }] })];
  }],
  ['non-UTF-8 inside a string of a valid request', (g) => {
    const id = g.id();
    const [head, tail] = g.request('ping', '{"x":"@"}', id).split('@') as [string, string];
    return [reply(Buffer.concat([utf8(head), Buffer.from([0xff, 0xfe, 0xc3]), utf8(tail)]), id, {})];
  }],
  ['nesting just within the limit', (g) => {
    const id = g.id();
    const depth = g.rng.int(1, g.limits.maxDepth - 3); // message, params and arguments are 3 levels
    const value = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    return [reply(g.request('tools/call', `{"name":"echo","arguments":{"v":${value}}}`, id), id, text(JSON.stringify({ keys: ['v'], prototypeIntact: true })))];
  }],
  ['setLevel', (g) => { const id = g.id(); return [reply(g.request('logging/setLevel', '{"level":"debug"}', id), id, {})]; }],
  // Errors with the request's id.
  ['unknown method', (g) => {
    const id = g.id();
    const method = g.rng.pick([...WEIRD_NAMES, 'tools/unknown', 'x'.repeat(g.rng.int(1, 2000)), '', 'rpc.discover']);
    return [replyError(g.request(method, undefined, id), id, METHOD_NOT_FOUND)];
  }],
  ['unknown or prototype-named tool', (g) => {
    const id = g.id();
    return [replyError(g.request('tools/call', `{"name":${JSON.stringify(g.rng.pick([...WEIRD_NAMES, 'nope']))}}`, id), id, INVALID_PARAMS)];
  }],
  ['tools/call with wrong-typed params', (g) => {
    const id = g.id();
    const params = g.rng.pick(['{"name":"add","arguments":[1,2]}', '{"name":"add","arguments":"a=1"}', '{"name":42}', '{}', '{"arguments":{}}']);
    return [replyError(g.request('tools/call', params, id), id, INVALID_PARAMS)];
  }],
  ['bad log level', (g) => { const id = g.id(); return [replyError(g.request('logging/setLevel', `{"level":${g.rng.pick(['"loud"', '7', 'null', '"__proto__"'])}}`, id), id, INVALID_PARAMS)]; }],
  ['unknown prompt', (g) => { const id = g.id(); return [replyError(g.request('prompts/get', `{"name":${JSON.stringify(g.rng.pick(WEIRD_NAMES))}}`, id), id, INVALID_PARAMS)]; }],
  ['prompt without its required argument', (g) => { const id = g.id(); return [replyError(g.request('prompts/get', `{"name":"greet","arguments":${g.rng.pick(['{}', '{"__proto__":"Ada"}', '{"constructor":"Ada"}'])}}`, id), id, INVALID_PARAMS)]; }],
  ['unknown resource', (g) => { const id = g.id(); return [replyError(g.request('resources/read', '{"uri":"mem://nope"}', id), id, RESOURCE_NOT_FOUND)]; }],
  ['bad completion ref', (g) => { const id = g.id(); return [replyError(g.request('completion/complete', '{"ref":{"type":"ref/nope"},"argument":{"name":"a","value":"b"}}', id), id, INVALID_PARAMS)]; }],
  // Refused before dispatch, with the id when it can be read.
  ['initialize again', (g) => {
    const id = g.id();
    return [refusal(g.request('initialize', '{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"again","version":"1"}}', id), INVALID_REQUEST, id)];
  }],
  ['wrong jsonrpc version', (g) => {
    const id = g.id();
    const version = g.rng.pick(['"1.0"', '2', 'null', '"2.0 "']);
    return [refusal(`{"jsonrpc":${version},"id":${JSON.stringify(id)},"method":"ping"}`, INVALID_REQUEST, id)];
  }],
  ['no jsonrpc field', (g) => { const id = g.id(); return [refusal(`{"id":${JSON.stringify(id)},"method":"ping"}`, INVALID_REQUEST, id)]; }],
  ['method not a string', (g) => {
    const id = g.id();
    return [refusal(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${g.rng.pick(['42', 'null', '["ping"]', '{"a":1}', 'true'])}}`, INVALID_REQUEST, id)];
  }],
  ['params not an object', (g) => {
    const id = g.id();
    return [refusal(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping","params":${g.rng.pick(['[1,2]', '"x"', '3', 'true'])}}`, INVALID_REQUEST, id)];
  }],
  ['result and error together', (g) => { const id = g.id(); return [broken(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{},"error":{"code":1,"message":"m"}}`, id)]; }],
  ['result not an object', (g) => { const id = g.id(); return [broken(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":[1]}`, id)]; }],
  ['malformed error object', (g) => { const id = g.id(); return [broken(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":{"code":"x"}}`, id)]; }],
  ['response with a wrong jsonrpc version', (g) => { const id = g.id(); return [broken(`{"jsonrpc":"1.0","id":${JSON.stringify(id)},"result":{}}`, id)]; }],
  ['id of a wrong type', (g) => {
    const id = g.rng.pick(['1.5', 'true', '{"a":1}', '[1]', 'null']);
    return [refusal(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`, INVALID_REQUEST)];
  }],
  ['JSON that is not an object', (g) => [refusal(g.rng.pick(['42', '"text"', 'null', 'true', '{}', '[]', '-0', '1e400']), INVALID_REQUEST)]],
  ['batch array', (g) => [refusal(`[${g.request('ping', undefined)},${g.request('ping', undefined)}]`, INVALID_REQUEST)]],
  // Not JSON at all.
  ['truncated', (g) => {
    const whole = g.request('tools/call', `{"name":"add","arguments":{"a":1,"b":2},"note":"${'é'.repeat(g.rng.int(0, 20))}"}`);
    const bytes = utf8(whole);
    return [refusal(bytes.subarray(0, g.rng.int(1, bytes.length - 1)), PARSE_ERROR)];
  }],
  ['non-UTF-8 bytes', (g) => [refusal(garbageBytes(g, g.rng.int(1, 300)), PARSE_ERROR)]],
  ['text garbage', (g) => [refusal(g.rng.pick(['{', '}', '{"jsonrpc":"2.0",', "{'a':1}", '{"a":1,}', 'NaN', 'undefined', '#', '{"a":01}', '"\\x"']), PARSE_ERROR)]],
  ['valid JSON then garbage', (g) => [refusal(`${g.request('ping', undefined)} ${g.rng.pick(['x', '{}', ']', '\\u0000'])}`, PARSE_ERROR)]],
  ['a BOM before the JSON', (g) => [refusal(`\uFEFF${g.request('ping', undefined)}`, PARSE_ERROR)]],
  ['nested past the limit', (g) => {
    const depth = g.rng.int(g.limits.maxDepth - 2, g.limits.maxDepth * 40); // 3 outer levels: always over the limit
    const open = g.rng.chance(0.5) ? '[' : '{"a":';
    const close = open === '[' ? ']' : '}';
    return [refusal(g.request('tools/call', `{"name":"echo","arguments":{"v":${open.repeat(depth)}${close.repeat(depth)}}}`), PARSE_ERROR)];
  }],
  ['nested past the limit, never closed', (g) => [refusal('['.repeat(g.rng.int(g.limits.maxDepth + 1, g.limits.maxDepth * 40)), PARSE_ERROR)]],
  ['oversized', (g) => {
    const size = g.limits.maxBytes + g.rng.int(1, 4096);
    const head = g.request('ping', '{"padding":"@"}');
    const padding = 'x'.repeat(size - head.length + 1); // the '@' it replaces is one byte
    return [{ bytes: utf8(head.replace('@', padding)), expect: { kind: 'too-large' } }];
  }],
  // Nothing comes back.
  ['notification', (g) => [silence(g.rng.pick([
    '{"jsonrpc":"2.0","method":"notifications/whatever"}',
    '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":12345,"progress":1}}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"never-sent"}}',
    '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"__proto__":1}}}',
    '{"jsonrpc":"2.0","method":"__proto__","params":{"__proto__":{"polluted":"yes"}}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  ]))]],
  ['a response nobody asked for', (g) => [silence(g.rng.pick([
    `{"jsonrpc":"2.0","id":${JSON.stringify(g.id())},"result":{}}`,
    `{"jsonrpc":"2.0","id":${JSON.stringify(g.id())},"error":{"code":-32000,"message":"no"}}`,
    '{"jsonrpc":"2.0","error":{"code":-32700,"message":"id-less"}}',
  ]))]],
];
