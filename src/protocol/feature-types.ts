// Resources, prompts, completion (server features) and sampling, elicitation, roots
// (client features), spelled as in the spec's schema.ts.

import type { Annotations, BlobResourceContents, ContentBlock, TextResourceContents } from './content-types.js';
import type { Icon } from './lifecycle-types.js';

/** A resource listed by `resources/list` (server/resources). */
export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
}

/** A family of resources named by an RFC 6570 URI template. */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
}

/** `resources/read` result. */
export interface ReadResourceResult {
  contents: (TextResourceContents | BlobResourceContents)[];
  [key: string]: unknown;
}

/** One argument a prompt accepts. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt listed by `prompts/list` (server/prompts). */
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: Record<string, unknown>;
}

/** One message of a prompt. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** `prompts/get` result. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
  [key: string]: unknown;
}

/** What `completion/complete` completes (server/utilities/completion). */
export type CompleteReference = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };

/** `completion/complete` params. */
export interface CompleteRequestParams {
  ref: CompleteReference;
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
  [key: string]: unknown;
}

/** `completion/complete` result: at most 100 values. */
export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  [key: string]: unknown;
}

/** A root the client exposes (client/roots). */
export interface Root {
  uri: string;
  name?: string;
  _meta?: Record<string, unknown>;
}

/** A message in a sampling request or result (client/sampling). */
export interface SamplingMessage {
  role: 'user' | 'assistant';
  content: unknown;
  _meta?: Record<string, unknown>;
}

/** `sampling/createMessage` params. */
export interface CreateMessageRequestParams {
  messages: SamplingMessage[];
  maxTokens: number;
  systemPrompt?: string;
  modelPreferences?: Record<string, unknown>;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  stopSequences?: string[];
  metadata?: object;
  tools?: unknown[];
  toolChoice?: { mode: 'auto' | 'required' | 'none' };
  [key: string]: unknown;
}

/** `sampling/createMessage` result. */
export interface CreateMessageResult {
  role: 'user' | 'assistant';
  content: unknown;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** `elicitation/create` params: form mode (default) or URL mode (client/elicitation). */
export type ElicitRequestParams =
  | { mode?: 'form'; message: string; requestedSchema: { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[] }; [key: string]: unknown }
  | { mode: 'url'; message: string; url: string; elicitationId: string; [key: string]: unknown };

/** `elicitation/create` result. */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
  [key: string]: unknown;
}
