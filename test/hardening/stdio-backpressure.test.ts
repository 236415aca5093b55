// Issue 12, item 5: a client that writes requests but never reads stdout must not make a stdio
// server queue answers without bound. The server stops reading stdin while stdout waits for
// 'drain', so the requests stay in the pipe (and in the writer's memory), and every answer still
// arrives once the client reads. A real child process, real pipes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nonReadingClient } from '../../scripts/load-stdio-nonreader.js';

const REQUESTS = 20_000;

test('stdio backpressure: the server stops reading while a client does not read its answers, then answers every request', { timeout: 120_000 }, async () => {
  const report = await nonReadingClient(REQUESTS);
  // Without the pause the server reads all 20,002 lines and queues 20,000 answers ("read-all").
  assert.deepStrictEqual(
    { firstEvent: report.firstEvent, ok: report.ok, wrong: report.wrong, lost: report.lost, duplicated: report.duplicated },
    { firstEvent: 'paused', ok: REQUESTS, wrong: 0, lost: 0, duplicated: 0 },
  );
  // Paused after what one pipe's worth of answers holds (about 2,500 lines here), not after all.
  assert.ok(report.linesReadThen < REQUESTS / 2, `the server read ${report.linesReadThen} of ${REQUESTS} lines before it paused`);
});
