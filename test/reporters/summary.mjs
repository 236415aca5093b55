// The end of `npm test`'s output: the failing tests (failures.mjs), then the ten slowest test files
// (slowest.mjs), from one reporter: node 20 warns of a listener leak (MaxListenersExceededWarning)
// once a run has a third reporter beside the spec one.
//   --test-reporter=spec --test-reporter-destination=stdout
//   --test-reporter=./test/reporters/summary.mjs --test-reporter-destination=stdout

import failures from './failures.mjs';
import slowest from './slowest.mjs';

/**
 * Keeps only the events the two read (a failure, a test's completion), then hands them to each.
 * @param {AsyncIterable<{ type: string, data: any }>} source
 */
export default async function* summary(source) {
  const kept = [];
  for await (const event of source) if (event.type === 'test:fail' || event.type === 'test:complete') kept.push(event);
  yield* failures(kept);
  yield* slowest(kept);
}
