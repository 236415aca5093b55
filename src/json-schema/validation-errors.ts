// Failures: SchemaError for a schema we cannot use, ValidationError for data that fails one, and the
// bookkeeping that records, rewinds and prefixes errors as a validation walks the instance.
import { McpwireError } from '../errors/mcpwire-error.js';
import type { Ctx } from './check.js';

/** Raised for a schema we cannot honour: bad keyword values, unresolvable $ref, unknown dialect, limits. */
export class SchemaError extends McpwireError {
  override name = 'SchemaError';
  override readonly code = 'SCHEMA';
}

/** One reason an instance failed, phrased so a model (or a person) can fix the input. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  schemaPath: string;
  message: string;
}

/** What a validator returns: never throws on bad data. */
export interface ValidationResult {
  valid: boolean;
  errors: ValidationError[];
}

/** Records a failure at the current instance location (parents prefix their segment later); past maxErrors only counts it. */
export function fail(ctx: Ctx, keyword: string, schemaPath: string, message: string): false {
  if (ctx.errors.length < ctx.maxErrors) ctx.errors.push({ instancePath: '', keyword, schemaPath, message });
  else ctx.dropped++;
  return false;
}

/** How many errors are recorded so far, listed or only counted: a point to rewind() to. */
export function mark(ctx: Ctx): number {
  return ctx.errors.length + ctx.dropped;
}

/** Forgets the errors recorded since `at` (a branch of anyOf, oneOf, not, if, contains or propertyNames that does not count). */
export function rewind(ctx: Ctx, at: number): void {
  if (ctx.errors.length > at) ctx.errors.length = at;
  ctx.dropped = at - ctx.errors.length;
}

/**
 * Paths are built on the way out of a failed child, so the valid path never builds strings.
 * Every error pushed since `start` belongs to the child at `segment` (a key or an index).
 */
export function prefix(ctx: Ctx, start: number, segment: string | number): void {
  prefixSegment(ctx, start, '/' + (typeof segment === 'number' ? segment : escapePointer(segment)));
}

/** As prefix(), with the "/token" segment already escaped (precomputed for named properties). */
export function prefixSegment(ctx: Ctx, start: number, segment: string): void {
  const errors = ctx.errors;
  for (let i = start; i < errors.length; i++) errors[i]!.instancePath = segment + errors[i]!.instancePath;
}

/** RFC 6901 escaping of one JSON Pointer token. */
export function escapePointer(token: string): string {
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

/** Short JSON rendering of a schema value for messages; long values are cut. */
export function show(value: unknown): string {
  let text: string;
  try { text = JSON.stringify(value) ?? String(value); } catch { text = '(value too deep to show)'; }
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}
