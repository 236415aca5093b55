// A size limit given as an option (bytes): checked where it is taken, so a typo (`'16MB'`, 0, -1)
// fails at construction with the option's name instead of refusing every message later.

/** `value` when it is a positive safe integer or undefined; else a TypeError naming `owner` and `name`. */
export function byteLimit(owner: string, name: string, value: unknown): number | undefined {
  if (value === undefined || (Number.isSafeInteger(value) && (value as number) > 0)) return value as number | undefined;
  throw new TypeError(`${owner}: the option "${name}" must be a positive integer of bytes, not ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
}
