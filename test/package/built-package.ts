// The packages as a user installs them, built in a temp folder: the workspace's inputs (the core's
// package.json, README.md, LICENSE, sources, tsconfig files and build scripts, and each package
// under packages/) are copied to a temp workspace and built there the way `npm install` builds the
// repo (tsc, the bundles of scripts/bundle.mjs, then scripts/build-packages.mjs). Each built package
// is then copied to `<root>/node_modules/<name>`, so `npm pack` can select from it and user files in
// `<root>` import 'mcpwire/…' and 'mcpwire-…' through their exports. The repo's own dist/ folders are
// left alone; tsx and @types are linked from the repo's node_modules.
// The build is made once for a given set of sources (keyed by their hash, in the temp folder) and
// copied for each test file that asks, so the files that need it do not each run tsc.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolEnv } from '../fakes/tool-env.js';

/** The repo's root folder. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Where the built packages and their user live. */
export interface BuiltPackage {
  /** The user's folder: write files here and run them with this as cwd. */
  root: string;
  /** The installed core, `<root>/node_modules/mcpwire`. */
  pkg: string;
  /** Every installed package by name (`mcpwire-cli` → `<root>/node_modules/mcpwire-cli`), the core's among them. */
  packages: Record<string, string>;
  /** The built workspace as a clone has it after `npm install` (`<root>/workspace`): where the README's commands run. */
  workspace: string;
}

/** The workspace folders under packages/ (the root package.json's "workspaces"). */
const WORKSPACES = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { workspaces: string[] }).workspaces;

/** What a package is built from, in its folder. */
const PACKAGE_INPUTS = ['package.json', 'README.md', 'src', 'tsconfig.build.json'];

/** What the packages are built from: these, tsc and esbuild. */
const BUILD_INPUTS = ['package.json', 'README.md', 'LICENSE', 'src', 'examples', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs', 'scripts/build-packages.mjs',
  ...WORKSPACES.flatMap((folder) => PACKAGE_INPUTS.map((input) => `${folder}/${input}`))];

/** A hash of every input of the build (file names and contents, the compilers' versions): equal hashes, equal builds. */
function buildHash(): string {
  const hash = createHash('sha256').update(process.version);
  const files = [...BUILD_INPUTS, 'node_modules/typescript/package.json', 'node_modules/esbuild/package.json'].flatMap((entry) => {
    const path = join(REPO, entry);
    if (!existsSync(path)) return [];
    return statSync(path).isDirectory() ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(entry, file)).filter((file) => statSync(join(REPO, file)).isFile()) : [entry];
  }).sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(REPO, file)));
  return hash.digest('hex').slice(0, 16);
}

const CACHE_PREFIX = 'mcpwire-built-';
const STALE_MS = 60 * 60 * 1000;
/** How long a build may hold the lock before another file takes it over, and how often the others look. */
const BUILD_LOCK_MS = 10 * 60 * 1000;
const LOCK_POLL_MS = 250;

/**
 * The built workspace for the current sources, built on first use in a temp workspace with the
 * repo's layout (its node_modules links the packages to each other, as npm's workspaces do, and
 * the tools from the repo); moved into place whole, so a folder that is there is complete. One
 * test file builds while the others that need the same build wait for it (a lock folder beside
 * it); a lock left by a file that died is taken over after BUILD_LOCK_MS.
 */
function cachedBuild(): string {
  const cached = join(tmpdir(), `${CACHE_PREFIX}${buildHash()}`);
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (entry.startsWith(CACHE_PREFIX) && path !== cached && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  const lock = `${cached}.lock`;
  for (let waited = 0; ; waited += LOCK_POLL_MS) {
    if (existsSync(cached)) {
      utimesSync(cached, new Date(), new Date());
      return cached;
    }
    try {
      mkdirSync(lock); // atomic: this file builds
      break;
    } catch {
      if (waited >= BUILD_LOCK_MS) { rmSync(lock, { recursive: true, force: true }); continue; }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOCK_POLL_MS); // another file is building: its folder appears when done
    }
  }
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-building-'));
  try {
    const workspace = join(root, 'workspace');
    for (const entry of BUILD_INPUTS) {
      if (existsSync(join(REPO, entry))) cpSync(join(REPO, entry), join(workspace, entry), { recursive: true });
    }
    mkdirSync(join(workspace, 'node_modules'));
    for (const tool of ['@types', 'typescript', 'esbuild', '.bin']) symlinkSync(join(REPO, 'node_modules', tool), join(workspace, 'node_modules', tool), 'dir');
    symlinkSync('..', join(workspace, 'node_modules/mcpwire'), 'dir');
    for (const folder of WORKSPACES) symlinkSync(join('..', folder), join(workspace, 'node_modules', manifestName(join(workspace, folder))), 'dir');
    const run = (args: string[]) => execFileSync(process.execPath, args, { cwd: workspace, stdio: 'pipe', env: toolEnv() });
    run([join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
    run(['scripts/bundle.mjs']);
    run(['scripts/build-packages.mjs']);
    try {
      renameSync(workspace, cached);
    } catch (error) {
      if (!existsSync(cached)) throw error; // another test file moved its identical build there first
    }
    return cached;
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The "name" of the package.json in `folder`. */
function manifestName(folder: string): string {
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name: string }).name;
}

/** Copies of the built packages, installed in a new temp folder of their own (the build itself is made once: see cachedBuild). */
export function buildPackage(): BuiltPackage {
  const workspace = cachedBuild();
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-package-'));
  mkdirSync(join(root, 'node_modules'));
  const pkg = join(root, 'node_modules', 'mcpwire');
  cpSync(workspace, pkg, { recursive: true, filter: (source) => ![join(workspace, 'node_modules'), join(workspace, 'packages')].includes(source) });
  const packages: Record<string, string> = { mcpwire: pkg };
  for (const folder of WORKSPACES) {
    const name = manifestName(join(workspace, folder));
    packages[name] = join(root, 'node_modules', name);
    cpSync(join(workspace, folder), packages[name]!, { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules/tsx'), join(root, 'node_modules/tsx'), 'dir');
  symlinkSync(join(REPO, 'node_modules/@types'), join(root, 'node_modules/@types'), 'dir');
  const clone = join(root, 'workspace');
  cpSync(workspace, clone, { recursive: true, verbatimSymlinks: true });
  symlinkSync(join(REPO, 'node_modules/tsx'), join(clone, 'node_modules/tsx'), 'dir');
  return { root, pkg, packages, workspace: clone };
}

/** The paths `npm pack` would put in the tarball, sorted (no scripts run: the build is already there). */
export function packedFiles(pkg: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: toolEnv() });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return (report?.files ?? []).map((file) => file.path).sort();
}
