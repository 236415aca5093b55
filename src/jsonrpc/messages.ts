// JSON-RPC 2.0 message shapes as MCP uses them (spec 2025-11-25, basic/index#messages).
// The names follow the spec's schema.ts so one grep finds both.

/** A request id: a string or an integer, never null (basic/index#requests). */
export type RequestId = string | number;

/** The `params` of any MCP message: always a named-member object. */
export type Params = Record<string, unknown>;

/** A request: expects exactly one response with the same id. */
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Params;
}

/** A notification: no id, never answered. */
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Params;
}

/** A successful response. */
export interface JSONRPCResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Params;
}

/** The error object carried by an error response. */
export interface JSONRPCErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** A failed response; `id` is absent when the request's id could not be read. */
export interface JSONRPCErrorResponse {
  jsonrpc: '2.0';
  id?: RequestId;
  error: JSONRPCErrorObject;
}

/** Either kind of response. */
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;

/** Anything that may cross the wire as one message. */
export type JSONRPCMessage = JSONRPCRequest | JSONRPCNotification | JSONRPCResponse;

/** What an inbound value turned out to be, or why it is not a message. */
export type Classified =
  | { kind: 'request'; message: JSONRPCRequest }
  | { kind: 'notification'; message: JSONRPCNotification }
  | { kind: 'response'; message: JSONRPCResponse }
  | { kind: 'invalid'; reason: string; id?: RequestId };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for a string id or an integer id (basic/index#requests: never null, never fractional). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value));
}

/**
 * Sorts a parsed value into request / notification / response, or says why it is none
 * of them. `id` is echoed on an invalid value when it is readable, so the error reply
 * can carry it (basic/index#responses).
 */
export function classifyMessage(value: unknown): Classified {
  if (Array.isArray(value)) {
    // Batches were removed in 2025-06-18; a body or line holds exactly one message.
    return { kind: 'invalid', reason: 'Batch arrays are not supported: send one JSON-RPC message per line or POST' };
  }
  if (!isObject(value)) return { kind: 'invalid', reason: 'A JSON-RPC message must be an object' };
  const id = isRequestId(value.id) ? value.id : undefined;
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', reason: 'Field "jsonrpc" must be "2.0"', id };
  const hasId = 'id' in value && value.id !== undefined;
  if (hasId && !isRequestId(value.id) && value.id !== null) {
    return { kind: 'invalid', reason: 'Field "id" must be a string or an integer' };
  }
  if ('method' in value) {
    if (typeof value.method !== 'string') return { kind: 'invalid', reason: 'Field "method" must be a string', id };
    if ('params' in value && value.params !== undefined && !isObject(value.params)) {
      return { kind: 'invalid', reason: 'Field "params" must be an object', id };
    }
    if (!hasId) return { kind: 'notification', message: value as unknown as JSONRPCNotification };
    if (value.id === null) return { kind: 'invalid', reason: 'A request id must not be null' };
    return { kind: 'request', message: value as unknown as JSONRPCRequest };
  }
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult && hasError) return { kind: 'invalid', reason: 'A response must not carry both "result" and "error"', id };
  if (hasResult) {
    if (id === undefined) return { kind: 'invalid', reason: 'A result response must carry the request id' };
    if (!isObject(value.result)) return { kind: 'invalid', reason: 'Field "result" must be an object', id };
    return { kind: 'response', message: value as unknown as JSONRPCResultResponse };
  }
  if (hasError) {
    const error = value.error;
    if (!isObject(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
      return { kind: 'invalid', reason: 'Field "error" must be { code: integer, message: string }', id };
    }
    return { kind: 'response', message: value as unknown as JSONRPCErrorResponse };
  }
  return { kind: 'invalid', reason: 'A message needs "method" (request or notification) or "result"/"error" (response)', id };
}

/** True when a response reports failure. */
export function isErrorResponse(message: JSONRPCResponse): message is JSONRPCErrorResponse {
  return 'error' in message;
}
