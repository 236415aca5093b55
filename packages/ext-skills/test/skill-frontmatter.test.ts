// The SKILL.md frontmatter reader (Agent Skills; SEP-2640 compares it field by field): the YAML a
// frontmatter uses, typed by the YAML 1.2 core schema, and a clear refusal, by line, of the rest.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SkillFrontmatterError, parseFrontmatter } from '../src/index.js';
import { splitFrontmatter } from '../src/protocol/skill-frontmatter.js';

test('a frontmatter of every form a SKILL.md uses, as JSON', () => {
  const text = [
    '\ufeff---', 'name: pdf-processing', 'description: Extract: fill, and assemble # a comment after a plain scalar', 'license: "MIT"',
    "quoted: 'it''s'", 'count: 3', 'ratio: 1.5', 'hex: 0x1f', 'yes: true', 'none: ~', 'empty:', '# a comment line',
    'metadata:', '  author: mcpwire', '  version: "1.0"', '  tags: [pdf, "forms", 2]', 'allowed-tools:', '- Read', '- Bash',
    'long: >', '  one', '  two', 'kept: |-', '  line 1', '    line 2', 'continued: a plain', '  scalar folded', '---', '', '# Body', '',
  ].join('\n');
  assert.deepEqual(parseFrontmatter(text), {
    name: 'pdf-processing', description: 'Extract: fill, and assemble', license: 'MIT', quoted: "it's",
    count: 3, ratio: 1.5, hex: 31, yes: true, none: null, empty: null,
    metadata: { author: 'mcpwire', version: '1.0', tags: ['pdf', 'forms', 2] }, 'allowed-tools': ['Read', 'Bash'],
    long: 'one two\n', kept: 'line 1\n  line 2', continued: 'a plain scalar folded',
  });
  assert.deepEqual(splitFrontmatter('---\r\nname: x\r\n---\r\nbody\r\n'), { yaml: 'name: x', body: 'body\r\n' });
});

test('what the reader does not read is refused by line, never guessed at', () => {
  const refusals: [string, string][] = [
    ['# no frontmatter\n', 'SKILL.md does not begin with a frontmatter block between two "---" lines'],
    ['---\nname: a\nname: b\n---\n', 'Frontmatter line 2: the key "name" appears twice'],
    ['---\nname: &anchor a\n---\n', 'Frontmatter line 1: "&anchor a": flow mappings, anchors, aliases and tags are not read'],
    ['---\nname: !tag a\n---\n', 'Frontmatter line 1: "!tag a": flow mappings, anchors, aliases and tags are not read'],
    ['---\nname: "open\n---\n', 'Frontmatter line 1: a double-quoted string that does not end'],
    ['---\njust text\n---\n', 'Frontmatter line 1: "just text" is not "key: value"'],
    ['---\nlist:\n- a: 1\n---\n', 'Frontmatter line 2: a mapping inside a sequence item is not read; write the item as a scalar'],
    ['---\nx: .inf\n---\n', 'Frontmatter line 1: ".inf" has no JSON form'],
    ['---\n- a\n- b\n---\n', 'Frontmatter line 1: the frontmatter is not a mapping of keys to values'],
    [`---\nx: ${'a'.repeat(70_000)}\n---\n`, 'The frontmatter has 70003 characters; at most 65536 are read'],
  ];
  for (const [text, message] of refusals) assert.throws(() => parseFrontmatter(text), new SkillFrontmatterError(message));
});

test('a key named __proto__ is an own property, never the prototype', () => {
  const parsed = parseFrontmatter('---\n__proto__:\n  polluted: true\nname: x\n---\n');
  assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  assert.deepEqual(Object.keys(parsed), ['__proto__', 'name']);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});
