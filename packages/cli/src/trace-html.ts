// The seam as a picture: a sequence diagram whose lanes are user · host · model · client · server
// (and app, left of them, when an MCP App's view spoke). The seam is drawn between the model-API side
// (user, host, model) and the MCP side (client, server). Each traced message is one arrow labelled with
// its method and id; clicking it shows its full JSON (a link to an element the CSS shows when it is the
// :target). `demo --html` and `chat --html` write it as one self-contained page (inline SVG and CSS, no
// script, no network); `mcpwire inspect` draws the same SVG live in the browser from this file. Every
// text is HTML-escaped: method names, tool output and model answers come from peers.

import type { HostEvent } from 'mcpwire/host';

/** A lane of the diagram. */
export type Lane = 'app' | 'user' | 'host' | 'model' | 'client' | 'server';

/** One arrow: who to whom, its short label, the JSON-RPC method (requests and notifications), and the JSON it opens. */
export interface TraceArrow {
  from: Lane;
  to: Lane;
  label: string;
  method?: string;
  json: unknown;
}

const LANES: readonly Lane[] = ['app', 'user', 'host', 'model', 'client', 'server'];
const LANE_X: Record<Lane, number> = { app: -100, user: 90, host: 280, model: 470, client: 720, server: 910 };
const SEAM_X = 595;
const WIDTH = 1000;
/** How far everything moves right when the app lane is drawn. */
const APP_SHIFT = 190;
const TOP = 96;
const ROW = 38;

/** Escapes text for HTML and SVG (element text and quoted attributes). */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A label cut to one short line (`…` where it was cut). */
export function short(text: string, max = 64): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The arrow of one JSON-RPC message from one lane to another, labelled by its method or its outcome, and id. */
export function messageArrow(from: Lane, to: Lane, message: unknown): TraceArrow {
  const record = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
  const id = record.id === undefined ? '' : ` · id ${JSON.stringify(record.id)}`;
  let label: string;
  if (typeof record.method === 'string') label = `${record.method}${id}`;
  else if ('error' in record) label = `error${id}`;
  else if ('result' in record) label = `result${id}`;
  else label = 'message';
  const arrow: TraceArrow = { from, to, label: short(label), json: message };
  if (typeof record.method === 'string') arrow.method = record.method;
  return arrow;
}

/** The arrow of one JSON-RPC message as the client saw it (send = client → server). */
export function wireArrow(direction: 'send' | 'receive', message: unknown): TraceArrow {
  return direction === 'send' ? messageArrow('client', 'server', message) : messageArrow('server', 'client', message);
}

