import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KNOWN_FAILURES, explain, runSuite } from '../../scripts/json-schema-suite-runner.js';
import { standardFormats } from '../../src/json-schema/index.js';
import { type Dialect } from '../../src/json-schema/dialects.js';
import { type Formats } from '../../src/json-schema/schema-compiler.js';

const required: [folder: string, dialect: Dialect, total: number, bar: number][] = [
  ['tests/draft2020-12', '2020-12', 1299, 1295],
  ['tests/draft7', 'draft-07', 927, 921],
];

for (const [folder, dialect, total, bar] of required) {
  test(`official suite ${folder}: at or above the bar, failing exactly the documented cases`, () => {
    const result = runSuite(folder, { dialect });
    assert.equal(result.passed + result.failed, total);
    assert.ok(result.passed >= bar, `${result.passed}/${total} passed, bar is ${bar}`);
    // Exact names both ways: a regression and an accidental fix both show up here.
    assert.deepStrictEqual(
      result.failures.map((f) => f.name),
      KNOWN_FAILURES.filter((k) => k.folder === folder).map((k) => k.match),
    );
  });
}

// tests/draft2020-12/optional needs formats too: its format-assertion.json lists that vocabulary in custom meta-schemas.
const optional: [folder: string, dialect: Dialect, formats: Formats | undefined][] = [
  ['tests/draft2020-12/optional', '2020-12', standardFormats],
  ['tests/draft2020-12/optional/format', '2020-12', standardFormats],
  ['tests/draft7/optional', 'draft-07', undefined],
  ['tests/draft7/optional/format', 'draft-07', standardFormats],
];

for (const [folder, dialect, formats] of optional) {
  test(`official suite ${folder}: every failure is explained and every explanation still applies`, () => {
    const result = runSuite(folder, { dialect, formats });
    const unexplained = result.failures.filter((f) => explain(folder, f.name) === undefined).map((f) => f.name);
    const stale = KNOWN_FAILURES.filter((k) => k.folder === folder && !result.failures.some((f) => f.name.startsWith(k.match))).map((k) => k.match);
    assert.deepStrictEqual({ unexplained, stale }, { unexplained: [], stale: [] });
  });
}
