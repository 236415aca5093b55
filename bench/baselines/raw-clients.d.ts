// Types of raw-clients.js (plain JavaScript on purpose, see there).
import type { ChildProcess } from 'node:child_process';

export class RawStdioClient {
  constructor(command: string, args: string[], options?: { stderr?: 'inherit' | 'pipe' | 'ignore'; env?: NodeJS.ProcessEnv });
  readonly child: ChildProcess;
  readonly pid: number | undefined;
  request(method: string, params?: object): Promise<Record<string, unknown>>;
  notify(method: string): void;
  close(): Promise<void>;
}
