// The seam as a picture: one self-contained HTML page (inline SVG and CSS, no script, no network)
// with a sequence diagram whose lanes are user · host · model · client · server. The seam is
// drawn between the model-API side (user, host, model) and the MCP side (client, server). Each
// traced message is one arrow labelled with its method and id; clicking it shows its full JSON
// (a link to an element the CSS shows when it is the :target). Every text is HTML-escaped:
// method names, tool output and model answers come from peers.

import type { HostEvent } from '../host/index.js';

/** A lane of the diagram. */
export type Lane = 'user' | 'host' | 'model' | 'client' | 'server';

/** One arrow: who to whom, its short label, and the JSON it opens. */
export interface TraceArrow {
  from: Lane;
  to: Lane;
  label: string;
  json: unknown;
}

const LANES: readonly Lane[] = ['user', 'host', 'model', 'client', 'server'];
const LANE_X: Record<Lane, number> = { user: 90, host: 280, model: 470, client: 720, server: 910 };
const SEAM_X = 595;
const WIDTH = 1000;
const TOP = 96;
const ROW = 38;

/** Escapes text for HTML and SVG (element text and quoted attributes). */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function short(text: string, max = 64): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The arrow of one JSON-RPC message as the client saw it (send = client → server). */
export function wireArrow(direction: 'send' | 'receive', message: unknown): TraceArrow {
  const [from, to]: [Lane, Lane] = direction === 'send' ? ['client', 'server'] : ['server', 'client'];
  const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
  const id = record.id === undefined ? '' : ` · id ${JSON.stringify(record.id)}`;
  let label: string;
  if (typeof record.method === 'string') label = `${record.method}${id}`;
  else if ('error' in record) label = `error${id}`;
  else if ('result' in record) label = `result${id}`;
  else label = 'message';
  return { from, to, label: short(label), json: message };
}

/** The arrow of one host event (the model-API side, and the host handing a call to its client). */
export function hostArrow(event: HostEvent): TraceArrow {
  switch (event.type) {
    case 'user': return { from: 'user', to: 'host', label: short(`user: ${JSON.stringify(event.text)}`), json: event };
    case 'to-model': return { from: 'host', to: 'model', label: `request · ${event.messageCount} message(s), ${event.functions.length} function(s)`, json: event };
    case 'from-model':
      return {
        from: 'model', to: 'host', json: event,
        label: short(event.reply.type === 'text' ? `text ${JSON.stringify(event.reply.text)}` : event.reply.calls.map((call) => `Function Call ${call.name} · id ${call.id}`).join('; ')),
      };
    case 'policy':
      return event.decision.allowed
        ? { from: 'host', to: 'client', label: short(`callTool ${event.server}/${event.tool} · ${event.call.id} (${event.decision.how})`), json: event }
        : { from: 'host', to: 'host', label: short(`policy refused ${event.server}/${event.tool}`), json: event };
    case 'tool-result': return { from: 'client', to: 'host', label: short(`CallToolResult ${event.server}/${event.tool}${event.result.isError ? ' (isError)' : ''}`), json: event };
    case 'tool-protocol-error': return { from: 'client', to: 'host', label: short(`JSON-RPC error ${event.server}/${event.tool}`), json: { ...event, error: event.error.message } };
    case 'calls-dropped': return { from: 'host', to: 'host', label: short(`not run: ${event.calls.length} call(s)`), json: event };
    case 'function-result': return { from: 'host', to: 'model', label: short(`function result · id ${event.callId}${event.isError ? ' (error)' : ''}`), json: event };
    case 'answer': return { from: 'host', to: 'user', label: short(`answer ${JSON.stringify(event.text)}`), json: event };
    case 'sampling-request':
      return event.decision.allowed
        ? { from: 'host', to: 'model', label: short(`sampling for ${event.server} (${event.decision.how})`), json: event }
        : { from: 'host', to: 'host', label: short(`sampling for ${event.server} refused`), json: event };
    case 'sampling-reply': return { from: 'model', to: 'host', label: short(`sampling reply for ${event.server}`), json: event };
  }
}

/** Collects arrows in the order they happen and renders the page. */
export class TraceRecorder {
  readonly arrows: TraceArrow[] = [];

  /** Records a JSON-RPC message (from a transport tap). */
  wire(direction: 'send' | 'receive', message: unknown): void {
    this.arrows.push(wireArrow(direction, message));
  }

  /** Records a host event. */
  host(event: HostEvent): void {
    this.arrows.push(hostArrow(event));
  }

  /** The whole page. */
  render(title: string): string {
    return renderTraceHtml(title, this.arrows);
  }
}

