// A stdio server that could not be started at all: a local failure (nothing crossed the wire),
// so an Error subclass with the command and the system's code, never a JSON-RPC code.

import { McpwireError } from '../../errors/mcpwire-error.js';

/** spawnStdio's start() failed: the command does not exist (ENOENT), is not executable (EACCES), … */
export class ServerSpawnError extends McpwireError {
  override name = 'ServerSpawnError';
  /** The command that was to be started, as given. */
  readonly command: string;
  /** The system error code, e.g. 'ENOENT', as Node's spawn error says it; 'SERVER_SPAWN' when it gave none. */
  override readonly code: string;

  constructor(message: string, command: string, code: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.command = command;
    this.code = code ?? 'SERVER_SPAWN';
  }
}
