// A file a command writes when it is done (demo and chat --html): opened before anything starts,
// so a path that cannot be written is a usage error at once, not after the run; a write that
// fails at the end is the same error.

import { closeSync, openSync, writeSync } from 'node:fs';
import { McpwireError } from 'mcpwire/jsonrpc';

/** An output file that cannot be opened or written: a usage error (exit 2) naming the option and path. */
export class OutputFileError extends McpwireError {
  override name = 'OutputFileError';
  override readonly code = 'OUTPUT_FILE';
}

/** An output file, open for writing from the start of the command. */
export class OutputFile {
  readonly #option: string;
  readonly #path: string;
  #fd: number | undefined;

  /** Opens (creates or truncates) `path` for `option`, or throws OutputFileError. */
  constructor(option: string, path: string) {
    this.#option = option;
    this.#path = path;
    try {
      this.#fd = openSync(path, 'w');
    } catch (error) {
      throw this.#failure(error);
    }
  }

  /** Writes the whole content and closes the file; throws OutputFileError when the write fails. */
  write(text: string): void {
    const fd = this.#fd;
    if (fd === undefined) throw new OutputFileError(`cannot write ${this.#option} ${this.#path}: already written`);
    this.#fd = undefined;
    try {
      writeSync(fd, text);
    } catch (error) {
      throw this.#failure(error);
    } finally {
      closeSync(fd);
    }
  }

  #failure(error: unknown): OutputFileError {
    return outputFileError(this.#option, this.#path, error);
  }
}

/** Why `path` (given to `option`) could not be opened or written, in words. */
export function outputFileError(option: string, path: string, error: unknown): OutputFileError {
  const code = (error as { code?: unknown }).code;
  const why = code === 'ENOENT' ? 'its folder does not exist (ENOENT)'
    : code === 'EACCES' || code === 'EPERM' ? `permission denied (${code})`
    : code === 'EISDIR' ? 'it is a folder (EISDIR)'
    : error instanceof Error ? error.message : String(error);
  return new OutputFileError(`cannot write ${option} ${path}: ${why}`, { cause: error });
}
