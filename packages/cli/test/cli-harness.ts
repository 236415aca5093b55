// What the CLI tests share: an in-memory CommandIo that captures both streams, the paths of the
// fixtures, and starting a fixture that serves HTTP as a real child process. A .ts fixture runs
// bundled (test/fakes/bundled-program.ts): one file for node to load, not tsx compiling a tree.

import { fileURLToPath } from 'node:url';
import type { CommandIo } from '../src/command-io.js';
import { startListeningServer } from '../src/example-server.js';
import { nodeArgs } from '../../../test/fakes/bundled-program.js';

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

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** Absolute path of a file in test/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../../../test/fixtures/${name}`, import.meta.url));
}

/**
 * `--era 2025-11-25 -- node <fixture, bundled if .ts>`: the server part of a command line. These
 * tests pin the handshake-era wire (ids, initialize first), so they pin the era too; the `auto`
 * probe has its own tests (era.test.ts), which use `stdioCommand`.
 */
export function stdioServer(name: string): string[] {
  return ['--era', '2025-11-25', ...stdioCommand(name)];
}

/** `-- node <fixture, bundled if .ts>`, with no --era: the CLI picks the era itself. */
export function stdioCommand(name: string): string[] {
  return ['--', process.execPath, ...nodeArgs(name.startsWith('/') ? name : fixture(name))];
}

/** The example add server, as the README runs it. */
export const ADD_SERVER = fileURLToPath(new URL('../../../examples/add-server.ts', import.meta.url));

/** Starts a server process that prints "listening on URL"; resolves with the URL and a stop function. */
export function startHttpServer(file: string, args: string[] = []): Promise<{ url: string; stop: () => Promise<void> }> {
  return startListeningServer(process.execPath, [...nodeArgs(file), ...args]);
}
