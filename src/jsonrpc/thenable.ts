// Whether a handler answered with a promise (or any thenable) rather than a value: the one test
// the peer and the tool registry use to answer synchronous handlers at once.

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}
