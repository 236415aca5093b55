// The JSON object test and the two built-ins every part of the validator uses.
// Imported by name instead of spelling `Array.isArray` / `Object.hasOwn` at each of ~40 uses:
// a minifier shortens a name but never a property access.
export const { isArray } = Array;
export const { hasOwn } = Object;

/** A JSON object as JSON Schema sees one (`"type": "object"`): not null, not an array. */
export type JsonObject = Record<string, unknown>;

/** True for a JSON object; the one definition every part of the validator shares. */
export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !isArray(v);
