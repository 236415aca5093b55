// A stdio server that could not be started at all: a local failure (nothing crossed the wire),
// so an Error subclass with the command and the system's code, never a JSON-RPC code.

/** spawnStdio's start() failed: the command does not exist (ENOENT), is not executable (EACCES), … */
export class ServerSpawnError extends Error {
  override name = 'ServerSpawnError';
  /** The command that was to be started, as given. */
  readonly command: string;
  /** The system error code, e.g. 'ENOENT', when there is one. */
  readonly code: string | undefined;

  constructor(message: string, command: string, code: string | undefined, options?: ErrorOptions) {
    super(message, options);
    this.command = command;
    this.code = code;
  }
}
