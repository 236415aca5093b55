// The host side of Skills (SEP-2640): list a server's skills, get one, and read its files, each
// verified against the skill's entry before anything uses it (integrity-and-verification). No
// file is read ahead of need: listing reads none, and a skill's files are read only when the
// caller asks for that skill (lazy retrieval: not on connection, not on listing).

import { McpwireError } from 'mcpwire/jsonrpc';
import type { Params } from 'mcpwire/jsonrpc';
import { SKILL_DIGEST, SKILL_LIMITS, SKILL_METHODS, skillDigest, skillNameOf } from '../protocol/skill-types.js';
import { SkillFrontmatterError, parseFrontmatter, splitFrontmatter } from '../protocol/skill-frontmatter.js';
import type { ReadResourceResult } from 'mcpwire/protocol';
import type { Skill, SkillResourceEntry } from '../protocol/skill-types.js';

/** Why a skill file was refused. */
export type SkillVerificationReason = 'unlisted' | 'size' | 'digest' | 'frontmatter';

/** A skill file that failed verification against its entry: it MUST NOT be used (for SKILL.md, the skill MUST NOT be loaded). */
export class SkillVerificationError extends McpwireError {
  override readonly name = 'SkillVerificationError';
  override readonly code = 'SKILL_VERIFICATION';
  readonly reason: SkillVerificationReason;
  readonly uri: string;
  constructor(reason: SkillVerificationReason, uri: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
    this.uri = uri;
  }
}

/** A `skills/list` or `skills/get` entry that breaks the extension's rules. */
export class SkillEntryError extends McpwireError {
  override readonly name = 'SkillEntryError';
  override readonly code = 'SKILL_ENTRY';
}

/** A skill file, read and verified. */
export interface SkillFile {
  uri: string;
  mimeType?: string;
  /** Exactly the bytes the entry's digest covers. */
  bytes: Uint8Array;
  /** The content as text, when the server sent text. */
  text?: string;
  /** False only for a `"dynamic"` skill, which publishes no digests to check. */
  verified: boolean;
}

/** A skill, loaded: its entry and its SKILL.md, verified, with the frontmatter and the markdown after it. */
export interface LoadedSkill extends SkillFile {
  skill: Skill;
  text: string;
  frontmatter: Record<string, unknown>;
  body: string;
}

/** What the reader needs of a client. */
export type SkillRequester = (method: string, params: Params) => Promise<Params>;

/** Why `value` is not a skill entry, or undefined when it is one. */
export function skillEntryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'an entry is not an object';
  const { uri, frontmatter, resources } = value as Record<string, unknown>;
  if (typeof uri !== 'string' || uri.length === 0) return 'its "uri" is not a non-empty string';
  if (typeof frontmatter !== 'object' || frontmatter === null || Array.isArray(frontmatter)) return `${uri}: "frontmatter" is not an object`;
  const { name, description } = frontmatter as Record<string, unknown>;
  if (typeof name !== 'string' || name === '' || typeof description !== 'string' || description === '') return `${uri}: the frontmatter lacks "name" or "description"`;
  if (skillNameOf(uri) !== name) return `${uri}: the URI's last skill-path segment is not the frontmatter name "${name}"`;
  if (resources === 'dynamic') return undefined;
  if (!Array.isArray(resources)) return `${uri}: "resources" is neither an array nor "dynamic"`;
  if (resources.length > SKILL_LIMITS.files) return `${uri}: ${resources.length} files, more than ${SKILL_LIMITS.files}`;
  const seen = new Set<string>();
  for (const entry of resources as unknown[]) {
    const file = entry as Partial<SkillResourceEntry> | null;
    if (typeof file?.uri !== 'string' || typeof file.digest !== 'string' || !SKILL_DIGEST.test(file.digest)) return `${uri}: a file has no uri or no sha256:{64 hex} digest`;
    if (typeof file.size !== 'number' || !Number.isSafeInteger(file.size) || file.size < 0) return `${uri}: ${file.uri} has no size (a non-negative integer)`;
    if (seen.has(file.uri)) return `${uri}: ${file.uri} is listed twice`;
    seen.add(file.uri);
  }
  if (!seen.has(uri)) return `${uri}: "resources" does not list the SKILL.md itself`;
  return undefined;
}

/** `entry`, checked; throws SkillEntryError naming what is wrong. */
export function checkedSkill(entry: unknown): Skill {
  const problem = skillEntryProblem(entry);
  if (problem !== undefined) throw new SkillEntryError(`Invalid skill entry: ${problem}`);
  return entry as Skill;
}

