// The inputSchema of a tool with 20 properties (issue 47, item 5: start-up with 1,000 such tools);
// `seed` makes each tool's property names its own, as real tools' are. raw-many-tools-stdio.js
// builds the same.

export function wideSchema(seed: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let p = 0; p < 20; p++) properties[`p${p}_${seed}`] = p % 2 === 0 ? { type: 'integer', minimum: 0 } : { type: 'string', maxLength: 100 };
  return { type: 'object', properties, required: [`p0_${seed}`, `p1_${seed}`] };
}
