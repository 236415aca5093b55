// What the CLI tests share: an in-memory CommandIo that captures both streams, the paths of the
// fixtures, and starting a fixture that serves HTTP as a real child process.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CommandIo } from '../../src/cli/command-io.js';

/** A captured io: read what was written with out() and err(). */
export interface CapturedIo extends CommandIo {
  out(): string;
  err(): string;
}

export function captureIo(options: { tty?: boolean; env?: Record<string, string>; signal?: AbortSignal; cwd?: string } = {}): CapturedIo {
  let stdout = '';
  let stderr = '';
  return {
    stdout: { write: (text) => { stdout += text; } },
    stderr: { write: (text) => { stderr += text; }, isTTY: options.tty ?? false, columns: 100 },
    env: options.env ?? {},
    cwd: options.cwd ?? REPO,
    platform: 'linux',
    signal: options.signal,
    out: () => stdout,
    err: () => stderr,
  };
}

export const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Absolute path of a file in test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** `-- node [--import tsx] <fixture>`: the server part of a command line. */
export function stdioServer(name: string): string[] {
  const file = name.startsWith('/') ? name : fixture(name);
  return file.endsWith('.ts') ? ['--', process.execPath, '--import', 'tsx', file] : ['--', process.execPath, file];
}

/** The example add server, as the README runs it. */
export const ADD_SERVER = fileURLToPath(new URL('../../examples/add-server.ts', import.meta.url));

/** Starts a server process that prints "listening on URL"; resolves with the URL and a stop function. */
export async function startHttpServer(file: string, args: string[] = []): Promise<{ url: string; stop: () => Promise<void> }> {
  const command = file.endsWith('.ts') ? ['--import', 'tsx', file, ...args] : [file, ...args];
  const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      seen += chunk;
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${file} exited with code ${code} before listening`)));
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }),
  };
}
