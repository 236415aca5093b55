import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineTooLongError, MessageParseError } from '../../src/jsonrpc/index.js';
import { LineDecoder, encodeLine } from '../../src/transport/stdio/line-framing.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

test('LineDecoder: lines split across chunks come out whole', () => {
  const decoder = new LineDecoder();
  assert.deepStrictEqual(decoder.push(bytes('{"a":')), []);
  assert.deepStrictEqual(decoder.push(bytes('1}\n{"b"')), ['{"a":1}']);
  assert.deepStrictEqual(decoder.push(bytes(':2}\n{"c":3}\n')), ['{"b":2}', '{"c":3}']);
});

test('LineDecoder: a 3-byte UTF-8 character split across chunks is decoded correctly', () => {
  const decoder = new LineDecoder();
  const encoded = bytes('"中"\n'); // 中 is E4 B8 AD
  assert.deepStrictEqual(decoder.push(encoded.subarray(0, 2)), []);
  assert.deepStrictEqual(decoder.push(encoded.subarray(2, 3)), []);
  assert.deepStrictEqual(decoder.push(encoded.subarray(3)), ['"中"']);
});

test('LineDecoder: CRLF is tolerated, blank lines are skipped', () => {
  const decoder = new LineDecoder();
  assert.deepStrictEqual(decoder.push(bytes('{"a":1}\r\n\r\n   \n\n{"b":2}\r')), ['{"a":1}']);
  assert.deepStrictEqual(decoder.push(bytes('\n')), ['{"b":2}']);
});

test('LineDecoder: a BOM is stripped from the first line only', () => {
  const decoder = new LineDecoder();
  assert.deepStrictEqual(decoder.push(bytes('\uFEFF{"a":1}\n\uFEFF{"b":2}\n')), ['{"a":1}', '\uFEFF{"b":2}']);
});

test('LineDecoder: an over-long line is reported with its size and both ends once it ends, discarded, and the next line is read', () => {
  const errors: MessageParseError[] = [];
  const decoder = new LineDecoder({ maxLineBytes: 10, onerror: (error) => errors.push(error) });
  assert.deepStrictEqual(decoder.push(bytes('{"ok":1}\n{"long":"')), ['{"ok":1}']);
  assert.deepStrictEqual(decoder.push(bytes('xxxxxxxxxxxxxxxxxxxxxxxx')), []);
  assert.equal(errors.length, 0, 'the size is known only at the newline');
  assert.deepStrictEqual(decoder.push(bytes('yyyy"}\n{"b":2}\n')), ['{"b":2}']);
  assert.deepStrictEqual(errors.map((error) => [error.name, error.message, error.text, (error as LineTooLongError).tail]), [
    ['LineTooLongError', 'A line of 39 bytes is over the limit of 10 bytes (maxLineBytes) and was discarded',
      '{"long":"xxxxxxxxxxxxxxxxxxxxxxxx', '{"long":"xxxxxxxxxxxxxxxxxxxxxxxxyyyy"}'],
  ]);
});

test('LineDecoder: an over-long line cut short by the end of input is reported as unterminated, keeping its last 200 bytes', () => {
  const errors: MessageParseError[] = [];
  const decoder = new LineDecoder({ maxLineBytes: 10, onerror: (error) => errors.push(error) });
  assert.deepStrictEqual(decoder.push(bytes(`{"a":"${'x'.repeat(300)}`)), []);
  assert.deepStrictEqual(decoder.push(bytes('zz')), []);
  assert.deepStrictEqual(decoder.end(), []);
  assert.deepStrictEqual(errors.map((error) => [error.message, error.text.length, (error as LineTooLongError).tail]), [
    ['An unterminated line of at least 308 bytes is over the limit of 10 bytes (maxLineBytes) and was discarded', 200, `${'x'.repeat(198)}zz`],
  ]);
});

test('LineDecoder: a line of exactly the maximum length is accepted', () => {
  const decoder = new LineDecoder({ maxLineBytes: 7, onerror: () => assert.fail('no error expected') });
  assert.deepStrictEqual(decoder.push(bytes('{"a":1}\n')), ['{"a":1}']);
});

test('LineDecoder: end() returns a last line that had no newline', () => {
  const decoder = new LineDecoder();
  assert.deepStrictEqual(decoder.push(bytes('{"a":1}\n{"b":2}')), ['{"a":1}']);
  assert.deepStrictEqual(decoder.end(), ['{"b":2}']);
  assert.deepStrictEqual(new LineDecoder().end(), []);
});

test('encodeLine: compact JSON plus one newline; newlines inside strings are escaped', () => {
  assert.equal(encodeLine({ jsonrpc: '2.0', method: 'm', params: { text: 'a\nb' } }), '{"jsonrpc":"2.0","method":"m","params":{"text":"a\\nb"}}\n');
});
