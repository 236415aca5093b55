// What FromJsonSchema reads from an `as const` schema, pinned type by type.
import type { FromJsonSchema } from '../../../src/json-schema/index.js';
import type { ToolArguments } from '../../../src/server/schema-adapter.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
function expectType<T extends true>(): T | undefined { return undefined; }

const order = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    price: { type: 'number' },
    note: { type: 'string' },
    paid: { type: 'boolean' },
    status: { enum: ['open', 'shipped', 'closed'] },
    kind: { const: 'order' },
    tags: { type: 'array', items: { type: 'string' } },
    lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } }, required: ['sku'] } },
    customer: { type: 'object', properties: { name: { type: 'string' }, address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }, required: ['name'] },
    deletedAt: { type: ['string', 'null'] },
    ref: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false },
    meta: { type: 'object' },
    anything: {},
  },
  required: ['id', 'status', 'kind', 'lines', 'customer'],
} as const;

type Order = FromJsonSchema<typeof order>;
export const checks = [
  expectType<Equal<Order, {
    id: number;
    status: 'open' | 'shipped' | 'closed';
    kind: 'order';
    lines: { sku: string; qty?: number }[];
    customer: { name: string; address?: { city: string } };
    price?: number;
    note?: string;
    paid?: boolean;
    tags?: string[];
    deletedAt?: string | null;
    ref?: number | string;
    point?: [number, number];
    meta?: Record<string, unknown>;
    anything?: unknown;
  }>>(),
  expectType<Equal<ToolArguments<typeof order>, Order>>(),
  // Widened: today's loose arguments.
  expectType<Equal<ToolArguments<{ type: string; properties: { a: { type: string } } }>, Record<string, any>>>(),
  expectType<Equal<ToolArguments<Record<string, unknown>>, Record<string, any>>>(),
  expectType<Equal<FromJsonSchema<{ readonly allOf: readonly [{ readonly type: 'object'; readonly properties: { readonly a: { readonly type: 'string' } }; readonly required: readonly ['a'] }, { readonly type: 'object'; readonly properties: { readonly b: { readonly type: 'integer' } } }] }>, { a: string } & { b?: number }>>(),
];
