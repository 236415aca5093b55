// Prints the seed's tools/call as this checkout runs it, per path (stdio and HTTP, both
// revisions): the distinct src files it crosses and the frames that only forward, from the same
// stacks test/architecture/seed-path.test.ts pins.
//   npx tsx scripts/seed-path.ts

import type { EraChoice } from '../src/client/index.js';
import { filesOf, forwardersOf, frameName, seedCall } from '../test/architecture/seed-stacks.js';

const PATHS: Array<[string, 'stdio' | 'http', EraChoice]> = [
  ['stdio 2025-11-25', 'stdio', '2025-11-25'],
  ['stdio 2026-07-28 (stateless)', 'stdio', '2026-07-28'],
  ['HTTP 2025-11-25', 'http', '2025-11-25'],
  ['HTTP 2026-07-28 (stateless)', 'http', '2026-07-28'],
];

for (const [label, kind, era] of PATHS) {
  const path = await seedCall(kind, era);
  const files = filesOf(path);
  const forwarders = forwardersOf(path);
  const lines = [`${label}: ${files.length} src files, ${forwarders.length} frames that only forward`];
  lines.push(...files.map((file) => `  ${file}`));
  lines.push('  frames, client (host → pipe) then server (pipe → handler); * only forwards:');
  for (const [side, frames] of [['client', path.client], ['server', path.server]] as const) {
    for (const frame of frames) lines.push(`    ${forwarders.includes(frameName(frame)) ? '*' : ' '} ${side} ${frameName(frame)}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
