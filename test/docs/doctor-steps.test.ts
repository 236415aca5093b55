// The docs name `mcpwire doctor`'s steps by number, and the exit code is that number; the numbers
// come from STEPS (packages/cli/src/doctor-steps.ts), so they are read from there, never written here.
// Prose writes a step as "step N (title)": the title must be STEPS[N - 1]. The exit-code list of
// docs/cli.md must be STEPS in order, and each fixture line of its doctor section is run through
// `mcpwire doctor` and must fail exactly the steps it names. The transcripts are run by
// transcripts.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runDoctor } from '../../packages/cli/src/doctor.js';
import { STEPS, type StepResult } from '../../packages/cli/src/doctor-steps.js';
import { captureIo, stdioCommand } from '../../packages/cli/test/cli-harness.js';
import { REPO } from '../package/built-package.js';
import { shellWords } from './transcripts.js';

const DOCUMENTS = ['README.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
const CLI = readFileSync(join(REPO, 'docs/cli.md'), 'utf8');

/** Every "step N" in `markdown` (lines joined, so a mention may wrap), with what its parentheses say. */
function stepMentions(markdown: string): { step: number; title: string | undefined }[] {
  const text = markdown.replace(/\s+/g, ' ');
  return [...text.matchAll(/\b[Ss]teps? (\d+)(?: \(([^);:]*))?/g)].map((m) => ({ step: Number(m[1]), title: m[2] }));
}

test('the mention reader: numbers and titles, across a line break', () => {
  assert.deepStrictEqual(stepMentions('Step 9 (era) is printed; step 4 fails,\nstep\n5 (tools/list) and step 2 (era: the revision)'), [
    { step: 9, title: 'era' }, { step: 4, title: undefined }, { step: 5, title: 'tools/list' }, { step: 2, title: 'era' },
  ]);
});

test('every "step N" in README.md and docs/ is written "step N (title)" with the title STEPS gives N', () => {
  const wrong = DOCUMENTS.flatMap((doc) => stepMentions(readFileSync(join(REPO, doc), 'utf8'))
    .filter(({ step, title }) => title !== STEPS[step - 1])
    .map(({ step, title }) => `${doc}: step ${step} (${title ?? 'no title'}), but step ${step} is ${STEPS[step - 1] ?? 'not a step'}`));
  assert.deepStrictEqual(wrong, []);
  assert.ok(stepMentions(CLI).length >= STEPS.length, 'docs/cli.md names the steps');
});

test("docs/cli.md's exit-code list of doctor is STEPS, in order", () => {
  const text = CLI.replace(/\s+/g, ' ');
  const list = /`doctor` exits with the number of its first failed step, 0 when every step passes: (.*?); 2 also/.exec(text)?.[1];
  assert.ok(list !== undefined, 'docs/cli.md has the exit-code list');
  const listed = list.split(' · ').map((item) => item.replace(/ \(stdio\)$/, ''));
  assert.deepStrictEqual(listed, STEPS.map((title, i) => `${i + 1} ${title}`));
});

/** The fixture lines of docs/cli.md's doctor section: "- `fixture` [with `options`]: step N (title) …". */
function fixtureLines(): { line: string; fixture: string; options: string[]; failed: number[] }[] {
  return [...CLI.matchAll(/^- `(broken-[\w-]+\.(?:ts|mjs))`(?: with `([^`]+)`)?: (.*)$/gm)].map(([line, fixture, options, claim]) => ({
    line, fixture: fixture!, options: shellWords(options ?? ''), failed: stepMentions(claim!).map((m) => m.step),
  }));
}

test("each fixture line of docs/cli.md fails exactly the steps it names when doctor runs it", async () => {
  const lines = fixtureLines();
  assert.ok(lines.length >= 6, 'docs/cli.md lists the broken fixtures');
  const seen = [];
  for (const { line, fixture, options } of lines) {
    const io = captureIo();
    const code = await runDoctor(['--json', ...options, ...stdioCommand(fixture)], io);
    const steps = (JSON.parse(io.out()) as { steps: StepResult[] }).steps;
    const failed = steps.filter((s) => s.status === 'failed').map((s) => s.step);
    seen.push({ line, failed, code });
  }
  assert.deepStrictEqual(seen, lines.map(({ line, failed }) => ({ line, failed, code: failed[0] })));
});
