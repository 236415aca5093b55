// The bridge section's rows (issue 46): each relay beside the direct connection it stands in for,
// each anchor beside the same direct connection, and the target: mcpwire's bridge process
// spends at most half the CPU per call that the anchor's process spends on the same job (the direct
// side has no bridge process, so all of that CPU is what the bridge adds).

import { COUNTS } from './config.js';
import type { AnchorResult, BridgeResult, Pair } from './bridge.js';
import { compared, loadRows } from './report.js';
import type { Row } from './report.js';

const KB = 1024;
const count = (n: number): string => n.toLocaleString('en-US');
const SHAPES = [
  [`sequential ×${count(COUNTS.httpSequential)}`, 'sequential'],
  [`${COUNTS.concurrency} in flight ×${count(COUNTS.httpInFlight)}`, 'inFlight'],
] as const;

function bothShapes(label: string, ours: Pair, theirs: Pair): Row[] {
  return SHAPES.flatMap(([shape, key]) => loadRows('bridge', `${label}, ${shape}`, ours[key], theirs[key], {}));
}

/** The anchor's rows and the target rows, or one row saying why the anchor could not run. */
function anchorRows(ours: string, anchorName: string, mine: Pair, anchor: AnchorResult, direct: Pair): Row[] {
  if ('missing' in anchor) {
    return [{ section: 'bridge', measure: `${anchorName}: not measured, target not checked`, mcpwire: undefined, baseline: undefined,
      unit: '', ratio: undefined, target: undefined, status: '', note: anchor.missing }];
  }
  return [
    ...bothShapes(`${anchorName} vs the same direct connection`, anchor, direct),
    ...SHAPES.map(([shape, key]) => compared('bridge', `${ours} vs ${anchorName}, bridge process CPU/call, ${shape}`, 'µs',
      mine[key].serverCpuUsPerCall, anchor[key].serverCpuUsPerCall, { on: 'ratio', op: '<=', limit: 0.5 })),
  ];
}

/** Every row of the bridge section; a bridged side's "server CPU/call" is the relay process's own. */
export function bridgeRows(result: BridgeResult): Row[] {
  const rss = (bytes: number): number => bytes / KB / KB;
  return [
    ...bothShapes('tap --trace-file vs stdio direct', result.tapped, result.direct),
    ...bothShapes('bridge URL (stdio to HTTP) vs the raw HTTP client direct', result.bridgeUrl, result.httpDirect),
    ...bothShapes('bridge --port (HTTP to stdio) vs stdio direct', result.bridgePort, result.direct),
    compared('bridge', 'tap process RSS vs the add server\'s', 'MB', rss(result.rssBytes.tap), rss(result.rssBytes.server)),
    compared('bridge', 'bridge URL process RSS vs the add server\'s', 'MB', rss(result.rssBytes.bridgeUrl), rss(result.rssBytes.server)),
    compared('bridge', 'bridge --port process RSS (one session) vs the add server\'s', 'MB', rss(result.rssBytes.bridgePort), rss(result.rssBytes.server)),
    ...anchorRows('bridge URL', 'mcp-remote (stdio to HTTP)', result.bridgeUrl, result.mcpRemote, result.httpDirect),
    ...anchorRows('bridge --port', 'supergateway --stateful (HTTP to stdio)', result.bridgePort, result.supergateway, result.direct),
  ];
}
