// How the page shows what a server answered: a CallToolResult's content blocks (text, images,
// audio, links, embedded resources), its structured content and whether it is the tool's own
// failure (`isError`), a resource's contents, a prompt's messages, or a JSON-RPC error. Images
// and audio are shown from `data:` URLs of their own MIME type only; everything else is text.

import type { ApiAnswer } from './page-api.js';
import { el, pretty } from './dom.js';
import type { DomElement } from './dom.js';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `data:` URL when the MIME type is of the expected kind and the data looks like base64; else undefined. */
function dataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== 'string' || !new RegExp(`^${kind}/[A-Za-z0-9.+-]+$`).test(mimeType)) return undefined;
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/=\s]*$/.test(data)) return undefined;
  return `data:${mimeType};base64,${data.replace(/\s/g, '')}`;
}

/** One content block of a tool result or prompt message. */
export function renderBlock(block: unknown): DomElement {
  if (!isRecord(block)) return el('pre', {}, pretty(block));
  switch (block.type) {
    case 'text': return el('pre', { 'data-content': 'text' }, String(block.text));
    case 'image': {
      const src = dataUrl('image', block.mimeType, block.data);
      return src ? el('img', { src, alt: `image ${String(block.mimeType)}`, 'data-content': 'image' }) : el('pre', {}, `[image ${String(block.mimeType)} that cannot be shown]`);
    }
    case 'audio': {
      const src = dataUrl('audio', block.mimeType, block.data);
      return src ? el('audio', { src, controls: true, 'data-content': 'audio' }) : el('pre', {}, `[audio ${String(block.mimeType)} that cannot be shown]`);
    }
    case 'resource_link': return el('pre', { 'data-content': 'resource_link' }, `[resource link ${String(block.uri)}${block.name ? ` "${String(block.name)}"` : ''}]`);
    case 'resource': return renderContents([block.resource]);
    default: return el('pre', {}, pretty(block));
  }
}

/** A JSON-RPC error (or a failure of the request itself). */
export function renderError(error: NonNullable<ApiAnswer['error']>): DomElement {
  const code = error.code === undefined ? '' : `JSON-RPC error ${error.code}: `;
  return el('div', { class: 'error', 'data-error': '' }, `${code}${error.message}`, error.data === undefined ? undefined : el('pre', {}, pretty(error.data)));
}

/** A CallToolResult: its blocks, its structured content, and `isError` marked. */
export function renderToolResult(result: unknown): DomElement {
  const record = isRecord(result) ? result : {};
  const isError = record.isError === true;
  const box = el('div', { class: isError ? 'result is-error' : 'result', 'data-is-error': isError ? 'true' : 'false' });
  if (isError) box.append(el('strong', {}, 'isError: the tool ran and reported a failure'));
  for (const block of Array.isArray(record.content) ? record.content : []) box.append(renderBlock(block));
  if (record.structuredContent !== undefined) box.append(el('details', {}, el('summary', {}, 'structuredContent'), el('pre', { 'data-content': 'structured' }, pretty(record.structuredContent))));
  return box;
}

/** A resource's contents: text as it is, a blob by its type and size. */
export function renderContents(contents: unknown): DomElement {
  const box = el('div', { class: 'contents' });
  for (const part of Array.isArray(contents) ? contents : []) {
    if (!isRecord(part)) continue;
    const head = `${String(part.uri)}${part.mimeType ? ` (${String(part.mimeType)})` : ''}`;
    if (typeof part.text === 'string') box.append(el('div', {}, el('code', {}, head), el('pre', { 'data-content': 'text' }, part.text)));
    else if (typeof part.blob === 'string') {
      const src = dataUrl('image', part.mimeType, part.blob);
      box.append(el('div', {}, el('code', {}, head), src ? el('img', { src, alt: head }) : el('pre', {}, `[blob, ${part.blob.length} base64 characters]`)));
    }
  }
  return box;
}

/** A prompt's messages, role by role. */
export function renderMessages(messages: unknown): DomElement {
  const box = el('div', { class: 'messages' });
  for (const message of Array.isArray(messages) ? messages : []) {
    if (!isRecord(message)) continue;
    box.append(el('div', { class: 'message-row' }, el('strong', {}, `${String(message.role)}:`), renderBlock(message.content)));
  }
  return box;
}
