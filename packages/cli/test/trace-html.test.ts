// The HTML trace writer: labels and escaping of peer text (the page rendered in headless Chromium is
// test/browser/trace-html-chromium.test.ts, run by `npm run test:browser`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceRecorder, appArrow, hostArrow, renderTraceSvg, wireArrow } from '../src/trace-html.js';

test('wire messages are labelled with method and id, responses with result/error and id', () => {
  assert.deepStrictEqual(wireArrow('send', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }),
    { from: 'client', to: 'server', label: 'tools/call · id 2', method: 'tools/call', json: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} } });
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

test('each arrow is one [data-message] element, with data-method for requests and notifications; the app lane appears only when a view spoke', () => {
  const wire = [wireArrow('send', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: {} }), wireArrow('receive', { jsonrpc: '2.0', id: 1, result: {} })];
  const opening = (svg: string) => [...svg.matchAll(/<a [^>]*>/g)].map((match) => match[0]);
  assert.deepStrictEqual(opening(renderTraceSvg(wire)), [
    '<a href="#m1" class="arrow mcp" data-index="1" data-message="" data-method="tools/call">',
    '<a href="#m2" class="arrow mcp" data-index="2" data-message="">',
  ]);
  const lanes = (svg: string) => [...svg.matchAll(/<g class="lane">.*?<text[^>]*>(\w+)<\/text>/g)].map((match) => match[1]);
  assert.deepStrictEqual(lanes(renderTraceSvg(wire)), ['user', 'host', 'model', 'client', 'server']);
  const withApp = [...wire, appArrow('to-host', { jsonrpc: '2.0', id: 1, method: 'ui/initialize', params: {} }), appArrow('to-app', { jsonrpc: '2.0', id: 1, result: {} })];
  assert.deepStrictEqual(lanes(renderTraceSvg(withApp)), ['app', 'user', 'host', 'model', 'client', 'server']);
  assert.deepStrictEqual(opening(renderTraceSvg(withApp)).slice(2), [
    '<a href="#m3" class="arrow app" data-index="3" data-message="" data-method="ui/initialize">',
    '<a href="#m4" class="arrow app" data-index="4" data-message="">',
  ]);
  assert.match(renderTraceSvg(withApp), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" data-trace="" width="1190"/);
});
