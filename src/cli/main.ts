#!/usr/bin/env node
// The `mcpwire` command.

import { runDemo } from './demo.js';
import { runServe } from './serve.js';

const USAGE = `usage:
  mcpwire demo [--http]              the 19 + 23 flow, every message on both sides of the seam
  mcpwire serve [--http] [--port N]  run the example add server (stdio by default)`;

/** Runs the command line; resolves with the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'demo':
      await runDemo({ http: rest.includes('--http') });
      return 0;
    case 'serve': {
      const portAt = rest.indexOf('--port');
      await runServe({ http: rest.includes('--http'), port: portAt >= 0 ? Number(rest[portAt + 1]) : 0 });
      return 0;
    }
    case undefined:
    case '-h':
    case '--help':
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    default:
      process.stderr.write(`mcpwire: unknown command "${command}"\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (error: unknown) => {
    process.stderr.write(`mcpwire: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
