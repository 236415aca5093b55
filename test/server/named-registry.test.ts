// Pages of a NamedRegistry (src/server/named-registry.ts, cursors of src/server/pagination.ts):
// a page costs the entries it walks from its cursor, not the length of the list; following the
// cursors gives every shown entry once, in registration order, even while entries are removed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProtocolError } from '../../src/jsonrpc/index.js';
import { NamedRegistry } from '../../src/server/named-registry.js';

type Note = { definition: { name: string; hidden?: boolean } };

/** A registry of notes whose `shown` counts the entries a listing looks at. */
function notes(names: readonly string[]): { registry: NamedRegistry<'notes', Note>; looked: () => number } {
  let looked = 0;
  const registry = new NamedRegistry<'notes', Note>({
    field: 'notes', noun: 'note', keyOf: (note) => note.name,
    shown: (entry) => { looked += 1; return entry.definition.hidden !== true; },
  }, () => {});
  for (const name of names) registry.register({ definition: { name } });
  return { registry, looked: () => looked };
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `n${i}`);

/** Every page from the first, following nextCursor: the names of each page. */
function allPages(registry: NamedRegistry<'notes', Note>, pageSize: number): string[][] {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10_000; i++) {
    const result = registry.list(cursor, pageSize);
    pages.push(result.notes.map((note) => note.name));
    cursor = result.nextCursor;
    if (cursor === undefined) return pages;
  }
  throw new Error('the pages never ended');
}

test('a page looks at the entries on it: the 500th page of 10,000 as few as the first', () => {
  const { registry, looked } = notes(numbered(10_000));
  let cursor: string | undefined;
  for (let page = 0; page < 499; page++) cursor = registry.list(cursor, 10).nextCursor;
  const before = looked();
  const page = registry.list(cursor, 10);
  // Ten on the page, and one more: the entry the next cursor names.
  assert.deepEqual({ names: page.notes.map((note) => note.name), looked: looked() - before },
    { names: numbered(5_000).slice(4_990), looked: 11 });
});

test('following the cursors lists every shown entry once, in registration order', () => {
  const { registry } = notes([]);
  const handles = numbered(7).map((name) => registry.register({ definition: { name, hidden: name === 'n3' } }));
  handles[5]!.disable();
  assert.deepEqual(allPages(registry, 2), [['n0', 'n1'], ['n2', 'n4'], ['n6']]);
});

test('a cursor whose entry was removed goes on after it; one registered again under its name is listed at the end', () => {
  const { registry } = notes([]);
  const handles = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [name, registry.register({ definition: { name } })]));
  const first = registry.list(undefined, 2);
  assert.deepEqual(first.notes.map((note) => note.name), ['a', 'b']);
  handles.c!.remove();
  assert.deepEqual(registry.list(first.nextCursor, 2).notes.map((note) => note.name), ['d', 'e']);
  registry.register({ definition: { name: 'c' } });
  const second = registry.list(first.nextCursor, 2);
  assert.deepEqual([second.notes.map((note) => note.name), registry.list(second.nextCursor, 2)], [['d', 'e'], { notes: [{ name: 'c' }] }]);
  const last = notes(['x', 'y', 'z']);
  const cursor = last.registry.list(undefined, 1).nextCursor;
  last.registry.register({ definition: { name: 'w' } });
  assert.deepEqual(last.registry.list(cursor, 5), { notes: [{ name: 'y' }, { name: 'z' }, { name: 'w' }] });
});

test('removing an entry already listed moves no later entry: none is skipped', () => {
  const { registry } = notes([]);
  const handles = ['a', 'b', 'c', 'd'].map((name) => registry.register({ definition: { name } }));
  const cursor = registry.list(undefined, 2).nextCursor;
  handles[0]!.remove();
  assert.deepEqual(registry.list(cursor, 2), { notes: [{ name: 'c' }, { name: 'd' }] });
});

test('a cursor past every entry that remains gives an empty last page', () => {
  const { registry } = notes([]);
  const handles = ['a', 'b', 'c'].map((name) => registry.register({ definition: { name } }));
  const cursor = registry.list(undefined, 2).nextCursor;
  handles[2]!.remove();
  assert.deepEqual(registry.list(cursor, 2), { notes: [] });
});

test('keys that are not Latin-1 travel in cursors', () => {
  const { registry } = notes(['日本', 'ünïcode', '🙂', 'a:b%c']);
  assert.deepEqual(allPages(registry, 1), [['日本'], ['ünïcode'], ['🙂'], ['a:b%c']]);
});

test('a cursor this registry did not issue is -32602', () => {
  const { registry } = notes(['a', 'b']);
  const invalid = (cursor: string) => new ProtocolError(-32602, `Invalid cursor: ${JSON.stringify(cursor)} is not a cursor this server issued`);
  for (const cursor of ['garbage', btoa('mcpwire:7:b'), btoa('mcpwire:1:%'), btoa('mcpwire:-1'), btoa('1')]) {
    assert.throws(() => registry.list(cursor, 1), invalid(cursor));
  }
});
