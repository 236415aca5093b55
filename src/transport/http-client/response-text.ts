// Reading a response body on the client side with a size cap: a server that answers with an
// endless body must not make the host buffer it whole (the HTTP clients' counterpart of maxBodyBytes).

import type { HttpResponse } from './http-request.js';

/**
 * Default cap on one message read from a server (a JSON body or one SSE event): the clients'
 * `maxMessageBytes`. 16 MiB holds what tools really return (a 3 MB image is 4 MB in base64, with
 * room for several, or a file or resource of ~12 MB) while a server that never ends its answer
 * still cannot make the client buffer without bound (docs/limits.md).
 */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** A body read up to a cap; `complete` is false when there was more (the rest was discarded). */
export interface LimitedText {
  text: string;
  complete: boolean;
}

const decoder = new TextDecoder('utf-8');

/** The body as UTF-8 text, at most `maxBytes` of it. */
export async function readLimitedText(response: HttpResponse, maxBytes: number): Promise<LimitedText> {
  const body = response.body;
  if (!body) return { text: '', complete: true };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  try {
    for (let chunk = await body.read(); chunk !== undefined; chunk = await body.read()) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        complete = false;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    if (!complete) await body.cancel();
  }
  return { text: decoder.decode(join(chunks, size)), complete };
}

/** One buffer of `size` bytes from `chunks` (no copy when there is only one). */
function join(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) { whole.set(chunk, offset); offset += chunk.length; }
  return whole;
}
