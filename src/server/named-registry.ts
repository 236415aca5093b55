// The one registry of what a server registers by name (tools, prompts, resources, resource
// templates): entries in insertion order, a handle bound to each, pages of the enabled ones.

import { decodeCursor, invalidCursor, walkPage } from './pagination.js';

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

/** One registration: where it stands in registration order (a Link of pagination.ts) and whether it is shown. */
interface Slot<E> {
  readonly key: string;
  readonly seq: number;
  entry: E;
  enabled: boolean;
  prev: Slot<E> | undefined;
  next: Slot<E> | undefined;
}

/** Entries of one kind by name; `onchange` hears every change a client's list would show. */
export class NamedRegistry<F extends string, R extends { definition: object }, E extends R = R, L = R['definition']> {
  // By key, and linked in registration order, so a page starts at its cursor's entry without
  // walking those before it (a Map's iterator cannot start in the middle).
  readonly #slots = new Map<string, Slot<E>>();
  #first: Slot<E> | undefined;
  #last: Slot<E> | undefined;
  #seq = 0;
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
    const slot: Slot<E> = { key, seq: this.#seq, entry: prepare(registration), enabled: true, prev: this.#last, next: undefined };
    this.#seq += 1;
    if (this.#last === undefined) this.#first = slot;
    else this.#last.next = slot;
    this.#last = slot;
    this.#slots.set(key, slot);
    this.#onchange();
    // Bound to its slot, not its name: a handle that outlived its registration changes nothing.
    const change = (apply: () => boolean) => { if (this.#slots.get(key) === slot && apply()) this.#onchange(); };
    const show = (enabled: boolean) => () => change(() => slot.enabled !== (slot.enabled = enabled)); // true if it changed
    return {
      name: key, enable: show(true), disable: show(false),
      remove: () => change(() => this.#unlink(slot)),
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
  *entries(): Generator<E> {
    for (let slot = this.#first; slot !== undefined; slot = slot.next) if (slot.enabled) yield slot.entry;
  }

  /**
   * One page of the enabled definitions, as the list result: `{ tools: [...], nextCursor? }`;
   * `include` narrows them for one caller, `view` shows them otherwise than the kind's `listed`.
   * It costs the entries it walks from its cursor: the hundredth page as much as the first.
   */
  list(cursor: unknown, pageSize: number, include?: (entry: E) => boolean, view?: (entry: E) => L): Record<F, L[]> & { nextCursor?: string } {
    const { shown } = this.#kind;
    const listed = view ?? this.#kind.listed;
    const shows = shown === undefined && include === undefined ? (slot: Slot<E>) => slot.enabled
      : (slot: Slot<E>) => slot.enabled && (shown?.(slot.entry) ?? true) && (include?.(slot.entry) ?? true);
    const { page, nextCursor } = walkPage(this.#start(cursor), pageSize, shows,
      listed === undefined ? (slot) => slot.entry.definition as L : (slot) => listed(slot.entry));
    return (nextCursor === undefined ? { [this.#kind.field]: page } : { [this.#kind.field]: page, nextCursor }) as Record<F, L[]>;
  }

  /** The slot a page starts at: the cursor's entry, found by its key. */
  #start(cursor: unknown): Slot<E> | undefined {
    const position = decodeCursor(cursor);
    if (position === undefined) return this.#first;
    if (position.seq >= this.#seq) throw invalidCursor(cursor);
    const slot = position.key === undefined ? undefined : this.#slots.get(position.key);
    if (slot?.seq === position.seq) return slot;
    // The entry the cursor names was removed (or removed and registered again) since the last
    // page: the page starts at the first entry registered after it, so an entry that stayed is
    // neither listed twice nor skipped. Walking there is the one cost that grows with the list.
    let next = this.#first;
    while (next !== undefined && next.seq < position.seq) next = next.next;
    return next;
  }

  /** Takes a slot out of both the map and the order; true, as a change. */
  #unlink(slot: Slot<E>): boolean {
    this.#slots.delete(slot.key);
    if (slot.prev === undefined) this.#first = slot.next;
    else slot.prev.next = slot.next;
    if (slot.next === undefined) this.#last = slot.prev;
    else slot.next.prev = slot.prev;
    return true;
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
