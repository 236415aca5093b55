// The HTML trace writer: labels and escaping of peer text (the page rendered in headless Chromium is
// test/browser/trace-html-chromium.test.ts, run by `npm run test:browser`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceRecorder, hostArrow, wireArrow } from '../../src/cli/trace-html.js';

test('wire messages are labelled with method and id, responses with result/error and id', () => {
  assert.deepStrictEqual(wireArrow('send', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }),
    { from: 'client', to: 'server', label: 'tools/call · id 2', json: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} } });
  assert.deepStrictEqual(wireArrow('receive', { jsonrpc: '2.0', id: 2, result: {} }).label, 'result · id 2');
  assert.deepStrictEqual(wireArrow('receive', { jsonrpc: '2.0', id: 'x', error: { code: 1, message: 'm' } }).label, 'error · id "x"');
  assert.deepStrictEqual(wireArrow('send', { jsonrpc: '2.0', method: 'notifications/initialized' }).label, 'notifications/initialized');
  assert.deepStrictEqual(hostArrow({ type: 'from-model', reply: { type: 'function_calls', calls: [{ id: 'c1', name: 'add', arguments: {} }] } }),
    { from: 'model', to: 'host', label: 'Function Call add · id c1', json: { type: 'from-model', reply: { type: 'function_calls', calls: [{ id: 'c1', name: 'add', arguments: {} }] } } });
});

test('peer text in labels and JSON is escaped: a hostile method name is shown, never markup', () => {
  const recorder = new TraceRecorder();
  recorder.wire('receive', { jsonrpc: '2.0', method: '<script>alert(1)</script>', params: { x: '"><img src=x onerror=alert(1)>' } });
  const page = recorder.render('t <b>');
  assert.equal(page.includes('<script>'), false);
  assert.equal(page.includes('<img'), false);
  assert.equal(page.includes('<b>'), false);
  assert.ok(page.includes('1. &#60;script&#62;alert(1)&#60;/script&#62;'));
});
