// Types of load.js (plain JavaScript on purpose, see there).
export interface LoadRun { elapsedMs: number; latencies: Float64Array }
export function sequential(call: (i: number) => Promise<unknown>, count: number): Promise<LoadRun>;
export function inFlight(call: (i: number) => Promise<unknown>, count: number, concurrency: number): Promise<LoadRun>;
