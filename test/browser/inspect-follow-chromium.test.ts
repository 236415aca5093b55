// `mcpwire inspect --follow F` in headless Chromium (cdp.ts): the built package's command follows
// the recording a real `mcpwire tap` writes while `mcpwire call` plays the host, and the page draws
// the host's messages as they are recorded, with the recording's server and tools in its header and
// forms; a form's Run is refused, since the inspector is not connected to anything.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPackage } from '../package/built-package.js';
import type { BuiltPackage } from '../package/built-package.js';
import { Chromium } from './cdp.js';

let built: BuiltPackage;
let browser: Chromium;
let scratch: string;

before(() => {
  built = buildPackage();
  browser = Chromium.launch();
  scratch = mkdtempSync(join(tmpdir(), 'mcpwire-inspect-follow-'));
});

after(async () => {
  await browser.close();
  rmSync(built.root, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs the built `mcpwire` with `args` to its end: exit code and stdout. */
function mcpwire(args: string[]): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [join(built.packages['mcpwire-cli']!, 'dist/src/main.js'), ...args], { cwd: built.pkg, stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: process.env.PATH } });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk; });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout })));
}

test('inspect --follow: a tapped host\'s messages appear on the page as they are recorded; the header and the tools are the recording\'s; Run is refused', async () => {
  const file = join(scratch, 'live.ndjson');
  const cli = join(built.packages['mcpwire-cli']!, 'dist/src/main.js');
  const inspector = spawn(process.execPath, [cli, 'inspect', '--follow', file, '--no-open'], { cwd: built.pkg, stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH } });
  const stopped = new Promise<number | null>((resolve) => inspector.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    inspector.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /^inspector: (\S+)\n/m.exec(out);
      if (match) resolve(match[1]!);
    });
    inspector.once('exit', (code) => reject(new Error(`inspect --follow exited with ${code} before printing its URL`)));
  });
  const page = await browser.open(url);
  try {
    await page.waitFor('the wait for the recording', () => page.evaluate<boolean>(`document.querySelector('[data-logs]').textContent.includes('does not exist yet: waiting for it') || undefined`));
    // The host: mcpwire call, through tap, which records into the file the page follows.
    assert.deepStrictEqual(await mcpwire(['call', 'add', 'a=19', 'b=23', '--', process.execPath, cli, 'tap', '--trace-file', file, '--', 'node', 'dist/examples/add-server.js']), { code: 0, stdout: '42\n' });
    const expected = ['server/discover', '-', 'tools/list', '-', 'tools/call', '-'];
    const methods = (): Promise<string[]> => page.evaluate<string[]>(`[...document.querySelectorAll('svg[data-trace] [data-message]')].map((arrow) => arrow.getAttribute('data-method') ?? '-')`);
    await page.waitFor('the diagram', async () => (await methods()).length === expected.length);
    assert.deepStrictEqual(await methods(), expected);
    await page.waitFor('the header', () => page.evaluate<string>(`document.querySelector('[data-server-name]')?.textContent === 'calc 1.0.0' || undefined`));
    assert.deepStrictEqual(await page.evaluate(`[document.querySelector('[data-revision]').textContent, [...document.querySelectorAll('form[data-tool]')].map((form) => form.getAttribute('data-tool'))]`),
      ['2026-07-28 (stateless: as the recording shows)', ['add']]);
    await page.evaluate(`(() => {
      const form = document.querySelector('form[data-tool="add"]');
      form.querySelector('[name="a"]').value = '1';
      form.querySelector('[name="b"]').value = '2';
      form.requestSubmit();
    })()`);
    const answer = await page.waitFor('the refusal', async () => {
      const text = await page.evaluate<string>(`document.querySelector('form[data-tool="add"] [data-result]').textContent`);
      return text !== '' && text !== 'calling…' ? text : undefined;
    });
    assert.match(answer, /HTTP 400: inspect --follow shows a recording and calls nothing \("call"\)/);
  } finally {
    inspector.kill('SIGINT');
    assert.equal(await stopped, 0);
  }
});
