// The package as a user installs it, built in a temp folder: `<root>/node_modules/mcpwire` holds
// package.json, README.md, LICENSE, the sources and their fresh `npm run build` output (tsc, then the
// bundles of scripts/bundle.mjs), so
// `npm pack` can select from it and user files in `<root>` import 'mcpwire/...' through its exports.
// The repo's own dist/ is left alone; tsx and @types are linked from the repo's node_modules.
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

/** Where a built package and its user live. */
export interface BuiltPackage {
  /** The user's folder: write files here and run them with this as cwd. */
  root: string;
  /** The installed package folder, `<root>/node_modules/mcpwire`. */
  pkg: string;
}

/** What the package is built from: these, tsc and esbuild. */
const BUILD_INPUTS = ['package.json', 'README.md', 'LICENSE', 'src', 'examples', 'tsconfig.json', 'tsconfig.build.json'];

/** A hash of every input of the build (file names and contents, the compilers' versions): equal hashes, equal builds. */
function buildHash(): string {
  const hash = createHash('sha256').update(process.version);
  const files = [...BUILD_INPUTS, 'scripts/bundle.mjs', 'node_modules/typescript/package.json', 'node_modules/esbuild/package.json'].flatMap((entry) => {
    const path = join(REPO, entry);
    if (!existsSync(path)) return [];
    return statSync(path).isDirectory() ? readdirSync(path, { recursive: true, encoding: 'utf8' }).map((file) => join(entry, file)).filter((file) => statSync(join(REPO, file)).isFile()) : [entry];
  }).sort();
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(REPO, file)));
  return hash.digest('hex').slice(0, 16);
}

const CACHE_PREFIX = 'mcpwire-built-';
const STALE_MS = 60 * 60 * 1000;

/**
 * The built package folder for the current sources, built on first use: tsc into `<tmp>/node_modules/mcpwire`
 * (built where it is installed, so the sourcemaps point where they would in the tarball), then the bundles
 * of scripts/bundle.mjs; moved into place whole, so a folder that is there is complete. Two files building
 * at once each build, and the second one's copy is dropped.
 */
function cachedBuild(): string {
  const cached = join(tmpdir(), `${CACHE_PREFIX}${buildHash()}`);
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (entry.startsWith(CACHE_PREFIX) && path !== cached && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
  if (existsSync(cached)) {
    utimesSync(cached, new Date(), new Date());
    return cached;
  }
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-building-'));
  try {
    const pkg = join(root, 'node_modules', 'mcpwire');
    mkdirSync(pkg, { recursive: true });
    for (const entry of BUILD_INPUTS) {
      if (existsSync(join(REPO, entry))) cpSync(join(REPO, entry), join(pkg, entry), { recursive: true });
    }
    symlinkSync(join(REPO, 'node_modules/@types'), join(root, 'node_modules/@types'), 'dir');
    execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.build.json')], { stdio: 'pipe', env: toolEnv() });
    execFileSync(process.execPath, [join(REPO, 'scripts/bundle.mjs'), pkg], { stdio: 'pipe', env: toolEnv() });
    try {
      renameSync(pkg, cached);
    } catch (error) {
      if (!existsSync(cached)) throw error; // another test file moved its identical build there first
    }
    return cached;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A copy of the package built from the current sources, in a new temp folder of its own (the build itself is made once: see cachedBuild). */
export function buildPackage(): BuiltPackage {
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-package-'));
  const pkg = join(root, 'node_modules', 'mcpwire');
  mkdirSync(join(root, 'node_modules'));
  cpSync(cachedBuild(), pkg, { recursive: true });
  symlinkSync(join(REPO, 'node_modules/tsx'), join(root, 'node_modules/tsx'), 'dir');
  symlinkSync(join(REPO, 'node_modules/@types'), join(root, 'node_modules/@types'), 'dir');
  return { root, pkg };
}

/** The paths `npm pack` would put in the tarball, sorted (no scripts run: the build is already there). */
export function packedFiles(pkg: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: toolEnv() });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return (report?.files ?? []).map((file) => file.path).sort();
}
