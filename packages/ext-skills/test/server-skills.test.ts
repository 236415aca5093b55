// Skills (SEP-2640) on the server: skillsExtension() installs io.modelcontextprotocol/skills through
// server.extension(), as any extension is installed, and serves skills/list, skills/get, resources/directory/read and each file
// as a resource, with the digests and sizes in the entry; a skill that breaks a rule is refused.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { McpClient } from '../../../src/client/index.js';
import { ProtocolError } from '../../../src/jsonrpc/index.js';
import { McpServer, ToolServer } from '../../../src/server/index.js';
import { skillsExtension } from '../src/index.js';
import type { McpServerOptions } from '../../../src/server/index.js';
import type { SkillDefinition } from '../src/index.js';
import { createLinkedPair } from '../../../src/transport/index.js';
import { listSkills } from '../src/client/skills-client.js';

const MANIFEST = '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n';
const FORMS = 'Supporting content.\n';
const PDF: SkillDefinition = { path: 'pdf-processing', files: { 'SKILL.md': MANIFEST, 'references/FORMS.md': FORMS, 'logo.png': new Uint8Array([0x89, 0x50, 0xff]) } };
const sha256 = (content: string | Uint8Array) => `sha256:${createHash('sha256').update(content).digest('hex')}`;

/** A server with the Skills extension installed, and the extension that adds its skills. */
function skillsServer(options: McpServerOptions = {}) {
  const server = new McpServer({ name: 'skills', version: '1' }, options);
  const skills = skillsExtension();
  server.extension(skills);
  return { server, skills };
}

async function connected(server: McpServer, era: '2025-11-25' | '2026-07-28' = '2025-11-25'): Promise<McpClient> {
  const [clientSide, serverSide] = createLinkedPair();
  await server.connect(serverSide);
  return McpClient.connect(clientSide, { era });
}

