import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProgressBar, formatProgress } from '../src/progress-bar.js';
import { base64Bytes, formatBytes, renderCallResult } from '../src/render-result.js';

test('every content block kind, and structured content', () => {
  assert.deepEqual(renderCallResult({
    content: [
      { type: 'text', text: 'a\nb' },
      { type: 'image', data: 'AAECAw==', mimeType: 'image/png' },
      { type: 'audio', data: 'AA==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///x', name: 'x', title: 'The X', mimeType: 'text/plain', size: 2048 },
      { type: 'resource', resource: { uri: 'file:///b', mimeType: 'application/octet-stream', blob: 'AAAA' } },
    ],
    structuredContent: { ok: true },
  }), [
    'a', 'b', '[image image/png, 4 bytes]', '[audio audio/wav, 1 byte]', '[resource link file:///x "The X" (text/plain, 2,048 bytes)]',
    '[resource file:///b application/octet-stream, 3 bytes]', 'structured content:', '{', '  "ok": true', '}',
  ]);
  assert.deepEqual(renderCallResult({ content: [] }), ['(no content)']);
  assert.deepEqual([base64Bytes('aGVsbG8='), formatBytes(12345)], [5, '12,345 bytes']);
});

test('the progress bar: with a total, without one, cut to the terminal width; nothing when not a TTY', () => {
  assert.equal(formatProgress({ progress: 3, total: 10, message: 'reading' }, 80), '[██████░░░░░░░░░░░░░░]  30%  3/10  reading');
  assert.equal(formatProgress({ progress: 7 }, 80), '[working] 7');
  assert.equal(formatProgress({ progress: 1, total: 2, message: 'x'.repeat(100) }, 40), `[██████████░░░░░░░░░░]  50%  1/2  ${'x'.repeat(4)}…`);
  let written = '';
  const pipe = new ProgressBar({ write: (text) => { written += text; }, isTTY: false, columns: 80 });
  pipe.update({ progress: 1, total: 2 });
  pipe.clear();
  assert.equal(written, '');
});
