// Runs folders of the official JSON-Schema-Test-Suite against src/json-schema; shared by the
// CLI script (scripts/json-schema-suite.ts) and the unit test (test/json-schema/suite.test.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type Validator } from '../src/json-schema/index.js';
import { type Dialect } from '../src/json-schema/dialects.js';
import { type Formats } from '../src/json-schema/schema-compiler.js';

/** Per-file tally. */
export interface FileResult { file: string; passed: number; total: number }
/** One failed test, named `file › case › test`, with what went wrong. */
export interface Failure { name: string; reason: string }
/** Totals for one folder of the suite. */
export interface SuiteResult { files: FileResult[]; passed: number; failed: number; failures: Failure[] }
/** How to run a folder; `formats` makes `format` assert (and supports the format-assertion vocabulary). */
export interface SuiteOptions { dialect: Dialect; formats?: Formats; root?: string }

/** A documented failure: `match` is an exact test name, or a prefix ending in ' › ' that covers a group. */
export interface KnownFailure { folder: string; match: string; reason: string }

const PUNYCODE = 'A-labels are checked for hostname syntax only: decoding Punycode and applying the IDNA2008 tables and contextual rules (RFC 5891/5892/5893) would need Unicode data this zero-dependency build does not ship';
const IDN = 'idn-hostname is approximated (Unicode letters, digits and marks per label); IDNA2008 code point tables, CONTEXTJ/CONTEXTO and Bidi rules are not implemented';
const HISTORIC = 'only the 2020-12 and draft-07 dialects are implemented; a draft 2019-09 meta-schema is refused with SchemaError "Unsupported JSON Schema dialect", as MCP requires';

/**
 * Every failure we know about, with why. The required folders pass completely, so they have no
 * entries; the unit test checks the observed failures against this table in both directions.
 */
export const KNOWN_FAILURES: KnownFailure[] = [
  { folder: 'tests/draft2020-12/optional', match: 'cross-draft.json › refs to historic drafts are processed as historic drafts › ', reason: HISTORIC },
  { folder: 'tests/draft7/optional', match: 'cross-draft.json › refs to future drafts are processed as future drafts › ', reason: HISTORIC },
  { folder: 'tests/draft7/optional', match: 'content.json › ', reason: 'contentEncoding/contentMediaType are annotations here (as in 2020-12); decoding base64 and parsing JSON content is not done' },
  ...['tests/draft2020-12/optional/format', 'tests/draft7/optional/format'].flatMap((folder) => [
    { folder, match: 'hostname.json › validation of A-label (punycode) host names › ', reason: PUNYCODE },
    { folder, match: 'idn-hostname.json › validation of internationalized host names › ', reason: IDN },
  ]),
];

/** The documented reason for a failure, or undefined if it is unexpected. */
export function explain(folder: string, name: string): string | undefined {
  return KNOWN_FAILURES.find((k) => k.folder === folder && (name === k.match || (k.match.endsWith(' › ') && name.startsWith(k.match))))?.reason;
}

interface TestCase { description: string; schema: unknown; tests: { description: string; data: unknown; valid: boolean }[] }

/** The suite's location: $JSON_SCHEMA_TEST_SUITE, else the copy committed in test/json-schema-test-suite. */
export function suiteRoot(): string {
  return process.env['JSON_SCHEMA_TEST_SUITE'] ?? fileURLToPath(new URL('../test/json-schema-test-suite/', import.meta.url));
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

function walk(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : name.endsWith('.json') ? [path] : [];
  });
}

const remotesCache = new Map<string, Record<string, unknown>>();
/** remotes/ served at http://localhost:1234/, plus both dialects' meta-schemas keyed by their $id. */
export function loadRemotes(root: string): Record<string, unknown> {
  const cached = remotesCache.get(root);
  if (cached) return cached;
  const remotes: Record<string, unknown> = {};
  const base = join(root, 'remotes');
  for (const path of walk(base)) {
    const rel = relative(base, path).split('\\').join('/');
    if (/^(draft3|draft4|draft6|v1)\//.test(rel)) continue; // other dialects, per the suite README
    remotes[`http://localhost:1234/${rel}`] = readJson(path);
  }
  for (const path of walk(join(root, 'metaschemas'))) {
    const doc = readJson(path) as { $id?: string };
    if (typeof doc.$id === 'string') remotes[doc.$id] = doc;
  }
  remotesCache.set(root, remotes);
  return remotes;
}

/** Runs every *.json file directly in `folder` (e.g. "tests/draft2020-12/optional"), not recursing. */
export function runSuite(folder: string, options: SuiteOptions): SuiteResult {
  const root = options.root ?? suiteRoot();
  const dir = join(root, folder);
  const remotes = loadRemotes(root);
  const result: SuiteResult = { files: [], passed: 0, failed: 0, failures: [] };
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    const tally: FileResult = { file, passed: 0, total: 0 };
    for (const group of readJson(join(dir, file)) as TestCase[]) {
      let validator: Validator | undefined;
      let compileError = '';
      try {
        validator = compile(group.schema, { defaultDialect: options.dialect, remotes, formats: options.formats });
      } catch (e) {
        compileError = `compile threw ${(e as Error).name}: ${(e as Error).message}`;
      }
      for (const test of group.tests) {
        tally.total++;
        let reason = compileError;
        if (validator) {
          try {
            const { valid } = validator(test.data);
            if (valid !== test.valid) reason = `expected ${test.valid ? 'valid' : 'invalid'}, got ${valid ? 'valid' : 'invalid'}`;
          } catch (e) {
            reason = `validate threw ${(e as Error).name}: ${(e as Error).message}`;
          }
        }
        if (reason) result.failures.push({ name: `${file} › ${group.description} › ${test.description}`, reason });
        else tally.passed++;
      }
    }
    result.files.push(tally);
    result.passed += tally.passed;
    result.failed += tally.total - tally.passed;
  }
  return result;
}
