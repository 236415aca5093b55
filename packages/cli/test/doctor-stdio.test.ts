import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StdoutRecorder, checkStdoutHygiene, findStdoutProblems } from '../src/doctor-stdio.js';

const MESSAGE = '{"jsonrpc":"2.0","id":1,"result":{}}';

test('stray logs, a BOM, CRLF, blank lines, JSON that is not JSON-RPC and an unterminated tail', () => {
  const problems = findStdoutProblems([`\uFEFF${MESSAGE}`, 'Server started', `${MESSAGE}\r`, '', '{"level":"info","msg":"hi"}', MESSAGE], '{"jsonrpc"');
  assert.deepEqual(problems.map(({ line, problem, severity }) => [line, severity, problem]), [
    [1, 'failed', 'starts with a byte order mark (U+FEFF), which JSON.parse rejects'],
    [2, 'failed', 'not JSON'],
    [3, 'warning', 'ends with CR: a CRLF line ending, where the transport frames on LF'],
    [4, 'warning', 'blank line'],
    [5, 'failed', 'JSON, but not a JSON-RPC message (Field "jsonrpc" must be "2.0")'],
    [7, 'failed', 'no newline at the end: the client cannot know the message is complete'],
  ]);
});

test('the recorder numbers lines from raw bytes, across chunk boundaries', () => {
  const recorder = new StdoutRecorder();
  for (const chunk of ['log li', `ne\n${MESSAGE.slice(0, 10)}`, `${MESSAGE.slice(10)}\r\n`, '\uFEFFx\n']) recorder.push(Buffer.from(chunk));
  assert.equal(recorder.lineCount, 3);
  assert.deepEqual(recorder.lines(), { lines: ['log line', `${MESSAGE}\r`, '\uFEFFx'], tail: undefined });
  const result = checkStdoutHygiene(recorder);
  assert.equal(result.status, 'failed');
  assert.equal(result.summary, '2 of 3 stdout line(s) are not JSON-RPC messages');
  assert.deepEqual(result.evidence, [
    'line 1: "log line": not JSON',
    'line 2: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{}}\\r": ends with CR: a CRLF line ending, where the transport frames on LF',
    'line 3: "\uFEFFx": starts with a byte order mark (U+FEFF), which JSON.parse rejects',
    'line 3: "\uFEFFx": not JSON',
  ]);
});

test('only CRLF: a warning, not a failure', () => {
  const recorder = new StdoutRecorder();
  recorder.push(Buffer.from(`${MESSAGE}\r\n`));
  const result = checkStdoutHygiene(recorder);
  assert.deepEqual([result.status, result.summary], ['warning', '1 of 1 stdout line(s) are messages, but not cleanly framed']);
});
