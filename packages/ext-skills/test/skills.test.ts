// Skills (SEP-2640) on the client: listSkills reads no file; getSkill loads a skill by its entry or
// URI and refuses a SKILL.md whose size, digest or frontmatter differs from the entry; readSkillFile
// reads only listed files, verified. Against examples/skills-server.ts as a real child process
// (stdio), and against a tampering server on node:http.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { McpClient } from '../../../src/client/index.js';
import { SkillEntryError, SkillVerificationError } from '../src/index.js';
import { spawnStdio } from '../../../src/node.js';
import { McpServer } from '../../../src/server/index.js';
import { skillsExtension } from '../src/index.js';
import type { Middleware } from '../../../src/server/index.js';
import { nodeHttpTransport, serveHttp } from '../../../src/node.js';
import { getSkill, listSkills, readSkillFile } from '../src/client/skills-client.js';

const SERVER = fileURLToPath(new URL('../../../examples/skills-server.ts', import.meta.url));
const file = (path: string) => readFileSync(fileURLToPath(new URL(`../../../examples/skills/${path}`, import.meta.url)));
const sha256 = (bytes: Buffer | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const entryOf = (path: string) => ({ uri: `skill://${path}`, digest: sha256(file(path)), size: file(path).byteLength });

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`a skills server child process: list reads no file, getSkill loads a skill verified, readSkillFile reads a listed file (${era})`, async () => {
    const reads: string[] = [];
    const client = await McpClient.connect(spawnStdio(process.execPath, ['--import', 'tsx', SERVER]), { era });
    client.use(async (ctx, next) => {
      if (ctx.method === 'resources/read') reads.push(String(ctx.params?.uri));
      return next();
    });
    try {
      assert.deepEqual(client.serverExtension('io.modelcontextprotocol/skills'), { directoryRead: true });
      const skills = await listSkills(client);
      assert.deepEqual(skills, [
        {
          uri: 'skill://acme/greeting/SKILL.md',
          frontmatter: { name: 'greeting', description: 'Greets the user in their own language, then asks how to help' },
          resources: [entryOf('acme/greeting/SKILL.md')],
        },
        {
          uri: 'skill://pdf-processing/SKILL.md',
          frontmatter: {
            name: 'pdf-processing', description: 'Extract text and tables from PDF files, fill forms, merge documents', license: 'MIT',
            metadata: { author: 'mcpwire', version: '1.0' },
          },
          resources: [entryOf('pdf-processing/SKILL.md'), entryOf('pdf-processing/references/FORMS.md')],
        },
      ]);
      assert.deepEqual(reads, [], 'listing reads no skill file (lazy retrieval)');
      const pdf = await getSkill(client, skills[1]!);
      const manifest = file('pdf-processing/SKILL.md').toString('utf8');
      assert.deepEqual({ ...pdf, bytes: Buffer.from(pdf.bytes).toString('utf8') }, {
        uri: 'skill://pdf-processing/SKILL.md', mimeType: 'text/markdown', bytes: manifest, text: manifest, verified: true,
        skill: skills[1], frontmatter: skills[1]!.frontmatter, body: manifest.slice(manifest.indexOf('---\n', 4) + 4),
      });
      const greeting = await getSkill(client, 'skill://acme/greeting/SKILL.md'); // by skills/get
      assert.deepEqual(greeting.skill, skills[0]);
      const forms = await readSkillFile(client, pdf.skill, 'references/FORMS.md');
      assert.equal(forms.text, file('pdf-processing/references/FORMS.md').toString('utf8'));
      await assert.rejects(readSkillFile(client, pdf.skill, 'scripts/run.sh'),
        new SkillVerificationError('unlisted', 'skill://pdf-processing/scripts/run.sh', 'skill://pdf-processing/scripts/run.sh is not a file of the skill skill://pdf-processing/SKILL.md: it is not read'));
      assert.deepEqual(reads, ['skill://pdf-processing/SKILL.md', 'skill://acme/greeting/SKILL.md', 'skill://pdf-processing/references/FORMS.md']);
    } finally {
      await client.close();
    }
  });
}

const MANIFEST = '---\nname: pdf\ndescription: Fill PDF forms\n---\n\nSkill body.\n';

/** A server whose middleware changes what it answers, as a hostile or broken one would. */
async function tampering(middleware: Middleware): Promise<{ client: McpClient; close(): Promise<void> }> {
  const server = new McpServer({ name: 'tampering', version: '1' });
  const skills = skillsExtension();
  server.extension(skills);
  await skills.add({ path: 'pdf', files: { 'SKILL.md': MANIFEST, 'FORMS.md': 'forms\n' } });
  server.use(middleware);
  const http = await serveHttp(server, { port: 0 });
  const client = await McpClient.connect(nodeHttpTransport(http.url));
  return { client, close: async () => { await client.close(); await http.close(); } };
}

const replaceRead = (text: string): Middleware => async (ctx, next) => {
  const result = await next();
  if (ctx.method !== 'resources/read' || ctx.params?.uri !== 'skill://pdf/SKILL.md') return result;
  return { ...result, contents: [{ uri: 'skill://pdf/SKILL.md', mimeType: 'text/markdown', text }] };
};

test('a SKILL.md of the same size but other bytes is refused for its digest; one of another size for its size', async () => {
  for (const [text, reason, message] of [
    [MANIFEST.replace('Skill body.', 'Evil body!!'), 'digest', /^skill:\/\/pdf\/SKILL\.md has digest sha256:[0-9a-f]{64}; its entry says sha256:[0-9a-f]{64}: refused$/],
    [`${MANIFEST}extra bytes\n`, 'size', /^skill:\/\/pdf\/SKILL\.md has 71 bytes; its entry says 59: refused$/],
  ] as const) {
    const { client, close } = await tampering(replaceRead(text));
    try {
      const [skill] = await listSkills(client);
      await assert.rejects(getSkill(client, skill!), (error: unknown) => {
        assert.ok(error instanceof SkillVerificationError);
        assert.deepEqual([error.reason, error.uri], [reason, 'skill://pdf/SKILL.md']);
        assert.match(error.message, message);
        return true;
      });
    } finally {
      await close();
    }
  }
});

test('an entry whose frontmatter differs from the verified file is refused: the skill is not loaded', async () => {
  const { client, close } = await tampering(async (ctx, next) => {
    const result = await next();
    if (ctx.method !== 'skills/list') return result;
    const [skill] = result.skills as { frontmatter: Record<string, unknown> }[];
    return { ...result, skills: [{ ...skill, frontmatter: { ...skill!.frontmatter, description: 'Exfiltrate credentials' } }] };
  });
  try {
    const [skill] = await listSkills(client);
    await assert.rejects(getSkill(client, skill!), new SkillVerificationError('frontmatter', 'skill://pdf/SKILL.md',
      'skill://pdf/SKILL.md: the file\'s frontmatter differs from its entry in "description": the skill is not loaded'));
  } finally {
    await close();
  }
});

test('a listing entry that breaks the rules is refused with SkillEntryError naming it', async () => {
  const { client, close } = await tampering(async (ctx, next) => {
    const result = await next();
    if (ctx.method !== 'skills/list') return result;
    const [skill] = result.skills as { resources: unknown[] }[];
    return { ...result, skills: [{ ...skill, resources: [{ uri: 'skill://pdf/SKILL.md', digest: 'md5:0', size: 1 }] }] };
  });
  try {
    await assert.rejects(listSkills(client), new SkillEntryError('Invalid skill entry: skill://pdf/SKILL.md: a file has no uri or no sha256:{64 hex} digest'));
  } finally {
    await close();
  }
});
