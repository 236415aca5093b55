// A server fixture started as a real child process that prints `listening on http://127.0.0.1:PORT/mcp`:
// resolves with that URL; the child is stopped when the test ends.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { TestContext } from 'node:test';
import { nodeArgs } from './bundled-program.js';

/** Runs `node file ...args` (a .ts file bundled: test/fakes/bundled-program.ts) and resolves with the URL it prints once it listens. */
export async function startListeningChild(t: TestContext, file: string, args: readonly string[] = []): Promise<string> {
  const child = spawn(process.execPath, [...nodeArgs(file), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.after(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
  child.stdout.setEncoding('utf8');
  let output = '';
  for await (const chunk of child.stdout) {
    output += chunk as string;
    const match = /^listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)$/m.exec(output);
    if (match) return match[1]!;
  }
  throw new Error(`${file} exited before listening: ${output}`);
}
