// The package as a user installs it, built in a temp folder: `<root>/node_modules/mcpwire` holds
// package.json, README.md, LICENSE, the sources and their fresh `npm run build` output (tsc, then the
// bundles of scripts/bundle.mjs), so
// `npm pack` can select from it and user files in `<root>` import 'mcpwire/...' through its exports.
// The repo's own dist/ is left alone; tsx and @types are linked from the repo's node_modules.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo's root folder. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Where a built package and its user live. */
export interface BuiltPackage {
  /** The user's folder: write files here and run them with this as cwd. */
  root: string;
  /** The installed package folder, `<root>/node_modules/mcpwire`. */
  pkg: string;
}

/** Builds the package once into a new temp folder (tsc takes a while: call it once per test file). */
export function buildPackage(): BuiltPackage {
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-package-'));
  const pkg = join(root, 'node_modules', 'mcpwire');
  mkdirSync(pkg, { recursive: true });
  for (const entry of ['package.json', 'README.md', 'LICENSE', 'src', 'examples', 'tsconfig.json', 'tsconfig.build.json']) {
    if (existsSync(join(REPO, entry))) cpSync(join(REPO, entry), join(pkg, entry), { recursive: true });
  }
  symlinkSync(join(REPO, 'node_modules/tsx'), join(root, 'node_modules/tsx'), 'dir');
  symlinkSync(join(REPO, 'node_modules/@types'), join(root, 'node_modules/@types'), 'dir');
  // Built where it is installed, so the sourcemaps point where they would in the tarball.
  execFileSync(process.execPath, [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', join(pkg, 'tsconfig.build.json')], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(REPO, 'scripts/bundle.mjs'), pkg], { stdio: 'pipe' });
  return { root, pkg };
}

/** The paths `npm pack` would put in the tarball, sorted (no scripts run: the build is already there). */
export function packedFiles(pkg: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return (report?.files ?? []).map((file) => file.path).sort();
}
