import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SseParser, encodeSseEvent, readSseEvents } from '../../src/transport/index.js';
import { encodeMessageEvent } from '../../src/transport/sse.js';

test('encodeSseEvent: id, retry, event and data lines, then a blank line', () => {
  assert.equal(encodeSseEvent({ id: 's_2', event: 'message', data: '{"jsonrpc":"2.0","method":"m"}' }),
    'id: s_2\nevent: message\ndata: {"jsonrpc":"2.0","method":"m"}\n\n');
  // The priming event: an id, the retry hint, empty data.
  assert.equal(encodeSseEvent({ id: 's_1', retry: 1000, data: '' }), 'id: s_1\nretry: 1000\ndata: \n\n');
  assert.equal(encodeSseEvent({ data: 'a\nb\r\nc' }), 'data: a\ndata: b\ndata: c\n\n');
});

test('encodeMessageEvent: the event encodeSseEvent writes for a message\'s JSON text', () => {
  const json = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'line one\nline two' }] } });
  assert.equal(encodeMessageEvent('s.1_2', json), encodeSseEvent({ id: 's.1_2', event: 'message', data: json }));
  assert.equal(encodeMessageEvent('s.1_2', json), `id: s.1_2\nevent: message\ndata: ${json}\n\n`);
});

test('SseParser: events split anywhere across chunks', () => {
  const parser = new SseParser();
  const text = 'id: 1\nevent: message\ndata: {"a":1}\n\nid: 2\ndata: {"b":2}\n\n';
  const events = [];
  for (const char of text) events.push(...parser.push(char));
  assert.deepStrictEqual(events, [
    { id: '1', event: 'message', data: '{"a":1}' },
    { id: '2', data: '{"b":2}' },
  ]);
});

test('SseParser: CRLF, CR and LF line ends, including a CRLF split between chunks', () => {
  const parser = new SseParser();
  // The CRLF after "data: a" is split: a CR alone would end the line and the LF would end the event.
  assert.deepStrictEqual(parser.push('data: a\r'), []);
  assert.deepStrictEqual(parser.push('\ndata: b\r\n\r\ndata: c\r\rdata: d\n\n'), [{ data: 'a\nb' }, { data: 'c' }, { data: 'd' }]);
});

test('SseParser: comments are ignored, multi-line data is joined with \\n, one leading space is removed', () => {
  const parser = new SseParser();
  assert.deepStrictEqual(parser.push(': keep-alive\n\ndata:first\ndata:  second\ndata\n: note\n\n'), [{ data: 'first\n second\n' }]);
});

test('SseParser: priming and retry-only blocks are reported, so a client can track them', () => {
  const parser = new SseParser();
  assert.deepStrictEqual(parser.push('id: p_1\nretry: 20\ndata: \n\nretry: 500\n\nretry: soon\n\n'), [
    { id: 'p_1', data: '', retry: 20 },
    { data: '', retry: 500 },
  ]);
});

test('SseParser: bytes with a split UTF-8 character; end() drops an unfinished event', () => {
  const parser = new SseParser();
  const bytes = Buffer.from('data: 中文\n\ndata: cut', 'utf8');
  assert.deepStrictEqual(parser.push(bytes.subarray(0, 8)), []);
  assert.deepStrictEqual(parser.push(bytes.subarray(8)), [{ data: '中文' }]);
  assert.deepStrictEqual(parser.end(), []);
});

test('SseParser: every split of a 4-byte character decodes; chunks that end on a boundary need no stream decoder', () => {
  const bytes = Buffer.from('data: a𝄞b\n\ndata: ü\n\n', 'utf8');
  for (let cut = 1; cut < bytes.length; cut++) {
    const parser = new SseParser();
    const events = [...parser.push(bytes.subarray(0, cut)), ...parser.push(bytes.subarray(cut)), ...parser.end()];
    assert.deepStrictEqual({ cut, events }, { cut, events: [{ data: 'a𝄞b' }, { data: 'ü' }] });
  }
});

test('SseParser: one byte order mark at the start of the byte stream is dropped; a later U+FEFF is data', () => {
  const parser = new SseParser();
  const bom = Buffer.from('\uFEFF', 'utf8');
  assert.deepStrictEqual(parser.push(Buffer.concat([bom, Buffer.from('data: 1\n\n')])), [{ data: '1' }]);
  assert.deepStrictEqual(parser.push(Buffer.concat([Buffer.from('data: '), bom, Buffer.from('2\n\n')])), [{ data: '\uFEFF2' }]);
  assert.deepStrictEqual(parser.push(Buffer.concat([bom, Buffer.from('data: 3\n\n')])), []); // "\uFEFFdata" is an unknown field
});

test('readSseEvents: reads a byte stream to its end', async () => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(Buffer.from('id: a\ndata: 1\n\nid: b\n'));
      controller.enqueue(Buffer.from('data: 2\n\n'));
      controller.close();
    },
  });
  const events = [];
  for await (const event of readSseEvents(body)) events.push(event);
  assert.deepStrictEqual(events, [{ id: 'a', data: '1' }, { id: 'b', data: '2' }]);
});
