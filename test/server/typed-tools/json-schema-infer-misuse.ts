// Mistakes the inferred arguments catch: an optional field used unchecked, a misspelt name, a literal the enum lacks, a wrong nested type.
import { tool } from './typed-tool.js';

export const order = tool({
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
