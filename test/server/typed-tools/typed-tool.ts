// The generic signature `server.tool(...)` takes to type a handler from its schemas, on a stand-in
// that registers nothing: it adapts the schemas (src/server/schema-adapter.ts) and calls the
// handler the way the registry would. The fixtures beside it are compiled by typed-tools.test.ts
// (tsc --strict) and run by schema-adapter.test.ts.

import { describeIssues } from '../../../src/json-schema/index.js';
import type { CallToolResult } from '../../../src/protocol/index.js';
import { adaptSchema } from '../../../src/server/schema-adapter.js';
import type { ToolArguments, ToolResult, ToolSchema } from '../../../src/server/schema-adapter.js';

/** A tool as the stand-in holds it: what tools/list would publish, and a call. */
export interface TypedTool {
  readonly definition: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> };
  call(args: unknown): Promise<CallToolResult>;
}

export function tool<const I extends ToolSchema, const O extends ToolSchema | undefined = undefined>(
  definition: { name: string; description?: string; inputSchema: I; outputSchema?: O },
  handler: (args: ToolArguments<NoInfer<I>>) => ToolResult<NoInfer<O>> | Promise<ToolResult<NoInfer<O>>>,
): TypedTool {
  const input = adaptSchema(definition.inputSchema, `tool "${definition.name}" inputSchema`);
  const output = definition.outputSchema === undefined ? undefined : adaptSchema(definition.outputSchema, `tool "${definition.name}" outputSchema`, 'output');
  return {
    definition: { name: definition.name, inputSchema: input.jsonSchema, ...(output ? { outputSchema: output.jsonSchema } : {}) },
    async call(args) {
      const checked = await input.validate(args);
      if (checked.issues) return { content: [{ type: 'text', text: `Invalid arguments for tool ${definition.name}: ${describeIssues(checked.issues)}` }], isError: true };
      return await handler(checked.value as ToolArguments<I>) as CallToolResult;
    },
  };
}
