// Which host wrote a config file, from its shape: the section it uses and the fields and
// "type" values of its entries (config-dialects.ts lists who writes what). Claude Desktop and
// Cursor write the same plain command/url entries, so a file of those alone says nothing.

import type { ConfigEntry } from './config-dialects.js';
import type { Dialect } from './registry-entry.js';

/** The dialect a file is written in, and why; undefined when its shape does not say. */
export function detectDialect(entries: readonly ConfigEntry[], sections: readonly string[]): { dialect: Dialect; because: string } | undefined {
  if (sections.includes('servers') || sections.includes('mcp.servers')) return { dialect: 'vscode', because: `"${sections.find((s) => s !== 'mcpServers')}"` };
  for (const { name, raw } of entries) {
    if (typeof raw.httpUrl === 'string') return { dialect: 'gemini', because: `"${name}" has "httpUrl"` };
    if (raw.type === 'streamable_http') return { dialect: 'modelscope', because: `"${name}" has "type": "streamable_http"` };
    if (raw.type === 'streamableHttp' || raw.transportType !== undefined) return { dialect: 'cline', because: `"${name}" has Cline's ${raw.type === 'streamableHttp' ? '"type": "streamableHttp"' : '"transportType"'}` };
  }
  for (const { name, raw } of entries) {
    if (raw.type === 'http' || raw.type === 'stdio') return { dialect: 'claude-code', because: `"${name}" has "type": "${raw.type}"` };
  }
  return undefined;
}
