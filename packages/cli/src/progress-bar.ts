// notifications/progress (basic/utilities/progress) drawn as one redrawn line on a terminal.
// Only when stderr is a TTY: in a pipe or a log file the bar would be noise (use --trace there).

import type { Progress } from 'mcpwire/protocol';
import type { TextSink } from './command-io.js';
import { terminalLine } from 'mcpwire/host';

/** One frame of the bar, at most `columns` characters. */
export function formatProgress(progress: Progress, columns: number): string {
  const message = progress.message ? `  ${progress.message}` : '';
  let text: string;
  if (progress.total !== undefined && progress.total > 0) {
    const fraction = Math.min(1, Math.max(0, progress.progress / progress.total));
    const width = 20;
    const filled = Math.round(fraction * width);
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
    text = `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${percent}  ${progress.progress}/${progress.total}${message}`;
  } else {
    text = `[working] ${progress.progress}${message}`; // no total: the spec allows that
  }
  // The message is the server's text: shown, never obeyed, and kept to this one line.
  text = terminalLine(text);
  return text.length > columns - 1 ? `${text.slice(0, Math.max(0, columns - 2))}…` : text;
}

/** Draws progress on a terminal sink; does nothing on anything else. */
export class ProgressBar {
  readonly #sink: TextSink & { isTTY: boolean; columns: number };
  #drawn = false;

  constructor(sink: TextSink & { isTTY: boolean; columns: number }) {
    this.#sink = sink;
  }

  update(progress: Progress): void {
    if (!this.#sink.isTTY) return;
    this.#sink.write(`\r\x1b[K${formatProgress(progress, this.#sink.columns)}`);
    this.#drawn = true;
  }

  /** Removes the bar so the result starts on a clean line. */
  clear(): void {
    if (!this.#drawn) return;
    this.#sink.write('\r\x1b[K');
    this.#drawn = false;
  }
}
