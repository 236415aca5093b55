// The model API side of the seam. Nothing here is MCP: a model sees function definitions
// and answers with text or function calls, whatever server (if any) is behind them.

/** A function the host offers the model (the shape model APIs use for tool definitions). */
export interface FunctionDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** The model asking the host to run a function. */
export interface FunctionCall {
  /** The model API's id for this call, echoed in the function result. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Set when the model's arguments were not a JSON object: what it sent (the host reports it back, runs nothing). */
  invalidArguments?: string;
}

/** One message of the conversation, as a model API sees it. */
export type ModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; functionCalls?: FunctionCall[] }
  | { role: 'function'; callId: string; name: string; content: string; isError: boolean };

/** What the host sends the model each turn. */
export interface ModelRequest {
  messages: ModelMessage[];
  functions: FunctionDefinition[];
}

/** What the model answers: final text, or function calls to run first. */
export type ModelReply =
  | { type: 'text'; text: string }
  | { type: 'function_calls'; calls: FunctionCall[] };

/** Any model: the scripted one for demos and tests, or an adapter for a real model API. */
export interface Model {
  readonly name: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}
