// Issue 44 moves parts of src/ into npm workspace packages beside the core (the cut below). After
// the move a package uses another only through that package's public exports, so the move is a
// pure path rewrite only if that already holds in src/: (a) a file that will move imports core
// code only through a core entry (package.json "exports") or a file of its own package; (b) no
// core file imports a file that will move (the exceptions listed by name, to shrink to nothing);
// (c) nothing in src/ reaches into examples/, which no package ships.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { SRC, importSpecifiers, sourceFiles } from '../src-files.js';

/** The cut: each future package, by the paths (under src/) of its files; every other file stays in the core. */
export const CUT: Record<string, readonly string[]> = {
  'cli': ['cli/'],
  'auth': ['client/oauth/', 'jws/compact-jws.ts', 'jws/jws-sign.ts', 'transport/http-server/dpop-proof.ts', 'transport/http-server/jwt-verifier.ts'],
  'ext-tasks': [
    'client/client-tasks.ts', 'client/extension-task.ts', 'client/tool-task.ts', 'protocol/task-types.ts', 'protocol/tasks-extension.ts',
    'server/task-store.ts', 'server/tasks-extension.ts',
  ],
  'ext-skills': [
    'client/skill-reader.ts', 'protocol/skill-frontmatter.ts', 'protocol/skill-types.ts', 'server/skill-entry.ts', 'server/skill-registry.ts',
    'server/skills-extension.ts', 'transport/node/skill-folders.ts',
  ],
  'ext-apps': ['protocol/app-types.ts', 'server/app-tool.ts'],
  'models': ['host/anthropic-model.ts', 'host/model-api-error.ts', 'host/model-http.ts', 'host/openai-model.ts'],
  'outbound': ['outbound/'],
};

/** The core's public entries (package.json "exports"): the only core files a package may import. */
export const CORE_ENTRIES = [
  'index.ts', 'jsonrpc/index.ts', 'json-schema/index.ts', 'protocol/index.ts', 'transport/index.ts', 'http.ts', 'http-stateless.ts', 'node.ts',
  'server/index.ts', 'client/index.ts', 'host/index.ts',
];

/** A package's future entry, where it has one file today: another package imports it through that file only. */
export const PACKAGE_ENTRIES: Record<string, string> = {
  'outbound': 'outbound/index.ts',
};

/** The package a file of src/ (`server/task-store.ts`) moves to, or undefined for the core. */
export function packageOf(file: string): string | undefined {
  return Object.keys(CUT).find((name) => CUT[name]!.some((prefix) => file.startsWith(prefix)));
}

/** One relative import in src/, both ends named inside src/ (a target outside it starts with `../`). */
interface Edge { from: string; to: string }

/**
 * Every relative import of `files` (import, export … from, dynamic import), plus each file a
 * `new URL('…', import.meta.url)` names: a spawned program is as much a dependency as an import.
 */
