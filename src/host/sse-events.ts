// Server-sent events read from a fetch body, for streaming model APIs (the host cannot use the
// transport layer's reader: it must not import node:* or the transport).

/** One event: its `event:` name ('message' if none) and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/** Yields each event of an SSE body (html.spec.whatwg.org server-sent-events#event-stream-interpretation). */
export async function* readSseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let end: RegExpExecArray | null;
      const lineEnd = /\r\n|\r|\n/g;
      let start = 0;
      while ((end = lineEnd.exec(buffer)) !== null) {
        // A lone CR at the very end may be the first half of CRLF: wait for more.
        if (!done && end[0] === '\r' && end.index === buffer.length - 1) break;
        const line = buffer.slice(start, end.index);
        start = end.index + end[0].length;
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      buffer = buffer.slice(start);
      if (done) {
        if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
