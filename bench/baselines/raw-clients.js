// Baseline clients: the least a client can do to correlate JSON-RPC responses. Plain JavaScript,
// like the compiled mcpwire client they are compared with (tsx would add per-closure wrappers).

import { spawn } from 'node:child_process';

/** Newline-delimited JSON over a spawned child's stdin/stdout, one Map entry per pending request. */
export class RawStdioClient {
  /** `options.stderr`: where the child's stderr goes ('inherit' unless said); `options.env`: its environment. */
  constructor(command, args, options = {}) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', options.stderr ?? 'inherit'], env: options.env });
    this.pending = new Map();
    this.nextId = 1;
    this.buffered = '';
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk) => this.#onData(chunk));
  }

  get pid() { return this.child.pid; }

  request(method, params) {
    const id = this.nextId++;
    const line = `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(line);
    });
  }

  notify(method) {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method })}\n`);
  }

  close() {
    return new Promise((resolve) => {
      this.child.once('exit', resolve);
      this.child.stdin.end();
    });
  }

  #onData(chunk) {
    this.buffered += chunk;
    let start = 0;
    for (let newline = this.buffered.indexOf('\n'); newline !== -1; newline = this.buffered.indexOf('\n', start)) {
      const message = JSON.parse(this.buffered.slice(start, newline));
      start = newline + 1;
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
    }
    this.buffered = this.buffered.slice(start);
  }
}
