// A recording of what a real host did (trace-file.ts), read along the seam: what the host asked,
// what the server answered, and which tools the host had been given by tools/list when it sent a
// tools/call (or never did). Each message gets a note: a tools/list answer names the tools, a
// tools/call says whether its tool was in the host's latest list, an answer to a call says how
// it ended. A JSON-RPC error is a protocol failure the model never sees as a result; isError is
// the tool's own failure, handed to the model (server/tools#error-handling). `trace view` prints
// the notes on the terminal and draws them on the seam page; `doctor --from-trace --html` draws the
// same page.

import { CLIENT_REQUESTS, NOTIFICATIONS } from 'mcpwire/protocol';
import { renderTraceHtml, short, wireArrow } from './trace-html.js';
import type { TraceArrow } from './trace-html.js';
import { terminalLine } from 'mcpwire/host';
import type { Recorded, Recording, Wire } from './trace-file.js';

/** Names shown in one note or summary line. */
const SHOWN_NAMES = 12;
/** Characters of a message's detail on one terminal line (the page shows the whole JSON). */
const DETAIL_CHARS = 240;

/** One message of the recording and what it meant at the seam. */
export interface SeamStep { recorded: Recorded; note?: string }

/** The recording read along the seam: each message with its note, and what the whole says. */
export interface SeamReading { steps: SeamStep[]; summary: string[] }

function names(list: Iterable<string>): string {
  const all = [...list];
  return all.length === 0 ? '(none)' : all.slice(0, SHOWN_NAMES).join(', ') + (all.length > SHOWN_NAMES ? `, … (${all.length} in all)` : '');
}

function errorText(error: Wire['error']): string {
  return `${String(error?.code)} ${JSON.stringify(String(error?.message))}`;
}

/** Reads the recording in order, keeping the tool list the host had at each point. */
export function readSeam(recording: Recording): SeamReading {
  // The host's requests by id (JSON text: 1 and "1" are different ids), to know what an answer answers.
  const asked = new Map<string, Wire>();
  let listed: Set<string> | undefined; // the tools of the host's latest tools/list (all its pages)
  let stale = false;
  const everListed = new Set<string>();
  const called = new Map<string, number>();
  const unlisted = new Set<string>();
  const ends = { result: 0, isError: 0, error: 0 };
  const steps = recording.messages.map((recorded): SeamStep => {
    const message = recorded.message;
    const key = message.id === undefined ? undefined : JSON.stringify(message.id);
    if (recorded.from === 'host') {
      if (typeof message.method === 'string' && key !== undefined) asked.set(key, message);
      if (message.method !== CLIENT_REQUESTS.toolsCall) return { recorded };
      const name = String(message.params?.name);
      called.set(name, (called.get(name) ?? 0) + 1);
      if (listed === undefined) {
        unlisted.add(name);
        return { recorded, note: `"${name}": the host had no tools/list answer yet` };
      }
      if (!listed.has(name)) unlisted.add(name);
      return { recorded, note: `"${name}" ${listed.has(name) ? 'was' : 'was NOT'} in the host's latest tools/list (${listed.size} tool(s))${stale ? ', which the server had since said changed' : ''}` };
    }
    if (message.method === NOTIFICATIONS.toolsListChanged) {
      stale = true;
      return { recorded, note: 'the tool list changed: the host should list again' };
    }
    const request = key === undefined || message.method !== undefined ? undefined : asked.get(key);
    if (request === undefined) return { recorded };
    asked.delete(key!);
    if (message.error !== undefined) {
      if (request.method === CLIENT_REQUESTS.toolsCall) ends.error++;
      return { recorded, note: `JSON-RPC error ${errorText(message.error)} to ${String(request.method)}${request.method === CLIENT_REQUESTS.toolsCall ? ' (a protocol failure: no result for the model)' : ''}` };
    }
    if (request.method === CLIENT_REQUESTS.toolsList) {
      const tools = Array.isArray(message.result?.tools) ? (message.result.tools as { name?: unknown }[]) : [];
      const page = tools.map((tool) => String(tool.name));
      // A page after the first (the request had a cursor) adds to the list; a fresh tools/list replaces it.
      const cursor = (request.params as { cursor?: unknown } | undefined)?.cursor;
      listed = cursor === undefined || listed === undefined ? new Set(page) : new Set([...listed, ...page]);
      stale = false;
      for (const name of page) everListed.add(name);
      return { recorded, note: `${page.length} tool(s): ${names(page)}` };
    }
    if (request.method === CLIENT_REQUESTS.toolsCall) {
      const failed = message.result?.isError === true;
      ends[failed ? 'isError' : 'result']++;
      return { recorded, note: failed ? `isError: the tool "${String(request.params?.name)}" failed; the model sees its content` : `a result of "${String(request.params?.name)}"` };
    }
    return { recorded };
  });
  const calls = [...called.values()].reduce((sum, count) => sum + count, 0);
  const summary = [
    `${recording.messages.filter((entry) => entry.from === 'host').length} message(s) from the host, ${recording.messages.filter((entry) => entry.from === 'server').length} from the server`,
    listed === undefined ? 'the host never got a tools/list answer' : `the host's latest tools/list: ${listed.size} tool(s): ${names(listed)}`,
    calls === 0 ? 'the host sent no tools/call' : `tools/call: ${calls} (${names([...called].map(([name, count]) => `${name} ×${count}`))}): ${ends.result} result(s), ${ends.isError} isError, ${ends.error} JSON-RPC error(s), ${calls - ends.result - ends.isError - ends.error} unanswered`,
  ];
  const neverCalled = [...everListed].filter((name) => !called.has(name));
  if (everListed.size > 0) summary.push(`listed but never called: ${names(neverCalled)}`);
  if (unlisted.size > 0) summary.push(`called without being in the host's latest list: ${names(unlisted)}`);
  if (recording.notes.length > 0) summary.push(`${recording.notes.length} note(s) from the recorder, e.g. ${recording.notes[0]}`);
  return { steps, summary };
}

/** The seam page of a recording: the real host in the client's lane, one arrow per message, its note in the label. */
export function recordingHtml(title: string, recording: Recording): string {
  const { steps, summary } = readSeam(recording);
  const arrows = steps.map(({ recorded, note }): TraceArrow => {
    const arrow = wireArrow(recorded.from === 'host' ? 'send' : 'receive', recorded.message);
    return note === undefined ? arrow : { ...arrow, label: short(`${arrow.label} · ${note}`, 96) };
  });
  return renderTraceHtml(title, arrows, summary);
}

/** The recording on a terminal: one line per message (time, direction, method or outcome, note), then the summary; peer text escaped. */
export function recordingLines(recording: Recording): string[] {
  const { steps, summary } = readSeam(recording);
  const lines = steps.map(({ recorded, note }) => {
    const { label } = wireArrow(recorded.from === 'host' ? 'send' : 'receive', recorded.message);
    const time = recorded.time?.slice(11, 23) ?? '';
    const call = recorded.message.method === CLIENT_REQUESTS.toolsCall ? ` ${JSON.stringify(recorded.message.params?.arguments ?? {})}` : '';
    const detail = `${label}${call}${note === undefined ? '' : `  ${note}`}`;
    const cut = detail.length > DETAIL_CHARS ? `${detail.slice(0, DETAIL_CHARS - 1)}…` : detail;
    return terminalLine(`${time.padEnd(12)}  ${recorded.from === 'host' ? 'host → server' : 'server → host'}  ${cut}`);
  });
  return [...lines, '', ...summary.map((line) => terminalLine(line))];
}
