// A SKILL.md begins with YAML frontmatter between two `---` lines (Agent Skills specification);
// SEP-2640 carries it as JSON in the skill's entry, and a host compares the two field by field.
// Both sides read it here: the YAML a frontmatter uses, typed by the YAML 1.2 core schema: block
// mappings and sequences by indentation, plain, quoted and block (`|`, `>`) scalars, flow
// sequences of scalars, comments. Anything else (anchors, tags, multi-document) is refused by
// line, never guessed at. Bounded in size and depth; a key never reaches a prototype.

import { McpwireError } from 'mcpwire/jsonrpc';

/** A frontmatter that is not there or not YAML this parser reads, with the line that says why. */
export class SkillFrontmatterError extends McpwireError {
  override readonly name = 'SkillFrontmatterError';
  override readonly code = 'SKILL_FRONTMATTER';
}

/** Frontmatter text larger than this is refused (a real one is a few hundred bytes). */
export const MAX_FRONTMATTER_CHARS = 64 * 1024;
const MAX_DEPTH = 16;

/** The YAML between a SKILL.md's `---` lines and the markdown after them; undefined without a frontmatter block. */
export function splitFrontmatter(text: string): { yaml: string; body: string } | undefined {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = /^---\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)/.exec(unmarked);
  if (!match) return undefined;
  return { yaml: match[1]!, body: unmarked.slice(match[0].length) };
}

/** The frontmatter of a SKILL.md as JSON; throws SkillFrontmatterError naming what is wrong. */
export function parseFrontmatter(text: string): Record<string, unknown> {
  const split = splitFrontmatter(text);
  if (!split) throw new SkillFrontmatterError('SKILL.md does not begin with a frontmatter block between two "---" lines');
  return parseYamlMapping(split.yaml);
}

type Line = { number: number; indent: number; text: string };

/** A YAML block mapping (the frontmatter's form) as a JSON object. */
export function parseYamlMapping(yaml: string): Record<string, unknown> {
  if (yaml.length > MAX_FRONTMATTER_CHARS) throw new SkillFrontmatterError(`The frontmatter has ${yaml.length} characters; at most ${MAX_FRONTMATTER_CHARS} are read`);
  const lines: Line[] = [];
  yaml.split(/\r?\n/).forEach((raw, index) => {
    if (raw.includes('\t') && /^\s*\t/.test(raw)) fail(index + 1, 'indentation with a tab');
    const text = raw.trimEnd();
    const stripped = text.trimStart();
    if (stripped.length === 0 || stripped.startsWith('#')) return;
    lines.push({ number: index + 1, indent: text.length - stripped.length, text: stripped });
  });
  if (lines.length === 0) return {};
  const reader = { lines, at: 0 };
  const value = readBlock(reader, lines[0]!.indent, 0);
  if (reader.at < lines.length) fail(lines[reader.at]!.number, 'indentation that does not fit the lines above');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(lines[0]!.number, 'the frontmatter is not a mapping of keys to values');
  return value as Record<string, unknown>;
}

type Reader = { lines: Line[]; at: number };

function fail(line: number, what: string): never {
  throw new SkillFrontmatterError(`Frontmatter line ${line}: ${what}`);
}

/** The mapping or sequence whose lines start at `indent`. */
function readBlock(reader: Reader, indent: number, depth: number): unknown {
  if (depth > MAX_DEPTH) fail(reader.lines[reader.at]!.number, `nesting deeper than ${MAX_DEPTH}`);
  const first = reader.lines[reader.at]!;
  return first.text === '-' || first.text.startsWith('- ') ? readSequence(reader, indent, depth) : readMapping(reader, indent, depth);
}

function readSequence(reader: Reader, indent: number, depth: number): unknown[] {
  const items: unknown[] = [];
  while (reader.at < reader.lines.length) {
    const line = reader.lines[reader.at]!;
    const item = line.text === '-' || line.text.startsWith('- ');
    if (line.indent < indent || (line.indent === indent && !item)) break; // the mapping around it goes on
    if (line.indent > indent) fail(line.number, 'a sequence item is expected here');
    reader.at += 1;
    const rest = line.text.slice(1).trim();
    if (rest.length > 0) {
      if (keyValue(rest)) fail(line.number, 'a mapping inside a sequence item is not read; write the item as a scalar');
      items.push(scalar(rest, line.number));
    } else items.push(nested(reader, indent, depth, line.number));
  }
  return items;
}

function readMapping(reader: Reader, indent: number, depth: number): Record<string, unknown> {
  const mapping: Record<string, unknown> = {};
  while (reader.at < reader.lines.length) {
    const line = reader.lines[reader.at]!;
    if (line.indent < indent) break;
    if (line.indent > indent) fail(line.number, 'indentation that does not fit the lines above');
    const pair = keyValue(line.text);
    if (!pair) fail(line.number, `"${line.text.slice(0, 40)}" is not "key: value"`);
    if (Object.hasOwn(mapping, pair.key)) fail(line.number, `the key "${pair.key}" appears twice`);
    reader.at += 1;
    let value: unknown;
    if (pair.value === '') value = nested(reader, indent, depth, line.number, true);
    else if (/^[|>][+-]?$/.test(pair.value)) value = blockScalar(reader, indent, pair.value);
    else value = scalar(plainContinued(reader, indent, pair.value), line.number);
    // defineProperty, not assignment: a "__proto__" key is an own property, never the prototype.
    Object.defineProperty(mapping, pair.key, { value, enumerable: true, writable: true, configurable: true });
  }
  return mapping;
}

