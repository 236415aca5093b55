// Where the seed's add server is, whether we run compiled (dist/, plain node) or from
// source under tsx (tests): the same file either way, started as its own process.

import { fileURLToPath } from 'node:url';

/** The command and arguments that start the example add server. */
export function addServerCommand(extraArgs: string[] = []): { command: string; args: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(fromSource ? '../../examples/add-server.ts' : '../../examples/add-server.js', import.meta.url));
  const args = fromSource ? ['--import', 'tsx', file, ...extraArgs] : [file, ...extraArgs];
  return { command: process.execPath, args };
}
