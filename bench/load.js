// The two load shapes, in plain JavaScript so both sides of a comparison run the same loop code.
// `call(i)` makes one round trip; each call's latency is kept (milliseconds).

/** One call at a time. */
export async function sequential(call, count) {
  const latencies = new Float64Array(count);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    await call(i);
    latencies[i] = performance.now() - sent;
  }
  return { elapsedMs: performance.now() - start, latencies };
}

/** `concurrency` calls outstanding at every moment until `count` are done. */
export async function inFlight(call, count, concurrency) {
  const latencies = new Float64Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const sent = performance.now();
      await call(i);
      latencies[i] = performance.now() - sent;
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { elapsedMs: performance.now() - start, latencies };
}
