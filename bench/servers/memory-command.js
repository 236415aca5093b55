// Preloaded into a bench server (node --expose-gc --import bench/servers/memory-command.js <server>)
// so that bench/memory.ts reads memory inside the process, the same way for mcpwire and the raw
// baseline: a line "memory" on stdin is answered on stdout with one JSON line of
// process.memoryUsage() taken after two full GCs (the second frees what the first's finalizers
// let go), plus newSpace: the bytes of V8's young generation in RSS, which grows (up to a fixed
// cap) while what it holds survives collections.

import { getHeapSpaceStatistics } from 'node:v8';

process.stdin.on('data', (chunk) => {
  if (!String(chunk).includes('memory')) return;
  globalThis.gc?.();
  globalThis.gc?.();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.physical_space_size ?? 0;
  process.stdout.write(`${JSON.stringify({ ...process.memoryUsage(), newSpace })}\n`);
});
