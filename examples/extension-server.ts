// A server with an extension of its own (SEP-2133), written the way mcpwire's Tasks and Skills are:
//   node dist/examples/extension-server.js        (stdio)
// The extension `com.example/clock` is declared under `capabilities.extensions` with its settings
// (in `initialize` and in `server/discover`), adds one method, `clock/now`, to the server's method
// table, and through its middleware stamps each `tools/call` result with the time it was served,
// but only for a client that declared the extension too: a client that did not gets the core
// protocol's answer unchanged (SEP-2133, graceful degradation).

import { pathToFileURL } from 'node:url';
import type { Params } from '../src/jsonrpc/index.js';
import { extensionSettings } from '../src/protocol/index.js';
import { McpServer } from '../src/server/index.js';
import type { ServerExtension } from '../src/server/index.js';
import { serveStdio } from '../src/node.js';

/** The extension's identifier: a reversed domain its author owns, a slash, a name. */
export const CLOCK_EXTENSION = 'com.example/clock';

/** The extension, for any mcpwire server; `now` is the clock (a test passes a fixed one). */
export function clockExtension(now: () => Date = () => new Date()): ServerExtension {
  return {
    id: CLOCK_EXTENSION,
    settings: { timeZone: 'UTC' },
    methods: {
      // A method of the extension's own: one entry of the server's one method table.
      'clock/now': () => ({ now: now().toISOString() }),
    },
    async middleware(ctx, next) {
      const result = await next();
      // Only a client that declared the extension hears of it (basic/lifecycle: capabilities are negotiated).
      if (ctx.method !== 'tools/call' || extensionSettings(ctx.context.clientCapabilities, CLOCK_EXTENSION) === undefined) return result;
      const meta = (result._meta ?? {}) as Params;
      return { ...result, _meta: { ...meta, [CLOCK_EXTENSION]: { servedAt: now().toISOString() } } };
    },
  };
}

/** The seed's calculator with the clock installed. */
export function createExtensionServer(now?: () => Date): McpServer {
  const server = new McpServer({ name: 'calc-with-clock', version: '1.0.0' });
  server.tool({
    name: 'add',
    description: '返回两个整数的和',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  }, ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }));
  return server.extension(clockExtension(now));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serveStdio(createExtensionServer()).catch((error: unknown) => {
    process.stderr.write(`extension-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
