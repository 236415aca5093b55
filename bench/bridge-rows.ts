// The bridge section's rows (issue 46): each relay beside the direct connection it stands in for,
// each anchor beside the same direct connection, and the target: mcpwire's bridge process
// spends at most half the CPU per call that the anchor's process spends on the same job (the direct
// side has no bridge process, so all of that CPU is what the bridge adds).

import { COUNTS } from './config.js';
import type { AnchorResult, BridgeResult, Pair } from './bridge.js';
import { CALLS, SESSIONS } from './bridge-memory.js';
import type { AnchorRss, BridgeMemory, RssAfterCalls, SessionsRss } from './bridge-memory.js';
import { absolute, compared, loadRows } from './report.js';
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
  return [
    ...bothShapes('tap --trace-file vs stdio direct', result.tapped, result.direct),
    ...bothShapes('bridge URL (stdio to HTTP) vs the raw HTTP client direct', result.bridgeUrl, result.httpDirect),
    ...bothShapes('bridge --port (HTTP to stdio) vs stdio direct', result.bridgePort, result.direct),
    ...anchorRows('bridge URL', 'mcp-remote (stdio to HTTP)', result.bridgeUrl, result.mcpRemote, result.httpDirect),
    ...anchorRows('bridge --port', 'supergateway --stateful (HTTP to stdio)', result.bridgePort, result.supergateway, result.direct),
  ];
}

const MB = (bytes: number): number => bytes / KB / KB;
const said = (bytes: number): string => `${MB(bytes).toFixed(1)} MB`;

/** A row saying why an anchor's memory was not measured. */
function missingRow(measure: string, why: string): Row {
  return { section: 'bridge', measure: `${measure}: not measured`, mcpwire: undefined, baseline: undefined, unit: '', ratio: undefined, target: undefined, status: '', note: why };
}

function afterCallsRow(measure: string, ours: RssAfterCalls, theirs: AnchorRss | RssAfterCalls, theirName: string): Row {
  if ('missing' in theirs) return missingRow(measure, theirs.missing);
  return { ...compared('bridge', measure, 'MB', MB(ours.afterBytes), MB(theirs.afterBytes)),
    note: `before: ${said(ours.beforeBytes)} vs ${theirName} ${said(theirs.beforeBytes)}; after ${count(CALLS)} more: ${said(ours.afterTwiceBytes)} vs ${said(theirs.afterTwiceBytes)}` };
}

/** The memory rows: RSS after CALLS calls beside the server alone and the anchors, and `bridge --port` with SESSIONS sessions. */
export function bridgeMemoryRows(memory: BridgeMemory): Row[] {
  const after = `RSS after ${count(CALLS)} calls (${COUNTS.concurrency} in flight)`;
  const rows = [
    afterCallsRow(`tap process ${after} vs the add server's`, memory.tap, memory.server, 'the server'),
    afterCallsRow(`bridge URL process ${after} vs the add server's`, memory.bridgeUrl, memory.server, 'the server'),
    afterCallsRow(`bridge --port process (one session) ${after} vs the add server's`, memory.bridgePort, memory.server, 'the server'),
    afterCallsRow(`bridge URL process ${after} vs mcp-remote's`, memory.bridgeUrl, memory.mcpRemote, 'mcp-remote'),
    afterCallsRow(`bridge --port process ${after} vs supergateway --stateful's`, memory.bridgePort, memory.supergateway, 'supergateway'),
  ];
  const ours = memory.sessions.bridgePort;
  const theirs = memory.sessions.supergateway;
  const perSession = (one: SessionsRss): number => (one.manyBytes - one.oneBytes) / KB / (SESSIONS - 1);
  const label = `with ${SESSIONS} sessions`;
  rows.push(absolute('bridge', `bridge --port ${label}: the bridge process and its ${ours.children} server processes together, RSS`, 'MB', MB(ours.manyBytes + ours.childrenBytes)));
  if ('missing' in theirs) {
    rows.push(missingRow(`supergateway --stateful ${label}`, theirs.missing));
    return rows;
  }
  rows.push(
    { ...compared('bridge', `bridge --port process RSS per session, 1 → ${SESSIONS} sessions, vs supergateway --stateful's`, 'KB', perSession(ours), perSession(theirs)),
      note: `1 session: ${said(ours.oneBytes)} vs ${said(theirs.oneBytes)}; ${SESSIONS}: ${said(ours.manyBytes)} vs ${said(theirs.manyBytes)}` },
    { ...compared('bridge', `${label}: the servers each started, RSS per session, vs supergateway's`, 'MB', MB(ours.childrenBytes) / SESSIONS, MB(theirs.childrenBytes) / SESSIONS),
      note: `processes below the gateway: ${ours.children} vs ${theirs.children}; shared pages counted in each` },
  );
  return rows;
}
