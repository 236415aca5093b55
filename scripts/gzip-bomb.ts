// A gzip bomb for the load phases: `piece` repeated to `bytes`, gzipped as a stream (about 1 KiB on
// the wire per MiB inflated), never whole in memory.

import { createGzip } from 'node:zlib';

/** The gzipped body that inflates to `bytes` of `piece`. */
export async function gzipBomb(piece: string, bytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => gzip.on('end', resolve));
  const block = Buffer.from(piece.repeat(Math.ceil((1024 * 1024) / piece.length)));
  for (let written = 0; written < bytes; written += block.length) {
    if (!gzip.write(block)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await ended;
  return Buffer.concat(out);
}
