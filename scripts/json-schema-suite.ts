// Runs the official JSON-Schema-Test-Suite against src/json-schema and prints per-file results.
// Usage: npx tsx scripts/json-schema-suite.ts   (suite location: $JSON_SCHEMA_TEST_SUITE or test/json-schema-test-suite)
import { standardFormats } from '../src/json-schema/index.js';
import { explain, runSuite, type SuiteOptions, type SuiteResult } from './json-schema-suite-runner.js';

/** The bar from the brief: at least the best reference implementation's 2020-12 score, and cfworker's draft-07 score. */
const BAR = { 'draft2020-12': 1295, draft7: 921 } as const;

function report(label: string, folder: string, options: SuiteOptions): SuiteResult {
  const result = runSuite(folder, options);
  console.log(`\n== ${label} (${folder}) ==`);
  const width = Math.max(...result.files.map((f) => f.file.length));
  for (const f of result.files) console.log(`  ${f.file.padEnd(width)}  ${f.passed}/${f.total}`);
  for (const f of result.failures) {
    const why = explain(folder, f.name);
    console.log(`  FAILED ${f.name}\n         ${why ?? `UNEXPECTED: ${f.reason}`}${why ? ` (${f.reason})` : ''}`);
  }
  console.log(`${label}: ${result.passed} passed, ${result.failed} failed`);
  return result;
}

const required = [
  report('draft2020-12', 'tests/draft2020-12', { dialect: '2020-12' }),
  report('draft7', 'tests/draft7', { dialect: 'draft-07' }),
];

console.log('\n---- optional tests (failures allowed; not part of the totals above or below) ----');
// format-assertion.json here uses meta-schemas listing the format-assertion vocabulary, which needs `formats`.
report('optional draft2020-12', 'tests/draft2020-12/optional', { dialect: '2020-12', formats: standardFormats });
report('optional format-assertion draft2020-12', 'tests/draft2020-12/optional/format', { dialect: '2020-12', formats: standardFormats });
report('optional draft7', 'tests/draft7/optional', { dialect: 'draft-07' });
report('optional format-assertion draft7', 'tests/draft7/optional/format', { dialect: 'draft-07', formats: standardFormats });

const [d2020, d7] = required as [SuiteResult, SuiteResult];
console.log('\n== required tests, both dialects ==');
console.log(`${d2020.passed + d7.passed} passed, ${d2020.failed + d7.failed} failed`);
if (d2020.passed < BAR['draft2020-12'] || d7.passed < BAR.draft7) {
  console.error(`below the bar: need >= ${BAR['draft2020-12']} (2020-12) and >= ${BAR.draft7} (draft-07)`);
  process.exitCode = 1;
}
