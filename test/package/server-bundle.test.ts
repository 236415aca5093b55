// What the one-tool McpServer over stdio (bench/servers/one-tool-mcp-server.ts) carries once
// bundled and minified for Node, as `npm run bench` measures it: no extension's code. Skills come
// only with skillsExtension() (examples/skills-server.ts imports it), so McpServer alone carries
// none of the Skills registry, entry builder or frontmatter parser; and none of the glue of 2025
// sessions shared by instances, which only the HTTP endpoint's shareSessions(store) brings.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The source files with bytes in the minified Node bundle of `entry`, by file name. */
async function bundled(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))], bundle: true, minify: true, platform: 'node', format: 'esm',
    write: false, metafile: true, logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path.slice(path.lastIndexOf('/') + 1)).sort();
}

const skillFiles = (files: string[]) => files.filter((name) => /skill/i.test(name));

test('a one-tool McpServer bundle carries no Skills code; a server that installs skillsExtension() does', async () => {
  assert.deepStrictEqual({
    oneTool: skillFiles(await bundled('../../bench/servers/one-tool-mcp-server.ts')),
    skills: skillFiles(await bundled('../../examples/skills-server.ts')),
  }, {
    oneTool: [],
    skills: ['skill-entry.ts', 'skill-folders.ts', 'skill-frontmatter.ts', 'skill-registry.ts', 'skill-types.ts', 'skills-extension.ts', 'skills-server.ts'],
  });
});

test('a one-tool McpServer bundle carries none of the shared-session glue (its bus events are shareSessions\' own)', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../bench/servers/one-tool-mcp-server.ts', import.meta.url))], bundle: true, minify: true, platform: 'node',
    format: 'esm', write: false, logLevel: 'silent',
  });
  const text = result.outputFiles[0]!.text;
  assert.deepStrictEqual(['sessionState', 'sessionEnded', 'sessionMessage', 'receiveForwarded'].filter((word) => text.includes(word)), []);
});
