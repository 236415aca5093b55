// Where a command reads and writes: the real process, or a capture in tests. Commands never
// touch process.stdout, process.env or SIGINT themselves, so each one can run in-process.

import { terminalText } from 'mcpwire/host';

/** Somewhere text goes. */
export interface TextSink {
  write(text: string): void;
}

/** Everything a command may use from its surroundings. */
export interface CommandIo {
  /** Results: what a script would parse. isTTY: a person reads it (`read` then escapes peer text). */
  stdout: TextSink & { isTTY?: boolean };
  /** Diagnostics, notes, the --trace lines, the progress bar. */
  stderr: TextSink & { isTTY: boolean; columns: number };
  /** For ${VAR} in config files. */
  env: Record<string, string | undefined>;
  /** Relative paths (config files, --cwd) resolve from here. */
  cwd: string;
  platform: string;
  /** Fires on Ctrl-C: the running request is cancelled (notifications/cancelled). */
  signal?: AbortSignal;
}

/**
 * Writes one line. Lines carry peer text (names, descriptions, errors, tool output), so control
 * characters are shown as `\uXXXX`, never obeyed; JSON text stays the same JSON value (terminal-text.ts).
 */
export function println(sink: TextSink, text = ''): void {
  sink.write(`${terminalText(text)}\n`);
}

/** The io of this process. */
export function processIo(signal?: AbortSignal): CommandIo {
  return {
    stdout: { write: (text) => { process.stdout.write(text); }, isTTY: process.stdout.isTTY === true },
    stderr: {
      write: (text) => { process.stderr.write(text); },
      isTTY: process.stderr.isTTY === true,
      columns: process.stderr.columns ?? 80,
    },
    env: process.env,
    cwd: process.cwd(),
    platform: process.platform,
    signal,
  };
}
