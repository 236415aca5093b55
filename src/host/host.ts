// The host: holds one MCP client per server, decides what the model sees, runs the model
// loop, and keeps "the model asked" apart from "the client sent tools/call".

import type { McpClient } from '../client/index.js';
import { compile } from '../json-schema/index.js';
import type { Validator } from '../json-schema/index.js';
import type { CallToolResult, CreateMessageRequestParams, CreateMessageResult, Tool } from '../protocol/index.js';
import { CoalescedRefresh } from './coalesced-refresh.js';
import type { HostEvent } from './host-events.js';
import type { FunctionCall, Model, ModelMessage } from './model.js';
import { Policy } from './policy.js';
import { SamplingDeclinedError, sampleWith } from './sampling.js';
import { ToolSeam } from './tool-seam.js';
import type { ToolAddress } from './tool-seam.js';
import { refuseUnknownOptions } from '../options/known-options.js';
import type { OptionKeys } from '../options/known-options.js';

/** Options of a Host. */
export interface HostOptions {
  policy?: Policy;
  /** Model turns per conversation before the host gives up (a loop guard). Default 8. */
  maxTurns?: number;
  /** Function calls run from one model reply; the rest are told back as not run. Default 16. */
  maxCallsPerTurn?: number;
  /** Function calls run for one question (`ask`), over all its turns. Default 64. */
  maxCalls?: number;
  /** Least milliseconds between two tools/list refreshes of one server after list_changed. Default 1000. */
  toolsRefreshIntervalMs?: number;
  /** Sees every step; the demo trace and `mcpwire --trace` print from here. */
  onevent?: (event: HostEvent) => void;
}

