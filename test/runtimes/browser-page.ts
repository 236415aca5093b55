// The page headless Chromium loads in `npm run test:runtimes`: bundled by esbuild for the browser
// (which fails if the client pulls in any node:* module; its requests go over fetch), it connects
// to the MCP server named in `?server=` (another origin, so CORS is exercised), calls add 19 + 23
// and shows the answer. It then posts what it shows to /result of its own origin, which is how
// the run learns it.

import { McpClient } from '../../src/client/mcp-client.js';
import { StreamableHttpClientTransport } from '../../src/transport/http-client/streamable-http-client.js';

/** The DOM this page touches (the repo type-checks without the DOM library). */
declare const document: { getElementById(id: string): { textContent: string | null } };
declare const location: { search: string };

const shown = document.getElementById('result');
try {
  const server = new URLSearchParams(location.search).get('server') ?? '';
  const client = await McpClient.connect(new StreamableHttpClientTransport(server), { timeoutMs: 15_000 });
  const result = await client.callTool('add', { a: 19, b: 23 });
  shown.textContent = (result.content[0] as { text: string }).text;
  await client.close();
} catch (error) {
  shown.textContent = `error: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
}
await fetch('/result', { method: 'POST', body: shown.textContent ?? '' });
