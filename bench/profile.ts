// Where the server's time goes: runs the compiled add server under `node --cpu-prof`, drives it
// with the bench's load (sequential, then 64 in flight), and prints the functions with the most
// self time. Not part of `npm run bench`; run it when a target is missed:
//   npx tsx bench/profile.ts [stdio|http-json|http-sse] [calls] [sequential|in-flight|both]

import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ADD_CALL, COUNTS, ROOT, SCRATCH, SERVERS } from './config.js';
import { buildDist, importDist } from './build.js';
import { startHttpServer } from './http.js';
import { inFlight, sequential } from './load.js';
import { stopChild } from './stats.js';

type ClientModule = typeof import('../src/client/index.js');
type TransportModule = typeof import('../src/node.js');

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const mode = process.argv[2] ?? 'stdio';
const calls = Number(process.argv[3] ?? COUNTS.stdioSequential);
const shape = process.argv[4] ?? 'both';
const dir = join(SCRATCH, 'profile');
rmSync(dir, { recursive: true, force: true });
const flags = ['--cpu-prof', `--cpu-prof-dir=${dir}`];

buildDist();
const { McpClient } = await importDist<ClientModule>('src/client/index.js');
const { nodeHttpTransport, spawnStdio } = await importDist<TransportModule>('src/node.js');
let client: InstanceType<ClientModule['McpClient']>;
let stop: () => Promise<void>;
if (mode === 'stdio') {
  client = await McpClient.connect(spawnStdio(process.execPath, [...flags, SERVERS.mcpwireStdio], { stderr: 'inherit' }));
  stop = () => client.close(); // stdin closes, the server exits and writes its profile
} else {
  const { child, url } = await startHttpServer(SERVERS.mcpwireHttp, mode === 'http-json' ? ['--json'] : [], flags);
  client = await McpClient.connect(nodeHttpTransport(url));
  stop = async () => { await client.close(); await stopChild(child); };
}
const call = (): Promise<unknown> => client.callTool(ADD_CALL.name, ADD_CALL.arguments);
if (shape !== 'in-flight') await sequential(call, calls);
if (shape !== 'sequential') await inFlight(call, calls, COUNTS.concurrency);
await stop();

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`No profile in ${dir}`);
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const frame = byNode.get(id)!.callFrame;
  const where = frame.url ? `${relative(ROOT, frame.url.replace('file://', ''))}:${frame.lineNumber + 1}` : '';
  const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
  const delta = profile.timeDeltas[index] ?? 0;
  selfMicros.set(key, (selfMicros.get(key) ?? 0) + delta);
  total += delta;
});
const top = [...selfMicros].sort((a, b) => b[1] - a[1]).slice(0, 40);
console.log(`${mode}, ${shape}: ${calls} calls each, ${(total / 1000).toFixed(0)} ms sampled; self time per function (profile: ${relative(ROOT, join(dir, file))})`);
for (const [key, micros] of top) console.log(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`);
