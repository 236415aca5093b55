// npm run build, third step: every package under packages/ (npm workspaces), each after the packages
// it depends on, so that its compiler finds their declarations in their dist/. The core (this repo's
// root, the package `mcpwire`) is built by the first step. Plain JavaScript run by node: it runs in
// `prepare` on a fresh clone.
//   node scripts/build-packages.mjs

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The workspace folders, each after the workspaces it depends on (the root's order breaks ties). */
export function buildOrder() {
  const manifests = new Map(root.workspaces.map((folder) => [folder, JSON.parse(readFileSync(`${ROOT}/${folder}/package.json`, 'utf8'))]));
  const byName = new Map([...manifests].map(([folder, manifest]) => [manifest.name, folder]));
  const order = [];
  const visit = (folder, path) => {
    if (order.includes(folder)) return;
    if (path.includes(folder)) throw new Error(`packages depend on each other in a circle: ${[...path, folder].join(' → ')}`);
    for (const name of Object.keys(manifests.get(folder).dependencies ?? {})) if (byName.has(name)) visit(byName.get(name), [...path, folder]);
    order.push(folder);
  };
  for (const folder of manifests.keys()) visit(folder, []);
  return order;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const folder of buildOrder()) {
    const manifest = JSON.parse(readFileSync(`${ROOT}/${folder}/package.json`, 'utf8'));
    if (!manifest.scripts?.build) continue;
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: `${ROOT}/${folder}`, stdio: 'inherit' });
  }
}
