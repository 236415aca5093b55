// A CallToolResult as a person reads it: text as it is, binary content summarised (type, MIME
// type, decoded size) instead of pages of base64, structured content pretty-printed when the
// text does not already say the same.

import { isDeepStrictEqual } from 'node:util';
import type { CallToolResult, ContentBlock } from 'mcpwire/protocol';

/** The lines of a tool result. */
export function renderCallResult(result: CallToolResult): string[] {
  const lines: string[] = [];
  const blocks = Array.isArray(result.content) ? result.content : [];
  for (const block of blocks) lines.push(...renderBlock(block));
  if (result.structuredContent !== undefined && !textRepeats(blocks, result.structuredContent)) {
    lines.push('structured content:');
    lines.push(...JSON.stringify(result.structuredContent, null, 2).split('\n'));
  }
  if (blocks.length === 0 && result.structuredContent === undefined) lines.push('(no content)');
  return lines;
}

/**
 * server/tools#structured-content: a tool that returns structuredContent SHOULD also return it
 * serialized in a text block; printing both would show the same value twice.
 */
function textRepeats(blocks: readonly ContentBlock[], structured: unknown): boolean {
  return blocks.some((block) => {
    if (block.type !== 'text') return false;
    try {
      return isDeepStrictEqual(JSON.parse(block.text), structured);
    } catch {
      return false;
    }
  });
}

/** One content block (server/tools#tool-result). */
export function renderBlock(block: ContentBlock): string[] {
  switch (block.type) {
    case 'text': return block.text.split('\n');
    case 'image':
    case 'audio':
      return [`[${block.type} ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}]`];
    case 'resource_link': {
      const details = [block.mimeType, block.size === undefined ? undefined : formatBytes(block.size)].filter(Boolean).join(', ');
      return [`[resource link ${block.uri} "${block.title ?? block.name}"${details ? ` (${details})` : ''}]`];
    }
    case 'resource': {
      const resource = block.resource;
      const mime = resource.mimeType ? ` ${resource.mimeType}` : '';
      if ('text' in resource) return [`[resource ${resource.uri}${mime}]`, ...resource.text.split('\n')];
      return [`[resource ${resource.uri}${mime}, ${formatBytes(base64Bytes(resource.blob))}]`];
    }
    default:
      return [`[unknown content ${JSON.stringify(block)}]`];
  }
}

/** Size of the bytes a base64 string decodes to. */
export function base64Bytes(data: string): number {
  return Buffer.from(data, 'base64').length;
}

/** "1 byte", "68 bytes", "12,345 bytes". */
export function formatBytes(count: number): string {
  return `${count.toLocaleString('en-US')} byte${count === 1 ? '' : 's'}`;
}
