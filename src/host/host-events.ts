// What the host reports as a conversation runs: each event is one crossing of the seam,
// so a trace can show where the model API ends and JSON-RPC begins.

import type { CallToolResult, CreateMessageRequestParams, CreateMessageResult } from '../protocol/index.js';
import type { FunctionCall, FunctionDefinition, ModelReply } from './model.js';
import type { PolicyDecision } from './policy.js';

/** One step of a conversation, from the host's point of view. */
export type HostEvent =
  | { type: 'user'; text: string }
  | { type: 'to-model'; functions: FunctionDefinition[]; messageCount: number }
  | { type: 'from-model'; reply: ModelReply }
  | { type: 'policy'; call: FunctionCall; server: string; tool: string; decision: PolicyDecision }
  | { type: 'tool-result'; call: FunctionCall; server: string; tool: string; result: CallToolResult }
  | { type: 'tool-protocol-error'; call: FunctionCall; server: string; tool: string; error: Error }
  /** Calls of one reply the host did not run (a cap per reply or per question); each still gets a "not run" result. */
  | { type: 'calls-dropped'; calls: FunctionCall[]; why: string }
  | { type: 'function-result'; callId: string; name: string; content: string; isError: boolean }
  | { type: 'answer'; text: string }
  | { type: 'sampling-request'; server: string; params: CreateMessageRequestParams; decision: PolicyDecision }
  | { type: 'sampling-reply'; server: string; result: CreateMessageResult };
