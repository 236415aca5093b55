// The HTML trace writer: labels, escaping of peer text, and the page rendered in headless Chromium
// (Debian package `chromium`; .ci/run installs it): every traced message has its arrow, and the
// screenshot is not blank.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDemo } from '../../src/cli/demo.js';
import { TraceRecorder, hostArrow, wireArrow } from '../../src/cli/trace-html.js';
import { decodePng, inkStats } from './png-pixels.js';

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

function chromium(args: string[]): { stdout: string; status: number | null; stderr: string } {
  const result = spawnSync('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', ...args], { encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw new Error(`chromium could not be run (install the Debian package "chromium"; .ci/run does): ${result.error.message}`);
  return result;
}

test('demo --html: the page in headless Chromium has one arrow per traced message, and its screenshot is drawn', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpwire-html-'));
  try {
    const file = join(dir, 'trace.html');
    const lines: string[] = [];
    assert.equal(await runDemo({ html: file, write: (line) => lines.push(line) }), '19 加 23 等于 42。');
    // The text trace prints one line per message or host step: the page must have an arrow for each.
    const traced = lines.filter((line) => /^(model API|MCP      ) │/.test(line));
    const url = pathToFileURL(file).href;
    const dom = chromium(['--dump-dom', url]);
    assert.equal(dom.status, 0, dom.stderr);
    const arrows = [...dom.stdout.matchAll(/<a href="#m(\d+)" class="arrow (api|mcp)" data-index="\d+">/g)];
    assert.deepStrictEqual(arrows.map((match) => Number(match[1])), traced.map((_, index) => index + 1));
    const labels = [...dom.stdout.matchAll(/<text[^>]*>\d+\. ([^<]*)<\/text>/g)].map((match) => match[1]);
    assert.deepStrictEqual(labels, [
      'initialize · id 1', 'result · id 1', 'notifications/initialized', 'tools/list · id 2', 'result · id 2',
      'user: "19 加 23"', 'request · 1 message(s), 1 function(s)', 'Function Call add · id call_1',
      'callTool calc/add · call_1 (approved-by-policy)', 'tools/call · id 3', 'result · id 3', 'CallToolResult calc/add',
      'function result · id call_1', 'request · 3 message(s), 1 function(s)', 'text "19 加 23 等于 42。"', 'answer "19 加 23 等于 42。"',
    ]);
    for (let i = 1; i <= arrows.length; i++) assert.ok(dom.stdout.includes(`<section class="message" id="m${i}">`), `JSON of message ${i}`);
    const png = join(dir, 'shot.png');
    const shot = chromium([`--screenshot=${png}`, '--window-size=1040,1100', url]);
    assert.equal(shot.status, 0, shot.stderr);
    const pixels = decodePng(readFileSync(png));
    assert.deepStrictEqual([pixels.width, pixels.height], [1040, 1100]);
    const { ink, colours } = inkStats(pixels);
    assert.ok(ink > pixels.width * pixels.height / 10, `only ${ink} pixels drawn`);
    assert.ok(colours > 20, `only ${colours} colours`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
