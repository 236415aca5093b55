// Doctor steps 3 and 4: the server declares `tools` (server/tools#capabilities), and `tools/list`
// returns the expected tool with a usable input schema, across every page
// (server/utilities/pagination), with no cursor repeated and no name listed twice.

import type { McpClient } from 'mcpwire/client';
import { compile } from 'mcpwire/json-schema';
import { CLIENT_REQUESTS } from 'mcpwire/protocol';
import type { Tool } from 'mcpwire/protocol';
import { step } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';
import { describeFailure } from './exit-codes.js';

/**
 * Characters of JSON (all pages' tools together) the doctor reads: McpClient's own default cap
 * (`listLimits.maxBytes`, 64 MiB), so the doctor stops where a host on mcpwire would.
 */
const MAX_LIST_CHARS = 64 * 1024 * 1024;
/** Pages read before the doctor calls a list endless. */
const MAX_PAGES = 1000;
/** Tool names shown in the evidence line; a list of 140,000 would be a wall of text. */
const SHOWN_NAMES = 50;
/** server/tools#tool-names (SHOULD): 1–128 characters of A-Z a-z 0-9 _ - . */
const SPEC_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Step 3. Without the capability, tools/list is tried anyway to tell "no tools" from "forgot to declare". */
export async function checkToolsCapability(client: McpClient, timeoutMs: number): Promise<StepResult> {
  const declared = client.serverCapabilities.tools;
  if (declared) return step('tools capability', 'passed', `the server declares tools ${JSON.stringify(declared)}`);
  const evidence = [`capabilities: ${JSON.stringify(client.serverCapabilities)}`];
  const fix = 'a server that offers tools MUST declare the "tools" capability in its initialize result (server/tools#capabilities); hosts do not call tools/list otherwise. If it should have tools, check that they are registered before the server connects (a registration skipped by a missing environment variable or a failed import is the usual cause)';
  try {
    const page = await client.mcp.request(CLIENT_REQUESTS.toolsList, undefined, { timeoutMs });
    const count = Array.isArray(page.tools) ? page.tools.length : 0;
    evidence.push(count > 0
      ? `tools/list sent anyway answered with ${count} tool(s): the server has tools but does not declare them`
      : 'tools/list sent anyway answered with no tools: no tool is registered at all');
  } catch (error) {
    evidence.push(`tools/list sent anyway: ${describeFailure(error).text}`);
  }
  return step('tools capability', 'failed', 'the server does not declare the "tools" capability', evidence, fix);
}

/** Step 4; also returns the tools it read, for steps 5 and 6. */
export async function checkToolsList(client: McpClient, expected: string | undefined, timeoutMs: number): Promise<{ result: StepResult; tools: Tool[] }> {
  const tools: Tool[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let bytes = 0;
  try {
    for (; pages < MAX_PAGES; ) {
      const page = await client.request(CLIENT_REQUESTS.toolsList, cursor === undefined ? undefined : { cursor }, { timeoutMs });
      pages++;
      if (!Array.isArray(page.tools)) { problems.push(`page ${pages} has no "tools" array`); break; }
      bytes += JSON.stringify(page.tools).length;
      if (bytes > MAX_LIST_CHARS) { problems.push(`more than ${MAX_LIST_CHARS / 1024 / 1024} MiB of tools after ${pages} page(s): stopped reading`); break; }
      // A loop, not push(...page.tools): a page of 140,000 tools overflows the stack as arguments.
      for (const tool of page.tools as Tool[]) tools.push(tool);
      const next = page.nextCursor;
      if (next === undefined || next === null) break;
      if (typeof next !== 'string') { problems.push(`page ${pages} has a nextCursor that is not a string: ${JSON.stringify(next)}`); break; }
      if (seen.has(next)) { problems.push(`page ${pages} repeats cursor ${JSON.stringify(next)}: a client following it would loop forever`); break; }
      seen.add(next);
      cursor = next;
    }
    if (pages === MAX_PAGES) problems.push(`more than ${MAX_PAGES} pages: stopped reading`);
  } catch (error) {
    const failure = describeFailure(error);
    return {
      result: step('tools/list', 'failed', `tools/list failed on page ${pages + 1}: ${failure.text}`, [`${tools.length} tool(s) read before that`], failure.fix),
      tools,
    };
  }
  const names = new Map<string, number>();
  for (const tool of tools) names.set(tool.name, (names.get(tool.name) ?? 0) + 1);
  for (const [name, count] of names) if (count > 1) problems.push(`tool "${name}" is listed ${count} times: names must be unique within a server`);
  for (const tool of tools) {
    const issue = schemaProblem(tool);
    const mine = expected === undefined || tool.name === expected;
    if (issue) (mine ? problems : warnings).push(`tool "${tool.name}": ${issue}`);
    if (typeof tool.name === 'string' && !SPEC_NAME.test(tool.name)) warnings.push(`tool name ${JSON.stringify(tool.name)} is outside the spec's recommended 1–128 characters of A-Z a-z 0-9 _ - .`);
  }
  const evidence = [`${tools.length} tool(s) in ${pages} page(s)${toolNames(tools)}`, ...problems, ...warnings];
  if (expected !== undefined && !names.has(expected)) {
    return { result: step('tools/list', 'failed', `no tool named "${expected}"`, evidence, 'names are case-sensitive; if the tool exists in the code, check that its registration runs (configuration, environment, feature flags)'), tools };
  }
  if (tools.length === 0) {
    return { result: step('tools/list', 'failed', 'tools/list returned no tools', evidence, 'the server declares tools but lists none: check that tools are registered before the server connects'), tools };
  }
  if (problems.length > 0) {
    return { result: step('tools/list', 'failed', problems[0]!, evidence, 'a host reading this list would loop, drop tools or refuse the schema: fix the list or the schema'), tools };
  }
  const found = expected === undefined ? `${tools.length} tool(s) listed` : `"${expected}" is listed`;
  return { result: step('tools/list', warnings.length ? 'warning' : 'passed', `${found}, every input schema compiles with root type "object"`, evidence), tools };
}

/** ": a, b, c" for the evidence line, the first SHOWN_NAMES of them. */
function toolNames(tools: readonly Tool[]): string {
  if (tools.length === 0) return '';
  const shown = tools.slice(0, SHOWN_NAMES).map((t) => t.name).join(', ');
  return `: ${shown}${tools.length > SHOWN_NAMES ? `, … and ${tools.length - SHOWN_NAMES} more` : ''}`;
}

/** Why a tool's input schema is unusable, or undefined when it is fine (server/tools: root type object, never null). */
export function schemaProblem(tool: Tool): string | undefined {
  const schema = tool.inputSchema as unknown;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return `inputSchema is ${JSON.stringify(schema) ?? 'missing'}, not a schema object`;
  try {
    compile(schema);
  } catch (error) {
    return `inputSchema does not compile: ${error instanceof Error ? error.message : String(error)}`;
  }
  const type = (schema as { type?: unknown }).type;
  if (type !== 'object') return `inputSchema has root type ${JSON.stringify(type) ?? '(none)'}; it must be "object"`;
  return undefined;
}
