// Issue 11: a fresh clone's `npm test` must pass with nothing beside the repo, so no file may
// point at the reference folder that sits next to the work tree. The needles are built from parts
// so that this file does not match itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = ['sha', 'red'].join('');
const NEEDLES = [`../${folder}`, `..\\${folder}`, `/work/${folder}`];

/** The lines of `text` that hold a needle, as `file:line: text`. */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (NEEDLES.some((n) => line.includes(n)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

test('the reference scan finds each spelling of a path beside the repo, with file and line', () => {
  const text = ['ok', `new URL('../../${folder}/x.json')`, `C:\\repo\\..\\${folder}\\y`, `cat /work/${folder}/z`, `@sdk/${folder}/transport.js`].join('\n');
  assert.deepStrictEqual(outsideReferences('a.ts', text), [
    `a.ts:2: new URL('../../${folder}/x.json')`,
    `a.ts:3: C:\\repo\\..\\${folder}\\y`,
    `a.ts:4: cat /work/${folder}/z`,
  ]);
});

test('no tracked or new file refers to a folder outside the repo', () => {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0').filter((f) => f !== '' && existsSync(new URL(`../${f}`, import.meta.url)));
  assert.ok(files.includes('test/self-contained.test.ts'), 'git ls-files ran in this repo');
  const found = files.flatMap((f) => outsideReferences(f, readFileSync(new URL(`../${f}`, import.meta.url), 'utf8')));
  assert.deepStrictEqual(found, []);
});

// Documents: a comment or a page may cite a Markdown document only by a path that exists in the
// repo, relative to the citing file or to the root (docs/spec-notes.md, ../README.md). A document
// of another project is cited by its URL. The spec notes are docs/spec-notes.md; a bare
// notes name (no path) is the reference folder's, which the repo does not have.
const CITING = /^(src|test|scripts|bench|examples|docs)\/|^README\.md$/;
const THIRD_PARTY_DATA = /^test\/(json-schema-test-suite|mcp-schema)\//;
const NOTES = ['SPEC', 'NOTES'].join('-');
// A skill's files (SEP-2640) are not documents of the repo: SKILL.md is the manifest every skill has,
// and a path inside a skill (references/FORMS.md) is named relative to that skill's folder.
const SKILL_FILE = /(^|\/)SKILL\.md$/;
const EXAMPLE_SKILL = 'examples/skills/pdf-processing';

/** The part of a line that can cite: all of it in Markdown, else its comment (a string in code names a file, not a document). */
function citingPart(file: string, line: string): string {
  if (file.endsWith('.md')) return line;
  if (/^\s*(\*|\/\*|#)/.test(line)) return line;
  const comment = /(^|[^:])\/\//.exec(line);
  return comment === null ? '' : line.slice(comment.index);
}

/** The document citations in `text` (of repo file `file`) that name no file of the repo, as `file:line: path`. */
export function missingDocuments(file: string, text: string, exists: (path: string) => boolean): string[] {
  return text.split('\n').flatMap((whole, i) => {
    const line = citingPart(file, whole);
    const missing: string[] = [];
    for (const match of line.matchAll(/[\w./-]*[\w-]+\.md\b/g)) {
      // Part of a URL (https://…, demo://…): another project's document, or not a document at all.
      if ((/\S*$/.exec(line.slice(0, match.index))?.[0] ?? '').concat(match[0]).includes('://')) continue;
      const path = match[0];
      if (SKILL_FILE.test(path) || exists(join(EXAMPLE_SKILL, path))) continue;
      if (!exists(join(dirname(file), path)) && !exists(path)) missing.push(`${file}:${i + 1}: ${path}`);
    }
    if (line.includes(NOTES)) missing.push(`${file}:${i + 1}: ${NOTES}`);
    return missing;
  });
}

test('the document scan finds a cited path that is not in the repo, relative to the file or the root', () => {
  const inRepo = new Set(['README.md', 'docs/cli.md', 'docs/spec-notes.md']);
  const text = [
    '// see docs/spec-notes.md §8.9 and [the CLI](cli.md), [home](../README.md)',
    `// the ${NOTES} §8.9 rule; the import arrows of ${['ARCHITECTURE', 'md'].join('.')}`,
    `// https://github.com/o/r/blob/main/docs/x.md and ../${folder}/STYLE.md`,
  ].join('\n');
  const expected = [`2: ${['ARCHITECTURE', 'md'].join('.')}`, `2: ${NOTES}`, `3: ../${folder}/STYLE.md`];
  assert.deepStrictEqual(missingDocuments('docs/page.md', 'skill://x/SKILL.md, SKILL.md, pdf/SKILL.md, references/FORMS.md, references/OTHER.md', (p) => inRepo.has(p) || p === 'examples/skills/pdf-processing/references/FORMS.md'),
    ['docs/page.md:1: references/OTHER.md']);
  assert.deepStrictEqual(missingDocuments('docs/page.md', text, (p) => inRepo.has(p)), expected.map((e) => `docs/page.md:${e}`));
  // In code only comments cite (a file name in a string is not a citation), and cli.md is not beside src/a.ts.
  assert.deepStrictEqual(missingDocuments('src/a.ts', `${text}\nread(join(DOCS, 'startup.md'));`, (p) => inRepo.has(p)), ['1: cli.md', ...expected].map((e) => `src/a.ts:${e}`));
});

test('no file in src, test, scripts, bench, examples, docs or the README cites a document the repo does not have', () => {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0').filter((f) => CITING.test(f) && !THIRD_PARTY_DATA.test(f) && f !== 'test/self-contained.test.ts' && existsSync(join(root, f)));
  assert.ok(files.includes('docs/ARCHITECTURE.md') && files.includes('docs/spec-notes.md'), 'the architecture and the spec notes are in docs/');
  const exists = (path: string): boolean => existsSync(join(root, path));
  assert.deepStrictEqual(files.flatMap((f) => missingDocuments(f, readFileSync(join(root, f), 'utf8'), exists)), []);
});
