// Issue 13: the HTTP client must bundle for a browser. esbuild bundles a client-only entry with
// `platform: 'browser'` (where any node:* import is an error), and the bundle then runs in a
// context that has only web globals (fetch, URL, TextDecoder, …: no process, Buffer or require)
// against a real mcpwire server on 127.0.0.1.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { build } from 'esbuild';
import { createAddServer } from '../../examples/add-server.js';
import { serveHttp } from '../../src/node.js';
import { within } from './fixtures/deadline.js';

const ENTRY = fileURLToPath(new URL('../fixtures/browser-client-entry.ts', import.meta.url));

/** The entry bundled for the browser: esbuild's errors and warnings, the Node modules it read, the code. */
async function bundleForBrowser(): Promise<{ errors: string[]; warnings: string[]; nodeInputs: string[]; code: string }> {
  const result = await build({
    entryPoints: [ENTRY], bundle: true, platform: 'browser', format: 'iife', globalName: 'entry',
    target: 'es2022', write: false, metafile: true, logLevel: 'silent',
  });
  return {
    errors: result.errors.map((message) => message.text),
    warnings: result.warnings.map((message) => message.text),
    nodeInputs: Object.keys(result.metafile.inputs).filter((input) => input.startsWith('node:')),
    code: result.outputFiles[0]!.text,
  };
}

test('browser bundle: the HTTP client and McpClient bundle with platform browser, importing no node:* module', async () => {
  const { errors, warnings, nodeInputs, code } = await bundleForBrowser();
  assert.deepStrictEqual({ errors, warnings, nodeInputs }, { errors: [], warnings: [], nodeInputs: [] });
  assert.deepStrictEqual(code.match(/["']node:[a-z_/]+["']/g), null);
});

test('browser bundle: runs with web globals only and calls a real server over fetch, SSE and JSON answers', async () => {
  const { code } = await bundleForBrowser();
  const web = {
    fetch, Request, Response, Headers, ReadableStream, URL, TextDecoder, TextEncoder, AbortController, AbortSignal,
    DOMException, Event, EventTarget, setTimeout, clearTimeout, queueMicrotask, structuredClone, console,
  };
  const context = createContext(web);
  const entry = runInContext(`${code}\nentry`, context) as { callAdd(url: string, a: number, b: number): Promise<unknown> };
  assert.equal(runInContext('[typeof process, typeof Buffer, typeof require].join()', context), 'undefined,undefined,undefined');
  // Both answer shapes: SSE streams (the default) and one JSON body per POST (jsonResponse).
  for (const jsonResponse of [false, true]) {
    const server = await serveHttp(createAddServer(), { jsonResponse });
    try {
      const result = await within(5000, entry.callAdd(server.url, 19, 23));
      assert.deepStrictEqual({ jsonResponse, result: JSON.parse(JSON.stringify(result)) as unknown }, { jsonResponse, result: { content: [{ type: 'text', text: '42' }] } });
    } finally {
      await server.close();
    }
  }
});
