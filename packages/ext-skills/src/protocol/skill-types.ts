// Skills (SEP-2640, extension `io.modelcontextprotocol/skills`): a server serves Agent Skills, each a
// folder whose root holds SKILL.md, as resources at `skill://<skill-path>/<file>`. `skills/list`
// and `skills/get` give each skill's entry: the SKILL.md URI, its YAML frontmatter as JSON, and
// every file with its SHA-256 digest and size, so a host can verify what it later reads with
// `resources/read`. `resources/directory/read` (settings `directoryRead: true`) lists a folder.

import type { Resource } from 'mcpwire/protocol';

/** The extension's identifier, declared under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The extension's request methods. */
export const SKILL_METHODS = {
  /** Every skill the server serves, paginated. */
  list: 'skills/list',
  /** One skill's entry by its SKILL.md URI; an unknown URI is -32602. */
  get: 'skills/get',
  /** The direct children of a directory resource (gated by `directoryRead`). */
  directoryRead: 'resources/directory/read',
} as const;

/** The `mimeType` of a directory resource. */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/** The URI scheme servers SHOULD use for skill files. */
export const SKILL_SCHEME = 'skill://';

/** The manifest file at every skill's root. */
export const SKILL_MANIFEST = 'SKILL.md';

/** Per-skill interoperability limits: hosts MUST accept skills up to these, servers SHOULD NOT serve larger ones. */
export const SKILL_LIMITS = Object.freeze({ files: 512, bytes: 16 * 1024 * 1024 });

/** Frontmatter `metadata` keys under this prefix are reserved for MCP extensions (none is defined yet). */
export const RESERVED_METADATA_PREFIX = 'io.modelcontextprotocol/';

/** `sha256:` and 64 lowercase hexadecimal characters: the digest of a file's raw bytes. */
export const SKILL_DIGEST = /^sha256:[0-9a-f]{64}$/;

/** The settings at `capabilities.extensions["io.modelcontextprotocol/skills"]`. */
export interface SkillsSettings {
  /** The server answers `resources/directory/read`. */
  directoryRead?: boolean;
}

/** One file of a skill, with what a host needs to verify it. */
export interface SkillResourceEntry {
  uri: string;
  digest: string;
  /** Length in bytes of the file's raw content: the bytes the digest covers. */
  size: number;
}

/** A SKILL.md's frontmatter as JSON, verbatim; the Agent Skills specification requires these two. */
export interface SkillFrontmatter {
  name: string;
  description: string;
  [key: string]: unknown;
}

/** One skill, as `skills/list` and `skills/get` carry it. */
export interface Skill {
  /** The resource URI of the skill's SKILL.md. */
  uri: string;
  frontmatter: SkillFrontmatter;
  /** Every file of the skill, SKILL.md included, each once; or "dynamic": no manifest is published. */
  resources: SkillResourceEntry[] | 'dynamic';
  _meta?: Record<string, unknown>;
}

/** The result of `skills/list`. */
export interface ListSkillsResult {
  skills: Skill[];
  nextCursor?: string;
}

/** The result of `skills/get`. */
export interface GetSkillResult {
  skill: Skill;
}

/** A child of a directory resource; a subdirectory has mimeType `inode/directory`. */
export type DirectoryResource = Resource;

/** The result of `resources/directory/read`. */
export interface ReadResourceDirectoryResult {
  resources: DirectoryResource[];
  nextCursor?: string;
}

// Agent Skills naming rules: 1-64 characters, lowercase alphanumerics and hyphens, no leading,
// trailing or consecutive hyphen.
const SKILL_NAME = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
// Each <skill-path> segment: the first is the URI's authority, so RFC 3986 unreserved characters only.
const PATH_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** Why `name` is not a skill name, or undefined when it is one. */
export function skillNameProblem(name: string): string | undefined {
  if (SKILL_NAME.test(name)) return undefined;
  return `"${name}" is not a skill name: 1-64 lowercase letters, digits and hyphens, no hyphen first, last or twice in a row`;
}

/** Why `path` is not a skill path (`name` or `group/…/name`), or undefined when it is one. */
export function skillPathProblem(path: string): string | undefined {
  const segments = path.split('/');
  const bad = segments.find((segment) => !PATH_SEGMENT.test(segment) || segment === '.' || segment === '..');
  if (bad !== undefined) return `"${path}" is not a skill path: each "/"-separated segment is letters, digits, ".", "_", "~" or "-"`;
  return skillNameProblem(segments[segments.length - 1]!);
}

/** The SKILL.md URI of the skill at `path`. */
export function skillUri(path: string): string {
  return `${SKILL_SCHEME}${path}/${SKILL_MANIFEST}`;
}

/** The directory URI of a skill (its SKILL.md URI without `/SKILL.md`), or undefined for another URI. */
export function skillDirectoryOf(uri: string): string | undefined {
  const suffix = `/${SKILL_MANIFEST}`;
  return uri.endsWith(suffix) && uri.length > suffix.length ? uri.slice(0, -suffix.length) : undefined;
}

/** The skill's name as its URI says it: the last <skill-path> segment before `/SKILL.md`. */
export function skillNameOf(uri: string): string | undefined {
  const directory = skillDirectoryOf(uri);
  const scheme = directory?.indexOf('://') ?? -1;
  if (directory === undefined || scheme < 0) return undefined;
  const segments = directory.slice(scheme + 3).split('/').filter((segment) => segment.length > 0);
  return segments[segments.length - 1];
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** `sha256:{hex}` of `bytes` (Web Crypto: any runtime). */
export async function skillDigest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += HEX[byte];
  return `sha256:${hex}`;
}
