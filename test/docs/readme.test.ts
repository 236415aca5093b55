// The README is a front door: small, with a table of contents that leads somewhere, and a table
// that names every command `mcpwire --help` lists (so a new command cannot go unmentioned).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatOverview } from '../../packages/cli/src/command-help.js';
import { REPO } from '../package/built-package.js';

const README = readFileSync(join(REPO, 'README.md'), 'utf8');

/** The commands the overview lists: the first word after `mcpwire` on each usage line (help included). */
function overviewCommands(overview: string): string[] {
  const words = overview.split('\n').flatMap((line) => /^ {2}mcpwire ([a-z][a-z-]*)/.exec(line)?.slice(1) ?? []);
  return [...new Set(words)];
}

/** The commands the README's command table names: every `mcpwire X` inside the first cell of a row. */
function tableCommands(markdown: string): string[] {
  const rows = markdown.split('\n').filter((line) => line.startsWith('| `mcpwire '));
  const words = rows.flatMap((row) => [...(row.split(' | ')[0] ?? '').matchAll(/`mcpwire ([a-z][a-z-]*)|\/ `(?!mcpwire)([a-z][a-z-]*) /g)].map((m) => m[1] ?? m[2]!));
  return [...new Set(words)];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

test('the README is at most 20 KB', () => {
  assert.ok(Buffer.byteLength(README) <= 20 * 1024, `README.md is ${Buffer.byteLength(README)} bytes`);
});

test('the README command table names every command of mcpwire --help', () => {
  const listed = overviewCommands(formatOverview());
  assert.ok(listed.includes('list') && listed.includes('login'), 'the overview was read');
  assert.deepStrictEqual(listed.filter((command) => !tableCommands(README).includes(command)), []);
  assert.deepStrictEqual(tableCommands('| `mcpwire login URL` / `logout URL` | x |\n| `mcpwire config lint FILE` | y |'), ['login', 'logout', 'config']);
});

test('every link of the README table of contents leads to a heading of the README', () => {
  const headings = new Set([...README.matchAll(/^#{2,3} (.+)$/gm)].map((m) => anchor(m[1]!)));
  const contents = README.slice(README.indexOf('## Contents'), README.indexOf('\n## ', README.indexOf('## Contents') + 1));
  const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
  assert.ok(links.length >= 5, 'the README has a table of contents');
  assert.deepStrictEqual(links.filter((link) => !headings.has(link)), []);
});
