// checkStructuredOutput: the client's check of a result's structuredContent against the tool's
// outputSchema (server/tools#output-schema). Every case is one row: the result, and what the check
// says (null, or the error's name, kind, message and issues).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StructuredOutputError, checkStructuredOutput } from '../../src/client/structured-output-check.js';
import type { CallToolResult, Tool } from '../../src/protocol/index.js';

const sum: Tool = {
  name: 'sum',
  inputSchema: { type: 'object' },
  outputSchema: {
    type: 'object',
    properties: { sum: { type: 'integer' }, parts: { type: 'array', items: { type: 'object', properties: { value: { type: 'integer' } } } } },
    required: ['sum'],
  },
};
const text = [{ type: 'text' as const, text: '42' }];

function verdict(tool: Pick<Tool, 'name' | 'outputSchema'>, result: CallToolResult): unknown {
  const error = checkStructuredOutput(tool, result);
  if (error === null) return null;
  assert.ok(error instanceof StructuredOutputError);
  return { name: error.name, kind: error.kind, tool: error.tool, message: error.message, issues: error.issues };
}

test('checkStructuredOutput: each result against the outputSchema it was promised', () => {
  assert.deepStrictEqual({
    'no outputSchema, no structuredContent': verdict({ name: 'echo' }, { content: text }),
    'matches': verdict(sum, { content: text, structuredContent: { sum: 42, parts: [{ value: 19 }, { value: 23 }] } }),
    'an isError result': verdict(sum, { content: [{ type: 'text', text: 'too big' }], isError: true }),
    'no structuredContent': verdict(sum, { content: text }),
    'wrong type': verdict(sum, { content: text, structuredContent: { sum: 'x' } }),
    'wrong nested type and a missing field': verdict(sum, { content: text, structuredContent: { parts: [{ value: 1.5 }] } }),
    'not an object': verdict(sum, { content: text, structuredContent: [42] as unknown as Record<string, unknown> }),
    'a schema that cannot be used': verdict({ name: 'odd', outputSchema: { $ref: '#/nowhere' } }, { content: text, structuredContent: {} }),
  }, {
    'no outputSchema, no structuredContent': null,
    'matches': null,
    'an isError result': null,
    'no structuredContent': {
      name: 'StructuredOutputError', kind: 'missing', tool: 'sum', issues: [],
      message: 'Tool sum declares an outputSchema but returned no structuredContent',
    },
    'wrong type': {
      name: 'StructuredOutputError', kind: 'mismatch', tool: 'sum', issues: [{ path: ['sum'], message: 'must be integer' }],
      message: 'Tool sum returned structuredContent that does not match its outputSchema: sum: must be integer',
    },
    'wrong nested type and a missing field': {
      name: 'StructuredOutputError', kind: 'mismatch', tool: 'sum',
      issues: [{ path: [], message: "must have required property 'sum'" }, { path: ['parts', '0', 'value'], message: 'must be integer' }],
      message: "Tool sum returned structuredContent that does not match its outputSchema: (root): must have required property 'sum'; parts.0.value: must be integer",
    },
    'not an object': {
      name: 'StructuredOutputError', kind: 'mismatch', tool: 'sum', issues: [{ path: [], message: 'must be a JSON object' }],
      message: 'Tool sum returned structuredContent that does not match its outputSchema: (root): must be a JSON object',
    },
    'a schema that cannot be used': {
      name: 'StructuredOutputError', kind: 'schema', tool: 'odd', issues: [],
      message: 'Tool odd declares an outputSchema that cannot be used: Cannot resolve $ref "mcpwire://schema/root.json#/nowhere": no such location',
    },
  });
});