function arrowSvg(arrow: TraceArrow, index: number): string {
  const y = TOP + 40 + index * ROW;
  const x1 = LANE_X[arrow.from];
  const x2 = LANE_X[arrow.to];
  const mcp = arrow.from === 'client' || arrow.from === 'server';
  const cls = `arrow ${mcp ? 'mcp' : 'api'}`;
  const label = htmlText(`${index + 1}. ${arrow.label}`);
  if (x1 === x2) {
    const path = `M${x1} ${y - 8} h40 v16 h-40`;
    return `<a href="#m${index + 1}" class="${cls}" data-index="${index + 1}"><path d="${path}" fill="none" marker-end="url(#head)"/><text x="${x1 + 48}" y="${y + 4}">${label}</text></a>`;
  }
  const mid = (x1 + x2) / 2;
  const end = x2 > x1 ? x2 - 2 : x2 + 2;
  return `<a href="#m${index + 1}" class="${cls}" data-index="${index + 1}"><rect class="hit" x="${Math.min(x1, x2)}" y="${y - 20}" width="${Math.abs(x2 - x1)}" height="26"/>`
    + `<line x1="${x1}" y1="${y}" x2="${end}" y2="${y}" marker-end="url(#head)"/><text x="${mid}" y="${y - 6}" text-anchor="middle">${label}</text></a>`;
}

/** Renders arrows as a self-contained HTML page. */
export function renderTraceHtml(title: string, arrows: readonly TraceArrow[]): string {
  const height = TOP + 40 + arrows.length * ROW + 20;
  const lanes = LANES.map((lane) => `<g class="lane"><rect x="${LANE_X[lane] - 55}" y="${TOP - 34}" width="110" height="28" rx="6"/>`
    + `<text x="${LANE_X[lane]}" y="${TOP - 15}" text-anchor="middle">${lane}</text><line x1="${LANE_X[lane]}" y1="${TOP}" x2="${LANE_X[lane]}" y2="${height}"/></g>`).join('');
  const seam = `<g class="seam"><line x1="${SEAM_X}" y1="20" x2="${SEAM_X}" y2="${height}"/>`
    + `<text x="${SEAM_X - 10}" y="34" text-anchor="end">model API side (Function Call)</text><text x="${SEAM_X + 10}" y="34">MCP side (JSON-RPC tools/call)</text>`
    + `<text x="${SEAM_X}" y="52" text-anchor="middle" class="seam-name">the seam</text></g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="sequence diagram">`
    + '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="context-stroke"/></marker></defs>'
    + `<rect class="side-api" x="0" y="${TOP - 40}" width="${SEAM_X}" height="${height}"/><rect class="side-mcp" x="${SEAM_X}" y="${TOP - 40}" width="${WIDTH - SEAM_X}" height="${height}"/>`
    + seam + lanes + arrows.map(arrowSvg).join('') + '</svg>';
  const details = arrows.map((arrow, index) => `<section class="message" id="m${index + 1}"><h2>${index + 1}. ${htmlText(arrow.from)} → ${htmlText(arrow.to)}: ${htmlText(arrow.label)}</h2>`
    + `<pre>${htmlText(JSON.stringify(arrow.json, null, 2) ?? 'undefined')}</pre></section>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${htmlText(title)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; color: #1d232b; background: #fff; }
h1 { font-size: 18px; margin: 0 0 8px; }
p.help { color: #555; margin: 0 0 12px; }
svg text { font: 12.5px ui-monospace, monospace; fill: #1d232b; }
.side-api { fill: #f3f7ff; } .side-mcp { fill: #f4fbf2; }
.lane rect { fill: #fff; stroke: #6b7685; } .lane text { font-weight: bold; } .lane line { stroke: #9aa4b1; stroke-dasharray: 4 4; }
.seam line { stroke: #c0392b; stroke-width: 3; stroke-dasharray: 10 6; } .seam text { fill: #c0392b; font-weight: bold; }
.arrow line, .arrow path { stroke-width: 2; } .api line, .api path { stroke: #2457c5; } .mcp line, .mcp path { stroke: #23802f; }
.arrow text { paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
.arrow .hit { fill: transparent; stroke: none; } .arrow:hover text { text-decoration: underline; } .arrow:hover .hit { fill: #0000000d; }
.message { display: none; border: 1px solid #9aa4b1; border-radius: 6px; padding: 0 12px; margin: 12px 0; max-width: 980px; }
.message:target { display: block; }
.message h2 { font-size: 14px; } pre { overflow: auto; white-space: pre-wrap; word-break: break-all; }
</style></head>
<body><h1>${htmlText(title)}</h1>
<p class="help">One arrow per message, in order. Click an arrow to see its full JSON. Blue: the model API side (host ⇄ model); green: MCP (client ⇄ server, JSON-RPC).</p>
${svg}
${details}
</body></html>
`;
}