/** `skills/get` of one SKILL.md URI; the entry must be valid and be that skill. */
export async function getSkillEntry(request: SkillRequester, uri: string): Promise<Skill> {
  const skill = checkedSkill((await request(SKILL_METHODS.get, { uri })).skill);
  if (skill.uri !== uri) throw new SkillEntryError(`Invalid skill entry: skills/get for ${uri} answered with ${skill.uri}`);
  return skill;
}

/** Reads a file of `skill` (`path` relative to its root, default SKILL.md) and verifies it against the entry. */
export async function readSkillFile(request: SkillRequester, skill: Skill, path?: string): Promise<SkillFile> {
  const root = skill.uri.slice(0, skill.uri.length - 'SKILL.md'.length);
  const uri = path === undefined ? skill.uri : `${root}${path.replace(/^\/+/, '')}`;
  const listed = skill.resources === 'dynamic' ? undefined : skill.resources.find((file) => sameUri(file.uri, uri));
  if (skill.resources !== 'dynamic' && listed === undefined) {
    throw new SkillVerificationError('unlisted', uri, `${uri} is not a file of the skill ${skill.uri}: it is not read`);
  }
  const result = await request('resources/read', { uri: listed?.uri ?? uri }) as ReadResourceResult;
  const contents = (result.contents?.find((content) => content.uri === (listed?.uri ?? uri)) ?? result.contents?.[0]) as { text?: unknown; blob?: unknown; mimeType?: string } | undefined;
  if (contents === undefined) throw new SkillVerificationError('size', uri, `${uri}: resources/read returned no contents`);
  const text = typeof contents.text === 'string' ? contents.text : undefined;
  const bytes = text !== undefined ? new TextEncoder().encode(text) : decodeBase64(typeof contents.blob === 'string' ? contents.blob : '', uri, listed?.size);
  if (listed !== undefined) {
    // A size mismatch is a verification failure equal to a digest mismatch, found without hashing.
    if (bytes.byteLength !== listed.size) throw new SkillVerificationError('size', uri, `${uri} has ${bytes.byteLength} bytes; its entry says ${listed.size}: refused`);
    const digest = await skillDigest(bytes);
    if (digest !== listed.digest) throw new SkillVerificationError('digest', uri, `${uri} has digest ${digest}; its entry says ${listed.digest}: refused`);
  }
  const file: SkillFile = { uri, bytes, verified: listed !== undefined };
  if (contents.mimeType !== undefined) file.mimeType = contents.mimeType;
  if (text !== undefined) file.text = text;
  return file;
}

/** Loads a skill: reads its SKILL.md, verified, and compares the frontmatter field by field with the entry's. */
export async function loadSkill(request: SkillRequester, skill: Skill): Promise<LoadedSkill> {
  const file = await readSkillFile(request, skill);
  if (file.text === undefined) throw new SkillVerificationError('frontmatter', skill.uri, `${skill.uri} was not sent as text`);
  let frontmatter: Record<string, unknown>;
  try {
    frontmatter = parseFrontmatter(file.text);
  } catch (error) {
    if (!(error instanceof SkillFrontmatterError)) throw error;
    throw new SkillVerificationError('frontmatter', skill.uri, `${skill.uri}: ${error.message}: the skill is not loaded`);
  }
  const entry = skill.frontmatter as Record<string, unknown>;
  const differing = [...new Set([...Object.keys(frontmatter), ...Object.keys(entry)])]
    .filter((key) => !sameJson(Object.hasOwn(frontmatter, key) ? frontmatter[key] : null, Object.hasOwn(entry, key) ? entry[key] : null));
  if (differing.length > 0) {
    throw new SkillVerificationError('frontmatter', skill.uri, `${skill.uri}: the file's frontmatter differs from its entry in ${differing.map((key) => JSON.stringify(key)).join(', ')}: the skill is not loaded`);
  }
  return { ...file, skill, text: file.text, frontmatter, body: splitFrontmatter(file.text)!.body };
}

/** Equal JSON values (the frontmatter is parsed YAML: objects, arrays, strings, numbers, booleans, null). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => Object.hasOwn(b, key) && sameJson((a as Params)[key], (b as Params)[key]));
}

/** Equal URIs, however either side percent-encodes a file's name. */
function sameUri(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return false; // a malformed escape matches only itself
  }
}

function decodeBase64(blob: string, uri: string, expected: number | undefined): Uint8Array {
  // Bounded before decoding: a blob far longer than the entry's size is refused unread.
  const limit = expected ?? SKILL_LIMITS.bytes;
  if (blob.length > Math.ceil(limit / 3) * 4 + 4) throw new SkillVerificationError('size', uri, `${uri} is longer than its entry's ${limit} bytes: refused`);
  let binary: string;
  try {
    binary = atob(blob);
  } catch {
    throw new SkillVerificationError('digest', uri, `${uri}: the blob is not base64: refused`);
  }
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
