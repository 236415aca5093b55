// The one registry of what a server registers by name (tools, prompts, resources, resource
// templates): entries in insertion order, a handle bound to each, pages of the enabled ones.

import { paginate } from './pagination.js';

/** What a handle may change: fields of the definition, and the parts beside it (the handler). */
export type Changes<R extends { definition: object }> = Partial<Omit<R, 'definition'>> & { definition?: Partial<R['definition']> };

/** A handle to one registration; once it is removed (even if its name is registered again) each method does nothing. */
export interface Registered<C> {
  readonly name: string;
  /** Removes it; connected clients are told the list changed. */
  remove(): void;
  /** Shows it again after disable(). */
  enable(): void;
  /** Hides it: it is not listed, and a request for it is answered as for an unknown name. */
  disable(): void;
  /** Replaces fields of its definition and/or its handler; the name stays. */
  update(changes: C): void;
}

/** How one kind registers: its list field, its noun in errors (`A tool named "x"…`), its key, and the checks and compiling of an entry. */
export interface RegistryKind<F extends string, R extends { definition: object }, E extends R, L = R['definition']> {
  field: F;
  noun: string;
  keyOf(definition: R['definition']): string;
  /** Runs at add and at update; throws to refuse the entry. Without it, the entry is kept as given. */
  prepare?(registration: R): E;
  /** What a list shows of an entry, when not its definition as registered (a tool's schemas as JSON Schema). */
  listed?(entry: E): L;
  /** Whether an enabled entry is in the list result; without it, every enabled one is (a skill's supporting files are not). */
  shown?(entry: E): boolean;
}

/** Entries of one kind by name; `onchange` hears every change a client's list would show. */
export class NamedRegistry<F extends string, R extends { definition: object }, E extends R = R, L = R['definition']> {
  readonly #slots = new Map<string, { entry: E; enabled: boolean }>();
  readonly #kind: RegistryKind<F, R, E, L>;
  readonly #onchange: () => void;

  constructor(kind: RegistryKind<F, R, E, L>, onchange: () => void) {
    this.#kind = kind;
    this.#onchange = onchange;
  }

  /** Registrations, disabled ones too: a feature stays declared while its entries are hidden. */
  get size(): number {
    return this.#slots.size;
  }

  register(registration: R): Registered<Changes<R>> {
    const { noun, keyOf, prepare = (entry: R) => entry as E } = this.#kind;
    const key = keyOf(registration.definition);
    if (this.#slots.has(key)) throw new Error(`A ${noun} "${key}" is already registered`);
    const slot = { entry: prepare(registration), enabled: true };
    this.#slots.set(key, slot);
    this.#onchange();
    // Bound to its slot, not its name: a handle that outlived its registration changes nothing.
    const change = (apply: () => boolean) => { if (this.#slots.get(key) === slot && apply()) this.#onchange(); };
    const show = (enabled: boolean) => () => change(() => slot.enabled !== (slot.enabled = enabled)); // true if it changed
    return {
      name: key, enable: show(true), disable: show(false),
      remove: () => change(() => this.#slots.delete(key)),
      update: (changes) => change(() => {
        const definition = { ...slot.entry.definition, ...changes.definition };
        if (keyOf(definition) !== key) throw new Error(`update() cannot rename the ${noun} "${key}"; remove it and register another`);
        slot.entry = prepare({ ...slot.entry, ...changes, definition } as R);
        return true;
      }),
    };
  }

  /** The enabled entry of this name, if any. */
  entry(key: string): E | undefined {
    const slot = this.#slots.get(key);
    return slot?.enabled ? slot.entry : undefined;
  }

  /** Every enabled entry, in registration order. */
  entries(): E[] {
    return [...this.#slots.values()].filter((slot) => slot.enabled).map((slot) => slot.entry);
  }

  /** One page of the enabled definitions, as the list result: `{ tools: [...], nextCursor? }`; `include` narrows them for one caller. */
  list(cursor: unknown, pageSize: number, include?: (entry: E) => boolean): Record<F, L[]> & { nextCursor?: string } {
    const { shown } = this.#kind;
    const listed = this.#kind.listed ?? ((entry: E) => entry.definition as L);
    const entries = shown === undefined && include === undefined ? this.entries()
      : this.entries().filter((entry) => (shown?.(entry) ?? true) && (include?.(entry) ?? true));
    const { page, nextCursor } = paginate(entries.map(listed), cursor, pageSize);
    return (nextCursor === undefined ? { [this.#kind.field]: page } : { [this.#kind.field]: page, nextCursor }) as Record<F, L[]>;
  }
}

/** Calls `announce` once per tick, at the first change, however often the tick asks: `disable(); update(); enable()` is one list_changed. */
export function coalesce(announce: () => void): () => void {
  let announced = false;
  return () => {
    if (announced) return;
    // The first change of a tick is announced at once, so the notification still goes out before
    // the answer of the request that made it; the rest of the tick's changes are in place before
    // the client can list again, so they need none of their own.
    announced = true;
    queueMicrotask(() => { announced = false; });
    announce();
  };
}
