// Tools (server/tools), spelled as in the spec's schema.ts.

import type { ContentBlock } from './content-types.js';
import type { Icon } from './lifecycle-types.js';

/** Untrusted hints about a tool's behaviour (server/tools#tool-annotations). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A JSON Schema object as it goes on the wire. */
export type JsonSchemaObject = { type?: 'object' | string; [key: string]: unknown };

/** A tool definition as listed by `tools/list`. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  _meta?: Record<string, unknown>;
}

/** `tools/list` result. */
export interface ListToolsResult {
  tools: Tool[];
  nextCursor?: string;
  [key: string]: unknown;
}

/** `tools/call` params. */
export interface CallToolRequestParams {
  name: string;
  arguments?: Record<string, unknown>;
  [key: string]: unknown;
}

/** `tools/call` result: a tool's failure is a result with `isError: true`, not a JSON-RPC error. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  [key: string]: unknown;
}
