// A node:test reporter that ends a run with the names of its failing tests, one a line with the
// file, so a red run's last lines say what broke (the spec reporter's report of each failure is
// long and scattered through the run). Used next to the spec reporter by `npm test`:
//   --test-reporter=spec --test-reporter-destination=stdout
//   --test-reporter=./test/reporters/failures.mjs --test-reporter-destination=stdout

import { relative } from 'node:path';

/**
 * Plain JavaScript: node loads reporters before tsx's loader applies to them.
 * @param {AsyncIterable<{ type: string, data: { name: string, file?: string, details?: { error?: { failureType?: string } } } }>} source
 */
export default async function* failures(source) {
  /** @type {string[]} */
  const failed = [];
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    // A suite or file fails because a test inside it did: name only the test itself.
    if (event.data.details?.error?.failureType === 'subtestsFailed') continue;
    const file = event.data.file === undefined ? '' : `${relative(process.cwd(), event.data.file)}: `;
    failed.push(`  ${file}${event.data.name}\n`);
  }
  if (failed.length > 0) yield `\nfailing tests:\n${failed.join('')}`;
}
