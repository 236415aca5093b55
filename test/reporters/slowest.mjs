// A node:test reporter that ends a run with its ten slowest test files and their durations, so a
// slow run says where its time went. Used by `npm test` through summary.mjs, or alone:
//   --test-reporter=./test/reporters/slowest.mjs --test-reporter-destination=stdout

import { relative, resolve } from 'node:path';

const SHOWN = 10;

/**
 * Plain JavaScript: node loads reporters before tsx's loader applies to them.
 * Each test file runs as a test of its own at nesting 0, named by the file's path; its
 * test:complete event carries the file's duration.
 * @param {AsyncIterable<{ type: string, data: { name: string, nesting: number, file?: string, details?: { duration_ms?: number } } }>} source
 */
export default async function* slowest(source) {
  /** @type {Map<string, number>} */
  const fileMs = new Map();
  for await (const event of source) {
    if (event.type !== 'test:complete' || event.data.nesting !== 0) continue;
    const { file, name, details } = event.data;
    if (file === undefined || resolve(name) !== file) continue;
    fileMs.set(file, details?.duration_ms ?? 0);
  }
  if (fileMs.size === 0) return;
  const rows = [...fileMs].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  const lines = rows.map(([file, ms]) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${relative(process.cwd(), file)}\n`);
  yield `\nslowest ${rows.length} of ${fileMs.size} test files:\n${lines.join('')}`;
}
