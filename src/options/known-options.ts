// Options objects are checked once, where they are taken (a constructor, a factory): a key the
// library does not know is refused with an error naming it, and a key that moved says where it
// went (the public API is a contract: an option that moves is refused loudly, never ignored). An
// ignored option can fail open: `serveHttp(server, { verifyToken })`, the form before
// `auth: bearerAuth(...)`, served every request unauthenticated. This folder imports nothing, so
// every layer may use it (json-schema and host too).

/** Every key of an options type, each `true`: `satisfies OptionKeys<T>` stops compiling when the type gains or loses one. */
export type OptionKeys<T> = { readonly [K in keyof Required<T>]: true };

/** Keys that moved or went away, each with what the error says of it: `was replaced by …`, or why it does not apply here. */
export type MovedOptions = Readonly<Record<string, string>>;

const NOTHING_MOVED: MovedOptions = {};

/**
 * Throws a TypeError naming the first key of `options` that `known` does not list, and where it went
 * when `moved` says; `owner` is what took the options (`serveHttp`, `new McpClient`). Once per
 * construction: the keys of one small object.
 */
export function refuseUnknownOptions(owner: string, options: object | undefined, known: Readonly<Record<string, true>>, moved: MovedOptions = NOTHING_MOVED): void {
  if (options === undefined || options === null) return;
  for (const key of Object.keys(options)) {
    if (Object.hasOwn(known, key)) continue;
    const instead = Object.hasOwn(moved, key) ? moved[key] : undefined;
    throw new TypeError(instead === undefined
      ? `${owner}: unknown option ${JSON.stringify(key)}`
      : `${owner}: the option ${JSON.stringify(key)} ${instead}`);
  }
}
