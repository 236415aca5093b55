// Tool arguments from the command line: one JSON object ('{"a":19,"b":23}'), or key=value words
// whose values are typed by the tool's own inputSchema, so `a=19` sends 19 to an integer property
// and "19" to a string one. `key:=JSON` passes raw JSON whatever the schema says.

import type { JsonSchemaObject } from 'mcpwire/protocol';

/** The arguments object, or what is wrong with the words. */
export interface CoercedArguments {
  args: Record<string, unknown>;
  problems: string[];
}

/** Turns the words after the tool name into an arguments object. */
export function coerceArguments(words: readonly string[], schema: JsonSchemaObject | undefined): CoercedArguments {
  if (words.length === 1 && words[0]!.trimStart().startsWith('{')) return parseObject(words[0]!);
  const args: Record<string, unknown> = {};
  const problems: string[] = [];
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  for (const word of words) {
    const match = /^([^=:]+)(:=|=)([\s\S]*)$/.exec(word);
    if (!match) {
      problems.push(`"${word}" is neither key=value nor one JSON object`);
      continue;
    }
    const [, key, operator, text] = match as unknown as [string, string, string, string];
    if (Object.hasOwn(args, key)) {
      problems.push(`${key} is given twice`);
      continue;
    }
    if (operator === ':=') {
      const parsed = parseJson(text);
      if (parsed.ok) args[key] = parsed.value; else problems.push(`${key}:= needs JSON: ${parsed.error}`);
      continue;
    }
    const coerced = coerceValue(text, typesOf(properties[key]));
    if (coerced.ok) args[key] = coerced.value; else problems.push(`${key}: ${coerced.error}`);
  }
  return { args, problems };
}

/** The JSON Schema types a property allows (from `type`, or from `enum`/`const` values). */
export function typesOf(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const { type, enum: values, const: constant } = schema as { type?: unknown; enum?: unknown; const?: unknown };
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  const samples = Array.isArray(values) ? values : constant !== undefined ? [constant] : [];
  return [...new Set(samples.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)))];
}

/**
 * A number as JSON writes it (RFC 8259 §6): decimal only, so no 0x10, 0o7, 0b1, leading +, leading
 * zeros, Infinity or NaN, which Number() would all take. `a=0x10` is left as text and the schema
 * check then says "must be integer".
 */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Reads `text` as the first of `types` it fits; a string property keeps the text as it is. */
export function coerceValue(text: string, types: readonly string[]): { ok: true; value: unknown } | { ok: false; error: string } {
  if (types.length === 0 || types.includes('string')) return { ok: true, value: text };
  for (const type of types) {
    // 1.5 for an integer is still read as a number, so validation can say "must be integer (got 1.5)".
    if ((type === 'integer' || type === 'number') && JSON_NUMBER.test(text) && Number.isFinite(Number(text))) return { ok: true, value: Number(text) };
    if (type === 'boolean' && (text === 'true' || text === 'false')) return { ok: true, value: text === 'true' };
    if (type === 'null' && text === 'null') return { ok: true, value: null };
    if (type === 'object' || type === 'array') {
      const parsed = parseJson(text);
      if (parsed.ok) return { ok: true, value: parsed.value };
      return { ok: false, error: `the property is ${type === 'object' ? 'an object' : 'an array'}, give it as JSON (${parsed.error})` };
    }
  }
  // Left as text: the schema validation that follows names the mismatch ("a: must be integer").
  return { ok: true, value: text };
}

function parseObject(text: string): CoercedArguments {
  const parsed = parseJson(text);
  if (!parsed.ok) return { args: {}, problems: [`the arguments are not valid JSON: ${parsed.error}`] };
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value)) {
    return { args: {}, problems: ['the arguments must be a JSON object'] };
  }
  return { args: parsed.value as Record<string, unknown>, problems: [] };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
