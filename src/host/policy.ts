// The host's guard: which tools the model may see, and which calls need a person's yes
// (server/tools#user-interaction-model, security considerations: annotations are untrusted).

import type { Tool } from '../protocol/index.js';

/** A call awaiting a person's approval. */
export interface ConfirmationRequest {
  server: string;
  tool: Tool;
  arguments: Record<string, unknown>;
}

/** The host's decision about one call. */
export type PolicyDecision =
  | { allowed: true; how: 'approved-by-policy' | 'read-only' | 'confirmed' }
  | { allowed: false; why: string };

/** Policy settings; tool names are `server/tool` or a bare `tool` (any server). */
export interface PolicyOptions {
  /** Only these tools are exposed to the model; absent = every tool. */
  allow?: string[];
  /** Never exposed, even if allowed. */
  deny?: string[];
  /** Run without asking. */
  approve?: string[];
  /** Servers whose `readOnlyHint` is believed (annotations from others never lower the guard). */
  trustedServers?: string[];
  /** Asks a person; absent means no one can answer, so calls needing confirmation are denied. */
  confirm?: (request: ConfirmationRequest) => Promise<boolean>;
}

/**
 * A bare entry (no '/') names a tool on any server; `server/tool` names one server's tool. A tool
 * name that itself contains '/' matches only its own qualified form, so a server cannot name a
 * tool "calc/add" and borrow the approval the host gave server calc's add (tools are untrusted).
 */
function matches(list: readonly string[] | undefined, server: string, tool: string): boolean {
  if (list === undefined) return false;
  return (!tool.includes('/') && list.includes(tool)) || list.includes(`${server}/${tool}`);
}

/** Decides exposure and confirmation for the host. */
export class Policy {
  #options: PolicyOptions;

  constructor(options: PolicyOptions = {}) {
    this.#options = options;
  }

  /** Whether the model may see this tool at all. */
  exposes(server: string, tool: Tool): boolean {
    if (matches(this.#options.deny, server, tool.name)) return false;
    return this.#options.allow === undefined || matches(this.#options.allow, server, tool.name);
  }

  /** Whether this call may be sent now (asking for confirmation when needed). */
  async decide(server: string, tool: Tool, args: Record<string, unknown>): Promise<PolicyDecision> {
    if (!this.exposes(server, tool)) return { allowed: false, why: `tool ${server}/${tool.name} is not exposed by the host's policy` };
    if (matches(this.#options.approve, server, tool.name)) return { allowed: true, how: 'approved-by-policy' };
    const trusted = this.#options.trustedServers?.includes(server) ?? false;
    if (trusted && tool.annotations?.readOnlyHint === true) return { allowed: true, how: 'read-only' };
    if (!this.#options.confirm) {
      return { allowed: false, why: `tool ${server}/${tool.name} may have side effects and no one is available to confirm it` };
    }
    const yes = await this.#options.confirm({ server, tool, arguments: args });
    return yes ? { allowed: true, how: 'confirmed' } : { allowed: false, why: `the user declined ${server}/${tool.name}` };
  }
}
