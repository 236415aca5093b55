// The seeded fuzzer, small: a few hundred hostile frames at a real server over stdio (a child
// process) and over Streamable HTTP (node:http on 127.0.0.1). After each run the server still
// answers, every frame got exactly the answer it should (or none), and Object.prototype is intact.
// `npm run test:load` runs the same thing with many thousands of frames. FUZZ_SEED picks the seed.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { serveHttp } from '../../src/node.js';
import { makeHardeningServer, prototypeIntact } from '../fixtures/hardening-server.js';
import { fuzzHttp, fuzzStdio, summary } from './fuzz-runner.js';
import type { FuzzReport } from './fuzz-runner.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20251125);
const MAX_BYTES = 64 * 1024;
const CLEAN = { crashes: 0, lost: [], duplicated: [], wrong: [], stillAnswers: true, prototypeIntact: true };

const verdict = ({ framesSent: _sent, ...rest }: FuzzReport): Omit<FuzzReport, 'framesSent'> => rest;

test(`fuzz over stdio: 400 frames, seed ${SEED}`, async (t) => {
  const report = await fuzzStdio({ seed: SEED, frames: 400, maxBytes: MAX_BYTES, timeoutMs: 15_000 });
  t.diagnostic(`stdio: ${summary(report)}`);
  assert.deepStrictEqual(verdict(report), CLEAN);
  assert.equal(report.framesSent, 400);
});

test(`fuzz over HTTP: 300 frames, seed ${SEED + 1}`, async (t) => {
  const running = await serveHttp(makeHardeningServer({ report: () => undefined }), { maxBodyBytes: MAX_BYTES });
  try {
    const report = await fuzzHttp(running.url, { seed: SEED + 1, frames: 300, maxBytes: MAX_BYTES, timeoutMs: 15_000, concurrency: 8 });
    t.diagnostic(`http: ${summary(report)}`);
    assert.deepStrictEqual(verdict(report), CLEAN);
    assert.equal(report.framesSent, 300);
    assert.equal(prototypeIntact(), true); // the server ran in this process
  } finally {
    await running.close();
  }
});
