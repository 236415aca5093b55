// node:http: reads a POST body with two limits, so one client cannot hold memory or a socket forever:
// a size cap (413) and a time cap for the whole body (408). After a 413 the rest of the upload
// is read and dropped, within limits too, so the client sees the answer (discardUpload).

import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http-server/http-error.js';
import type { BodyLimits } from '../http-server/http-exchange.js';

// After a refusal the rest of the body is never read, so the connection cannot be reused.
const CLOSE = { Connection: 'close' };

/** The whole body as UTF-8 text, or an HttpError (413, 408, 400). */
export async function readBody(req: IncomingMessage, limits: BodyLimits): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);
  // node:http hands over a body that came with the headers right after the 'request' event: a
  // microtask later all its declared bytes are in the stream's buffer, and one read() takes them,
  // with no listener, event or timer (bench/instructions.ts, HTTP JSON rows).
  await undefined;
  if ((req.complete || req.readableLength === declared) && !req.destroyed) {
    const body = req.read() as Buffer | null;
    if (body !== null && body.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
    return body === null ? '' : body.toString('utf8');
  }
  return readBodyEvents(req, limits);
}

/** readBody for a body still on its way: its chunks as they come, within both limits. */
function readBodyEvents(req: IncomingMessage, limits: BodyLimits): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: HttpError): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      if (!error) { resolve(Buffer.concat(chunks, size).toString('utf8')); return; }
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBytes) finish(tooLarge(limits.maxBytes));
      else chunks.push(chunk);
    };
    const onEnd = (): void => finish();
    const onAbort = (): void => finish(new HttpError(400, 'The request body was cut off', { headers: CLOSE }));
    const timer = setTimeout(() => finish(new HttpError(408,
      `Request body not received within ${limits.timeoutMs} ms`, { headers: CLOSE })), limits.timeoutMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `Request body larger than ${maxBytes} bytes`, { headers: CLOSE });
}

/**
 * Reads and drops the rest of a refused upload; resolves when it has all arrived, or after
 * `limits.maxBytes` more bytes or `limits.timeoutMs`, whichever comes first. Closing while the
 * client still sends makes its kernel answer with a reset that throws away the 413 before the
 * client reads it (EPIPE / ECONNRESET instead of the status); draining first lets it arrive.
 */
export function discardUpload(req: IncomingMessage, limits: BodyLimits): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let size = 0;
    const finish = (): void => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', finish);
      req.off('close', finish);
      req.pause();
      resolve();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limits.maxBytes) finish();
    };
    const timer = setTimeout(finish, limits.timeoutMs);
    req.on('data', onData);
    req.on('end', finish);
    req.on('close', finish);
    req.resume();
  });
}
