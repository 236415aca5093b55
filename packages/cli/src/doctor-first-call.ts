// Which tool doctor's trial call step calls when no --call names one: the seed's first call is
// one read-only tool. annotations.readOnlyHint is the server's own claim (server/tools#tool-annotations:
// hints, untrusted unless the server is), so doctor calls a tool on its own only when the choice is
// obvious: exactly one tool claims readOnlyHint and needs no arguments (its inputSchema requires
// none). Any other tool is called only when the user names it; otherwise the step says why not.

import type { Tool } from 'mcpwire/protocol';
import { terminalLine } from 'mcpwire/host';

/** Tool names shown at most. */
const SHOWN = 10;

/** The tool to call and why it was chosen, or why none was. */
export type FirstCall = { call: string; why: string } | { skip: string };

/** The obvious first call among `tools`, or why there is none. */
export function chooseFirstCall(tools: readonly Tool[]): FirstCall {
  const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint === true);
  if (readOnly.length === 0) {
    return { skip: 'no tool is marked readOnlyHint, so none is called unasked: read each tool\'s description and inputSchema (mcpwire list --schema), then --call NAME [--args …]' };
  }
  const bare = readOnly.filter((tool) => requiredOf(tool).length === 0);
  if (bare.length === 1) {
    return { call: bare[0]!.name, why: `${terminalLine(bare[0]!.name)} is the one tool marked readOnlyHint (the server's claim, not a guarantee) that needs no arguments` };
  }
  if (bare.length > 1) {
    return { skip: `${bare.length} tools marked readOnlyHint need no arguments (${names(bare)}): no obvious first one; choose with --call NAME` };
  }
  const needs = readOnly.slice(0, SHOWN).map((tool) => `${terminalLine(tool.name)} needs ${requiredOf(tool).map((key) => terminalLine(key)).join(', ')}`).join('; ');
  return { skip: `every tool marked readOnlyHint needs arguments (${needs}${readOnly.length > SHOWN ? '; …' : ''}): call one with --call NAME --args …` };
}

/** The names of the arguments a tool's inputSchema requires (none when it says nothing usable). */
function requiredOf(tool: Tool): string[] {
  const required = (tool.inputSchema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((key): key is string => typeof key === 'string') : [];
}

function names(tools: readonly Tool[]): string {
  const shown = tools.slice(0, SHOWN).map((tool) => terminalLine(tool.name)).join(', ');
  return tools.length > SHOWN ? `${shown}, … and ${tools.length - SHOWN} more` : shown;
}
