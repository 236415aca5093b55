// The client-to-server requests by method literal: the params a handler of each gets and the
// result it returns. The server's method table is typed by these (ToolServer.setRequestHandler),
// so a handler registered under 'tools/call' is checked against CallToolRequestParams and
// CallToolResult; any other method name is an extension with plain Params.

import type { Params } from '../jsonrpc/index.js';
import type {
  CompleteRequestParams, CompleteResult, GetPromptResult, ReadResourceResult, Resource, ResourceTemplate, Prompt,
} from './feature-types.js';
import type { InitializeRequestParams, InitializeResult, LoggingLevel, ServerCapabilities } from './lifecycle-types.js';
import type { SubscriptionFilter } from './subscription-types.js';
import type { CallToolRequestParams, CallToolResult, ListToolsResult } from './tool-types.js';

/** A page request of a list method (server/utilities/pagination). */
export interface PageRequestParams { cursor?: string }

/** The result of `server/discover` (26/server/discover). */
export interface DiscoverResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
  [key: string]: unknown;
}

/** Params and result of each client-to-server request. */
export interface ServerMethods {
  'initialize': { params: InitializeRequestParams; result: InitializeResult };
  'ping': { params: Params; result: Params };
  'server/discover': { params: Params; result: DiscoverResult };
  'subscriptions/listen': { params: { notifications: SubscriptionFilter }; result: Params };
  'logging/setLevel': { params: { level: LoggingLevel }; result: Params };
  'tools/list': { params: PageRequestParams; result: ListToolsResult };
  /** A task-augmented call (2025-11-25 basic/utilities/tasks) answers with the task instead. */
  'tools/call': { params: CallToolRequestParams; result: CallToolResult };
  'resources/list': { params: PageRequestParams; result: { resources: Resource[]; nextCursor?: string } };
  'resources/templates/list': { params: PageRequestParams; result: { resourceTemplates: ResourceTemplate[]; nextCursor?: string } };
  'resources/read': { params: { uri: string }; result: ReadResourceResult };
  'resources/subscribe': { params: { uri: string }; result: Params };
  'resources/unsubscribe': { params: { uri: string }; result: Params };
  'prompts/list': { params: PageRequestParams; result: { prompts: Prompt[]; nextCursor?: string } };
  'prompts/get': { params: { name: string; arguments?: Record<string, string> }; result: GetPromptResult };
  'completion/complete': { params: CompleteRequestParams; result: CompleteResult };
}


/** A handler of method `M`'s params, typed by its literal; the context and session types are the server's. */
export type TypedHandler<M extends keyof ServerMethods, Context, Session> =
  (params: ServerMethods[M]['params'] | undefined, context: Context, session: Session | undefined) => ServerMethods[M]['result'] | Promise<ServerMethods[M]['result']>;
