// Variable references inside config entries. Hosts spell them differently: Claude Code expands
// ${VAR} and ${VAR:-default}, VS Code and Cursor ${env:VAR}, VS Code also prompts for
// ${input:id}. mcpwire expands the environment forms and reports what it could not expand.

/** One reference found in a string. */
export interface VariableReference {
  /** As written, e.g. "${env:API_KEY}". */
  text: string;
  /** The variable (or input id) it names. */
  name: string;
  /** env: ${VAR}, ${VAR:-default}, ${env:VAR}; input: VS Code's ${input:id}; bare: $VAR, which only Gemini CLI expands. */
  kind: 'env' | 'input' | 'bare';
  fallback: string | undefined;
}

const REFERENCE = /\$\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*)(?::-([^}]*))?\}/g;
const BARE = /\$([A-Z_][A-Z0-9_]*)\b/g;

/** Every reference in `text`. */
export function findReferences(text: string): VariableReference[] {
  const braced: VariableReference[] = [...text.matchAll(REFERENCE)].map((match) => ({
    text: match[0],
    name: match[2]!,
    kind: match[1] === 'input' ? 'input' : 'env',
    fallback: match[3],
  }));
  const bare: VariableReference[] = [...text.replace(REFERENCE, '').matchAll(BARE)].map((match) => ({
    text: match[0], name: match[1]!, kind: 'bare', fallback: undefined,
  }));
  return [...braced, ...bare];
}

/** Replaces the references that can be resolved; `missing` lists the rest, as written. */
export function expandReferences(text: string, env: Record<string, string | undefined>): { text: string; missing: string[] } {
  const missing: string[] = [];
  const expanded = text.replace(REFERENCE, (whole, kind: string | undefined, name: string, fallback: string | undefined) => {
    if (kind !== 'input') {
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
    }
    missing.push(whole);
    return whole;
  });
  return { text: expanded, missing };
}

/** Every string inside a JSON value, with its path (for lint messages). */
export function stringsIn(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${path}[${index}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => stringsIn(item, path === '' ? key : `${path}.${key}`));
  }
  return [];
}
