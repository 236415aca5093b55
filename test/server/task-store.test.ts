// MemoryTaskStore against the one TaskStore suite (test/server/task-store-contract.ts): the same
// store as both handles, since one process holds every task.

import { MemoryTaskStore } from '../../src/server/index.js';
import { taskStoreContract } from './task-store-contract.js';

taskStoreContract('MemoryTaskStore', async (bounds) => {
  const store = new MemoryTaskStore(bounds);
  return { a: store, b: store, close: async () => {} };
});
