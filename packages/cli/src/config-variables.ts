// Variable references inside config entries. Hosts spell them differently: Claude Code expands
// ${VAR} and ${VAR:-default}, VS Code and Cursor ${env:VAR}, VS Code also prompts for
// ${input:id}. mcpwire expands the environment forms and reports what it could not expand.

/** One reference found in a string. */
export interface VariableReference {
  /** As written, e.g. "${env:API_KEY}". */
  text: string;
  /** The variable (or input id) it names. */
  name: string;
  /** env: ${VAR}, ${VAR:-default}, ${env:VAR}; input: VS Code's ${input:id}; builtin: VS Code's ${workspaceFolder} and the like; bare: $VAR, which only Gemini CLI expands. */
  kind: 'env' | 'input' | 'builtin' | 'bare';
  fallback: string | undefined;
}

/** What VS Code's own variables mean for the CLI (code.visualstudio.com/docs/reference/variables-reference), and the ${input:id} answers (--input id=value). */
export interface ConfigVariables {
  /** The folder mcpwire runs in: ${workspaceFolder}, ${workspaceFolderBasename} and ${cwd}. */
  cwd: string;
  /** ${userHome}. */
  home: string;
  /** ${pathSeparator}. */
  pathSeparator: string;
  inputs: Record<string, string>;
}

/** VS Code's predefined variables that have a meaning outside an editor; a config may use them as written. */
export const VSCODE_BUILTINS = new Set(['workspaceFolder', 'workspaceFolderBasename', 'userHome', 'pathSeparator', 'cwd']);

const REFERENCE = /\$\{(?:(env|input):)?([A-Za-z_][A-Za-z0-9_.-]*)(?::-([^}]*))?\}/g;
const BARE = /\$([A-Z_][A-Z0-9_]*)\b/g;

/** Every reference in `text`. */
export function findReferences(text: string): VariableReference[] {
  const braced: VariableReference[] = [...text.matchAll(REFERENCE)].map((match) => ({
    text: match[0],
    name: match[2]!,
    kind: match[1] === 'input' ? 'input' : match[1] === undefined && match[3] === undefined && VSCODE_BUILTINS.has(match[2]!) ? 'builtin' : 'env',
    fallback: match[3],
  }));
  const bare: VariableReference[] = [...text.replace(REFERENCE, '').matchAll(BARE)].map((match) => ({
    text: match[0], name: match[1]!, kind: 'bare', fallback: undefined,
  }));
  return [...braced, ...bare];
}

/** Replaces the references that can be resolved; `missing` lists the rest, as written. */
export function expandReferences(text: string, env: Record<string, string | undefined>, variables?: ConfigVariables): { text: string; missing: string[] } {
  const missing: string[] = [];
  const expanded = text.replace(REFERENCE, (whole, kind: string | undefined, name: string, fallback: string | undefined) => {
    if (kind === 'input' && variables && Object.hasOwn(variables.inputs, name)) return variables.inputs[name]!;
    if (kind === undefined && fallback === undefined && variables && VSCODE_BUILTINS.has(name)) return builtinValue(name, variables);
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

function builtinValue(name: string, variables: ConfigVariables): string {
  if (name === 'userHome') return variables.home;
  if (name === 'pathSeparator') return variables.pathSeparator;
  if (name === 'workspaceFolderBasename') return variables.cwd.split(/[\\/]/).filter(Boolean).at(-1) ?? variables.cwd;
  return variables.cwd;
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
