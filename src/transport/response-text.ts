// Reading a fetch Response body on the client side with a size cap: a server that answers with an
// endless body must not make the host buffer it whole (the HTTP clients' counterpart of maxBodyBytes).

/** Default cap on one message read from a server (a JSON body or one SSE event), like the stdio line limit. */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** A body read up to a cap; `complete` is false when there was more (the rest was discarded). */
export interface LimitedText {
  text: string;
  complete: boolean;
}

/** The body as UTF-8 text, at most `maxBytes` of it. */
export async function readLimitedText(response: Response, maxBytes: number): Promise<LimitedText> {
  if (!response.body) return { text: '', complete: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.length > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        complete = false;
        break;
      }
      chunks.push(value);
      size += value.length;
    }
  } finally {
    if (!complete) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return { text: Buffer.concat(chunks).toString('utf8'), complete };
}
