// Baseline for the growth section: the least a stdio server holding many tools (argv[2] of them,
// the add tool first; with argv[3] `wide`, 20 properties each, as many-tools-stdio.ts) can do. tools/list answers pages of 100 from an array with an offset
// cursor; tools/call finds its tool in a Map. No validation, no lifecycle. Plain JavaScript.

const count = Number(process.argv[2]);
const PAGE_SIZE = 100;
const SERVER_INFO = { name: 'raw', version: '1' };
const ADD = {
  name: 'add', description: 'Adds two integers',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
};
const wide = process.argv[3] === 'wide';
const tools = [ADD];
for (let i = 1; i < count; i++) tools.push({ ...ADD, name: `add_${i}`, ...(wide ? { inputSchema: wideSchema(i) } : {}) });
/** The same 20-property schema as bench/servers/wide-schema.ts builds. */
function wideSchema(seed) {
  const properties = {};
  for (let p = 0; p < 20; p++) properties[`p${p}_${seed}`] = p % 2 === 0 ? { type: 'integer', minimum: 0 } : { type: 'string', maxLength: 100 };
  return { type: 'object', properties, required: [`p0_${seed}`, `p1_${seed}`] };
}
const byName = new Map(tools.map((tool) => [tool.name, tool]));

const RESULT_FOR = {
  initialize: () => ({ protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: SERVER_INFO }),
  'tools/list': (params) => {
    const offset = params?.cursor === undefined ? 0 : Number(atob(params.cursor));
    const page = tools.slice(offset, offset + PAGE_SIZE);
    return offset + PAGE_SIZE < tools.length ? { tools: page, nextCursor: btoa(String(offset + PAGE_SIZE)) } : { tools: page };
  },
  'tools/call': (params) => {
    if (!byName.has(params.name)) throw new Error(`Unknown tool: ${params.name}`);
    return { content: [{ type: 'text', text: String(params.arguments.a + params.arguments.b) }] };
  },
};

let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let start = 0;
  for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n', start)) {
    const line = buffered.slice(start, newline);
    start = newline + 1;
    const message = JSON.parse(line);
    if (message.id === undefined) continue;
    const build = RESULT_FOR[message.method];
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: build ? build(message.params) : {} })}\n`);
  }
  buffered = buffered.slice(start);
});
