// Where the seed's add server (demo-server.ts, beside this file) is, whether we run compiled
// (dist/src, or dist/bundle where scripts/bundle.mjs puts its own bundle) or from source under
// tsx (tests): the file next to this one either way, started as its own process.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The command and arguments that start the demo's add server. */
export function addServerCommand(extraArgs: string[] = []): { command: string; args: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSource ? './demo-server.ts' : './demo-server.js', import.meta.url));
  const args = fromSource ? ['--import', 'tsx', file, ...extraArgs] : [file, ...extraArgs];
  return { command: process.execPath, args };
}

/** Starts a server process that prints "listening on URL"; resolves with the URL and a stop function that waits for its exit. */
export async function startListeningServer(command: string, args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      seen += chunk;
      const match = /listening on (\S+)/.exec(seen);
      if (match) resolve(match[1]!);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${[command, ...args].join(' ')} exited with code ${code} before listening`)));
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
      const force = setTimeout(() => child.kill('SIGKILL'), 2000);
      child.once('exit', () => { clearTimeout(force); resolve(); });
      child.kill('SIGTERM');
    }),
  };
}
