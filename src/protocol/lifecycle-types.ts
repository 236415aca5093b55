// Types of the handshake (basic/lifecycle), spelled as in the spec's schema.ts.

/** An icon a client may show for a server, tool, resource or prompt (basic/index#icons). */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** Name and version of an MCP implementation (`clientInfo` / `serverInfo`). */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

/** What a client can do for a server. */
export interface ClientCapabilities {
  roots?: { listChanged?: boolean };
  sampling?: { context?: object; tools?: object };
  elicitation?: { form?: object; url?: object };
  experimental?: Record<string, object>;
  /** Extensions the client supports, by identifier, each with its settings (SEP-2133; protocol/extensions.ts). */
  extensions?: Record<string, Record<string, unknown>>;
  tasks?: object;
  [key: string]: unknown;
}

/** What a server offers a client. */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  logging?: object;
  completions?: object;
  experimental?: Record<string, object>;
  /** Extensions the server supports, by identifier, each with its settings (SEP-2133; protocol/extensions.ts). */
  extensions?: Record<string, Record<string, unknown>>;
  /** basic/utilities/tasks#server-capabilities: which operations exist and which requests may be task-augmented. */
  tasks?: { list?: object; cancel?: object; requests?: { tools?: { call?: object } } };
  [key: string]: unknown;
}

/** `initialize` params. */
export interface InitializeRequestParams {
  protocolVersion: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation;
  [key: string]: unknown;
}

/** `initialize` result. */
export interface InitializeResult {
  protocolVersion: string;
  capabilities: ServerCapabilities;
  serverInfo: Implementation;
  /** Hints for the model that a host MAY add to its system prompt. */
  instructions?: string;
  [key: string]: unknown;
}

/** RFC 5424 severities, least to most severe (server/utilities/logging). */
export const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
/** One logging severity. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];
