// Prints a conversation as a trace in which every message appears once, marked with the
// side of the seam it crosses: the model API (host ⇄ model) or MCP (client ⇄ server).

import type { HostEvent } from 'mcpwire/host';
import { terminalLine } from 'mcpwire/host';

const MODEL = 'model API';
const MCP = 'MCP      ';

function line(side: string, arrow: string, text: string): string {
  // Names, answers and results come from servers and the model: shown, never obeyed. JSON.stringify
  // escapes C0 but leaves C1, U+2028/9 and bidi controls raw.
  return `${side} │ ${arrow.padEnd(16)} ${terminalLine(text)}`;
}

/** One wire message, as seen by the client. */
export function formatWire(direction: 'send' | 'receive', message: unknown): string {
  return line(MCP, direction === 'send' ? 'client → server' : 'server → client', JSON.stringify(message));
}

/** The user's side of an elicitation the client answered (in 2026-07-28, inside an input round). */
export function formatElicitation(message: string, answer: { action: string; content?: unknown }): string {
  return line(MODEL, 'host ⇄ user', `asked ${JSON.stringify(message)} → ${answer.action}${answer.content === undefined ? '' : ` ${JSON.stringify(answer.content)}`}`);
}

/** A formatter of host events; it remembers the last function list so a repeat is not printed twice. */
export function createHostEventFormatter(): (event: HostEvent) => string {
  let lastFunctions = '';
  return (event) => {
    if (event.type !== 'to-model') return formatHostEvent(event);
    const functions = JSON.stringify(event.functions);
    const same = functions === lastFunctions;
    lastFunctions = functions;
    return line(MODEL, 'host → model', `${event.messageCount} message(s) + ${same ? `the same ${event.functions.length} function(s)` : `functions ${functions}`}`);
  };
}

/** One host event. */
export function formatHostEvent(event: HostEvent): string {
  switch (event.type) {
    case 'user': return line(MODEL, 'user → host', JSON.stringify(event.text));
    case 'to-model': return line(MODEL, 'host → model', `${event.messageCount} message(s) + functions ${JSON.stringify(event.functions)}`);
    case 'from-model':
      return event.reply.type === 'text'
        ? line(MODEL, 'model → host', `text ${JSON.stringify(event.reply.text)}`)
        : line(MODEL, 'model → host', event.reply.calls.map((call) => `Function Call ${call.name}(${JSON.stringify(call.arguments)}) id ${call.id}`).join('; '));
    case 'policy':
      return line(MODEL, 'host policy', `${event.server}/${event.tool}: ${event.decision.allowed ? `allowed (${event.decision.how})` : `refused (${event.decision.why})`}`);
    case 'tool-result':
      return line(MODEL, 'client → host', `CallToolResult from ${event.server}/${event.tool}${event.result.isError ? ' (isError: the tool failed)' : ''}`);
    case 'tool-protocol-error':
      return line(MODEL, 'client → host', `JSON-RPC error from ${event.server}/${event.tool}: ${event.error.message}`);
    case 'calls-dropped':
      return line(MODEL, 'host policy', `not run: ${event.calls.length} call(s) (${event.calls.slice(0, 5).map((call) => call.name).join(', ')}${event.calls.length > 5 ? ', …' : ''}): ${event.why}`);
    case 'function-result':
      return line(MODEL, 'host → model', `function result for ${event.callId} (${event.name}): ${JSON.stringify(event.content)}${event.isError ? ' [error]' : ''}`);
    case 'answer': return line(MODEL, 'host → user', event.text);
    case 'sampling-request':
      return line(MODEL, 'host → model', `sampling/createMessage from ${event.server} ${event.decision.allowed ? `(allowed: ${event.decision.how})` : `refused (${event.decision.why})`}: ${JSON.stringify(event.params.messages)}`);
    case 'sampling-reply': return line(MODEL, 'model → host', `sampling reply for ${event.server}: ${JSON.stringify(event.result.content)}`);
  }
}
