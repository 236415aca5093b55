// Benchmarks src/json-schema against a hand-written check of the same MCP-style tool input schema.
// Run directly: npx tsx bench/json-schema.ts
import { compile } from '../src/json-schema/index.js';

interface Issue { instancePath: string; keyword: string; message: string }

/** A realistic tool input schema: five typed properties, pattern, enum, minimum, nested required. */
export const toolSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9_-]*$' },
    count: { type: 'integer', minimum: 0 },
    mode: { enum: ['fast', 'safe', 'dry-run'] },
    ratio: { type: 'number', minimum: 0, maximum: 1 },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
        required: ['id'],
        additionalProperties: false,
      },
    },
  },
  required: ['name', 'count'],
  additionalProperties: false,
};

const validInput = { name: 'resize_image', count: 3, mode: 'fast', ratio: 0.5, items: [{ id: 'a', qty: 2 }, { id: 'b' }] };
const invalidInput = { name: 'Resize Image', count: -1, mode: 'slow', ratio: 2, items: [{ qty: 0 }, { id: 7, extra: true }], colour: 'red' };

const NAME = /^[a-z][a-z0-9_-]*$/u;
const MODES = new Set(['fast', 'safe', 'dry-run']);
const TOP = new Set(['name', 'count', 'mode', 'ratio', 'items']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What a careful developer would write by hand for toolSchema, reporting every problem. */
export function handWritten(d: unknown): { valid: boolean; errors: Issue[] } {
  const errors: Issue[] = [];
  // Inline pushes, no per-call closures: keep the baseline honest (tsx wraps each closure creation).
  if (!isObject(d)) { errors.push({ instancePath: '', keyword: 'type', message: 'must be object' }); return { valid: false, errors }; }
  for (const k in d) if (Object.hasOwn(d, k) && !TOP.has(k)) errors.push({ instancePath: '', keyword: 'additionalProperties', message: `must NOT have additional property '${k}'` });
  if (!Object.hasOwn(d, 'name')) errors.push({ instancePath: '', keyword: 'required', message: "must have required property 'name'" });
  else if (typeof d.name !== 'string') errors.push({ instancePath: '/name', keyword: 'type', message: 'must be string' });
  else if (!NAME.test(d.name)) errors.push({ instancePath: '/name', keyword: 'pattern', message: 'must match pattern' });
  if (!Object.hasOwn(d, 'count')) errors.push({ instancePath: '', keyword: 'required', message: "must have required property 'count'" });
  else if (!Number.isInteger(d.count)) errors.push({ instancePath: '/count', keyword: 'type', message: 'must be integer' });
  else if ((d.count as number) < 0) errors.push({ instancePath: '/count', keyword: 'minimum', message: 'must be >= 0' });
  if (Object.hasOwn(d, 'mode') && !MODES.has(d.mode as string)) errors.push({ instancePath: '/mode', keyword: 'enum', message: 'must be one of the allowed values' });
  if (Object.hasOwn(d, 'ratio')) {
    const r = d.ratio;
    if (typeof r !== 'number') errors.push({ instancePath: '/ratio', keyword: 'type', message: 'must be number' });
    else if (r < 0) errors.push({ instancePath: '/ratio', keyword: 'minimum', message: 'must be >= 0' });
    else if (r > 1) errors.push({ instancePath: '/ratio', keyword: 'maximum', message: 'must be <= 1' });
  }
  if (Object.hasOwn(d, 'items')) {
    const items = d.items;
    if (!Array.isArray(items)) errors.push({ instancePath: '/items', keyword: 'type', message: 'must be array' });
    else for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (!isObject(it)) { errors.push({ instancePath: `/items/${i}`, keyword: 'type', message: 'must be object' }); continue; }
      for (const k in it) if (Object.hasOwn(it, k) && k !== 'id' && k !== 'qty') errors.push({ instancePath: `/items/${i}`, keyword: 'additionalProperties', message: `must NOT have additional property '${k}'` });
      if (!Object.hasOwn(it, 'id')) errors.push({ instancePath: `/items/${i}`, keyword: 'required', message: "must have required property 'id'" });
      else if (typeof it.id !== 'string') errors.push({ instancePath: `/items/${i}/id`, keyword: 'type', message: 'must be string' });
      if (Object.hasOwn(it, 'qty')) {
        if (!Number.isInteger(it.qty)) errors.push({ instancePath: `/items/${i}/qty`, keyword: 'type', message: 'must be integer' });
        else if ((it.qty as number) < 1) errors.push({ instancePath: `/items/${i}/qty`, keyword: 'minimum', message: 'must be >= 1' });
      }
    }
  }
  return { valid: errors.length === 0, errors };
}

function opsPerSec(fn: (x: unknown) => { valid: boolean }, input: unknown, ms: number): number {
  let n = 0, sink = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 1000; i++) if (fn(input).valid) sink++;
    n += 1000;
    now = performance.now();
  }
  if (sink < 0) console.log(sink);
  return (n * 1000) / (now - start);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Medians over several interleaved runs (about 4 s in total), in this process. */
export async function benchJsonSchema(): Promise<{ name: string; mcpwireOpsPerSec: number; handWrittenOpsPerSec: number; ratio: number }[]> {
  const validator = compile(toolSchema);
  if (!validator(validInput).valid || validator(invalidInput).valid || !handWritten(validInput).valid || handWritten(invalidInput).valid) {
    throw new Error('benchmark inputs do not behave as intended');
  }
  const rows = [];
  for (const [name, input] of [['valid tool input', validInput], ['invalid tool input', invalidInput]] as const) {
    opsPerSec(validator, input, 100);
    opsPerSec(handWritten, input, 100);
    const ours: number[] = [], theirs: number[] = [];
    for (let rep = 0; rep < 9; rep++) {
      ours.push(opsPerSec(validator, input, 100));
      theirs.push(opsPerSec(handWritten, input, 100));
      await new Promise((r) => setTimeout(r, 0));
    }
    const mcpwireOpsPerSec = Math.round(median(ours)), handWrittenOpsPerSec = Math.round(median(theirs));
    rows.push({ name, mcpwireOpsPerSec, handWrittenOpsPerSec, ratio: Number((handWrittenOpsPerSec / mcpwireOpsPerSec).toFixed(2)) });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) void benchJsonSchema().then((rows) => {
  const fmt = (n: number) => n.toLocaleString('en-US').padStart(12);
  console.log(`${'case'.padEnd(20)}${'mcpwire ops/s'.padStart(14)}${'hand ops/s'.padStart(14)}  ratio (hand/mcpwire)`);
  for (const r of rows) console.log(`${r.name.padEnd(20)}${fmt(r.mcpwireOpsPerSec)}  ${fmt(r.handWrittenOpsPerSec)}  ${r.ratio}×`);
});
