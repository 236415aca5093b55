// Doctor's host exposure step: what a host would expose to a model (the seed's "host filter" step). The tools go
// through the same ToolSeam the Host uses, so the function names are the ones a model would see;
// then each definition is checked for what model providers refuse: names outside
// ^[a-zA-Z0-9_-]{1,64}$ (renamed by the seam), parameters whose root is not type "object", and
// top-level combinators that some providers reject.

import { ToolSeam } from 'mcpwire/host';
import type { Tool } from 'mcpwire/protocol';
import { step, stepNumber } from './doctor-steps.js';
import type { StepResult } from './doctor-steps.js';

/** The function-name rule of the major model APIs. */
const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const ROOT_COMBINATORS = ['oneOf', 'anyOf', 'allOf', 'not', 'enum'];

/** Step 5 for the tools of one server (named as a host would name it). */
export function checkHostExposure(server: string, tools: readonly Tool[], expected: string | undefined): StepResult {
  if (expected !== undefined && !tools.some((tool) => tool.name === expected)) {
    // The tools/list step already failed on the missing tool; judging the exposure of the others would contradict it.
    return step('host exposure', 'skipped', `not reached: step ${stepNumber('tools/list')} (tools/list) found no tool named "${expected}"`);
  }
  const relevant = (tool: Tool): boolean => expected === undefined || tool.name === expected;
  const problems: string[] = [];
  const warnings: string[] = [];
  const objects = tools.filter((tool) => typeof tool.inputSchema === 'object' && tool.inputSchema !== null && !Array.isArray(tool.inputSchema));
  for (const tool of tools) {
    if (!objects.includes(tool) && relevant(tool)) problems.push(`"${tool.name}" cannot become a function: its inputSchema is not an object`);
  }
  const seam = new ToolSeam(objects.map((tool) => ({ server, tool })));
  const evidence: string[] = [];
  for (const fn of seam.functions) {
    const tool = seam.resolve(fn.name)!.tool;
    evidence.push(`function ${fn.name} ← tool ${tool.name}`);
    if (!relevant(tool)) continue;
    if (fn.name !== tool.name) {
      warnings.push(`"${tool.name}" is shown to the model as "${fn.name}"${MODEL_NAME.test(tool.name) ? ' (another tool has the same name)' : ' (model APIs accept only ^[a-zA-Z0-9_-]{1,64}$)'}; model replies and logs will use the new name`);
    }
    const parameters = fn.parameters as { type?: unknown };
    if (parameters.type !== 'object') {
      problems.push(`"${fn.name}": parameters with root type ${JSON.stringify(parameters.type) ?? '(none)'} are rejected by model providers (OpenAI: "schema must be a JSON Schema of type: object")`);
    }
    const combinators = ROOT_COMBINATORS.filter((keyword) => keyword in parameters);
    if (combinators.length > 0) warnings.push(`"${fn.name}": ${combinators.join(', ')} at the root of the parameters is rejected by some providers (OpenAI); move it inside a property`);
    if (!tool.description && !tool.title) warnings.push(`"${fn.name}" has no description: the model has only its name to decide when to call it`);
  }
  const offered = seam.functions.filter((fn) => relevant(seam.resolve(fn.name)!.tool));
  if (problems.length > 0) {
    return step('host exposure', 'failed', problems[0]!, [...evidence, ...problems, ...warnings], 'give every tool an inputSchema whose root is {"type": "object", "properties": {…}}; a tool without arguments uses {"type": "object", "additionalProperties": false}');
  }
  if (offered.length === 0) return step('host exposure', 'failed', 'a host would offer the model no functions', evidence);
  const summary = `a host with no allow/deny policy would offer the model ${seam.functions.length} function(s): ${seam.functions.map((fn) => fn.name).join(', ')}`;
  return step('host exposure', warnings.length ? 'warning' : 'passed', summary, [...evidence, ...warnings]);
}
