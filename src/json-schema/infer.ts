// The TypeScript type a JSON Schema describes, computed by the compiler from a schema written
// `as const` (or inline in a call whose type parameter is `const`): object properties, `required`
// → non-optional, integer/number → number, string, boolean, null, arrays, `enum`/`const` →
// literal unions, `anyOf`/`oneOf` → unions, `allOf` → intersections, nested objects. Types only:
// nothing here exists at run time.
//
// A schema whose `type` was widened to `string` (kept in a variable without `as const`) says
// nothing the compiler can read: it gives `any`, so code written against loose arguments still
// compiles. A schema the type does not follow (`$ref`, `if`/`then`, `not`) gives `unknown`.

/** The TypeScript type of the values `S` accepts. */
export type FromJsonSchema<S> =
  S extends true ? unknown
  : S extends false ? never
  : S extends { readonly const: infer C } ? C
  : S extends { readonly enum: readonly (infer E)[] } ? E
  : S extends { readonly anyOf: readonly unknown[] } ? FromEach<S['anyOf']>
  : S extends { readonly oneOf: readonly unknown[] } ? FromEach<S['oneOf']>
  : S extends { readonly allOf: readonly unknown[] } ? FromAll<S['allOf']>
  : S extends { readonly type: infer T } ? (string extends T ? any : FromType<T, S>)
  : S extends { readonly properties: object } ? FromObject<S>
  : unknown;

/** A union of what each branch accepts. */
type FromEach<Branches extends readonly unknown[]> = { [I in keyof Branches]: FromJsonSchema<Branches[I]> }[number];

/** What every branch accepts together. */
type FromAll<Branches extends readonly unknown[]> =
  Branches extends readonly [infer First, ...infer Rest] ? FromJsonSchema<First> & FromAll<Rest> : unknown;

/** `type` as one name or an array of names (a union of them). */
type FromType<T, S> = T extends readonly (infer Name)[] ? FromTypeName<Name, S> : FromTypeName<T, S>;

type FromTypeName<Name, S> =
  Name extends 'string' ? string
  : Name extends 'integer' | 'number' ? number
  : Name extends 'boolean' ? boolean
  : Name extends 'null' ? null
  : Name extends 'array' ? FromArray<S>
  : Name extends 'object' ? FromObject<S>
  : unknown;

type FromArray<S> =
  S extends { readonly prefixItems: infer Prefix extends readonly unknown[] } ? [...FromTuple<Prefix>, ...(S extends { readonly items: false } ? [] : unknown[])]
  : S extends { readonly items: infer Items } ? FromJsonSchema<Items>[]
  : unknown[];

/** A tuple of what each `prefixItems` entry accepts. */
type FromTuple<Prefix extends readonly unknown[]> = { -readonly [I in keyof Prefix]: FromJsonSchema<Prefix[I]> };

/** The names listed in `required`. */
type RequiredKeys<S> = S extends { readonly required: readonly (infer Name)[] } ? Name : never;

/** An object type: required properties as they are, the others optional; no properties → any keys. */
type FromObject<S> =
  S extends { readonly properties: infer Properties extends object }
    ? Flatten<
      { -readonly [K in keyof Properties as K extends RequiredKeys<S> ? K : never]: FromJsonSchema<Properties[K]> }
      & { -readonly [K in keyof Properties as K extends RequiredKeys<S> ? never : K]?: FromJsonSchema<Properties[K]> }>
    : S extends { readonly additionalProperties: infer Additional } ? (Additional extends false ? Record<string, never> : Record<string, FromJsonSchema<Additional>>)
    : Record<string, unknown>;

/** One object type instead of an intersection, so an editor shows `{ a: number; b?: string }`. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};
