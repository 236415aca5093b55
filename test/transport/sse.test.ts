import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SseParser, encodeSseEvent, readSseEvents } from '../../src/http.js';
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

test('SseParser: every split of a stream with CRLF, CR and LF line ends, in two and three chunks, reads the same events', () => {
  const text = 'id: 1\r\ndata: a\r\rdata: b\n\ndata: c\r\ndata: d\r\n\r\n: x\rretry: 7\n\n';
  const expected = [{ id: '1', data: 'a' }, { data: 'b' }, { data: 'c\nd' }, { data: '', retry: 7 }];
  const read = (chunks: string[]): unknown[] => {
    const parser = new SseParser();
    return [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.end()];
  };
  const wrong: string[] = [];
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= text.length; j++) {
      const chunks = [text.slice(0, i), text.slice(i, j), text.slice(j)];
      const bytes = chunks.map((chunk) => new TextEncoder().encode(chunk));
      for (const events of [read(chunks), (() => { const parser = new SseParser(); return [...bytes.flatMap((b) => parser.push(b)), ...parser.end()]; })()]) {
        try { assert.deepStrictEqual(events, expected); } catch { wrong.push(JSON.stringify(chunks)); }
      }
    }
  }
  assert.deepStrictEqual(wrong, []);
  // A CR that ends a chunk ends its line at once: the event it completes is not held for the next chunk.
  const parser = new SseParser();
  assert.deepStrictEqual([parser.push('data: e\r'), parser.push('\r'), parser.push('\ndata: f\r\n\r\n')], [[], [{ data: 'e' }], [{ data: 'f' }]]);
});

test('SseParser: the cap holds for one unfinished line fed in pieces and for an event of many lines', () => {
  const grow = (parser: SseParser, chunks: string[]): string => {
    let fed = 0;
    try {
      for (const chunk of chunks) { parser.push(chunk); fed++; }
      return `fed ${fed}`;
    } catch (error) {
      return `${(error as Error).name} after ${fed}: ${(error as Error).message}`;
    }
  };
  assert.deepStrictEqual([
    grow(new SseParser(100), ['data: ', 'x'.repeat(50), 'x'.repeat(44)]),
    grow(new SseParser(100), ['data: ', 'x'.repeat(50), 'x'.repeat(45)]),
    grow(new SseParser(100), ['data: ', 'x'.repeat(50), 'x'.repeat(44), '\n\n']),
    grow(new SseParser(100), ['data: ', 'x'.repeat(60), '\ndata: ', 'x'.repeat(40), '\n']),
  ], [
    'fed 3',
    'SseEventTooLargeError after 2: SSE event larger than 100 characters: refused',
    'fed 4',
    'SseEventTooLargeError after 3: SSE event larger than 100 characters: refused',
  ]);
});

/** Characters scanned by String indexOf/includes and RegExp exec while `body` runs: the parser's work, counted, not timed. */
function scannedWhile(body: () => void): number {
  const { indexOf, includes } = String.prototype;
  const exec = RegExp.prototype.exec;
  let scanned = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const found = indexOf.call(this, search, from);
    scanned += (found === -1 ? this.length : found + search.length) - Math.max(0, from ?? 0);
    return found;
  };
  String.prototype.includes = function (this: string, search: string, from?: number) {
    scanned += this.length - Math.max(0, from ?? 0);
    return includes.call(this, search, from);
  };
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    const from = this.global || this.sticky ? this.lastIndex : 0;
    const found = exec.call(this, input);
    scanned += (found === null ? input.length : found.index + found[0].length) - from;
    return found;
  };
  try {
    body();
  } finally {
    Object.assign(String.prototype, { indexOf, includes });
    RegExp.prototype.exec = exec;
  }
  return scanned;
}

test('SseParser: a 4 MiB line in 1 KB chunks costs linear work: each character is scanned about once', () => {
  const work = (mib: number): number => {
    const parser = new SseParser(8 * 1024 * 1024);
    const chunk = new TextEncoder().encode('x'.repeat(1024));
    let events: unknown[] = [];
    const scanned = scannedWhile(() => {
      parser.push('data: ');
      for (let i = 0; i < mib * 1024; i++) parser.push(chunk);
      events = parser.push('\n\n');
    });
    assert.deepStrictEqual(events.map((event) => (event as { data: string }).data.length), [mib * 1024 * 1024]);
    return scanned;
  };
  const one = work(1);
  const four = work(4);
  // Linear: four times the line, about four times the work, and about one scan of each character
  // (two searches, CR and LF, at most). A rescan of the buffered line per chunk made it 2,048 times that.
  assert.deepStrictEqual({ ratio: Math.round(four / one), perCharacter: Math.ceil(four / (4 * 1024 * 1024)) <= 3 }, { ratio: 4, perCharacter: true });
});

test('SseParser: a message of about 280 KB with multi-byte characters, cut into chunks of 1, 3, 1,000 or 65,536 bytes, gives the events one push gives', () => {
  const message = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'ab€🙂\u00e9'.repeat(26_000) }] } });
  const bytes = new TextEncoder().encode(`id: 7\r\nevent: message\ndata: ${message}\n\nid: 8\rdata: {"jsonrpc":"2.0","method":"x"}\r\n\r\n`);
  const whole = new SseParser(1024 * 1024).push(bytes);
  const cut = [1, 3, 1_000, 65_536].map((size) => {
    const parser = new SseParser(1024 * 1024);
    const events = [];
    for (let at = 0; at < bytes.length; at += size) events.push(...parser.push(bytes.subarray(at, at + size)));
    return [...events, ...parser.end()];
  });
  assert.deepStrictEqual([whole.length, whole[0]!.data === message], [2, true]);
  assert.deepStrictEqual(cut, [whole, whole, whole, whole]);
});
