// THE SEAM. On one side, model function calls (model API); on the other, MCP tools on
// named servers (JSON-RPC). This file is the only place a function name turns into a
// (server, tool) pair and back.

import type { Tool } from '../protocol/index.js';
import type { FunctionDefinition } from './model.js';

/** Where a model-facing function really lives. */
export interface ToolAddress {
  server: string;
  tool: Tool;
}

// Model APIs accept function names of 1–64 characters from [A-Za-z0-9_-].
const UNSAFE = /[^A-Za-z0-9_-]/g;
const MAX_NAME = 64;

function safeName(name: string): string {
  return name.replace(UNSAFE, '_').slice(0, MAX_NAME) || 'tool';
}

/**
 * Whether a tool's function name could be read as another server's tool: `calc__rm` or `calc_add`
 * (from `calc/add`) on any server but calc. Tool names are untrusted text, so such a tool is
 * shown under its own server's prefix instead (`evil__calc__rm`). Case and `_`/`-` are ignored.
 */
function posesAsOtherServer(base: string, own: string, servers: readonly string[]): boolean {
  const name = base.toLowerCase().replaceAll('-', '_');
  return servers.some((server) => {
    if (server === own) return false;
    const prefix = safeName(server).toLowerCase().replaceAll('-', '_');
    return name.startsWith(`${prefix}_`);
  });
}

/** Builds the functions the model sees from the exposed tools, and resolves calls back. */
export class ToolSeam {
  #byFunction = new Map<string, ToolAddress>();
  #definitions: FunctionDefinition[] = [];

  /** Rebuilds the mapping from the tools the host chose to expose; `servers` are every server the host knows. */
  constructor(exposed: readonly ToolAddress[], servers: readonly string[] = [...new Set(exposed.map(({ server }) => server))]) {
    const counts = new Map<string, number>();
    for (const { tool } of exposed) counts.set(safeName(tool.name), (counts.get(safeName(tool.name)) ?? 0) + 1);
    const prefixed = (address: ToolAddress): string => safeName(`${address.server}__${address.tool.name}`);
    // Names the host gives colliding tools. A tool whose own name looks like one ("calc__add" on
    // another server) is untrusted text: it gets its own prefix instead of posing as calc's add.
    const reserved = new Set(exposed.filter(({ tool }) => counts.get(safeName(tool.name)) !== 1).map(prefixed));
    for (const address of exposed) {
      const base = safeName(address.tool.name);
      // server/tools#tool-names: names may collide across servers; prefix the host's own server id.
      const plain = counts.get(base) === 1 && !reserved.has(base) && !posesAsOtherServer(base, address.server, servers);
      let name = plain ? base : prefixed(address);
      for (let n = 2; this.#byFunction.has(name); n++) name = safeName(`${name.slice(0, MAX_NAME - 4)}_${n}`);
      this.#byFunction.set(name, address);
      this.#definitions.push({
        name,
        description: address.tool.description ?? address.tool.title ?? address.tool.name,
        parameters: address.tool.inputSchema,
      });
    }
  }

  /** What the model is shown. */
  get functions(): FunctionDefinition[] {
    return this.#definitions;
  }

  /** A model function call's name → the MCP server and tool it means (undefined: never exposed). */
  resolve(functionName: string): ToolAddress | undefined {
    return this.#byFunction.get(functionName);
  }
}