export function edgesOf(files: readonly string[], read: (file: string) => string): Edge[] {
  const edges: Edge[] = [];
  for (const file of files) {
    const code = read(file);
    const located = [...code.matchAll(/new URL\(([^;]*?)import\.meta\.url/g)].flatMap((match) => [...match[1]!.matchAll(/'(\.\.?\/[^']*)'/g)].map((path) => path[1]!));
    for (const specifier of [...importSpecifiers(code), ...located]) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(SRC, normalize(join(dirname(file), specifier))).split('\\').join('/').replace(/\.js$/, '.ts');
      edges.push({ from: relative(SRC, file).split('\\').join('/'), to: target });
    }
  }
  return edges;
}

/** Each crossing once, as `from → to` (a file may import one target twice: its values, then its types). */
const lines = (edges: readonly Edge[]): string[] => [...new Set(edges.map((edge) => `${edge.from} → ${edge.to}`))];

/** (a) Imports from a file of a package that reach past its package's public surface, as `from → to`. */
export function packageImportsPastEntries(edges: readonly Edge[]): string[] {
  return lines(edges.filter((edge) => {
    const from = packageOf(edge.from);
    if (from === undefined || edge.to.startsWith('../')) return false;
    const to = packageOf(edge.to);
    if (to === from) return false;
    if (to === undefined) return !CORE_ENTRIES.includes(edge.to);
    return PACKAGE_ENTRIES[to] !== undefined && edge.to !== PACKAGE_ENTRIES[to];
  }));
}

/** Imports from a package into another package that has no single entry file yet (it is spread over folders). */
export function packageImportsWithoutEntry(edges: readonly Edge[]): string[] {
  return lines(edges.filter((edge) => {
    const from = packageOf(edge.from);
    const to = packageOf(edge.to);
    return from !== undefined && to !== undefined && to !== from && PACKAGE_ENTRIES[to] === undefined;
  }));
}

/** (b) Imports from a core file into a file that will move, as `from → to`. */
export function coreImportsOfPackages(edges: readonly Edge[]): string[] {
  return lines(edges.filter((edge) => packageOf(edge.from) === undefined && !edge.to.startsWith('../') && packageOf(edge.to) !== undefined));
}

/** (c) Anything in src/ that imports or locates a file of examples/. */
export function reachesIntoExamples(edges: readonly Edge[]): string[] {
  return lines(edges.filter((edge) => edge.to.startsWith('../examples/')));
}

const EDGES = edgesOf(sourceFiles(), (file) => readFileSync(file, 'utf8'));

/**
 * (a) The exceptions: the Tasks and Skills client files, which reach into the client's internals
 * (the input-round answers, McpClient itself) until the ClientExtension mechanism of plan-44 §3.4
 * gives them a public way in; they are being rewritten for it.
 */
const CLIENT_EXTENSION_PENDING = [
  'client/client-tasks.ts → client/client-options.ts',
  'client/client-tasks.ts → client/input-rounds.ts',
  'client/client-tasks.ts → client/mcp-client.ts',
  'client/extension-task.ts → client/input-rounds.ts',
  'client/extension-task.ts → client/subscription.ts',
  'client/skill-reader.ts → errors/mcpwire-error.ts',
  'client/skill-reader.ts → json-schema/deep-equal.ts',
  'client/tool-task.ts → client/mcp-client.ts',
];

test('(a) a file that will move imports the core only through its public entries, but for the listed client extensions', () => {
  assert.deepStrictEqual(packageImportsPastEntries(EDGES), CLIENT_EXTENSION_PENDING);
});

/**
 * Packages spread over folders have no entry file yet, so these imports name the file itself; the
 * move rewrites each to the package's name (`mcpwire-ext-apps`, `mcpwire-ext-tasks`).
 */
const WITHOUT_ENTRY = [
  // pollInterval, for call's progress line while a task runs.
  'cli/call.ts → client/tool-task.ts',
  // The MCP Apps bridge's names, in the inspector's page.
  'cli/inspect-page/app-view.ts → protocol/app-types.ts',
  'cli/inspect-page/inspect-page.ts → protocol/app-types.ts',
  'cli/inspect-page/tool-form.ts → protocol/app-types.ts',
];

test('imports between packages that have no entry file yet are these, by name', () => {
  assert.deepStrictEqual(packageImportsWithoutEntry(EDGES), WITHOUT_ENTRY);
});

/**
 * (b) The core imports no file that will move, but for these. The entries' re-exports go when each
 * package moves (its names are then exported once, by the package).
 */
const ENTRY_REEXPORTS = [
  'client/index.ts → client/skill-reader.ts',
  'client/index.ts → client/tool-task.ts',
  'client/index.ts → client/extension-task.ts',
  'client/index.ts → client/oauth/oauth-provider.ts',
  'client/index.ts → client/oauth/oauth-discovery.ts',
  'client/index.ts → client/oauth/token-request.ts',
  'client/index.ts → client/oauth/token-store.ts',
  'host/index.ts → host/anthropic-model.ts',
  'host/index.ts → host/model-api-error.ts',
  'host/index.ts → host/model-http.ts',
  'host/index.ts → host/openai-model.ts',
  'http.ts → transport/http-server/dpop-proof.ts',
  'http.ts → transport/http-server/jwt-verifier.ts',
  'http.ts → jws/compact-jws.ts',
  'node.ts → transport/node/skill-folders.ts',
  'protocol/index.ts → protocol/task-types.ts',
  'protocol/index.ts → protocol/tasks-extension.ts',
  'protocol/index.ts → protocol/app-types.ts',
  'protocol/index.ts → protocol/skill-types.ts',
  'protocol/index.ts → protocol/skill-frontmatter.ts',
  'server/index.ts → server/tasks-extension.ts',
  'server/index.ts → server/task-store.ts',
  'server/index.ts → server/skills-extension.ts',
  'server/index.ts → server/skill-entry.ts',
  'server/index.ts → server/skill-registry.ts',
  'server/index.ts → server/app-tool.ts',
];

/** Core files (not entries) that still use a file that will move: each waits for a mechanism of plan-44 §3. */
const CORE_IMPORTS = [
  // McpClient's skills and tasks methods, and the task notifications: ClientExtension (§3.4).
  'client/mcp-client.ts → client/skill-reader.ts',
  'client/mcp-client.ts → client/client-tasks.ts',
  'client/mcp-client.ts → client/extension-task.ts',
  'client/server-notifications.ts → client/tool-task.ts',
  'client/server-notifications.ts → client/extension-task.ts',
  // The methods a declared extension adds back, and the Mcp-Name field of tasks/*: ExtensionDescriptor.methods and .mcpNames (§3.2).
  'protocol/capabilities.ts → protocol/tasks-extension.ts',
  'protocol/mcp-name.ts → protocol/tasks-extension.ts',
  // tools/call's result type names CreateTaskResult: CallToolResult once ext-tasks types its own results hook.
  'protocol/method-types.ts → protocol/task-types.ts',
];

test('(b) the core imports no file that will move, but for the entries\' re-exports and the listed mechanisms', () => {
  const crossings = coreImportsOfPackages(EDGES);
  const fromEntry = (crossing: string) => CORE_ENTRIES.includes(crossing.split(' → ')[0]!);
  assert.deepStrictEqual(crossings.filter(fromEntry), ENTRY_REEXPORTS);
  assert.deepStrictEqual(crossings.filter((crossing) => !fromEntry(crossing)), CORE_IMPORTS);
});

test('(c) nothing in src/ imports or spawns a file of examples/', () => {
  assert.deepStrictEqual(reachesIntoExamples(EDGES), []);
});

test('the boundary checks catch each kind of crossing', () => {
  const fake: Record<string, string> = {
    [join(SRC, 'cli/x.ts')]: [
      "import { a } from '../client/list-all.js';", "import { b } from '../client/index.js';", "import { c } from './y.js';",
      "const d = await import('../outbound/outbound-fetch.js');", "export { e } from '../outbound/index.js';",
      "import { f } from '../../examples/add-server.js';", "const g = new URL(fromSource ? '../../examples/add-server.ts' : './z.js', import.meta.url);",
      "// import { h } from '../server/tool-registry.js';", "import { i } from '../server/app-tool.js';",
    ].join('\n'),
    [join(SRC, 'server/z.ts')]: "import { j } from './task-store.js';\nexport { k } from '../jsonrpc/peer.js';",
  };
  const edges = edgesOf(Object.keys(fake), (file) => fake[file]!);
  assert.deepStrictEqual(packageImportsPastEntries(edges), ['cli/x.ts → client/list-all.ts', 'cli/x.ts → outbound/outbound-fetch.ts']);
  assert.deepStrictEqual(packageImportsWithoutEntry(edges), ['cli/x.ts → server/app-tool.ts']);
  assert.deepStrictEqual(coreImportsOfPackages(edges), ['server/z.ts → server/task-store.ts']);
  assert.deepStrictEqual(reachesIntoExamples(edges), ['cli/x.ts → ../examples/add-server.ts']);
});

test('every file the cut names exists: a prefix that matches nothing is a stale cut', () => {
  const files = sourceFiles().map((file) => relative(SRC, file).split('\\').join('/'));
  const stale = Object.values(CUT).flat().filter((prefix) => !files.some((file) => file.startsWith(prefix)));
  assert.deepStrictEqual(stale, []);
});