test('a skill is declared, listed with every file digested and sized, got by URI, and its files read as resources', async () => {
  const { server, skills } = skillsServer();
  await skills.add(PDF);
  const client = await connected(server);
  assert.deepEqual(client.serverCapabilities.extensions, { 'io.modelcontextprotocol/skills': { directoryRead: true } });
  const entry = {
    uri: 'skill://pdf-processing/SKILL.md',
    frontmatter: { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
    resources: [
      { uri: 'skill://pdf-processing/SKILL.md', digest: sha256(MANIFEST), size: Buffer.byteLength(MANIFEST) },
      { uri: 'skill://pdf-processing/logo.png', digest: sha256(new Uint8Array([0x89, 0x50, 0xff])), size: 3 },
      { uri: 'skill://pdf-processing/references/FORMS.md', digest: sha256(FORMS), size: Buffer.byteLength(FORMS) },
    ],
  };
  assert.deepEqual(await client.request('skills/list', {}), { skills: [entry] });
  assert.deepEqual(await client.request('skills/get', { uri: entry.uri }), { skill: entry });
  // Only SKILL.md is listed, named and described by its frontmatter; the other files are read by URI.
  assert.deepEqual(await client.listResources(), [
    { uri: entry.uri, name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', mimeType: 'text/markdown', size: Buffer.byteLength(MANIFEST) },
  ]);
  assert.deepEqual(await client.readResource('skill://pdf-processing/references/FORMS.md'), {
    contents: [{ uri: 'skill://pdf-processing/references/FORMS.md', mimeType: 'text/markdown', text: FORMS }],
  });
  assert.deepEqual(await client.readResource('skill://pdf-processing/logo.png'), {
    contents: [{ uri: 'skill://pdf-processing/logo.png', mimeType: 'image/png', blob: Buffer.from([0x89, 0x50, 0xff]).toString('base64') }],
  });
  assert.deepEqual(await client.request('resources/directory/read', { uri: 'skill://pdf-processing' }), {
    resources: [
      { uri: 'skill://pdf-processing/references', name: 'references', mimeType: 'inode/directory' },
      { uri: 'skill://pdf-processing/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown', size: Buffer.byteLength(MANIFEST) },
      { uri: 'skill://pdf-processing/logo.png', name: 'logo.png', mimeType: 'image/png', size: 3 },
    ],
  });
  await assert.rejects(client.request('skills/get', { uri: 'skill://nope/SKILL.md' }),
    new ProtocolError(-32602, 'Unknown skill: skill://nope/SKILL.md is not a skill this server serves', { uri: 'skill://nope/SKILL.md' }));
  await assert.rejects(client.request('resources/directory/read', { uri: entry.uri }),
    new ProtocolError(-32602, `Not a directory: ${entry.uri} is no folder of a skill this server serves`, { uri: entry.uri }));
  await client.close();
});

test('2026-07-28: skills/list, skills/get and resources/directory/read carry ttlMs and cacheScope, as cacheable results', async () => {
  const { server, skills } = skillsServer({ cacheHint: { ttlMs: 5000, cacheScope: 'public' } });
  await skills.add({ path: 'acme/greeting', files: { 'SKILL.md': '---\nname: greeting\ndescription: Greets\n---\n' } });
  const client = await connected(server, '2026-07-28');
  for (const [method, params] of [['skills/list', {}], ['skills/get', { uri: 'skill://acme/greeting/SKILL.md' }], ['resources/directory/read', { uri: 'skill://acme/greeting' }]] as const) {
    const result = await client.request(method, params);
    assert.deepEqual([result.ttlMs, result.cacheScope, result.resultType], [5000, 'public', 'complete'], method);
  }
  await client.close();
});

test('pages: skills/list and resources/directory/read follow the server pageSize, each entry whole on one page', async () => {
  const { server, skills } = skillsServer({ pageSize: 1 });
  await skills.add(PDF);
  await skills.add({ path: 'acme/greeting', files: { 'SKILL.md': '---\nname: greeting\ndescription: Greets\n---\n' } });
  const client = await connected(server);
  const first = await client.request('skills/list', {});
  assert.equal((first.skills as unknown[]).length, 1);
  const second = await client.request('skills/list', { cursor: first.nextCursor });
  assert.deepEqual([(second.skills as { uri: string }[])[0]!.uri, second.nextCursor], ['skill://acme/greeting/SKILL.md', undefined]);
  assert.deepEqual((await listSkills(client)).map((skill) => skill.uri), ['skill://pdf-processing/SKILL.md', 'skill://acme/greeting/SKILL.md']);
  const page = await client.request('resources/directory/read', { uri: 'skill://pdf-processing' });
  assert.deepEqual([(page.resources as unknown[]).length, typeof page.nextCursor], [1, 'string']);
  await client.close();
});

test('a removed skill is gone from skills/list, skills/get and resources; a disabled one hides and comes back', async () => {
  const { server, skills } = skillsServer();
  const handle = await skills.add(PDF);
  const client = await connected(server);
  handle.disable();
  assert.deepEqual(await client.request('skills/list', {}), { skills: [] });
  await assert.rejects(client.readResource('skill://pdf-processing/SKILL.md'), { code: -32002 });
  handle.enable();
  assert.equal(((await client.request('skills/list', {})).skills as unknown[]).length, 1);
  handle.remove();
  assert.deepEqual(await client.request('skills/list', {}), { skills: [] });
  await assert.rejects(client.request('skills/get', { uri: 'skill://pdf-processing/SKILL.md' }), { code: -32602 });
  await client.close();
});

test('a skill that breaks the extension rules is refused, naming the skill and the rule, and nothing of it is served', async () => {
  const { server, skills } = skillsServer();
  const skillMd = (name: string, extra = '') => `---\nname: ${name}\ndescription: d\n${extra}---\n`;
  const refusals: [SkillDefinition, string][] = [
    [{ path: 'Bad_Name', files: { 'SKILL.md': skillMd('Bad_Name') } }, '"Bad_Name" is not a skill name: 1-64 lowercase letters, digits and hyphens, no hyphen first, last or twice in a row'],
    [{ path: 'a/../b', files: { 'SKILL.md': skillMd('b') } }, '"a/../b" is not a skill path: each "/"-separated segment is letters, digits, ".", "_", "~" or "-"'],
    [{ path: 'x', files: { 'README.md': 'hi' } }, 'it has no SKILL.md at its root'],
    [{ path: 'x', files: { 'SKILL.md': skillMd('y') } }, 'its frontmatter name "y" is not its path\'s last segment "x"'],
    [{ path: 'x', files: { 'SKILL.md': '---\nname: x\n---\n' } }, 'its frontmatter has no "description" (a non-empty string)'],
    [{ path: 'x', files: { 'SKILL.md': 'no frontmatter' } }, 'SKILL.md does not begin with a frontmatter block between two "---" lines'],
    [{ path: 'x', files: { 'SKILL.md': skillMd('x'), '../escape.md': 'e' } }, '"../escape.md" has an empty, "." or ".." segment'],
    [{ path: 'x', files: { 'SKILL.md': skillMd('x'), '/etc/passwd': 'e' } }, '"/etc/passwd" is not a relative "/"-separated path'],
    [{ path: 'x', files: { 'SKILL.md': skillMd('x', 'metadata:\n  io.modelcontextprotocol/x: 1\n') } }, 'frontmatter metadata keys under "io.modelcontextprotocol/" are reserved for MCP extensions'],
    [{ path: 'x', files: Object.fromEntries([['SKILL.md', skillMd('x')], ...Array.from({ length: 512 }, (_, i) => [`f${i}.txt`, ''])]) }, 'it has 513 files; at most 512 are served'],
    [{ path: 'x', files: { 'SKILL.md': skillMd('x'), 'big.bin': new Uint8Array(16 * 1024 * 1024) } }, 'its files hold more than 16777216 bytes'],
  ];
  for (const [definition, why] of refusals) {
    await assert.rejects(skills.add(definition), new Error(`The skill "${definition.path}" cannot be served: ${why}`));
  }
  await skills.add({ path: 'x', files: { 'SKILL.md': skillMd('x') } });
  await assert.rejects(skills.add({ path: 'x', files: { 'SKILL.md': skillMd('x') } }), new Error('A skill at "skill://x/SKILL.md" is already registered'));
  const client = await connected(server);
  assert.deepEqual((await listSkills(client)).map((skill) => skill.uri), ['skill://x/SKILL.md']);
  assert.deepEqual((await client.listResources()).map((resource) => resource.uri), ['skill://x/SKILL.md']);
  await client.close();
});

test('the Skills extension refuses a skill before it is installed, a ToolServer (no resources) and a second server, naming what to do', async () => {
  const skills = skillsExtension();
  await assert.rejects(skills.add(PDF), new Error('Install the Skills extension before adding a skill: server.extension(skills), then skills.add(...)'));
  const tools = new ToolServer({ name: 'tools', version: '1' });
  assert.throws(() => tools.extension(skills), new Error('The Skills extension serves its files as resources: install it on an McpServer, not a ToolServer'));
  assert.deepEqual(tools.capabilities().extensions, undefined);
  new McpServer({ name: 'a', version: '1' }).extension(skills);
  assert.throws(() => new McpServer({ name: 'b', version: '1' }).extension(skills), new Error('This skillsExtension() is installed on another server already; make one per server'));
});

test('installed with no skill yet, the Skills extension is declared with resources (a server declaring it MUST declare resources)', async () => {
  const { server } = skillsServer();
  const client = await connected(server);
  assert.deepEqual([client.serverCapabilities.extensions, client.serverCapabilities.resources],
    [{ 'io.modelcontextprotocol/skills': { directoryRead: true } }, { subscribe: true, listChanged: true }]);
  assert.deepEqual([await listSkills(client), await client.listResources()], [[], []]);
  await client.close();
});
