// Reads a folder of Agent Skills from disk for the Skills extension (SEP-2640): every folder under the
// root that holds a SKILL.md is a skill, its path under the root the <skill-path>
// (`pdf-processing`, `acme/greeting`); a folder without one only groups. Bounded: skills, depth,
// files and bytes per skill (the extension's 512 files and 16 MiB), bytes in all. Nothing leaves
// the root: names come from readdir only (never a `..`), a symlink or special file anywhere is
// refused, and each file is opened with O_NOFOLLOW and sized by fstat before it is read. Hidden
// files and folders (.env, .git/) are not served unless SKILL.md names their path (namedPaths).
//   for (const skill of await readSkillFolders('./skills')) await skills.add(skill);

import { constants } from 'node:fs';
import { lstat, open, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { McpwireError, refuseUnknownOptions } from 'mcpwire/jsonrpc';
import { SKILL_LIMITS, SKILL_MANIFEST } from '../protocol/skill-types.js';
import type { OptionKeys } from 'mcpwire/jsonrpc';

/** A skill as read from disk: the shape skillsExtension().add takes. */
export interface SkillFolder {
  path: string;
  files: Record<string, Uint8Array>;
}

/** Bounds of one read. */
export interface SkillFolderOptions {
  /** Skills at most (default 1000). */
  maxSkills?: number;
  /** Folder depth at most, under the root (default 8). */
  maxDepth?: number;
  /** Bytes at most, every skill together (default 256 MiB). */
  maxTotalBytes?: number;
}

/** A skill folder that cannot be served as it is on disk. */
export class SkillFolderError extends McpwireError {
  override readonly name = 'SkillFolderError';
  override readonly code = 'SKILL_FOLDER';
}

type Budget = { skills: number; bytes: number; options: Required<SkillFolderOptions> };

const SKILL_FOLDER_OPTIONS = { maxSkills: true, maxDepth: true, maxTotalBytes: true } as const satisfies OptionKeys<SkillFolderOptions>;

/** Every skill under `root`, sorted by path; throws SkillFolderError naming the first file or folder that breaks a rule. */
export async function readSkillFolders(root: string, options: SkillFolderOptions = {}): Promise<SkillFolder[]> {
  refuseUnknownOptions('readSkillFolders', options, SKILL_FOLDER_OPTIONS);
  const base = resolve(root);
  const stat = await lstat(base).catch(() => undefined);
  if (!stat?.isDirectory()) throw new SkillFolderError(`${base} is not a folder (a symlink to one is not followed)`);
  const budget: Budget = { skills: 0, bytes: 0, options: { maxSkills: 1000, maxDepth: 8, maxTotalBytes: 256 * 1024 * 1024, ...options } };
  const skills: SkillFolder[] = [];
  await findSkills(base, [], budget, skills);
  return skills.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function findSkills(folder: string, segments: string[], budget: Budget, skills: SkillFolder[]): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true });
  if (segments.length > 0 && entries.some((entry) => entry.name === SKILL_MANIFEST && entry.isFile())) {
    if (++budget.skills > budget.options.maxSkills) throw new SkillFolderError(`More than ${budget.options.maxSkills} skills under the root`);
    skills.push({ path: segments.join('/'), files: await readSkill(folder, budget, segments.join('/')) });
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const where = join(folder, entry.name);
    if (entry.isSymbolicLink()) throw new SkillFolderError(`${where} is a symlink; skill folders are read without following links`);
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue; // loose files and hidden folders beside skills
    if (segments.length + 1 > budget.options.maxDepth) throw new SkillFolderError(`${where} is deeper than ${budget.options.maxDepth} folders`);
    await findSkills(where, [...segments, entry.name], budget, skills);
  }
}

/** What reading one skill keeps: its files so far, their bytes, its SKILL.md and the paths it names. */
type SkillRead = { skill: string; files: Record<string, Uint8Array>; bytes: number; manifest: Uint8Array; named: Set<string> };

