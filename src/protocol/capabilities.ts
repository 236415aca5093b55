// Which capability each method needs (basic/lifecycle#capability-negotiation): a side
// MUST use only capabilities both sides negotiated.

import { McpwireError } from '../errors/mcpwire-error.js';
import type { ClientCapabilities, ServerCapabilities } from './lifecycle-types.js';
import { extensionSettings } from './extensions.js';
import type { ExtensionDescriptor } from './extensions.js';

const SERVER_CAPABILITY_OF: Record<string, keyof ServerCapabilities> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources',
  'resources/unsubscribe': 'resources',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  'completion/complete': 'completions',
  'logging/setLevel': 'logging',
  'tasks/get': 'tasks',
  'tasks/result': 'tasks',
  'tasks/list': 'tasks',
  'tasks/cancel': 'tasks',
};

const CLIENT_CAPABILITY_OF: Record<string, keyof ClientCapabilities> = {
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
  'roots/list': 'roots',
};

/** The server capability a client request needs, if any. */
export function serverCapabilityFor(method: string): keyof ServerCapabilities | undefined {
  return SERVER_CAPABILITY_OF[method];
}

/** The client capability a server request needs, if any. */
export function clientCapabilityFor(method: string): keyof ClientCapabilities | undefined {
  return CLIENT_CAPABILITY_OF[method];
}

/**
 * Whether `method` is one an extension of this side adds (`extensions`) and the server declared
 * that extension (SEP-2133; SEP-2663 adds tasks/get, tasks/update and tasks/cancel back this way).
 */
export function isDeclaredExtensionMethod(capabilities: ServerCapabilities, method: string, extensions: readonly ExtensionDescriptor[]): boolean {
  return extensions.some((extension) => extension.methods?.includes(method) === true && extensionSettings(capabilities, extension.id) !== undefined);
}

/** Why the server's capabilities do not allow this request, or undefined when they do; `extensions` are the client's (their methods need only their declaration). */
export function missingServerCapability(capabilities: ServerCapabilities, method: string, extensions: readonly ExtensionDescriptor[] = []): string | undefined {
  const name = serverCapabilityFor(method);
  if (name === undefined) return undefined;
  // SEP-2663: tasks/get and tasks/cancel belong to the Tasks extension when both sides declared it.
  if (isDeclaredExtensionMethod(capabilities, method, extensions)) return undefined;
  if (!capabilities[name]) return `The server did not declare the "${name}" capability, so "${method}" cannot be used`;
  if ((method === 'resources/subscribe' || method === 'resources/unsubscribe') && !capabilities.resources?.subscribe) {
    return `The server did not declare "resources.subscribe", so "${method}" cannot be used`;
  }
  // basic/utilities/tasks#capabilities: tasks.list and tasks.cancel each say whether that operation exists.
  if (method === 'tasks/list' || method === 'tasks/cancel') {
    const operation = method === 'tasks/list' ? 'list' : 'cancel';
    if (!capabilities.tasks?.[operation]) return `The server did not declare "tasks.${operation}", so "${method}" cannot be used`;
  }
  return undefined;
}

/** Why the client's capabilities do not allow this server request, or undefined when they do. */
export function missingClientCapability(capabilities: ClientCapabilities, method: string, params?: Record<string, unknown>): string | undefined {
  const name = clientCapabilityFor(method);
  if (name === undefined) return undefined;
  if (!capabilities[name]) return `The client did not declare the "${name}" capability, so "${method}" cannot be used`;
  if (method === 'elicitation/create') {
    // client/elicitation#capabilities: `{}` means form mode only.
    const mode = params?.mode === 'url' ? 'url' : 'form';
    const elicitation = capabilities.elicitation ?? {};
    const declared = Object.keys(elicitation).length === 0 ? ['form'] : Object.keys(elicitation);
    if (!declared.includes(mode)) return `The client did not declare elicitation mode "${mode}"`;
  }
  if (method === 'sampling/createMessage' && params?.tools !== undefined && !capabilities.sampling?.tools) {
    return 'The client did not declare "sampling.tools", so tools cannot be sent in sampling/createMessage';
  }
  return undefined;
}

/** A local refusal: this side would use a capability the peer did not declare. Never sent on the wire. */
export class CapabilityError extends McpwireError {
  override name = 'CapabilityError';
  override readonly code = 'CAPABILITY';
}
