// The operations `mcpwire inspect`'s page asks for (POST /TOKEN/api/OP, a JSON object in, a JSON
// object out): the server's state and lists, tools/call with progress and cancel, resources/read,
// completion/complete, prompts/get, a question to the model (--model), the page's answer to a
// question (a confirmation, an elicitation, a sampling request: inspect-questions.ts), and the
// messages of an MCP App's bridge, recorded for the diagram. Each one goes through the
// connection's McpClient or the Host: the page never speaks MCP itself.

import { McpwireError, ProtocolError } from 'mcpwire/jsonrpc';
import type { McpClient } from 'mcpwire/client';
import type { Host, Model } from 'mcpwire/host';
import { visibleTo } from 'mcpwire/protocol';
import type { CompleteRequestParams, Root } from 'mcpwire/protocol';
import { taskMode } from './call.js';
import { callToolAsTask } from 'mcpwire-ext-tasks';
import type { InspectEvents } from './inspect-events.js';
import type { PageQuestions } from './inspect-questions.js';

/** A request the page got wrong (HTTP 400): a missing field, an unknown operation. */
export class InspectRequestError extends McpwireError {
  override name = 'InspectRequestError';
  override readonly code = 'INSPECT_REQUEST';
}

/** What the API works on. */
export interface InspectApiOptions {
  client: McpClient;
  host: Host;
  /** The host's name for the one server. */
  server: string;
  /** How the server was reached, for the page's header (`stdio: node server.js`). */
  transport: string;
  events: InspectEvents;
  /** What waits for the page's answer (the model's calls to confirm, the server's elicitation and sampling). */
  questions: PageQuestions;
  /** The roots the client offers the server (client/roots), shown on the page. */
  roots: Root[];
  /** The model behind the chat box (--model); absent: no chat. */
  model?: Model;
}

type Body = Record<string, unknown>;

function text(body: Body, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw new InspectRequestError(`"${key}" must be a non-empty string`);
  return value;
}

function object(body: Body, key: string): Record<string, unknown> {
  const value = body[key] ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InspectRequestError(`"${key}" must be a JSON object`);
  return value as Record<string, unknown>;
}

function strings(value: Record<string, unknown>, key: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, part] of Object.entries(value)) {
    if (typeof part !== 'string') throw new InspectRequestError(`"${key}.${name}" must be a string`);
    out[name] = part;
  }
  return out;
}

/** A failure as the page shows it: a JSON-RPC error keeps its code and data. */
export function failureOf(error: unknown): { error: { message: string; code?: number; data?: unknown; name?: string } } {
  if (error instanceof ProtocolError) return { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
  if (error instanceof Error) return { error: { name: error.name, message: error.message } };
  return { error: { message: String(error) } };
}

/** The page's operations on one connected server. */
export class InspectApi {
  readonly #options: InspectApiOptions;
  readonly #calls = new Map<string, AbortController>();

  constructor(options: InspectApiOptions) {
    this.#options = options;
  }

  /** Runs one operation; resolves with the JSON object to answer (a failure of the server is `{ error }`, not a throw). */
  async handle(op: string, body: Body): Promise<unknown> {
    const { client } = this.#options;
    try {
      switch (op) {
        case 'state': return await this.#state();
        case 'call': return await this.#call(body);
        case 'cancel': {
          this.#calls.get(text(body, 'callId'))?.abort(new Error('cancelled from the inspector page'));
          return {};
        }
        case 'read': return { result: await client.readResource(text(body, 'uri')) };
        case 'complete': {
          const params = { ref: object(body, 'ref'), argument: object(body, 'argument'), ...(body.context === undefined ? {} : { context: object(body, 'context') }) };
          return { result: await client.complete(params as unknown as CompleteRequestParams) };
        }
        case 'prompt': return { result: await client.getPrompt(text(body, 'name'), strings(object(body, 'arguments'), 'arguments')) };
        case 'ask': {
          const { model, host } = this.#options;
          if (model === undefined) throw new InspectRequestError('there is no model: start mcpwire inspect with --model');
          return { answer: await host.ask(model, text(body, 'question')) };
        }
        case 'answer': {
          const problem = this.#options.questions.answer(text(body, 'id'), body.answer);
          if (problem !== undefined) throw new InspectRequestError(problem);
          return {};
        }
        case 'app-message': {
          const direction = body.direction;
          if (direction !== 'to-host' && direction !== 'to-app') throw new InspectRequestError('"direction" must be "to-host" or "to-app"');
          this.#options.events.add({ kind: 'app', direction, message: body.message });
          return {};
        }
        default: throw new InspectRequestError(`unknown operation "${op}"`);
      }
    } catch (error) {
      if (error instanceof InspectRequestError) throw error;
      return failureOf(error);
    }
  }

  async #state(): Promise<unknown> {
    const { client, host, server, transport, model, events, roots } = this.#options;
    const capabilities = client.serverCapabilities;
    return {
      server: client.serverInfo ?? null,
      protocolVersion: client.protocolVersion ?? null,
      era: client.era ?? null,
      eraReason: client.eraReason ?? null,
      capabilities,
      instructions: client.instructions ?? null,
      transport,
      model: model?.name ?? null,
      tools: host.tools.get(server) ?? [],
      modelFunctions: host.seam.functions.map((fn) => fn.name),
      resources: capabilities.resources ? await client.listResources() : [],
      templates: capabilities.resources ? await client.listResourceTemplates() : [],
      prompts: capabilities.prompts ? await client.listPrompts() : [],
      roots,
      droppedEvents: events.dropped,
    };
  }

  /** tools/call for the page's form or for an MCP App's view (`caller: "app"`: only a tool the app may see, apps#visibility). */
  async #call(body: Body): Promise<unknown> {
    const { client, host, server, events } = this.#options;
    const name = text(body, 'name');
    const callId = text(body, 'callId');
    const args = object(body, 'arguments');
    const tool = (host.tools.get(server) ?? []).find((candidate) => candidate.name === name);
    if (body.caller === 'app' && (tool === undefined || !visibleTo(tool, 'app'))) {
      // apps#visibility: the host MUST reject an app's tools/call for a tool without "app" in its visibility.
      return { error: { message: `tool ${name} is not visible to apps (_meta.ui.visibility), so the view may not call it` } };
    }
    if (this.#calls.has(callId)) throw new InspectRequestError(`call "${callId}" is already running`);
    const controller = new AbortController();
    this.#calls.set(callId, controller);
    let requestId: unknown;
    const options = {
      signal: controller.signal,
      onid: (id: unknown) => { requestId = id; },
      onprogress: (progress: { progress: number; total?: number; message?: string }) => events.add({ kind: 'progress', callId, ...progress }),
    };
    try {
      const mode = tool === undefined ? 'plain' : taskMode(tool, client.serverCapabilities, false);
      if (typeof mode === 'object') return { error: { message: mode.problem } };
      const result = mode === 'task' ? await callToolAsTask(client, name, args, options) : await client.callTool(name, args, options);
      return { result, requestId };
    } finally {
      this.#calls.delete(callId);
    }
  }
}
