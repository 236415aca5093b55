// 2025 sessions behind instances that share them through Redis, routed the two ways a balancer
// can: round robin (each call of a session goes to the next instance) or sticky (a session's calls
// always go to the instance that began it, as nginx's `map` on Mcp-Session-Id does). Session i
// begins on instance i mod n, and the calls take the sessions in turn, so both ways spread the
// same calls evenly over the same instances.

import { sessionSide } from './http-eras.js';
import type { Side } from './measure.js';

export type Routing = 'round robin' | 'sticky';

export interface Instance { url: string; pid: number }

/** `sessions` sessions begun over `instances`, one Side whose calls take the sessions in turn. */
export async function routedSessionsSide(instances: readonly Instance[], routing: Routing, sessions: number): Promise<Side> {
  const urls = instances.map((instance) => instance.url);
  const begun: Side[] = [];
  for (let index = 0; index < sessions; index++) {
    const home = index % urls.length;
    // Round robin: the home instance, then the next ones in turn, wrapping around.
    const serve = routing === 'sticky' ? [urls[home]!] : [...urls.slice(home), ...urls.slice(0, home)];
    begun.push(await sessionSide(urls[home]!, instances[home]!.pid, serve));
  }
  let next = 0;
  return {
    serverPid: instances[0]!.pid,
    otherServerPids: instances.slice(1).map((instance) => instance.pid),
    call: () => begun[next++ % begun.length]!.call(),
    close: async () => undefined,
  };
}