/** What follows `key:` or `-` on the next, deeper lines: a block, or null when there is none. */
function nested(reader: Reader, indent: number, depth: number, number: number, inMapping = false): unknown {
  const next = reader.lines[reader.at];
  // A mapping's sequence may sit at its key's own indentation (`key:\n- a`); anything else goes deeper.
  const sameIndentSequence = inMapping && next?.indent === indent && (next.text === '-' || next.text.startsWith('- '));
  if (next === undefined || (next.indent <= indent && !sameIndentSequence)) return null;
  if (depth + 1 > MAX_DEPTH) fail(number, `nesting deeper than ${MAX_DEPTH}`);
  return sameIndentSequence ? readSequence(reader, indent, depth + 1) : readBlock(reader, next.indent, depth + 1);
}

/** A plain scalar's continuation lines (deeper than its key), folded with spaces. */
function plainContinued(reader: Reader, indent: number, value: string): string {
  if (/^["'[{]/.test(value)) return value;
  let text = value;
  while (reader.at < reader.lines.length && reader.lines[reader.at]!.indent > indent) {
    text += ` ${reader.lines[reader.at]!.text}`;
    reader.at += 1;
  }
  return text;
}

/** `|` keeps line breaks, `>` folds them; `-` strips the final break, `+` keeps every trailing one. */
function blockScalar(reader: Reader, indent: number, header: string): string {
  const parts: string[] = [];
  let blockIndent: number | undefined;
  while (reader.at < reader.lines.length && reader.lines[reader.at]!.indent > indent) {
    const line = reader.lines[reader.at]!;
    blockIndent ??= line.indent;
    parts.push(' '.repeat(Math.max(0, line.indent - blockIndent)) + line.text);
    reader.at += 1;
  }
  const joined = header.startsWith('|') ? parts.join('\n') : parts.join(' ');
  if (parts.length === 0) return '';
  return header.endsWith('-') ? joined : `${joined}\n`;
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s"'#\-?:,[\]{}&*!|>%@`][^:#]*?|-[^\s:][^:#]*?)[ \t]*:(?:[ \t]+(.*))?$/;

function keyValue(text: string): { key: string; value: string } | undefined {
  const match = KEY.exec(text);
  if (!match) return undefined;
  const rawKey = match[1]!;
  const key = rawKey.startsWith('"') || rawKey.startsWith("'") ? String(scalar(rawKey, 0)) : rawKey;
  return { key, value: (match[2] ?? '').trim() };
}

/** One scalar by the YAML 1.2 core schema, or a flow sequence of them. */
function scalar(text: string, number: number): unknown {
  if (text.startsWith('"')) {
    const end = closingQuote(text, '"');
    if (end < 0) fail(number, 'a double-quoted string that does not end');
    try {
      return JSON.parse(text.slice(0, end + 1).replace(/\\'/g, "'")) as string;
    } catch {
      fail(number, 'a double-quoted string with an escape this parser does not read');
    }
  }
  if (text.startsWith("'")) {
    const end = closingQuote(text, "'");
    if (end < 0) fail(number, 'a single-quoted string that does not end');
    return text.slice(1, end).replaceAll("''", "'");
  }
  if (text.startsWith('[')) return flowSequence(text, number);
  if (text === '{}') return {};
  if (/^[{&*!%@`]/.test(text)) fail(number, `"${text.slice(0, 20)}": flow mappings, anchors, aliases and tags are not read`);
  const plain = text.replace(/[ \t]+#.*$/, '');
  if (/^(?:null|Null|NULL|~)?$/.test(plain)) return null;
  if (/^(?:true|True|TRUE)$/.test(plain)) return true;
  if (/^(?:false|False|FALSE)$/.test(plain)) return false;
  if (/^[-+]?[0-9]+$/.test(plain)) return Number(plain);
  if (/^0o[0-7]+$/.test(plain)) return parseInt(plain.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(plain)) return parseInt(plain.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(plain)) return Number(plain);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(plain) || /^\.(?:nan|NaN|NAN)$/.test(plain)) fail(number, `"${plain}" has no JSON form`);
  return plain;
}

/** The index of the quote that closes the string opened at 0, or -1. */
function closingQuote(text: string, quote: string): number {
  for (let index = 1; index < text.length; index += 1) {
    if (quote === '"' && text[index] === '\\') index += 1;
    else if (text[index] === quote) {
      if (quote === "'" && text[index + 1] === "'") index += 1;
      else return index;
    }
  }
  return -1;
}

function flowSequence(text: string, number: number): unknown[] {
  if (!text.endsWith(']')) fail(number, 'a flow sequence that does not end with "]"');
  const inner = text.slice(1, -1).trim();
  if (inner.length === 0) return [];
  if (/[[\]{}]/.test(inner)) fail(number, 'a nested flow collection is not read');
  const items: unknown[] = [];
  let start = 0;
  let quote: string | undefined;
  for (let index = 0; index <= inner.length; index += 1) {
    const char = inner[index];
    if (quote !== undefined) {
      if (char === '\\' && quote === '"') index += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === ',' || index === inner.length) {
      items.push(scalar(inner.slice(start, index).trim(), number));
      start = index + 1;
    }
  }
  return items;
}
