// What installing and shipping mcpwire costs: the packed tarball, the packages an install brings,
// and the minified size of a one-tool stdio server bundle (esbuild from .bench/tools).

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SCRATCH, SERVERS } from './config.js';
import { bundle } from './build.js';
import { coldStartMs } from './cold-start.js';

export interface Footprint {
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  runtimeDependencies: number;
  installedPackages: number;
  bundleMinifiedBytes: number;
  /** The same one-tool server on McpServer (resources, prompts and completions come along). */
  mcpServerBundleMinifiedBytes: number;
}

function npm(args: string[], cwd = ROOT): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

/** Installs the packed tarball into an empty folder, offline, and counts what landed in node_modules. */
function countInstalledPackages(): number {
  const packDir = join(SCRATCH, 'pack');
  const installDir = join(SCRATCH, 'install');
  rmSync(packDir, { recursive: true, force: true });
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  mkdirSync(installDir, { recursive: true });
  // Its own package.json, so npm installs here and never walks up into the repository's.
  writeFileSync(join(installDir, 'package.json'), '{ "name": "footprint-probe", "private": true }\n');
  const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', packDir])) as { filename: string }[];
  npm(['install', '--prefix', installDir, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', join(packDir, packed!.filename)], installDir);
  const lock = JSON.parse(readFileSync(join(installDir, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/')).length;
}

export async function benchFootprint(esbuild: string): Promise<Footprint> {
  const [pack] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'])) as { size: number; unpackedSize: number; entryCount: number }[];
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  const runtimeDependencies = ['dependencies', 'peerDependencies', 'optionalDependencies']
    .reduce((sum, field) => sum + Object.keys(manifest[field] ?? {}).length, 0);
  const minified = join(SCRATCH, 'one-tool-stdio.min.mjs');
  bundle(esbuild, SERVERS.oneToolEntry, minified, true);
  await coldStartMs(minified); // throws unless the bundle works
  const bundleMinifiedBytes = statSync(minified).size;
  const minifiedMcpServer = join(SCRATCH, 'one-tool-mcp-server.min.mjs');
  bundle(esbuild, SERVERS.oneToolMcpServerEntry, minifiedMcpServer, true);
  await coldStartMs(minifiedMcpServer);
  return {
    packedBytes: pack!.size,
    unpackedBytes: pack!.unpackedSize,
    files: pack!.entryCount,
    runtimeDependencies,
    installedPackages: countInstalledPackages(),
    bundleMinifiedBytes,
    mcpServerBundleMinifiedBytes: statSync(minifiedMcpServer).size,
  };
}
