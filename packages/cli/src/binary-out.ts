// `call --out FILE`: the image, audio and blob-resource contents of a tool result, base64-decoded,
// written to files. The first goes to FILE, the next to FILE-2, FILE-3… (before the extension:
// out.png, out-2.png). An existing file is never replaced without --force; then nothing is written.

import { existsSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { CallToolResult } from 'mcpwire/protocol';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { formatBytes } from './render-result.js';

/** One binary item of a result: what it is and its base64 data. */
interface BinaryItem { what: string; mimeType: string; data: string }

/** The binary content blocks of a result, in order. */
function binaryItems(result: CallToolResult): BinaryItem[] {
  const items: BinaryItem[] = [];
  for (const block of Array.isArray(result.content) ? result.content : []) {
    const b = block as { type?: unknown; data?: unknown; mimeType?: unknown; resource?: { blob?: unknown; mimeType?: unknown; uri?: unknown } };
    if ((b.type === 'image' || b.type === 'audio') && typeof b.data === 'string') items.push({ what: b.type, mimeType: String(b.mimeType), data: b.data });
    else if (b.type === 'resource' && typeof b.resource?.blob === 'string') items.push({ what: `resource ${String(b.resource.uri)}`, mimeType: String(b.resource.mimeType ?? ''), data: b.resource.blob });
  }
  return items;
}

/** `out.png` for the first, `out-2.png`, `out-3.png`… for the others. */
export function outFileName(file: string, index: number): string {
  if (index === 0) return file;
  const ext = extname(file);
  return `${file.slice(0, file.length - ext.length)}-${index + 1}${ext}`;
}

/** Writes every binary item; false (after saying why on stderr) when nothing could be written. */
export function writeBinaryContent(result: CallToolResult, file: string, force: boolean, io: CommandIo): boolean {
  const items = binaryItems(result);
  if (items.length === 0) {
    println(io.stderr, `mcpwire: --out ${file}: the result has no image, audio or blob content; nothing was written`);
    return true;
  }
  const names = items.map((_, index) => outFileName(file, index));
  const existing = names.filter((name) => existsSync(name));
  if (existing.length > 0 && !force) {
    println(io.stderr, `mcpwire: --out: ${existing.join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing was written (--force replaces)`);
    return false;
  }
  for (const [index, item] of items.entries()) {
    const bytes = Buffer.from(item.data, 'base64');
    try {
      writeFileSync(names[index]!, bytes);
    } catch (error) {
      println(io.stderr, `mcpwire: cannot write ${names[index]}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
    println(io.stderr, `mcpwire: wrote ${formatBytes(bytes.length)} (${item.what}${item.mimeType ? `, ${item.mimeType}` : ''}) to ${names[index]}`);
  }
  return true;
}
