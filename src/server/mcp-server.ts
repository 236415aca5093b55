// McpServer: a ToolServer plus resources, resource templates (server/resources), prompts
// (server/prompts) and argument completion (server/utilities/completion). What an application
// registers here, clients can list, read, get and complete; `connect(transport)` per client.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { NOTIFICATIONS } from '../protocol/index.js';
import type { CompleteRequestParams, CompleteResult, Resource, ResourceTemplate, ServerCapabilities } from '../protocol/index.js';
import type { Implementation } from '../protocol/lifecycle-types.js';
import type { PageRequestParams, ServerMethods } from '../protocol/method-types.js';
import { runCompleter } from './completer.js';
import type { Completer } from './completer.js';
import { PromptRegistry } from './prompt-registry.js';
import type { GetPrompt, PromptDefinition, RegisteredPrompt } from './prompt-registry.js';
import type { ToolSchema } from './schema-adapter.js';
import { ResourceRegistry } from './resource-registry.js';
import type { ReadResource, ReadTemplate, RegisteredResource, RegisteredResourceTemplate } from './resource-registry.js';
import { subscribe, unsubscribe } from './resource-subscriptions.js';
import type { ExtensionServer } from './server-extension.js';
import { ToolServer } from './tool-server.js';
import type { ToolServerOptions } from './server-options.js';
import { errorOf } from '../jsonrpc/thrown-value.js';
import type { ListenEvent } from '../protocol/listen-bus.js';

/** Options of an McpServer. */
export interface McpServerOptions extends ToolServerOptions {}

/** An MCP server with every server feature: register them, then `connect` a transport per client. */
export class McpServer extends ToolServer {
  readonly #resources = new ResourceRegistry(() => this.listChanged('resources', NOTIFICATIONS.resourcesListChanged));
  readonly #prompts = new PromptRegistry(() => this.listChanged('prompts', NOTIFICATIONS.promptsListChanged));
  /** An installed extension declared `resources` before registering any (ExtensionServer.declareResources). */
  #resourcesDeclared = false;

  constructor(info: Implementation, options: McpServerOptions = {}) {
    super(info, options);
    // Entries of the one method table (ToolServer's): bound methods and named functions, no forwarding closures.
    this.setRequestHandler('resources/list', this.#listResources.bind(this));
    this.setRequestHandler('resources/templates/list', this.#listTemplates.bind(this));
    this.setRequestHandler('resources/read', this.#resources.read.bind(this.#resources));
    this.setRequestHandler('resources/subscribe', subscribe);
    this.setRequestHandler('resources/unsubscribe', unsubscribe);
    this.setRequestHandler('prompts/list', this.#listPrompts.bind(this));
    this.setRequestHandler('prompts/get', this.#prompts.get.bind(this.#prompts));
    this.setRequestHandler('completion/complete', this.#complete.bind(this));
  }

  #listResources(params: PageRequestParams | undefined): ServerMethods['resources/list']['result'] {
    return this.#resources.list(params?.cursor, this.pageSize) as ServerMethods['resources/list']['result'];
  }

  #listTemplates(params: PageRequestParams | undefined): ServerMethods['resources/templates/list']['result'] {
    return this.#resources.listTemplates(params?.cursor, this.pageSize) as ServerMethods['resources/templates/list']['result'];
  }

  #listPrompts(params: PageRequestParams | undefined): ServerMethods['prompts/list']['result'] {
    return this.#prompts.list(params?.cursor, this.pageSize) as ServerMethods['prompts/list']['result'];
  }

  /** Registers a resource at a fixed URI. */
  resource(resource: Resource, read: ReadResource): RegisteredResource {
    return this.#resources.add(resource, read);
  }

  /** Registers a family of resources named by an RFC 6570 level-1 URI template, with optional completers per variable. */
  resourceTemplate(template: ResourceTemplate, read: ReadTemplate, complete?: Record<string, Completer>): RegisteredResourceTemplate {
    return this.#resources.addTemplate(template, read, complete);
  }

  /**
   * Registers a prompt, with optional completers per argument. Its arguments are listed as given,
   * or derived from `argumentsSchema` (JSON Schema or a Standard schema, as a tool's inputSchema),
   * which then types, validates and parses what the handler gets.
   */
  prompt<const A extends ToolSchema | undefined = undefined>(prompt: PromptDefinition<A>, get: GetPrompt<NoInfer<A>>, complete?: Record<string, Completer>): RegisteredPrompt {
    return this.#prompts.add(prompt, get, complete);
  }

  /**
   * Tells every client subscribed to `uri` that it changed (server/resources#subscriptions; 2026
   * listen streams too), on every instance sharing the listen bus: each sends it to its own.
   */
  async notifyResourceUpdated(uri: string): Promise<void> {
    await this.listeners.resourceUpdated(uri);
  }

  /** resources/updated from the bus, to this instance's 2025 sessions subscribed to the URI. */
  protected override async deliverToSessions(event: ListenEvent): Promise<void> {
    await super.deliverToSessions(event);
    if (event.kind !== 'resourceUpdated') return;
    const uri = event.uri;
    await Promise.all([...this.sessions].filter((session) => session.isSubscribed(uri))
      .map((session) => session.notify(NOTIFICATIONS.resourceUpdated, { uri }).catch((error: unknown) => { this.onerror?.(errorOf(error)); })));
  }

  /** An installed extension may register resources too, listed or read by URI only (the Skills extension's files). */
  protected override extensionServer(): ExtensionServer {
    return {
      ...super.extensionServer(),
      resource: (resource, read, options) => this.#resources.add(resource, read, options),
      declareResources: () => { this.#resourcesDeclared = true; },
    };
  }

  /** Whether `resources` is declared: a resource is registered, or an extension declared it. */
  #servesResources(): boolean {
    return this.#resources.size > 0 || this.#resourcesDeclared;
  }

  protected override impliedCapabilities(): ServerCapabilities {
    const implied = super.impliedCapabilities();
    if (this.#servesResources()) implied.resources = { subscribe: true, listChanged: true };
    if (this.#prompts.size > 0) implied.prompts = { listChanged: true };
    if (this.#prompts.size > 0 || this.#servesResources()) implied.completions = {};
    return implied;
  }

  protected override offers(capability: keyof ServerCapabilities): boolean {
    switch (capability) {
      case 'resources': return this.#servesResources();
      case 'prompts': return this.#prompts.size > 0;
      case 'completions': return this.#prompts.size > 0 || this.#servesResources();
      default: return super.offers(capability);
    }
  }

  async #complete(params: CompleteRequestParams | undefined): Promise<CompleteResult> {
    const ref = params?.ref as { type?: unknown; name?: unknown; uri?: unknown } | undefined;
    const argument = params?.argument as { name?: unknown; value?: unknown } | undefined;
    if (typeof argument?.name !== 'string' || typeof argument.value !== 'string') {
      throw new ProtocolError(INVALID_PARAMS, 'Invalid params: completion/complete needs argument { name, value } strings');
    }
    const context = (params?.context as { arguments?: Record<string, string> } | undefined)?.arguments ?? {};
    let completer: Completer | undefined;
    if (ref?.type === 'ref/prompt') completer = this.#prompts.completer(ref.name, argument.name);
    else if (ref?.type === 'ref/resource' && typeof ref.uri === 'string') completer = this.#resources.completer(ref.uri, argument.name);
    else throw new ProtocolError(INVALID_PARAMS, 'Invalid params: completion/complete "ref" must be ref/prompt or ref/resource');
    return runCompleter(completer, argument.value, context);
  }
}