/** Turns a tool result into the text a model reads. */
export function resultText(result: CallToolResult): string {
  const parts = (result.content ?? []).map((block) => {
    switch (block.type) {
      case 'text': return block.text;
      case 'image': return `[image ${block.mimeType}, ${block.data.length} base64 chars]`;
      case 'audio': return `[audio ${block.mimeType}, ${block.data.length} base64 chars]`;
      case 'resource_link': return `[resource link ${block.uri}]`;
      case 'resource': return 'text' in block.resource ? block.resource.text : `[resource ${block.resource.uri}]`;
      default: return JSON.stringify(block);
    }
  });
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

const HOST_OPTIONS = { policy: true, maxTurns: true, maxCallsPerTurn: true, maxCalls: true, toolsRefreshIntervalMs: true, onevent: true } as const satisfies OptionKeys<HostOptions>;

/** One host, many servers, one model at a time. */
export class Host {
  readonly policy: Policy;
  #clients = new Map<string, McpClient>();
  #tools = new Map<string, Tool[]>();
  #refreshes = new Map<string, CoalescedRefresh>();
  #seam = new ToolSeam([]);
  #validators = new WeakMap<Tool, Validator | null>();
  #options: HostOptions;

  constructor(options: HostOptions = {}) {
    refuseUnknownOptions('new Host', options, HOST_OPTIONS);
    this.#options = options;
    this.policy = options.policy ?? new Policy();
  }

  /** Adds a connected client under a host-chosen server name, and reads its tools. */
  async addServer(name: string, client: McpClient): Promise<void> {
    if (this.#clients.has(name)) throw new Error(`A server named "${name}" is already added`);
    this.#clients.set(name, client);
    // 3,000 list_changed notifications must not become 3,000 tools/list requests: they coalesce,
    // and refreshes of one server start at least toolsRefreshIntervalMs apart (the last change is still read).
    this.#refreshes.set(name, new CoalescedRefresh(async () => {
      // The seed's troubleshooting order: no `tools` capability means nothing to list.
      const tools = client.serverCapabilities.tools ? await client.listTools() : [];
      for (const tool of tools) this.policy.observe(name, tool);
      this.#tools.set(name, tools);
      this.#rebuild();
    }, { minIntervalMs: this.#options.toolsRefreshIntervalMs ?? 1000 }));
    client.ontoolslistchanged = () => { void this.refreshTools(name).catch(() => undefined); };
    await this.refreshTools(name);
  }

  /**
   * Re-reads one server's tools (all pages) and rebuilds what the model sees. While a refresh runs,
   * further calls share one refresh that starts after it (at most one running, one waiting), and
   * no sooner than toolsRefreshIntervalMs after the start of the previous one.
   */
  async refreshTools(name: string): Promise<void> {
    this.#client(name);
    return this.#refreshes.get(name)!.request();
  }

  /** Resolves once the refreshes of one server's tools that are running or waiting now are done. */
  async toolsSettled(name: string): Promise<void> {
    this.#client(name);
    return this.#refreshes.get(name)!.settled();
  }

  /** The tools the model may see, with their model-facing names. */
  get seam(): ToolSeam {
    return this.#seam;
  }

  /** Every tool each server offers, exposed or not. */
  get tools(): ReadonlyMap<string, Tool[]> {
    return this.#tools;
  }

  /** Calls a tool directly, with no model: a fixed workflow or a test (same tools/call, no Function Call). */
  async callTool(server: string, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    return this.#client(server).callTool(tool, args);
  }

  /** Runs one user request through the model loop and returns the model's final answer. */
  async ask(model: Model, text: string): Promise<string> {
    const emit = this.#options.onevent ?? (() => undefined);
    const messages: ModelMessage[] = [{ role: 'user', content: text }];
    const perTurn = this.#options.maxCallsPerTurn ?? 16;
    const total = this.#options.maxCalls ?? 64;
    let run = 0;
    emit({ type: 'user', text });
    for (let turn = 0; turn < (this.#options.maxTurns ?? 8); turn++) {
      const functions = this.#seam.functions;
      emit({ type: 'to-model', functions, messageCount: messages.length });
      const reply = await model.complete({ messages: [...messages], functions });
      emit({ type: 'from-model', reply });
      if (reply.type === 'text') {
        emit({ type: 'answer', text: reply.text });
        return reply.text;
      }
      messages.push({ role: 'assistant', content: '', functionCalls: reply.calls });
      // A model's reply is untrusted: 2,000 calls in one reply must not become 2,000 tools/call.
      // Every call still gets a result (the APIs require one per call id); the dropped ones say why.
      const runnable = Math.min(perTurn, total - run);
      const why = total - run < perTurn
        ? `the host runs at most ${total} function calls per question and they are used up`
        : `the host runs at most ${perTurn} function calls per reply and this reply asked for ${reply.calls.length}`;
      const dropped = reply.calls.slice(runnable);
      if (dropped.length > 0) emit({ type: 'calls-dropped', calls: dropped, why });
      for (const [index, call] of reply.calls.entries()) {
        const { content, isError } = index < runnable
          ? await this.#runCall(call, emit)
          : { content: `Not run: ${why}${total - run < perTurn ? '' : '; ask again for the ones still needed'}`, isError: true };
        emit({ type: 'function-result', callId: call.id, name: call.name, content, isError });
        messages.push({ role: 'function', callId: call.id, name: call.name, content, isError });
      }
      run += Math.min(runnable, reply.calls.length);
    }
    throw new Error(`The model did not finish within ${this.#options.maxTurns ?? 8} turns`);
  }

  /**
   * Answers `server`'s sampling/createMessage with `model`, once the policy or the person approves
   * (give it to McpClient.connect as onSampling). `server` may be a function: the name is often
   * known only after the handshake. Declined: SamplingDeclinedError (a client answers -1).
   */
  samplingHandler(server: string | (() => string), model: Model): (params: CreateMessageRequestParams) => Promise<CreateMessageResult> {
    return async (params) => {
      const emit = this.#options.onevent ?? (() => undefined);
      const name = typeof server === 'string' ? server : server();
      const decision = await this.policy.decideSampling(name, params);
      emit({ type: 'sampling-request', server: name, params, decision });
      if (!decision.allowed) throw new SamplingDeclinedError(`Sampling declined: ${decision.why}`);
      const result = await sampleWith(model, params);
      emit({ type: 'sampling-reply', server: name, result });
      return result;
    };
  }

  /** Closes every client. */
  async close(): Promise<void> {
    await Promise.all([...this.#clients.values()].map((client) => client.close()));
  }

  async #runCall(call: FunctionCall, emit: (event: HostEvent) => void): Promise<{ content: string; isError: boolean }> {
    // ── the seam: a model Function Call becomes (server, tool, arguments) ──
    const address: ToolAddress | undefined = this.#seam.resolve(call.name);
    if (!address) return { content: `Unknown function ${call.name}: it was never offered to you`, isError: true };
    const { server, tool } = address;
    // A model's arguments are untrusted: not JSON, or not what the inputSchema asks, is told back
    // to the model (which can correct itself) and never reaches the server or the person asked to approve.
    if (call.invalidArguments !== undefined) {
      return { content: `Arguments of ${call.name} are not a JSON object: ${call.invalidArguments}`, isError: true };
    }
    const problems = this.#argumentProblems(tool, call.arguments);
    if (problems) return { content: `Arguments of ${call.name} do not match its input schema: ${problems}`, isError: true };
    const decision = await this.policy.decide(server, tool, call.arguments);
    emit({ type: 'policy', call, server, tool: tool.name, decision });
    if (!decision.allowed) return { content: `Not run: ${decision.why}`, isError: true };
    try {
      const result = await this.#client(server).callTool(tool.name, call.arguments);
      emit({ type: 'tool-result', call, server, tool: tool.name, result });
      return { content: resultText(result), isError: result.isError === true };
    } catch (error) {
      // A JSON-RPC error is a protocol failure, not the tool's answer; the model is told it failed.
      const failure = error instanceof Error ? error : new Error(String(error));
      emit({ type: 'tool-protocol-error', call, server, tool: tool.name, error: failure });
      return { content: `The call failed before the tool could answer: ${failure.message}`, isError: true };
    }
  }

  /** What is wrong with `args` for `tool`'s inputSchema; undefined when valid (or the schema cannot be compiled: the server judges). */
  #argumentProblems(tool: Tool, args: Record<string, unknown>): string | undefined {
    let validator = this.#validators.get(tool);
    if (validator === undefined) {
      try {
        validator = compile(tool.inputSchema);
      } catch {
        validator = null;
      }
      this.#validators.set(tool, validator);
    }
    const result = validator?.(args);
    if (!result || result.valid) return undefined;
    return result.errors.slice(0, 5).map((error) => `${error.instancePath || '(root)'} ${error.message}`).join('; ');
  }

  #client(name: string): McpClient {
    const client = this.#clients.get(name);
    if (!client) throw new Error(`No server named "${name}" (known: ${[...this.#clients.keys()].join(', ') || 'none'})`);
    return client;
  }

  #rebuild(): void {
    const exposed: ToolAddress[] = [];
    for (const [server, tools] of this.#tools) {
      for (const tool of tools) if (this.policy.exposes(server, tool)) exposed.push({ server, tool });
    }
    this.#seam = new ToolSeam(exposed, [...this.#clients.keys()]);
  }
}
