// `mcpwire bridge --port` says on stderr when it listens ("… listening on URL, …"): the tests wait
// for that line (an event, not a sleep) and keep the rest of stderr for their assertions.

import type { Readable } from 'node:stream';

/** The bridge's stderr so far, and its URL once it listens (rejected, with stderr, if it exits first). */
export function bridgeListening(child: { stderr: Readable; once(event: 'exit', listener: (code: number | null) => void): unknown }): { url: Promise<string>; stderr: () => string } {
  let text = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
      const match = / listening on (\S+),/.exec(text);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`bridge exited with ${code}: ${text}`)));
  });
  return { url, stderr: () => text };
}
