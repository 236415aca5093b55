// The client side of stdio (spec 2025-11-25, basic/transports#stdio): launch the server as a
// child process and talk over its stdin/stdout. This file owns the process: starting it,
// keeping a bounded tail of its stderr, noticing when it dies, and ending it without orphans
// (basic/lifecycle#shutdown).

import type { ChildProcess } from 'node:child_process';
import { ConnectionClosedError } from '../../jsonrpc/index.js';
import type { JSONRPCMessage, SendOptions, Transport } from '../../jsonrpc/index.js';
import { defaultEnvironment } from './default-environment.js';
import { ServerSpawnError } from './server-spawn-error.js';
import { STDIO_CAPABILITIES, StdioTransport } from './stdio.js';
import { refuseUnknownOptions } from '../../options/known-options.js';
import type { OptionKeys } from '../../options/known-options.js';

/** How much stderr is kept for error messages. */
const STDERR_TAIL_CHARS = 4096;
/** After 'exit', how long to wait for the pipes to drain before reporting anyway. */
const PIPE_DRAIN_MS = 1000;

/** Options for spawnStdio. */
export interface SpawnStdioOptions {
  /**
   * The server's own variables (its credentials come from here, basic/index#auth), set over a safe
   * default set (defaultEnvironment: HOME, LOGNAME, PATH, SHELL, TERM, USER on POSIX; undefined
   * unsets one).
   */
  env?: Record<string, string | undefined>;
  /**
   * Start from all of process.env instead of the safe default set (default false): this hands the
   * server every key this process holds (ANTHROPIC_API_KEY, GITHUB_TOKEN, …). Only on purpose.
   */
  inheritEnv?: boolean;
  cwd?: string;
  /** What to do with the server's stderr, which is for logs (default 'pipe': kept and offered to onstderr). */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** How long close() waits after closing stdin, and again after SIGTERM (default 2000 ms). */
  shutdownGraceMs?: number;
  /** Longest line accepted from the server, in bytes. */
  maxLineBytes?: number;
  /** Deepest nesting accepted in one message from the server (default 64). */
  maxJsonDepth?: number;
  /**
   * Most bytes left waiting for a server that does not read its stdin (default 16 MiB); past it
   * sends are refused with OutputBacklogError and answers to the server's requests are dropped,
   * reported once through onerror (a server flooding pings must not make the client queue answers without bound).
   */
  maxQueuedBytes?: number;
  /**
   * POSIX: start the server as the leader of its own process group (and session; Node's
   * `detached`), so a terminal's Ctrl-C, which goes to the whole foreground group, reaches only
   * this process, which can then cancel and close in order (basic/utilities/cancellation,
   * basic/lifecycle#shutdown). close() then signals the whole group, and if this process exits
   * without closing (process.exit, an uncaught error) the group gets SIGTERM on 'exit'. Only for
   * a process that handles SIGINT itself: one killed by a signal runs no 'exit' hook, and the
   * server learns it is alone only when its stdin closes. The server has no controlling terminal.
   * Ignored on Windows, where `detached` gives no console and leaves the job object that ends
   * children with their parent (default false).
   */
  ownProcessGroup?: boolean;
  /** Report the line each message from the server arrived as (MessageExtra.line), for a relay (default false). */
  keepLines?: boolean;
}

const SPAWN_STDIO_OPTIONS = {
  env: true, inheritEnv: true, cwd: true, stderr: true, shutdownGraceMs: true, maxLineBytes: true, maxJsonDepth: true, maxQueuedBytes: true, ownProcessGroup: true, keepLines: true,
} as const satisfies OptionKeys<SpawnStdioOptions>;

