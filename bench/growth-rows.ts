// The growth section's rows (issue 47): CPU per tool, per call and per MB beside raw Node
// (growth.ts); the same shapes counted in instructions, per tool, per call and per byte, with the
// collection each side's figure holds (growth-instructions.ts); and what SSE answers leave behind:
// the server's RSS after two full GCs, at most raw's + 10 MB.

import type { GrowthResult } from './growth.js';
import { STARTUP_TOOLS } from './growth.js';
import type { GrowthInstructionRow, RetainedRow } from './growth-instructions.js';
import { RETAINED_COUNT, megabytes } from './growth-instructions.js';
import { absolute, compared } from './report.js';
import type { Row, Target } from './report.js';

const atMost = (limit: number): Target => ({ on: 'ratio', op: '<=', limit });
const count = (n: number): string => n.toLocaleString('en-US');
const MB = 1024 * 1024;
/** What SSE answers may leave behind beyond raw's: issue 47, item 3. */
const RETAINED_ALLOWANCE = 10 * MB;

export function growthRows(result: GrowthResult): Row[] {
  const rows: Row[] = [];
  for (const { count: tools, listPerTool, call } of result.tools) {
    rows.push(
      compared('growth', `tools/list, every page (100 a page), ${count(tools)} tools: server CPU per tool`, 'µs', listPerTool.mcpwire, listPerTool.raw, atMost(1.2)),
      compared('growth', `tools/call with ${count(tools)} tools registered: server CPU per call`, 'µs', call.mcpwire, call.raw, atMost(1.2)),
    );
  }
  for (const { mb, mcpwire, raw, refused } of result.sse) {
    rows.push(mcpwire === undefined
      ? { section: 'growth', measure: `HTTP client reads one ${mb} MB SSE answer: refused`, mcpwire: undefined, baseline: raw, unit: 'µs', ratio: undefined, target: atMost(1.1), status: 'MISS', note: refused }
      : compared('growth', `HTTP client reads one ${mb} MB SSE answer: client CPU per MB`, 'µs', mcpwire, raw, atMost(1.1)));
  }
  // Item 5: 1,000 tools of 20 properties start within 1.2× of one tool, plus what raw pays to hold those schemas.
  const { mcpwireOne, mcpwireMany, rawOne, rawMany } = result.startUp;
  rows.push(
    compared('growth', `start-up to the initialize answer, ${count(STARTUP_TOOLS)} tools of 20 properties (vs 1 tool + raw's cost of holding them)`, 'ms',
      mcpwireMany, mcpwireOne + Math.max(0, rawMany - rawOne), atMost(1.2)),
    absolute('growth', '  mcpwire, 1 tool', 'ms', mcpwireOne),
    absolute('growth', '  raw, 1 tool', 'ms', rawOne),
    absolute('growth', `  raw, ${count(STARTUP_TOOLS)} tools`, 'ms', rawMany),
  );
  return rows;
}

/** Instructions per unit beside raw's (callgrind), and the collection per call of each side. */
export function growthInstructionRows(counted: readonly GrowthInstructionRow[]): Row[] {
  return counted.map((row) => {
    const measure = `${row.measure}: server instructions ${row.unit}`;
    if (row.error !== undefined) return { section: 'growth', measure, mcpwire: undefined, baseline: undefined, unit: '', ratio: undefined, target: atMost(row.limit), status: 'MISS', note: row.error };
    return { ...compared('growth', measure, '', row.mcpwire, row.raw, atMost(row.limit)), note: `(${row.gc})` };
  });
}

/** RSS after the answers, beside raw's plus the allowance (the ratio is against that sum). */
export function retainedRows(retained: readonly RetainedRow[]): Row[] {
  return retained.map(({ bytes, mcpwire, raw }) =>
    compared('growth', `server RSS after ${RETAINED_COUNT} SSE answers of ${megabytes(bytes)} and two full GCs (vs raw + 10 MB)`, 'MB',
      mcpwire / MB, (raw + RETAINED_ALLOWANCE) / MB, atMost(1)));
}
