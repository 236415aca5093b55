// Adding one named server to a host's config file by editing its text, not by re-serialising
// it: comments (JSONC), key order, indentation and the other entries stay as they were. The
// new entry goes last in its section ("mcpServers", "servers" or "mcp.servers"); a missing
// section is added last in the file's object; an empty or missing file becomes one section.

import { stripJsonc } from './jsonc.js';

/** Where the entry goes and what it is. */
export interface EntryEdit {
  /** "mcpServers", "servers" or "mcp.servers". */
  section: string;
  name: string;
  value: unknown;
  /** Replace an entry of the same name (otherwise its existence is an error of the caller's). */
  replace: boolean;
}

/** The file's text with the entry added (or replaced). The text must parse as JSONC. */
export function writeEntry(text: string, edit: EntryEdit): string {
  const unit = indentUnit(text);
  if (text.trim() === '') {
    return `${serialise(sectionValue(edit), unit, '')}\n`;
  }
  const plain = stripJsonc(text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text);
  const root = skipSpace(plain, 0);
  if (plain[root] !== '{') throw new Error('the file is not a JSON object');
  const path = edit.section === 'mcp.servers' ? ['mcp', 'servers'] : [edit.section];
  let object = root;
  for (let depth = 0; depth < path.length; depth++) {
    const member = findMember(plain, object, path[depth]!);
    if (member === undefined) {
      const rest = path.slice(depth);
      let value: unknown = { [edit.name]: edit.value };
      for (const key of rest.slice(1).reverse()) value = { [key]: value };
      return insertMember(text, plain, object, rest[0]!, value, unit);
    }
    if (plain[member.start] !== '{') throw new Error(`"${path.slice(0, depth + 1).join('.')}" is not an object`);
    object = member.start;
  }
  const existing = findMember(plain, object, edit.name);
  if (existing !== undefined) {
    if (!edit.replace) throw new Error(`"${edit.name}" is already in "${edit.section}"`);
    const indent = lineIndent(text, existing.keyStart);
    return `${text.slice(0, existing.start)}${serialise(edit.value, unit, indent)}${text.slice(existing.end)}`;
  }
  return insertMember(text, plain, object, edit.name, edit.value, unit);
}

function sectionValue(edit: EntryEdit): unknown {
  const servers = { [edit.name]: edit.value };
  return edit.section === 'mcp.servers' ? { mcp: { servers } } : { [edit.section]: servers };
}

/** Adds `"key": value` as the last member of the object opening at `open`. */
function insertMember(text: string, plain: string, open: number, key: string, value: unknown, unit: string): string {
  const close = valueEnd(plain, open) - 1;
  const first = findFirstKey(plain, open);
  const outer = lineIndent(text, open);
  const inner = first === undefined ? `${outer}${unit}` : lineIndent(text, first);
  const member = `${JSON.stringify(key)}: ${serialise(value, unit, inner)}`;
  let last = close - 1;
  while (last > open && /\s/.test(plain[last]!)) last--;
  if (last === open) {
    const between = text.slice(open + 1, close);
    return between.includes('\n')
      ? `${text.slice(0, open + 1)}\n${inner}${member}${between}${text.slice(close)}`
      : `${text.slice(0, open + 1)}\n${inner}${member}\n${outer}${text.slice(close)}`;
  }
  // After the last member's value: keep a trailing comma or comment on its line where it is.
  const afterValue = last + 1;
  const next = skipSpace(text, afterValue);
  const hasComma = text[next] === ',';
  let lineEnd = plain.indexOf('\n', afterValue);
  if (lineEnd === -1 || lineEnd > close) lineEnd = close;
  const tail = text.slice(afterValue, lineEnd);
  const insertAt = lineEnd === close ? close : lineEnd;
  const head = `${text.slice(0, afterValue)}${hasComma ? '' : ','}${lineEnd === close ? text.slice(afterValue, close).trimEnd() : tail}`;
  const closing = lineEnd === close ? `\n${outer}` : '';
  return `${head}\n${inner}${member}${closing}${text.slice(insertAt)}`;
}

/** The member `key` of the object opening at `open`: where its key and value start, where the value ends. */
function findMember(plain: string, open: number, key: string): { keyStart: number; start: number; end: number } | undefined {
  let i = skipSpace(plain, open + 1);
  while (i < plain.length && plain[i] !== '}') {
    if (plain[i] === ',') { i = skipSpace(plain, i + 1); continue; }
    const keyStart = i;
    const keyEnd = valueEnd(plain, i);
    const name = JSON.parse(plain.slice(keyStart, keyEnd)) as string;
    const colon = skipSpace(plain, keyEnd);
    const start = skipSpace(plain, colon + 1);
    const end = valueEnd(plain, start);
    if (name === key) return { keyStart, start, end };
    i = skipSpace(plain, end);
  }
  return undefined;
}

function findFirstKey(plain: string, open: number): number | undefined {
  const i = skipSpace(plain, open + 1);
  return plain[i] === '"' ? i : undefined;
}

/** The index just past the JSON value starting at `start`. */
function valueEnd(plain: string, start: number): number {
  let depth = 0;
  let i = start;
  // A bounded walk: every turn moves i forward.
  while (i < plain.length) {
    const char = plain[i]!;
    if (char === '"') {
      for (i++; i < plain.length && plain[i] !== '"'; i++) if (plain[i] === '\\') i++;
      i++;
      if (depth === 0) return i;
      continue;
    }
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && /[\s,]/.test(char)) return i;
    i++;
  }
  return i;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** The whitespace at the start of the line holding `index`. */
function lineIndent(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** The file's indentation step: the first indented line's, else two spaces. */
function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** JSON.stringify with the file's indent, its continuation lines starting at `indent`. */
function serialise(value: unknown, unit: string, indent: string): string {
  return JSON.stringify(value, null, unit).replaceAll('\n', `\n${indent}`);
}