/** The arrow of one message of an MCP App's postMessage bridge (to-host = what the view sent). */
export function appArrow(direction: 'to-host' | 'to-app', message: unknown): TraceArrow {
  return direction === 'to-host' ? messageArrow('app', 'host', message) : messageArrow('host', 'app', message);
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

/** Where the lanes are: the app lane and the shift it brings only when some arrow touches it. */
interface Layout {
  lanes: readonly Lane[];
  x(lane: Lane): number;
  seam: number;
  width: number;
}

function layoutOf(arrows: readonly TraceArrow[]): Layout {
  const app = arrows.some((arrow) => arrow.from === 'app' || arrow.to === 'app');
  const shift = app ? APP_SHIFT : 0;
  return {
    lanes: app ? LANES : LANES.slice(1),
    x: (lane) => (lane === 'app' ? LANE_X.user : LANE_X[lane] + shift),
    seam: SEAM_X + shift,
    width: WIDTH + shift,
  };
}

function arrowSvg(arrow: TraceArrow, index: number, layout: Layout): string {
  const y = TOP + 40 + index * ROW;
  const x1 = layout.x(arrow.from);
  const x2 = layout.x(arrow.to);
  const side = arrow.from === 'app' || arrow.to === 'app' ? 'app' : arrow.from === 'client' || arrow.from === 'server' ? 'mcp' : 'api';
  const cls = `arrow ${side}`;
  const label = htmlText(`${index + 1}. ${arrow.label}`);
  const open = `<a href="#m${index + 1}" class="${cls}" data-index="${index + 1}" data-message=""${arrow.method === undefined ? '' : ` data-method="${htmlText(arrow.method)}"`}>`;
  if (x1 === x2) {
    const path = `M${x1} ${y - 8} h40 v16 h-40`;
    return `${open}<path d="${path}" fill="none" marker-end="url(#head)"/><text x="${x1 + 48}" y="${y + 4}">${label}</text></a>`;
  }
  const mid = (x1 + x2) / 2;
  const end = x2 > x1 ? x2 - 2 : x2 + 2;
  return `${open}<rect class="hit" x="${Math.min(x1, x2)}" y="${y - 20}" width="${Math.abs(x2 - x1)}" height="26"/>`
    + `<line x1="${x1}" y1="${y}" x2="${end}" y2="${y}" marker-end="url(#head)"/><text x="${mid}" y="${y - 6}" text-anchor="middle">${label}</text></a>`;
}

/** The sequence diagram: `<svg data-trace>` with one `[data-message]` arrow per message (`data-method` on requests and notifications). */
export function renderTraceSvg(arrows: readonly TraceArrow[]): string {
  const layout = layoutOf(arrows);
  const height = TOP + 40 + arrows.length * ROW + 20;
  const lanes = layout.lanes.map((lane) => `<g class="lane"><rect x="${layout.x(lane) - 55}" y="${TOP - 34}" width="110" height="28" rx="6"/>`
    + `<text x="${layout.x(lane)}" y="${TOP - 15}" text-anchor="middle">${lane}</text><line x1="${layout.x(lane)}" y1="${TOP}" x2="${layout.x(lane)}" y2="${height}"/></g>`).join('');
  const seam = `<g class="seam"><line x1="${layout.seam}" y1="20" x2="${layout.seam}" y2="${height}"/>`
    + `<text x="${layout.seam - 10}" y="34" text-anchor="end">model API side (Function Call)</text><text x="${layout.seam + 10}" y="34">MCP side (JSON-RPC tools/call)</text>`
    + `<text x="${layout.seam}" y="52" text-anchor="middle" class="seam-name">the seam</text></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" data-trace="" width="${layout.width}" height="${height}" viewBox="0 0 ${layout.width} ${height}" role="img" aria-label="sequence diagram">`
    + '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="context-stroke"/></marker></defs>'
    + `<rect class="side-api" x="0" y="${TOP - 40}" width="${layout.seam}" height="${height}"/><rect class="side-mcp" x="${layout.seam}" y="${TOP - 40}" width="${layout.width - layout.seam}" height="${height}"/>`
    + seam + lanes + arrows.map((arrow, index) => arrowSvg(arrow, index, layout)).join('') + '</svg>';
}

/** The JSON behind arrow `index` (0-based): the section its link opens. */
export function renderTraceDetail(arrow: TraceArrow, index: number): string {
  return `<section class="message" id="m${index + 1}"><h2>${index + 1}. ${htmlText(arrow.from)} → ${htmlText(arrow.to)}: ${htmlText(arrow.label)}</h2>`
    + `<pre>${htmlText(JSON.stringify(arrow.json, null, 2) ?? 'undefined')}</pre></section>`;
}

/** The diagram's stylesheet (the static page inlines it; the inspector serves it). */
export const TRACE_CSS = `svg text { font: 12.5px ui-monospace, monospace; fill: #1d232b; }
.side-api { fill: #f3f7ff; } .side-mcp { fill: #f4fbf2; }
.lane rect { fill: #fff; stroke: #6b7685; } .lane text { font-weight: bold; } .lane line { stroke: #9aa4b1; stroke-dasharray: 4 4; }
.seam line { stroke: #c0392b; stroke-width: 3; stroke-dasharray: 10 6; } .seam text { fill: #c0392b; font-weight: bold; }
.arrow line, .arrow path { stroke-width: 2; } .api line, .api path { stroke: #2457c5; } .mcp line, .mcp path { stroke: #23802f; } .app line, .app path { stroke: #8e44ad; }
.arrow text { paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; }
.arrow .hit { fill: transparent; stroke: none; } .arrow:hover text { text-decoration: underline; } .arrow:hover .hit { fill: #0000000d; }
.message { display: none; border: 1px solid #9aa4b1; border-radius: 6px; padding: 0 12px; margin: 12px 0; max-width: 980px; }
.message:target { display: block; }
.message h2 { font-size: 14px; } pre { overflow: auto; white-space: pre-wrap; word-break: break-all; }
`;

/** Renders arrows as a self-contained HTML page; `summary` lines (a recording's, trace view) go above the diagram. */
export function renderTraceHtml(title: string, arrows: readonly TraceArrow[], summary: readonly string[] = []): string {
  const details = arrows.map(renderTraceDetail).join('\n');
  const said = summary.length === 0 ? '' : `<ul class="summary">${summary.map((line) => `<li>${htmlText(line)}</li>`).join('')}</ul>\n`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${htmlText(title)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; color: #1d232b; background: #fff; }
h1 { font-size: 18px; margin: 0 0 8px; }
p.help { color: #555; margin: 0 0 12px; }
${TRACE_CSS}</style></head>
<body><h1>${htmlText(title)}</h1>
<p class="help">One arrow per message, in order. Click an arrow to see its full JSON. Blue: the model API side (host ⇄ model); green: MCP (client ⇄ server, JSON-RPC).</p>
${said}${renderTraceSvg(arrows)}
${details}
</body></html>
`;
}
