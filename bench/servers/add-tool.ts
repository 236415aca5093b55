// The one tool of the bench's smallest servers: add two integers, as the seed's demo does.

import type { ToolHandler } from '../../src/server/index.js';
import type { Tool } from '../../src/protocol/index.js';

export const ADD_TOOL: Tool = {
  name: 'add',
  description: 'Adds two integers',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
};

export const add: ToolHandler = ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] });
