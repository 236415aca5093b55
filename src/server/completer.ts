// Suggestions for prompt arguments and template variables (server/utilities/completion).

/** Suggests values for one argument, given what was typed and the other arguments so far. */
export type Completer = (value: string, context: { arguments: Record<string, string> }) => string[] | Promise<string[]>;

/** The spec caps one answer at 100 values; `total` and `hasMore` tell the client there is more. */
export async function runCompleter(
  completer: Completer | undefined, value: string, args: Record<string, string>,
): Promise<{ completion: { values: string[]; total?: number; hasMore?: boolean } }> {
  if (!completer) return { completion: { values: [] } };
  const all = await completer(value, { arguments: args });
  return all.length > 100
    ? { completion: { values: all.slice(0, 100), total: all.length, hasMore: true } }
    : { completion: { values: all } };
}
