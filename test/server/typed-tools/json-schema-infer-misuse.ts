// Mistakes the inferred arguments catch: an optional field used unchecked, a misspelt name, a literal the enum lacks, a wrong nested type.
import { McpServer } from '../../../src/server/index.js';

export const server = new McpServer({ name: 'json-schema-infer-misuse', version: '1.0.0' });

export const order = server.tool({
  name: 'ship',
  inputSchema: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      note: { type: 'string' },
      status: { enum: ['open', 'shipped'] },
      customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    required: ['id', 'status', 'customer'],
  },
}, (args) => {
  const length: number = args.note.length;
  const wrongName = args.identifier;
  const closed: typeof args.status = 'closed';
  const name: number = args.customer.name;
  return { content: [{ type: 'text', text: `${length} ${wrongName} ${closed} ${name}` }] };
});
