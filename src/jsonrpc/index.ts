// JSON-RPC 2.0 without MCP: messages, errors, the peer and the Transport interface it is handed.
export { classifyMessage } from './messages.js';
export type { JSONRPCMessage, Params, RequestId } from './messages.js';
export { INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, ProtocolError } from './protocol-error.js';
// The base of every error mcpwire throws (it lives below every layer, in src/errors).
export { McpwireError } from '../errors/mcpwire-error.js';
// The one check of options objects (an unknown key is refused, naming it); it too lives below every layer, in src/options.
export { refuseUnknownOptions } from '../options/known-options.js';
export type { OptionKeys } from '../options/known-options.js';
// What was thrown, read without trusting it (never throws).
export { messageOf } from './thrown-value.js';
export { ConnectionClosedError, MessageParseError, RequestCancelledError, RequestTimeoutError, TooManyPendingRequestsError } from './local-errors.js';
export { OutputBacklogError } from './output-backlog-error.js';
export { LineTooLongError } from './line-too-long-error.js';
export { parseJsonMessage } from './parse-json.js';
// Which request an unreadable line was answering: the peer fails it at once, and so does a relay (mcpwire-bridge).
export { responseIdHint } from './response-id-hint.js';
export { JsonRpcPeer } from './peer.js';
export type { MessageExtra, SendOptions, Transport, TransportKind } from './transport.js';
