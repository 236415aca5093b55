// The parts of the scale setup, as child processes of the caller: redis-server (from
// packages/redis), mcpwire instances (scripts/scale-instance.ts) and nginx with
// examples/scale/nginx.conf, all on loopback, configs and pid/log files in a temp dir.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on 127.0.0.1 (asked of the OS, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts TCP connections on the port; at most `ms`. */
async function untilListening(port: number, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} did not listen on 127.0.0.1:${port} within ${ms} ms`);
}

/** Stops a child: SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
export async function stopChild(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** One running mcpwire instance. */
export interface Instance {
  id: string;
  port: number;
  child: ChildProcess;
}

/** Starts scripts/scale-instance.ts as `id` on `port`; resolves when it said "ready". */
export async function startInstance(id: string, port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/scale-instance.ts')], {
    cwd: ROOT, env: { ...process.env, ...env, INSTANCE_ID: id, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`instance ${id} not ready in 30 s: ${output.slice(-500)}`)); }, 30_000);
    const seen = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes(`ready ${id}`)) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code, signal) => { clearTimeout(timer); reject(new Error(`instance ${id} exited (${code ?? signal}): ${output.slice(-500)}`)); });
  });
  await ready;
  return { id, port, child };
}

/**
 * examples/scale/nginx.conf with this run's ports: instance i's port for 127.0.0.1:300<i+1>, the
 * proxy's for 8080. Instances not running are left out of the round robin and stand in for nobody.
 */
export async function nginxConfig(instancePorts: number[], proxyPort: number): Promise<string> {
  const template = await readFile(join(ROOT, 'examples/scale/nginx.conf'), 'utf8');
  const lines: string[] = [];
  let upstream = '';
  for (const line of template.split('\n')) {
    upstream = /^\s*upstream (\S+)/.exec(line)?.[1] ?? upstream;
    const placeholder = /127\.0\.0\.1:300([1-3])/.exec(line);
    if (placeholder) {
      const port = instancePorts[Number(placeholder[1]) - 1];
      if (port === undefined && upstream === 'mcp_any') continue; // not in the round robin
      lines.push(line.replace(placeholder[0], `127.0.0.1:${port ?? instancePorts[0]}`)); // an owner nobody routes to
    } else {
      lines.push(line.replace('listen 127.0.0.1:8080', `listen 127.0.0.1:${proxyPort}`));
    }
  }
  return lines.join('\n');
}

/** Starts nginx in the foreground with its config, pid and logs in `dir`; resolves when it listens. */
export async function startNginx(dir: string, instancePorts: number[], proxyPort: number): Promise<ChildProcess> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'nginx.conf'), await nginxConfig(instancePorts, proxyPort));
  const child = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`could not start nginx (apt-get install nginx): ${error.message}`)));
    child.once('spawn', resolve);
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}: see its error above`))));
  exited.catch(() => undefined);
  await Promise.race([untilListening(proxyPort, 10_000, 'nginx'), exited]);
  return child;
}