/** One skill's files: SKILL.md first (it says which hidden paths to serve), then the folder in name order. */
async function readSkill(folder: string, budget: Budget, skill: string): Promise<Record<string, Uint8Array>> {
  const manifest = await readBounded(join(folder, SKILL_MANIFEST), skill, budget, 0);
  const read: SkillRead = { skill, files: {}, bytes: manifest.byteLength, manifest, named: namedPaths(new TextDecoder().decode(manifest)) };
  await readTree(folder, [], budget, read);
  return read.files;
}

async function readTree(folder: string, inner: string[], budget: Budget, read: SkillRead): Promise<void> {
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const where = join(folder, entry.name);
    const path = [...inner, entry.name].join('/');
    if (inner.length === 0 && entry.name === SKILL_MANIFEST && entry.isFile()) { read.files[path] = read.manifest; continue; }
    // .env, .git/, editor and OS droppings: a hidden path is served only when SKILL.md names it.
    if (isHidden(path) && !(read.named.has(path) || (entry.isDirectory() && [...read.named].some((named) => named.startsWith(`${path}/`))))) continue;
    if (entry.isSymbolicLink()) throw new SkillFolderError(`${where} is a symlink; a skill's files are read without following links`);
    if (entry.isDirectory()) {
      if (inner.length + 1 > budget.options.maxDepth) throw new SkillFolderError(`${where} is deeper than ${budget.options.maxDepth} folders`);
      await readTree(where, [...inner, entry.name], budget, read);
      continue;
    }
    if (!entry.isFile()) throw new SkillFolderError(`${where} is neither a file nor a folder`);
    if (Object.keys(read.files).length + (read.files[SKILL_MANIFEST] ? 0 : 1) >= SKILL_LIMITS.files) throw new SkillFolderError(`The skill "${read.skill}" has more than ${SKILL_LIMITS.files} files`);
    const bytes = await readBounded(where, read.skill, budget, read.bytes);
    read.bytes += bytes.byteLength;
    read.files[path] = bytes;
  }
}

/** A path with a segment that starts with a dot. */
function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

/**
 * The relative paths SKILL.md names, as Agent Skills refer to their files: a Markdown link target
 * (`[the form](references/FORMS.md)`) or a code span (`scripts/extract.py`); a leading `./` is dropped.
 */
function namedPaths(markdown: string): Set<string> {
  const targets = [...markdown.matchAll(/\]\(<?([^)\s>]+)>?(?:\s[^)]*)?\)/g), ...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return new Set(targets.map((target) => target.replace(/^(\.\/)+/, '')).filter((target) => !/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(target)));
}

/** One regular file, opened without following a link and sized before it is read. */
async function readBounded(where: string, skill: string, budget: Budget, skillBytes: number): Promise<Uint8Array> {
  const handle = await open(where, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0)).catch((error: NodeJS.ErrnoException) => {
    throw new SkillFolderError(`${where} cannot be opened (${error.code ?? error.message}); a link is not followed`);
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new SkillFolderError(`${where} is not a regular file`);
    if (skillBytes + stat.size > SKILL_LIMITS.bytes) throw new SkillFolderError(`The skill "${skill}" holds more than ${SKILL_LIMITS.bytes} bytes`);
    if (budget.bytes + stat.size > budget.options.maxTotalBytes) throw new SkillFolderError(`The skills hold more than ${budget.options.maxTotalBytes} bytes in all`);
    const bytes = new Uint8Array(stat.size);
    let offset = 0;
    // Reads no more than fstat said, however the file grows meanwhile.
    while (offset < bytes.length) {
      const { bytesRead } = await handle.read(bytes, offset, bytes.length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    budget.bytes += offset;
    return offset === bytes.length ? bytes : bytes.subarray(0, offset);
  } finally {
    await handle.close();
  }
}
