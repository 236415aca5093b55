// A real redis-server (the Debian package) as a child process of the test: no TCP port at all,
// a unix socket in a temp dir, no persistence, stopped by the caller.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A connected node-redis client: commands, or (on a connection of its own) pub/sub. */
export type RedisClient = {
  sendCommand(args: string[]): Promise<unknown>;
  quit(): Promise<unknown>;
  subscribe(channel: string, listener: (message: string) => void): Promise<unknown>;
  unsubscribe(channel: string, listener?: (message: string) => void): Promise<unknown>;
};

/**
 * Connects node-redis to a unix socket path or a redis:// URL. Imported by a computed name, so that the repository's
 * typecheck (scripts/scale.ts imports this file) needs no `npm ci` in this package.
 */
export async function connectRedis(where: string): Promise<RedisClient> {
  const name = 'redis';
  const { createClient } = await import(name) as { createClient(options: object): RedisClient & { on(event: string, listener: () => void): void; connect(): Promise<unknown> } };
  const client = createClient(where.startsWith('redis://') ? { url: where } : { socket: { path: where } });
  client.on('error', () => {}); // reconnects by itself; commands in flight reject and are reported
  await client.connect();
  return client;
}

/** A running redis-server and a connected client; `stop` ends both (and every `connect`ed one) and removes the temp dir. */
export interface RedisUnderTest {
  socket: string;
  client: RedisClient;
  process: ChildProcess;
  /** Another connection (a subscriber, as each instance has its own), closed by `stop`. */
  connect(): Promise<RedisClient>;
  stop(): Promise<void>;
}

/** Starts redis-server on a unix socket (maxmemory bounded, evicting volatile keys first) and connects. */
export async function startRedis(maxmemory = '64mb'): Promise<RedisUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpwire-redis-'));
  const socket = join(dir, 'redis.sock');
  const child = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--unixsocketperm', '700', '--save', '', '--appendonly', 'no',
    '--dir', dir, '--maxmemory', maxmemory, '--maxmemory-policy', 'volatile-lru'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`could not start redis-server (apt-get install redis-server): ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) resolve();
    });
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  try { await ready; } finally { clearTimeout(timer); }
  child.stdout!.resume();
  const client = await connectRedis(socket);
  const others: RedisClient[] = [];
  return {
    socket, client, process: child,
    async connect() {
      const other = await connectRedis(socket);
      others.push(other);
      return other;
    },
    async stop() {
      for (const connection of [...others, client]) await connection.quit().catch(() => {});
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
