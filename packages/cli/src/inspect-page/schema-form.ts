// The page's one form builder for a JSON Schema object: one input per top-level property
// (`name="ARG"`: numbers and integers as number inputs, booleans as checkboxes, enums, and `oneOf`
// lists of `const`s, as selects, objects and arrays as a JSON text area, the rest as text), and the
// reading of what was typed into the words `mcpwire call` reads (`a=19`, `tags:=[…]`), typed and
// checked by the same code (tool-arguments.ts, mcpwire's own validator). A tool's inputSchema
// (tool-form.ts) and an elicitation's requestedSchema (server-questions.ts) are both built here.

import type { Tool } from 'mcpwire/protocol';
import { prepareArguments } from '../tool-arguments.js';
import type { PreparedArguments } from '../tool-arguments.js';
import { el } from './dom.js';
import type { DomElement } from './dom.js';

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The choices of a select: `enum` values, or a `oneOf` whose every entry is a `const` (with its `title`). */
function choicesOf(schema: Schema): { value: unknown; label: string }[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ value, label: typeof value === 'string' ? value : JSON.stringify(value) }));
  if (Array.isArray(schema.oneOf) && schema.oneOf.length > 0 && schema.oneOf.every((option) => isSchema(option) && 'const' in option)) {
    return (schema.oneOf as Schema[]).map((option) => ({ value: option.const, label: typeof option.title === 'string' ? option.title : JSON.stringify(option.const) }));
  }
  return undefined;
}

function kindOf(schema: Schema): 'number' | 'boolean' | 'enum' | 'json' | 'text' {
  if (choicesOf(schema)) return 'enum';
  const type = schema.type;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'string') return 'text';
  return 'json'; // object, array, several types or none: JSON says exactly which value
}

function field(name: string, schema: Schema, required: boolean): DomElement {
  const kind = kindOf(schema);
  const title = typeof schema.title === 'string' && schema.title !== name ? schema.title : undefined;
  const label = `${title ?? name}${required ? ' *' : ''}${title ? ` (${name})` : ''}`;
  const hint = typeof schema.description === 'string' ? schema.description : '';
  let input: DomElement;
  switch (kind) {
    case 'number': input = el('input', { type: 'number', name, step: schema.type === 'integer' ? '1' : 'any', 'data-kind': kind }); break;
    case 'boolean': input = el('input', { type: 'checkbox', name, 'data-kind': kind }); break;
    case 'enum':
      input = el('select', { name, 'data-kind': kind }, ...(required ? [] : [el('option', { value: '' }, '')]),
        ...choicesOf(schema)!.map(({ value, label: shown }) => el('option', { value: JSON.stringify(value) }, shown)));
      break;
    case 'json': input = el('textarea', { name, rows: 3, 'data-kind': kind, placeholder: schema.type === 'array' ? '[…] as JSON' : '{…} as JSON' }); break;
    default: input = el('input', { type: 'text', name, 'data-kind': kind });
  }
  if (schema.default !== undefined && kind !== 'boolean') input.value = kind === 'enum' || kind === 'json' ? JSON.stringify(schema.default) : String(schema.default);
  if (kind === 'boolean' && schema.default === true) input.checked = true;
  return el('label', { class: 'field' }, el('span', { class: 'name' }, label), input, hint ? el('small', {}, hint) : undefined);
}

/** An object schema's properties and required names, whatever the schema holds. */
function partsOf(schema: unknown): { properties: Record<string, Schema>; required: string[] } {
  const object = isSchema(schema) ? schema : {};
  const properties = (isSchema(object.properties) ? object.properties : {}) as Record<string, Schema>;
  const required = Array.isArray(object.required) ? object.required.filter((name): name is string => typeof name === 'string') : [];
  return { properties, required };
}

/** The inputs for an object schema's top-level properties. */
export function schemaFields(schema: unknown): DomElement[] {
  const { properties, required } = partsOf(schema);
  return Object.entries(properties).map(([name, property]) => field(name, isSchema(property) ? property : {}, required.includes(name)));
}

/** The words `mcpwire call` would read for the form's values; an empty optional field is left out. */
function wordsOf(form: DomElement, properties: Record<string, Schema>, required: readonly string[]): string[] {
  const words: string[] = [];
  for (const input of Array.from(form.querySelectorAll('[data-kind]'))) {
    const name = input.getAttribute('name')!;
    if (!Object.hasOwn(properties, name)) continue;
    const kind = input.getAttribute('data-kind');
    if (kind === 'boolean') {
      if (input.checked || required.includes(name)) words.push(`${name}:=${input.checked}`);
    } else if (input.value === '') {
      continue; // a required one missing is the validator's to name
    } else if (kind === 'enum' || kind === 'json') words.push(`${name}:=${input.value}`);
    else words.push(`${name}=${input.value}`);
  }
  return words;
}

/** What the form's fields hold, typed and checked against `schema` (`problems` empty when it fits). */
export function readSchemaForm(form: DomElement, schema: unknown): PreparedArguments {
  const { properties, required } = partsOf(schema);
  const checked: Tool = { name: 'form', inputSchema: (isSchema(schema) ? schema : { type: 'object' }) as Tool['inputSchema'] };
  return prepareArguments(checked, wordsOf(form, properties, required));
}
