// What the doctor says after every step passed: which tool to try first. The seed's advice is
// one read-only tool; annotations.readOnlyHint is the server's own claim (server/tools#tool-annotations:
// hints, untrusted unless the server is), so it is named as a claim, not a guarantee.

import type { Tool } from 'mcpwire/protocol';
import { terminalLine } from './terminal-text.js';

/** Tool names shown at most. */
const SHOWN = 10;

/** The closing lines: the tools marked readOnlyHint as the safe first `call`, or why there is none. */
export function firstCallAdvice(tools: readonly Tool[]): string[] {
  const readOnly = tools.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name);
  if (readOnly.length === 0) {
    return ['first call: no tool is marked readOnlyHint; read each tool\'s description and inputSchema (mcpwire list --schema) before calling one'];
  }
  const shown = readOnly.slice(0, SHOWN).map((name) => terminalLine(name)).join(', ');
  const more = readOnly.length > SHOWN ? `, … and ${readOnly.length - SHOWN} more` : '';
  return [`first call: try a tool marked readOnlyHint (the server's claim, not a guarantee): ${shown}${more}`];
}
