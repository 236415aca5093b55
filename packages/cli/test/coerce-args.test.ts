import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coerceArguments, coerceValue, typesOf } from '../src/coerce-args.js';

const SCHEMA = {
  type: 'object',
  properties: {
    n: { type: 'integer' }, x: { type: 'number' }, s: { type: 'string' }, b: { type: 'boolean' },
    o: { type: 'object' }, list: { type: 'array' }, maybe: { type: ['integer', 'null'] }, id: { type: ['integer', 'string'] }, color: { enum: ['red', 'blue'] }, level: { enum: [1, 2] },
  },
};

test('each value is read as the type its property declares', () => {
  assert.deepEqual(coerceArguments(['n=19', 'x=0.5', 's=19', 'b=false', 'o={"k":[1]}', 'list=[1,"a"]', 'maybe=null', 'id=19', 'color=red', 'level=2', 'other=7'], SCHEMA), {
    args: { n: 19, x: 0.5, s: '19', b: false, o: { k: [1] }, list: [1, 'a'], maybe: null, id: '19', color: 'red', level: 2, other: '7' },
    problems: [],
  });
});

test('values that do not fit stay text for validation to name; JSON that does not parse is a problem', () => {
  assert.deepEqual(coerceArguments(['n=abc', 'b=yes'], SCHEMA), { args: { n: 'abc', b: 'yes' }, problems: [] });
  const bad = coerceArguments(['o={nope'], SCHEMA);
  assert.equal(bad.problems.length, 1);
  assert.match(bad.problems[0]!, /^o: the property is an object, give it as JSON \(/);
});

test('numbers in key=value are decimal, as JSON writes them: hex, octal, binary, a leading +, Infinity and NaN stay text', () => {
  const words = ['0x10', '0o7', '0b1', '+5', 'Infinity', '-Infinity', 'NaN', '010', '1_000', ' 7', '7 ', '.5', '5.', ''];
  assert.deepEqual(words.map((text) => coerceValue(text, ['integer'])), words.map((text) => ({ ok: true, value: text })));
  assert.deepEqual(['16', '-3', '0', '1.5', '2e3', '-0.25E-2'].map((text) => coerceValue(text, ['number'])), [16, -3, 0, 1.5, 2000, -0.0025].map((value) => ({ ok: true, value })));
  // What the schema check then says (call.ts validates before anything is sent) needs the text kept as given.
  assert.deepEqual(coerceArguments(['n=0x10'], SCHEMA), { args: { n: '0x10' }, problems: [] });
});

test('one JSON object, key:=JSON, and words that are neither', () => {
  assert.deepEqual(coerceArguments(['{"n":1}'], SCHEMA), { args: { n: 1 }, problems: [] });
  assert.deepEqual(coerceArguments(['s:=42'], SCHEMA), { args: { s: 42 }, problems: [] });
  assert.deepEqual(coerceArguments(['[1]'], SCHEMA).problems, ['"[1]" is neither key=value nor one JSON object']);
  assert.deepEqual(coerceArguments(['{"n":'], SCHEMA).problems.length, 1);
  assert.deepEqual(coerceArguments(['n=1', 'n=2'], SCHEMA).problems, ['n is given twice']);
  assert.deepEqual(coerceArguments([], SCHEMA), { args: {}, problems: [] });
});

test('typesOf reads type, type arrays, enum and const', () => {
  assert.deepEqual([typesOf({ type: 'integer' }), typesOf({ type: ['string', 'null'] }), typesOf({ enum: [1, 'a', null] }), typesOf({ const: true }), typesOf(undefined)],
    [['integer'], ['string', 'null'], ['number', 'string', 'null'], ['boolean'], []]);
});
