// Resources and resource templates (server/resources): list, read, subscribe.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { RESOURCE_NOT_FOUND } from '../protocol/index.js';
import type { ReadResourceResult, Resource, ResourceTemplate } from '../protocol/index.js';
import type { Completer } from './completer.js';
import { paginate } from './pagination.js';
import type { ToolContext } from './request-context.js';
import { UriTemplate } from './uri-template.js';

/** Reads one resource. */
export type ReadResource = (uri: string, context: ToolContext) => ReadResourceResult | Promise<ReadResourceResult>;
/** Reads one resource of a template, given the template's variables. */
export type ReadTemplate = (uri: string, variables: Record<string, string>, context: ToolContext) => ReadResourceResult | Promise<ReadResourceResult>;

interface TemplateEntry {
  template: ResourceTemplate;
  uriTemplate: UriTemplate;
  read: ReadTemplate;
  complete: Record<string, Completer>;
}

/** The resources a server offers. */
export class ResourceRegistry {
  #resources = new Map<string, { resource: Resource; read: ReadResource }>();
  #templates = new Map<string, TemplateEntry>();
  #onchange: () => void;

  constructor(onchange: () => void) {
    this.#onchange = onchange;
  }

  get size(): number {
    return this.#resources.size + this.#templates.size;
  }

  add(resource: Resource, read: ReadResource): { remove(): void } {
    if (this.#resources.has(resource.uri)) throw new Error(`A resource with URI "${resource.uri}" is already registered`);
    this.#resources.set(resource.uri, { resource, read });
    this.#onchange();
    return { remove: () => { if (this.#resources.delete(resource.uri)) this.#onchange(); } };
  }

  addTemplate(template: ResourceTemplate, read: ReadTemplate, complete: Record<string, Completer> = {}): { remove(): void } {
    if (this.#templates.has(template.uriTemplate)) throw new Error(`A template "${template.uriTemplate}" is already registered`);
    this.#templates.set(template.uriTemplate, { template, uriTemplate: new UriTemplate(template.uriTemplate), read, complete });
    this.#onchange();
    return { remove: () => { if (this.#templates.delete(template.uriTemplate)) this.#onchange(); } };
  }

  list(cursor: unknown, pageSize: number): { resources: Resource[]; nextCursor?: string } {
    const { page, nextCursor } = paginate([...this.#resources.values()], cursor, pageSize);
    const resources = page.map((entry) => entry.resource);
    return nextCursor === undefined ? { resources } : { resources, nextCursor };
  }

  listTemplates(cursor: unknown, pageSize: number): { resourceTemplates: ResourceTemplate[]; nextCursor?: string } {
    const { page, nextCursor } = paginate([...this.#templates.values()], cursor, pageSize);
    const resourceTemplates = page.map((entry) => entry.template);
    return nextCursor === undefined ? { resourceTemplates } : { resourceTemplates, nextCursor };
  }

  /** Whether `uri` names something this server can read (for subscribe). */
  knows(uri: string): boolean {
    return this.#resources.has(uri) || [...this.#templates.values()].some((entry) => entry.uriTemplate.match(uri) !== undefined);
  }

  async read(params: Record<string, unknown> | undefined, context: ToolContext): Promise<ReadResourceResult> {
    const uri = requireUri(params, 'resources/read');
    const entry = this.#resources.get(uri);
    if (entry) return entry.read(uri, context);
    for (const template of this.#templates.values()) {
      const variables = template.uriTemplate.match(uri);
      if (variables) return template.read(uri, variables, context);
    }
    // server/resources#error-handling: unknown URI → -32002 with the uri in data.
    throw new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  }

  /** The completer of one template variable, if any. */
  completer(uriTemplate: string, variable: string): Completer | undefined {
    const entry = this.#templates.get(uriTemplate);
    if (!entry) throw new ProtocolError(INVALID_PARAMS, `Unknown resource template: ${uriTemplate}`);
    // Own properties only: a variable named "constructor" or "__proto__" is not a completer.
    return Object.hasOwn(entry.complete, variable) ? entry.complete[variable] : undefined;
  }
}

/** Reads the `uri` param, refusing anything that is not an absolute URI (server/resources#security-considerations). */
export function requireUri(params: Record<string, unknown> | undefined, method: string): string {
  const uri = params?.uri;
  if (typeof uri !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) {
    throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${method} needs "uri", an absolute URI string`);
  }
  return uri;
}
