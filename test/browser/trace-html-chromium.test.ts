// The demo's HTML trace rendered in headless Chromium (Debian package `chromium`, which npm does not
// install: this file runs in `npm run test:browser`, not `npm test`; .ci/run installs it): every
// traced message has its arrow, and the screenshot is not blank.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDemo } from '../../packages/cli/src/demo.js';
import { decodePng, inkStats } from './png-pixels.js';

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
    const arrows = [...dom.stdout.matchAll(/<a href="#m(\d+)" class="arrow (api|mcp)" data-index="\d+" data-message=""[^>]*>/g)];
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
