// MemoryTaskStore against the one TaskStore suite (test/server/task-store-contract.ts): the same
// store as both handles, since one process holds every task.

import { MemoryTaskStore } from '../src/index.js';
import { taskStoreContract } from '../../../test/server/task-store-contract.js';

taskStoreContract('MemoryTaskStore', async (bounds) => {
  let now = 1_000_000;
  const store = new MemoryTaskStore({ ...bounds, now: () => now });
  return { a: store, b: store, elapse: async (ms) => { now += ms; }, close: async () => {} };
});
