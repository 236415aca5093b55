// The host's guard: which tools the model may see, and which calls need a person's yes
// (server/tools#user-interaction-model, security considerations: annotations are untrusted).
// A standing approval (the `approve` list, a trusted server's readOnlyHint) covers the definition
// the host first saw under that name; a tool redefined later must be confirmed again.

import { visibleTo } from '../protocol/index.js';
import type { CreateMessageRequestParams, Tool } from '../protocol/index.js';
import { changedFields, definitionDigest } from './tool-definition.js';
import { refuseUnknownOptions } from '../options/known-options.js';
import type { OptionKeys } from '../options/known-options.js';

/** A call awaiting a person's approval. */
export interface ConfirmationRequest {
  server: string;
  tool: Tool;
  arguments: Record<string, unknown>;
  /** Set when the tool has a standing approval but was redefined since: the definition that was approved. */
  approvedDefinition?: Tool;
}

/** A server's sampling request awaiting a person's approval. */
export interface SamplingConfirmationRequest {
  server: string;
  params: CreateMessageRequestParams;
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
  /** Servers whose sampling requests the host's model answers without asking. */
  approveSampling?: string[];
  /** Asks a person about a sampling request; absent: unapproved sampling is declined. */
  confirmSampling?: (request: SamplingConfirmationRequest) => Promise<boolean>;
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

/** The definition a standing approval was given for. */
interface Pin {
  tool: Tool;
  digest: string | undefined;
}

const POLICY_OPTIONS = { allow: true, deny: true, approve: true, trustedServers: true, confirm: true, approveSampling: true, confirmSampling: true } as const satisfies OptionKeys<PolicyOptions>;

/** Decides exposure and confirmation for the host. */
export class Policy {
  #options: PolicyOptions;
  /** server → tool name → the definition its standing approval covers. */
  #pins = new Map<string, Map<string, Pin>>();

  constructor(options: PolicyOptions = {}) {
    refuseUnknownOptions('new Policy', options, POLICY_OPTIONS);
    this.#options = options;
  }

  /** Whether the model may see this tool at all (never an MCP App's app-only tool: apps#visibility). */
  exposes(server: string, tool: Tool): boolean {
    if (!visibleTo(tool, 'model')) return false;
    if (matches(this.#options.deny, server, tool.name)) return false;
    return this.#options.allow === undefined || matches(this.#options.allow, server, tool.name);
  }

  /**
   * Records the definition a standing approval covers, the first time the host sees the tool (the
   * host calls this for every listed tool; later definitions under the same name do not replace it).
   */
  observe(server: string, tool: Tool): void {
    if (this.#standing(server, tool) === undefined) return;
    let tools = this.#pins.get(server);
    if (!tools) this.#pins.set(server, tools = new Map());
    if (!tools.has(tool.name)) tools.set(tool.name, { tool, digest: definitionDigest(tool) });
  }

  /** Whether this call may be sent now (asking for confirmation when needed). */
  async decide(server: string, tool: Tool, args: Record<string, unknown>): Promise<PolicyDecision> {
    const label = `${server}/${tool.name}`;
    if (!visibleTo(tool, 'model')) return { allowed: false, why: `tool ${label} is for its MCP App only (_meta.ui.visibility), not for the model` };
    if (!this.exposes(server, tool)) return { allowed: false, why: `tool ${label} is not exposed by the host's policy` };
    const standing = this.#standing(server, tool);
    let approved: Tool | undefined;
    if (standing !== undefined) {
      this.observe(server, tool);
      const pin = this.#pins.get(server)!.get(tool.name)!;
      if (pin.digest !== undefined && pin.digest === definitionDigest(tool)) return { allowed: true, how: standing };
      approved = pin.tool; // server/tools#security-considerations: a redefined tool is a new tool
    }
    const fields = approved && (changedFields(approved, tool).join(', ') || 'too deeply nested to compare');
    if (!this.#options.confirm) {
      const what = fields ? `changed since it was approved (${fields})` : 'may have side effects';
      return { allowed: false, why: `tool ${label} ${what} and no one is available to confirm it` };
    }
    const request: ConfirmationRequest = { server, tool, arguments: args };
    if (approved) request.approvedDefinition = approved;
    if (await this.#options.confirm(request)) return { allowed: true, how: 'confirmed' };
    return { allowed: false, why: `the user declined ${label}${fields ? ` (its definition changed since it was approved: ${fields})` : ''}` };
  }

  /** Whether a server's sampling request may go to the host's model (client/sampling: a human in the loop). */
  async decideSampling(server: string, params: CreateMessageRequestParams): Promise<PolicyDecision> {
    if (this.#options.approveSampling?.includes(server)) return { allowed: true, how: 'approved-by-policy' };
    if (!this.#options.confirmSampling) return { allowed: false, why: `sampling for server ${server} is not approved and no one is available to confirm it` };
    if (await this.#options.confirmSampling({ server, params })) return { allowed: true, how: 'confirmed' };
    return { allowed: false, why: `the user declined sampling for server ${server}` };
  }

  /** How the tool would be allowed without asking, if its definition is the approved one. */
  #standing(server: string, tool: Tool): 'approved-by-policy' | 'read-only' | undefined {
    if (matches(this.#options.approve, server, tool.name)) return 'approved-by-policy';
    const trusted = this.#options.trustedServers?.includes(server) ?? false;
    return trusted && tool.annotations?.readOnlyHint === true ? 'read-only' : undefined;
  }
}
