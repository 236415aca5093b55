// The media type of a Content-Type (or one Accept range): what the client reads of every answer
// and the server of every POST, in both directions of Streamable HTTP and legacy HTTP+SSE.

/** The media type of a header value, parameters dropped, lower-cased (`text/event-stream` of `text/event-stream; charset=utf-8`). */
export function mediaType(value: string | null | undefined): string | undefined {
  // The exact value clients send needs no parsing (bench/instructions.ts, HTTP rows).
  if (value === 'application/json') return value;
  if (value === null || value === undefined) return undefined;
  // indexOf, not split: this runs on every request and answer.
  const semicolon = value.indexOf(';');
  return (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
}
