// W3C Trace Context and W3C Baggage carried in a request's `_meta` (SEP-414; 26/basic/index
// §OpenTelemetry trace context): the keys `traceparent`, `tracestate` and `baggage`, unprefixed,
// whose values MUST follow those two formats. Reading takes what a peer sent and keeps only what is
// well-formed (Trace Context §3.2: an invalid traceparent is ignored, and its tracestate with it;
// an invalid tracestate is dropped alone); writing refuses a value that is not well-formed, so this
// side never sends one. No OpenTelemetry dependency: a tracer's propagator reads and writes these strings.

/** The `_meta` keys reserved for trace context (the exception to the prefix rule). */
export const TRACE_CONTEXT_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;

/** The trace context of one request, as the three strings on the wire. */
export interface TraceContext {
  traceparent?: string;
  tracestate?: string;
  baggage?: string;
}

/** A traceparent's fields (Trace Context §3.2.2). */
export interface TraceParent {
  version: string;
  /** 32 lowercase hex digits, not all zero. */
  traceId: string;
  /** The caller's span: 16 lowercase hex digits, not all zero. */
  parentId: string;
  /** The trace-flags byte; bit 0 is `sampled`. */
  flags: number;
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** The fields of `value`, or undefined when it is not a valid traceparent. */
export function parseTraceparent(value: unknown): TraceParent | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  // §3.2.2.1: version ff is invalid; version 00 has exactly four fields; a later version may add
  // fields after a "-", which a reader of version 00 skips.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  const bits = Number.parseInt(flags, 16);
  return { version, traceId, parentId, flags: bits, sampled: (bits & 1) === 1 };
}

// Trace Context §3.3.1: list-members `key=value`, at most 32, keys unique.
const TRACESTATE_KEY = /^(?:[a-z][a-z0-9_*/-]{0,255}|[a-z0-9][a-z0-9_*/-]{0,240}@[a-z][a-z0-9_*/-]{0,13})$/;
const TRACESTATE_VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

/** Whether `value` is a valid tracestate (at most 32 members, each key once, 512 characters at most). */
export function isValidTracestate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 512) return false;
  const keys = new Set<string>();
  const members = value.split(',').map((member) => member.replace(/^[ \t]+|[ \t]+$/g, '')).filter((member) => member !== '');
  if (members.length > 32) return false;
  for (const member of members) {
    const equals = member.indexOf('=');
    if (equals < 0) return false;
    const key = member.slice(0, equals);
    if (!TRACESTATE_KEY.test(key) || !TRACESTATE_VALUE.test(member.slice(equals + 1)) || keys.has(key)) return false;
    keys.add(key);
  }
  return true;
}

// W3C Baggage §3.2: `key = value` (key an RFC 7230 token, value baggage-octets, percent-encoded), then `;property`s.
const BAGGAGE_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const BAGGAGE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/;

/** Whether `value` is a valid baggage string (at most 64 members and 8192 bytes, §3.3.1). */
export function isValidBaggage(value: unknown): value is string {
  // A string longer than 8192 UTF-16 units has more than 8192 bytes: refused before it is encoded.
  if (typeof value !== 'string' || value === '' || value.length > 8192 || new TextEncoder().encode(value).length > 8192) return false;
  const members = value.split(',');
  if (members.length > 64) return false;
  return members.every((member) => {
    const [pair, ...properties] = member.split(';');
    const equals = pair!.indexOf('=');
    if (equals < 0) return false;
    const key = pair!.slice(0, equals).trim();
    if (!BAGGAGE_TOKEN.test(key) || !BAGGAGE_VALUE.test(pair!.slice(equals + 1).trim())) return false;
    return properties.every((property) => {
      const [name, ...valueParts] = property.split('=');
      return BAGGAGE_TOKEN.test(name!.trim()) && (valueParts.length === 0 || BAGGAGE_VALUE.test(valueParts.join('=').trim()));
    });
  });
}

/**
 * The trace context of a request's `_meta` as a peer sent it: only the well-formed parts, or
 * undefined when none is. Reads own keys only, so a `_meta` key can never reach a prototype.
 */
export function readTraceContext(meta: unknown): TraceContext | undefined {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return undefined;
  const own = (key: string): unknown => (Object.hasOwn(meta, key) ? (meta as Record<string, unknown>)[key] : undefined);
  const context: TraceContext = {};
  const traceparent = own('traceparent');
  if (parseTraceparent(traceparent) !== undefined) {
    context.traceparent = traceparent as string;
    const tracestate = own('tracestate');
    if (isValidTracestate(tracestate) && tracestate !== '') context.tracestate = tracestate;
  }
  const baggage = own('baggage');
  if (isValidBaggage(baggage)) context.baggage = baggage;
  return Object.keys(context).length === 0 ? undefined : context;
}

/**
 * `meta` (a request's `_meta`, or none) with `context` written in, as a new object; throws a
 * TypeError naming the value that does not follow its format, or a tracestate without a traceparent.
 */
export function withTraceContext(meta: Readonly<Record<string, unknown>> | undefined, context: TraceContext): Record<string, unknown> {
  const out: Record<string, unknown> = { ...meta };
  if (context.traceparent !== undefined) {
    if (parseTraceparent(context.traceparent) === undefined) throw new TypeError(`traceparent ${JSON.stringify(context.traceparent)} is not a W3C traceparent (00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>)`);
    out.traceparent = context.traceparent;
  }
  if (context.tracestate !== undefined) {
    if (context.traceparent === undefined) throw new TypeError('a tracestate needs a traceparent beside it');
    if (!isValidTracestate(context.tracestate)) throw new TypeError(`tracestate ${JSON.stringify(context.tracestate)} is not a W3C tracestate (key=value members, comma-separated, at most 32)`);
    out.tracestate = context.tracestate;
  }
  if (context.baggage !== undefined) {
    if (!isValidBaggage(context.baggage)) throw new TypeError(`baggage ${JSON.stringify(context.baggage)} is not W3C baggage (key=value members, comma-separated, values percent-encoded)`);
    out.baggage = context.baggage;
  }
  return out;
}
