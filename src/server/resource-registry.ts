// Resources and resource templates (server/resources): list and read.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import { RESOURCE_NOT_FOUND } from '../protocol/index.js';
import type { ReadResourceResult, Resource, ResourceTemplate } from '../protocol/index.js';
import type { Completer } from './completer.js';
import { NamedRegistry, coalesce } from './named-registry.js';
import type { Registered } from './named-registry.js';
import type { HandlerContext } from './request-context.js';
import { UriTemplate } from './uri-template.js';

/** Reads one resource. */
export type ReadResource = (uri: string, context: HandlerContext) => ReadResourceResult | Promise<ReadResourceResult>;
/** Reads one resource of a template, given the template's variables. */
export type ReadTemplate = (uri: string, variables: Record<string, string>, context: HandlerContext) => ReadResourceResult | Promise<ReadResourceResult>;

type ResourceEntry = { definition: Resource; handler: ReadResource; listed?: boolean };
type TemplateEntry = { definition: ResourceTemplate; handler: ReadTemplate; complete: Record<string, Completer> };

/** A handle to a registered resource: `remove()`, `enable()`, `disable()`, `update({ definition?, handler? })`. */
export type RegisteredResource = Registered<{ definition?: Partial<Resource>; handler?: ReadResource }>;
/** A handle to a registered resource template, the same with its completers: `update({ definition?, handler?, complete? })`. */
export type RegisteredResourceTemplate = Registered<{ definition?: Partial<ResourceTemplate>; handler?: ReadTemplate; complete?: Record<string, Completer> }>;

/** The resources a server offers. */
export class ResourceRegistry {
  readonly #resources: NamedRegistry<'resources', ResourceEntry>;
  readonly #templates: NamedRegistry<'resourceTemplates', TemplateEntry, TemplateEntry & { matcher: UriTemplate }>;

  constructor(onchange: () => void) {
    const announce = coalesce(onchange); // one resources/list_changed for a tick's resources and templates
    this.#resources = new NamedRegistry({ field: 'resources', noun: 'resource with URI', keyOf: (resource) => resource.uri, shown: (entry) => entry.listed !== false }, announce);
    this.#templates = new NamedRegistry({
      field: 'resourceTemplates', noun: 'resource template', keyOf: (template) => template.uriTemplate,
      prepare: (entry) => ({ ...entry, matcher: new UriTemplate(entry.definition.uriTemplate) }),
    }, announce);
  }

  get size(): number {
    return this.#resources.size + this.#templates.size;
  }

  /** `listed: false`: readable at its URI, but not in `resources/list` (a skill's supporting files). */
  add(resource: Resource, read: ReadResource, options: { listed?: boolean } = {}): RegisteredResource {
    return this.#resources.register({ definition: resource, handler: read, listed: options.listed });
  }

  addTemplate(template: ResourceTemplate, read: ReadTemplate, complete: Record<string, Completer> = {}): RegisteredResourceTemplate {
    return this.#templates.register({ definition: template, handler: read, complete });
  }

  list(cursor: unknown, pageSize: number): { resources: Resource[]; nextCursor?: string } {
    return this.#resources.list(cursor, pageSize);
  }

  listTemplates(cursor: unknown, pageSize: number): { resourceTemplates: ResourceTemplate[]; nextCursor?: string } {
    return this.#templates.list(cursor, pageSize);
  }

  async read(params: Record<string, unknown> | undefined, context: HandlerContext): Promise<ReadResourceResult> {
    const uri = requireUri(params, 'resources/read');
    const entry = this.#resources.entry(uri);
    if (entry) return entry.handler(uri, context);
    for (const template of this.#templates.entries()) {
      const variables = template.matcher.match(uri);
      if (variables) return template.handler(uri, variables, context);
    }
    // server/resources#error-handling: unknown URI → -32002 with the uri in data.
    throw new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
  }

  /** The completer of one template variable, if any. */
  completer(uriTemplate: string, variable: string): Completer | undefined {
    const entry = this.#templates.entry(uriTemplate);
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
