// Skills (SEP-2640) across implementations, both eras, over stdio (real child processes):
// the official SDK v2 skills client (@modelcontextprotocol/client 2.4.0, ./ext/skills: SkillsClient)
// lists, gets and reads mcpwire's skills (examples/skills-server.ts), verifying every file; and
// mcpwire's McpClient does the same against the SDK v2 skills server (@modelcontextprotocol/server
// 2.4.0, ./ext/skills, test/fixtures/sdk-v2-skills-server.ts). Both serve examples/skills/, so the
// entries must be the same values either way.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { SkillVerificationError as SdkSkillVerificationError, SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { McpClient } from '../../src/client/index.js';
import { SkillVerificationError } from '../../packages/ext-skills/src/index.js';
import { spawnStdio } from '../../src/node.js';
import { getSkill, listSkills, readSkillFile } from '../../packages/ext-skills/src/client/skills-client.js';

const OUR_SERVER = fileURLToPath(new URL('../../examples/skills-server.ts', import.meta.url));
const SDK_SERVER = fileURLToPath(new URL('../fixtures/sdk-v2-skills-server.ts', import.meta.url));
const text = (path: string) => readFileSync(fileURLToPath(new URL(`../../examples/skills/${path}`, import.meta.url)), 'utf8');
const file = (path: string) => ({ uri: `skill://${path}`, digest: `sha256:${createHash('sha256').update(text(path)).digest('hex')}`, size: Buffer.byteLength(text(path)) });

/** The two example skills' entries, as both servers must list them. */
const ENTRIES = [
  {
    uri: 'skill://acme/greeting/SKILL.md',
    frontmatter: { name: 'greeting', description: 'Greets the user in their own language, then asks how to help' },
    resources: [file('acme/greeting/SKILL.md')],
  },
  {
    uri: 'skill://pdf-processing/SKILL.md',
    frontmatter: { name: 'pdf-processing', description: 'Extract text and tables from PDF files, fill forms, merge documents', license: 'MIT', metadata: { author: 'mcpwire', version: '1.0' } },
    resources: [file('pdf-processing/SKILL.md'), file('pdf-processing/references/FORMS.md')],
  },
];

for (const era of ['legacy', 'modern'] as const) {
  test(`the SDK v2 SkillsClient lists, gets and reads mcpwire's skills, each file verified (${era})`, async (t: TestContext) => {
    const client = new Client({ name: 'sdk-v2-skills-host', version: '2.4.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {});
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', OUR_SERVER] }));
    t.after(() => client.close());
    assert.equal(client.getNegotiatedProtocolVersion(), era === 'modern' ? '2026-07-28' : '2025-11-25');
    const skills = new SkillsClient(client);
    assert.deepEqual([skills.supported, skills.directoryRead], [true, true]);
    const listing = await skills.list();
    assert.deepEqual([listing.skills, listing.invalid], [ENTRIES, []]);
    if (era === 'modern') assert.deepEqual([listing.ttlMs, listing.cacheScope], [0, 'private']);
    const { skill } = await skills.get('skill://pdf-processing/SKILL.md');
    assert.deepEqual(skill, ENTRIES[1]);
    const manifest = await skills.read(skill);
    assert.deepEqual([manifest.verified, manifest.text, manifest.frontmatter], [true, text('pdf-processing/SKILL.md'), ENTRIES[1]!.frontmatter]);
    const forms = await skills.read(skill, 'references/FORMS.md');
    assert.deepEqual([forms.uri, forms.verified, forms.text], ['skill://pdf-processing/references/FORMS.md', true, text('pdf-processing/references/FORMS.md')]);
    await assert.rejects(skills.read(skill, 'secrets.txt'), (error: unknown) => error instanceof SdkSkillVerificationError && error.reason === 'unlisted');
    const directory = await skills.readDirectory('skill://pdf-processing');
    assert.deepEqual(new Set(directory.resources.map((child) => `${child.uri} ${child.mimeType}`)),
      new Set(['skill://pdf-processing/references inode/directory', 'skill://pdf-processing/SKILL.md text/markdown']));
  });
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`mcpwire's McpClient lists, gets and reads the SDK v2 skills server's skills, each file verified (${era})`, async (t: TestContext) => {
    const client = await McpClient.connect(spawnStdio(process.execPath, ['--import', 'tsx', SDK_SERVER]), { era });
    t.after(() => client.close());
    assert.deepEqual([client.protocolVersion, client.serverExtension('io.modelcontextprotocol/skills')], [era, { directoryRead: true }]);
    const skills = await listSkills(client);
    assert.deepEqual(skills, ENTRIES);
    const pdf = await getSkill(client, skills[1]!);
    assert.deepEqual([pdf.verified, pdf.text, pdf.frontmatter], [true, text('pdf-processing/SKILL.md'), ENTRIES[1]!.frontmatter]);
    assert.deepEqual((await getSkill(client, 'skill://acme/greeting/SKILL.md')).skill, ENTRIES[0]);
    const forms = await readSkillFile(client, pdf.skill, 'references/FORMS.md');
    assert.deepEqual([forms.verified, forms.text], [true, text('pdf-processing/references/FORMS.md')]);
    await assert.rejects(readSkillFile(client, pdf.skill, 'secrets.txt'), (error: unknown) => error instanceof SkillVerificationError && error.reason === 'unlisted');
  });
}