/** A stdio transport that owns the server process it talks to. */
export class SpawnedStdioTransport implements Transport {
  readonly kind = 'stdio';
  readonly capabilities = STDIO_CAPABILITIES;
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];
  /** Each piece of the server's stderr as it arrives (stderr: 'pipe' only). Logs, not failures. */
  onstderr?: (text: string) => void;
  /**
   * Each raw chunk of the server's stdout, before framing (for tools that check stdout holds only
   * messages). Set it before start(): a second 'data' listener costs every chunk an extra copy of
   * the listener list, so there is none unless asked for.
   */
  onstdout?: (chunk: Buffer) => void;

  readonly command: string;
  readonly args: readonly string[];
  readonly #options: SpawnStdioOptions;
  #maxLineBytes: number | undefined;
  #child: ChildProcess | undefined;
  /** The child leads its own process group (ownProcessGroup, not on Windows). */
  #grouped = false;
  #stdio: StdioTransport | undefined;
  /** setReading's last word, for a call before start(). */
  #reading = true;
  #stderrTail = '';
  #closing: Promise<void> | undefined;
  #closed = false;

  constructor(command: string, args: readonly string[] = [], options: SpawnStdioOptions = {}) {
    refuseUnknownOptions('spawnStdio', options, SPAWN_STDIO_OPTIONS);
    this.command = command;
    this.args = args;
    this.#options = options;
  }

  get pid(): number | undefined { return this.#child?.pid; }
  get exitCode(): number | null { return this.#child?.exitCode ?? null; }
  get signalCode(): NodeJS.Signals | null { return this.#child?.signalCode ?? null; }

  /** The last ~4 KB the server wrote to stderr. */
  stderrTail(): string {
    return this.#stderrTail;
  }

  /** Spawns the server; rejects with a ServerSpawnError naming the command when it cannot be started. */
  /** The longest line to read from the server, when set before start(): McpClient's `maxMessageBytes`, stdio's form of it. */
  setMaxMessageBytes(bytes: number): void {
    this.#maxLineBytes = bytes;
  }

  async start(): Promise<void> {
    // Imported here, not at the top: every server process loads this module with the rest of
    // the transports, and none of them spawns anything (bench: server RSS).
    const { spawn } = await import('node:child_process');
    if (this.#closed) throw new ConnectionClosedError('Cannot start a closed transport (or one whose process failed to start)');
    if (this.#child) return;
    this.#grouped = this.#options.ownProcessGroup === true && process.platform !== 'win32';
    const child = spawn(this.command, [...this.args], {
      cwd: this.#options.cwd,
      env: this.#environment(),
      stdio: ['pipe', 'pipe', this.#options.stderr ?? 'pipe'],
      windowsHide: true,
      detached: this.#grouped, // never unref()ed: this process still waits for the child
    });
    this.#child = child;
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException): void => {
        this.#closed = true;
        reject(describeSpawnError(this.command, this.#options.cwd, error));
      };
      child.once('error', onError);
      child.once('spawn', () => { child.off('error', onError); resolve(); });
    });
    if (this.#grouped) endGroupOnExit(child);
    child.on('error', (error) => this.onerror?.(error)); // e.g. a failed kill()
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.#stderrTail = (this.#stderrTail + text).slice(-STDERR_TAIL_CHARS);
      this.onstderr?.(text);
    });
    const onstdout = this.onstdout;
    if (onstdout) child.stdout!.on('data', (chunk: Buffer) => onstdout(chunk));
    const stdio = new StdioTransport(child.stdout!, child.stdin!, {
      maxLineBytes: this.#maxLineBytes ?? this.#options.maxLineBytes,
      maxJsonDepth: this.#options.maxJsonDepth,
      maxQueuedBytes: this.#options.maxQueuedBytes,
      keepLines: this.#options.keepLines,
      // The client keeps reading the server's stdout while its stdin is full: answers to our own
      // requests need no writing, and a server that also stops reading while its stdout is full
      // (as ours does) would otherwise deadlock with us. maxQueuedBytes bounds what waits instead.
      pauseWhileBlocked: false,
    });
    stdio.onmessage = (message, extra) => this.onmessage?.(message, extra);
    stdio.onerror = (error) => this.onerror?.(error);
    // stdout EOF alone says little; the process exit below says why, with the exit code.
    stdio.onclose = () => undefined;
    if (!this.#reading) stdio.setReading(false);
    this.#stdio = stdio;
    // 'close' comes after 'exit' once the pipes are drained, so no message the server wrote
    // before dying is lost. A grandchild holding the pipes open must not hide the exit, though.
    child.once('exit', () => setTimeout(() => this.#onExit(), PIPE_DRAIN_MS).unref());
    child.once('close', () => this.#onExit());
    await stdio.start();
  }

  send(message: JSONRPCMessage, options?: SendOptions): Promise<void> {
    if (this.#closed || this.#closing || !this.#stdio) {
      return Promise.reject(new ConnectionClosedError('Cannot send: the server process is not running'));
    }
    return this.#stdio.send(message, options);
  }

  /** Stops (false) or resumes (true) reading the server's stdout: its writes then wait on the pipe (Transport.setReading). */
  setReading(reading: boolean): void {
    this.#reading = reading;
    this.#stdio?.setReading(reading);
  }

  /**
   * basic/lifecycle#shutdown: close the child's stdin, wait; SIGTERM, wait; SIGKILL.
   * Resolves once the process is gone.
   */
  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const child = this.#child;
    await this.#stdio?.close();
    if (child && isRunning(child)) {
      const grace = this.#options.shutdownGraceMs ?? 2000;
      child.stdin?.end();
      if (!await waitForExit(child, grace)) {
        this.#signal(child, 'SIGTERM');
        if (!await waitForExit(child, grace)) {
          this.#signal(child, 'SIGKILL');
          await waitForExit(child, Infinity);
        }
      }
    }
    // Release the pipes even if a grandchild still holds the other ends.
    child?.stdout?.destroy();
    child?.stderr?.destroy();
    child?.stdin?.destroy();
    this.#closed = true;
    this.onclose?.();
  }

  /** Signals the child, or its whole group when it leads one (so no grandchild is left behind). */
  #signal(child: ChildProcess, signal: NodeJS.Signals): void {
    if (!this.#grouped) {
      child.kill(signal);
      return;
    }
    try {
      process.kill(-child.pid!, signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') this.onerror?.(error as Error);
    }
  }

  #onExit(): void {
    if (this.#closed || this.#closing) return;
    this.#closed = true;
    void this.#stdio?.close();
    const child = this.#child!;
    const how = child.signalCode ? `was killed by signal ${child.signalCode}` : `exited with code ${child.exitCode}`;
    const tail = this.#stderrTail.trim();
    // This reason reaches every pending request (ConnectionClosedError), so say all we know.
    this.onclose?.(new Error(`Server process ${how}${tail ? `; stderr: ${tail}` : ''}`));
  }

  #environment(): Record<string, string> {
    const base = this.#options.inheritEnv === true ? process.env : defaultEnvironment(process.env);
    const merged: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...base, ...this.#options.env })) {
      if (value !== undefined) merged[name] = value; // undefined unsets an inherited variable
    }
    return merged;
  }
}

/** A client transport that spawns `command args` on start() and speaks stdio to it. */
export function spawnStdio(command: string, args: readonly string[] = [], options: SpawnStdioOptions = {}): SpawnedStdioTransport {
  return new SpawnedStdioTransport(command, args, options);
}

/** Process groups led by running ownProcessGroup children: SIGTERMed if this process exits first. */
const liveGroups = new Set<number>();

/**
 * A child in its own group gets no Ctrl-C or hang-up from the terminal, so when this process
 * leaves without close() (process.exit, an uncaught error) it ends the group here: 'exit' allows
 * only synchronous work, so SIGTERM, the polite first signal of basic/lifecycle#shutdown. The
 * child's stdin closes at the same moment, which ends a server that follows basic/transports#stdio.
 * The group is forgotten once its leader exits: after that its id may belong to someone else.
 */
function endGroupOnExit(child: ChildProcess): void {
  if (liveGroups.size === 0) process.once('exit', endLiveGroups);
  liveGroups.add(child.pid!);
  child.once('exit', () => {
    liveGroups.delete(child.pid!);
    if (liveGroups.size === 0) process.off('exit', endLiveGroups);
  });
}

function endLiveGroups(): void {
  for (const pgid of liveGroups) {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Resolves true when the child has exited, false when `ms` passed first. */
function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (!isRunning(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = Number.isFinite(ms) ? setTimeout(() => { child.off('exit', onExit); resolve(false); }, ms) : undefined;
    const onExit = (): void => { if (timer) clearTimeout(timer); resolve(true); };
    child.once('exit', onExit);
  });
}

function describeSpawnError(command: string, cwd: string | undefined, error: NodeJS.ErrnoException): ServerSpawnError {
  let why = error.message;
  if (error.code === 'ENOENT') {
    why = cwd === undefined
      ? 'command not found (ENOENT)'
      : `command not found, or the working directory "${cwd}" does not exist (ENOENT)`;
  } else if (error.code === 'EACCES') {
    why = 'permission denied (EACCES)';
  }
  return new ServerSpawnError(`Cannot start "${command}": ${why}`, command, error.code, { cause: error });
}
