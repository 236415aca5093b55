import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalJson, changedFields, definitionDigest } from '../../src/host/tool-definition.js';
import type { Tool } from '../../src/protocol/index.js';

test('tool definition: the digest ignores key order and sees every field', () => {
  const a: Tool = { name: 'add', description: 'adds', inputSchema: { type: 'object', properties: { a: { type: 'integer' } } } };
  const b = { inputSchema: { properties: { a: { type: 'integer' } }, type: 'object' }, description: 'adds', name: 'add' } as Tool;
  assert.equal(definitionDigest(a), definitionDigest(b));
  assert.equal(canonicalJson([1, undefined, { z: 1, a: [true, null] }]), '[1,null,{"a":[true,null],"z":1}]');
  assert.deepStrictEqual(changedFields(a, { ...a, annotations: { readOnlyHint: true }, description: 'adds (and more)' }), ['annotations', 'description']);
  assert.deepStrictEqual(changedFields(a, b), []);
});

test('tool definition: a definition nested too deeply to compare has no digest', () => {
  let deep: unknown = {};
  for (let i = 0; i < 2000; i++) deep = { not: deep };
  const tool = { name: 'deep', inputSchema: deep } as Tool;
  assert.deepStrictEqual([definitionDigest(tool), changedFields(tool, tool)], [undefined, ['inputSchema']]);
});
