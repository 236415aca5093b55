// readSkillFolders (SEP-2640 skills from disk): every folder holding a SKILL.md is a skill at its
// path under the root; bounded in skills, depth and bytes; a symlink anywhere is refused, so
// nothing outside the root is ever read.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SkillFolderError, readSkillFolders } from '../src/node.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mcpwire-skills-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

test('each folder with a SKILL.md is a skill at its path; grouping folders, loose files and hidden folders are not', async () => {
  const root = tree({
    'pdf-processing/SKILL.md': 'a', 'pdf-processing/references/FORMS.md': 'b', 'acme/greeting/SKILL.md': 'c',
    'README.md': 'loose', '.git/config': 'hidden', 'acme/notes.txt': 'loose in a group',
  });
  try {
    assert.deepEqual(await readSkillFolders(root), [
      { path: 'acme/greeting', files: { 'SKILL.md': bytes('c') } },
      { path: 'pdf-processing', files: { 'SKILL.md': bytes('a'), 'references/FORMS.md': bytes('b') } },
    ]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test('a symlink, to a file or a folder, inside a skill or beside one, is refused: nothing outside the root is read', async () => {
  const outside = tree({ 'secret.txt': 'secret', 'other/SKILL.md': 'x' });
  for (const [link, target] of [['pdf/leak.txt', 'secret.txt'], ['pdf/refs', 'other'], ['linked-skill', 'other']] as const) {
    const root = tree({ 'pdf/SKILL.md': 'a' });
    try {
      symlinkSync(join(outside, target), join(root, link));
      const kind = link.startsWith('pdf/') ? 'a skill\'s files are' : 'skill folders are';
      await assert.rejects(readSkillFolders(root), new SkillFolderError(`${join(root, link)} is a symlink; ${kind} read without following links`));
    } finally {
      rmSync(root, { recursive: true });
    }
  }
  const linkedRoot = join(tmpdir(), `mcpwire-skills-link-${process.pid}`);
  symlinkSync(outside, linkedRoot);
  try {
    await assert.rejects(readSkillFolders(linkedRoot), new SkillFolderError(`${linkedRoot} is not a folder (a symlink to one is not followed)`));
  } finally {
    rmSync(linkedRoot);
    rmSync(outside, { recursive: true });
  }
});

test('bounds: skills, depth, files and bytes per skill, bytes in all', async () => {
  const root = tree({ 'a/SKILL.md': '12345', 'b/SKILL.md': '67890', 'c/d/e/f/SKILL.md': 'x' });
  try {
    await assert.rejects(readSkillFolders(root, { maxSkills: 2 }), new SkillFolderError('More than 2 skills under the root'));
    await assert.rejects(readSkillFolders(root, { maxTotalBytes: 9 }), new SkillFolderError('The skills hold more than 9 bytes in all'));
    await assert.rejects(readSkillFolders(root, { maxDepth: 3 }), new SkillFolderError(`${join(root, 'c/d/e/f')} is deeper than 3 folders`));
    assert.equal((await readSkillFolders(root)).length, 3);
  } finally {
    rmSync(root, { recursive: true });
  }
  const many = tree(Object.fromEntries([['s/SKILL.md', 'x'], ...Array.from({ length: 512 }, (_, i) => [`s/f${i}`, ''])]));
  try {
    await assert.rejects(readSkillFolders(many), new SkillFolderError('The skill "s" has more than 512 files'));
  } finally {
    rmSync(many, { recursive: true });
  }
  await assert.rejects(readSkillFolders(join(tmpdir(), 'mcpwire-no-such-folder')), SkillFolderError);
});

test('hidden files and folders inside a skill are skipped unless SKILL.md names their path (a link target or a code span)', async () => {
  const manifest = '---\nname: deploy\ndescription: d\n---\nSee [the settings](./.config/settings.json) and run `.tools/run.sh`.\n';
  const root = tree({
    'deploy/SKILL.md': manifest, 'deploy/scripts/run.py': 'run',
    'deploy/.env': 'API_KEY=secret', 'deploy/.git/config': '[remote]', 'deploy/scripts/.cache': 'c',
    'deploy/.config/settings.json': '{}', 'deploy/.config/other.json': 'not named', 'deploy/.tools/run.sh': 'sh',
  });
  try {
    // A symlink inside a hidden folder nobody names is never looked at, so it is not refused either.
    symlinkSync('/etc/passwd', join(root, 'deploy/.git/HEAD'));
    assert.deepStrictEqual(await readSkillFolders(root), [{
      path: 'deploy',
      files: { '.config/settings.json': bytes('{}'), '.tools/run.sh': bytes('sh'), 'SKILL.md': bytes(manifest), 'scripts/run.py': bytes('run') },
    }]);
  } finally {
    rmSync(root, { recursive: true });
  }
});
