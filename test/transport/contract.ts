// The one contract every transport keeps, run against each of them (in-memory, stdio with a real
// child process, Streamable HTTP on a real port). The far side is always an echo server: a
// request comes back as the result `{ echo: params }`, a notification comes back as itself.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConnectionClosedError } from '../../src/jsonrpc/index.js';
import type { JSONRPCMessage, Transport } from '../../src/jsonrpc/index.js';
import { within } from './fixtures/deadline.js';

/** A started client transport connected to an echo server, and how to tear both down. */
export interface ContractPair {
  client: Transport;
  cleanup(): Promise<void>;
}

/** Collects what the client receives and lets a test wait for the nth message. */
function inbox(client: Transport): { messages: unknown[]; waitFor(count: number): Promise<unknown[]> } {
  const messages: unknown[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  client.onmessage = (message) => {
    messages.push(message);
    for (const waiter of waiters) if (messages.length >= waiter.count) waiter.resolve();
  };
  return {
    messages,
    async waitFor(count) {
      if (messages.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`Got ${messages.length} of ${count} messages`)), 5000);
          waiters.push({ count, resolve: () => { clearTimeout(timer); resolve(); } });
        });
      }
      return messages.slice(0, count);
    },
  };
}

/** Registers the contract suite for one transport. */
export function runTransportContract(name: string, makePair: () => Promise<ContractPair>): void {
  describe(`transport contract: ${name}`, () => {
    async function withPair(body: (pair: ContractPair) => Promise<void>): Promise<void> {
      const pair = await makePair();
      try {
        await within(5000, body(pair));
      } finally {
        await pair.cleanup();
      }
    }

    test('a request comes back as one response, equal as a whole value', () => withPair(async ({ client }) => {
      const box = inbox(client);
      const params = { a: 1, nested: { list: [1, 'two', null, true, { deep: -0.5 }] }, empty: {} };
      await client.send({ jsonrpc: '2.0', id: 7, method: 'tools/call', params });
      assert.deepStrictEqual(await box.waitFor(1), [{ jsonrpc: '2.0', id: 7, result: { echo: params } }]);
    }));

    test('100 notifications arrive, and come back, in the order they were sent', () => withPair(async ({ client }) => {
      const box = inbox(client);
      const sends: Promise<void>[] = [];
      for (let n = 0; n < 100; n++) sends.push(client.send({ jsonrpc: '2.0', method: 'notifications/mark', params: { n } }));
      await Promise.all(sends);
      const received = await box.waitFor(100);
      assert.deepStrictEqual(received, Array.from({ length: 100 }, (_, n) => ({ jsonrpc: '2.0', method: 'notifications/mark', params: { n } })));
    }));

    test('100 requests in flight at once are each answered exactly once', () => withPair(async ({ client }) => {
      const box = inbox(client);
      const sends: Promise<void>[] = [];
      for (let n = 0; n < 100; n++) sends.push(client.send({ jsonrpc: '2.0', id: n, method: 'echo', params: { n } }));
      await Promise.all(sends);
      const received = (await box.waitFor(100)) as { id: number }[];
      const byId = [...received].sort((x, y) => x.id - y.id);
      assert.deepStrictEqual(byId, Array.from({ length: 100 }, (_, n) => ({ jsonrpc: '2.0', id: n, result: { echo: { n } } })));
    }));

    test('unicode, escapes and line separators survive intact', () => withPair(async ({ client }) => {
      const box = inbox(client);
      const params = { text: '19 加 23 等于 42 🙂', family: '👩‍👩‍👧', astral: '𝄞', controls: 'line\nbreak\r\ttab "quote" \\ \u2028\u2029' };
      const message: JSONRPCMessage = { jsonrpc: '2.0', id: 'ü-1', method: 'echo', params };
      await client.send(message);
      assert.deepStrictEqual(await box.waitFor(1), [{ jsonrpc: '2.0', id: 'ü-1', result: { echo: params } }]);
    }));

    test('close fires onclose exactly once, and later sends reject', () => withPair(async ({ client }) => {
      const reasons: (Error | undefined)[] = [];
      client.onclose = (reason) => reasons.push(reason);
      await client.close();
      await client.close();
      await new Promise((resolve) => setTimeout(resolve, 10));
      assert.deepStrictEqual(reasons, [undefined]);
      await assert.rejects(client.send({ jsonrpc: '2.0', method: 'notifications/late' }), ConnectionClosedError);
    }));
  });
}
