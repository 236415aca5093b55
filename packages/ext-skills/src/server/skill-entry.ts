// One skill (SEP-2640) as a server serves it, built from its files: the entry `skills/list` and
// `skills/get` carry (SKILL.md URI, frontmatter, every file's digest and size), the files as
// `resources/read` contents, and the folders `resources/directory/read` lists. Everything the
// extension requires of an entry is checked here, once, when the skill is registered.

import {
  DIRECTORY_MIME_TYPE, RESERVED_METADATA_PREFIX, SKILL_LIMITS, SKILL_MANIFEST, SKILL_SCHEME, skillDigest, skillPathProblem, skillUri,
} from '../protocol/skill-types.js';
import type { DirectoryResource, Skill, SkillFrontmatter, SkillResourceEntry } from '../protocol/skill-types.js';
import { parseFrontmatter } from '../protocol/skill-frontmatter.js';
import type { BlobResourceContents, ReadResourceResult, TextResourceContents } from 'mcpwire/protocol';

/** A skill to serve: its `<skill-path>` (the last segment is its name) and its files by relative path. */
export interface SkillDefinition {
  /** `pdf-processing`, or `acme/pdf-processing`: the skill is served at `skill://<path>/SKILL.md`. */
  path: string;
  /** Relative path → content; `SKILL.md` is required. A string is UTF-8. */
  files: Readonly<Record<string, string | Uint8Array>>;
  /** `_meta` of the skill's entry (keys SHOULD use the `io.modelcontextprotocol.skills/` prefix). */
  _meta?: Record<string, unknown>;
}

/** One file of a built skill. */
export interface SkillFile {
  uri: string;
  /** Relative to the skill's root. */
  path: string;
  mimeType: string;
  size: number;
  /** The `resources/read` contents: text when the bytes are UTF-8 of a text type, else base64. */
  contents: TextResourceContents | BlobResourceContents;
}

/** A skill ready to serve. */
export interface BuiltSkill {
  definition: Skill;
  files: SkillFile[];
  /** Directory URI (the skill's root and each folder in it) → its direct children. */
  directories: Map<string, DirectoryResource[]>;
}

const MIME_TYPES: Record<string, string> = {
  md: 'text/markdown', txt: 'text/plain', json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml',
  py: 'text/x-python', sh: 'text/x-shellscript', js: 'text/javascript', ts: 'text/plain', html: 'text/html',
  css: 'text/css', csv: 'text/csv', xml: 'application/xml', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg',
  jpeg: 'image/jpeg', gif: 'image/gif', pdf: 'application/pdf',
};

/** The MIME type of a file by its extension; unknown ones are `application/octet-stream`. */
export function skillFileMimeType(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return (extension !== undefined && Object.hasOwn(MIME_TYPES, extension) ? MIME_TYPES[extension] : undefined) ?? 'application/octet-stream';
}

/** Why `path` cannot name a file inside a skill, or undefined when it can. */
export function skillFilePathProblem(path: string): string | undefined {
  // Relative, "/"-separated, no "." or ".." segment: a file can only be inside its skill's folder.
  if (path.length === 0 || path.length > 1024) return 'a file path is 1 to 1024 characters';
  if (path.startsWith('/') || path.includes('\\')) return `"${path}" is not a relative "/"-separated path`;
  if (/[\u0000-\u001f\u007f]/.test(path)) return `"${JSON.stringify(path)}" holds a control character`;
  if (path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return `"${path}" has an empty, "." or ".." segment`;
  return undefined;
}

const encoder = new TextEncoder();
// ignoreBOM: a BOM stays in the text, which must be exactly the bytes the digest covers.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Builds and checks a skill; throws an Error naming the skill and what is wrong. */
export async function buildSkill(definition: SkillDefinition): Promise<BuiltSkill> {
  const refuse = (what: string): never => { throw new Error(`The skill "${definition.path}" cannot be served: ${what}`); };
  const pathProblem = skillPathProblem(definition.path);
  if (pathProblem) refuse(pathProblem);
  const paths = Object.keys(definition.files);
  if (!paths.includes(SKILL_MANIFEST)) refuse(`it has no ${SKILL_MANIFEST} at its root`);
  // skill limits: servers SHOULD NOT serve more than 512 files or 16 MiB in one skill.
  if (paths.length > SKILL_LIMITS.files) refuse(`it has ${paths.length} files; at most ${SKILL_LIMITS.files} are served`);
  const root = `${SKILL_SCHEME}${definition.path}`;
  const files: SkillFile[] = [];
  let total = 0;
  for (const path of paths.sort()) {
    const problem = skillFilePathProblem(path);
    if (problem) refuse(problem);
    const content = definition.files[path]!;
    const bytes = typeof content === 'string' ? encoder.encode(content) : content;
    total += bytes.byteLength;
    if (total > SKILL_LIMITS.bytes) refuse(`its files hold more than ${SKILL_LIMITS.bytes} bytes`);
    const uri = `${root}/${path.split('/').map(encodeURIComponent).join('/')}`;
    files.push({ uri, path, mimeType: skillFileMimeType(path), size: bytes.byteLength, contents: contentsOf(uri, skillFileMimeType(path), bytes) });
  }
  const manifest = files.find((file) => file.path === SKILL_MANIFEST)!;
  if (!('text' in manifest.contents)) refuse(`${SKILL_MANIFEST} is not UTF-8 text`);
  let frontmatter: Record<string, unknown>;
  try {
    frontmatter = parseFrontmatter((manifest.contents as TextResourceContents).text);
  } catch (error) {
    return refuse((error as Error).message);
  }
  for (const field of ['name', 'description']) {
    if (typeof frontmatter[field] !== 'string' || frontmatter[field] === '') refuse(`its frontmatter has no "${field}" (a non-empty string)`);
  }
  const name = definition.path.split('/').pop();
  if (frontmatter.name !== name) refuse(`its frontmatter name "${String(frontmatter.name)}" is not its path's last segment "${name}"`);
  const metadata = frontmatter.metadata;
  if (typeof metadata === 'object' && metadata !== null && Object.keys(metadata).some((key) => key.startsWith(RESERVED_METADATA_PREFIX))) {
    refuse(`frontmatter metadata keys under "${RESERVED_METADATA_PREFIX}" are reserved for MCP extensions`);
  }
  const resources: SkillResourceEntry[] = await Promise.all(files.map(async (file) => ({
    uri: file.uri, digest: await skillDigest(bytesOf(definition.files[file.path]!)), size: file.size,
  })));
  const skill: Skill = { uri: skillUri(definition.path), frontmatter: frontmatter as SkillFrontmatter, resources };
  if (definition._meta !== undefined) skill._meta = definition._meta;
  return { definition: skill, files, directories: directoriesOf(root, files) };
}

/** The skill's root and every folder in it, each with its direct children (folders first, then files, by name). */
function directoriesOf(root: string, files: SkillFile[]): Map<string, DirectoryResource[]> {
  const directories = new Map<string, DirectoryResource[]>([[root, []]]);
  for (const file of files) {
    const segments = file.path.split('/');
    let parent = root;
    for (const segment of segments.slice(0, -1)) {
      const uri = `${parent}/${encodeURIComponent(segment)}`;
      if (!directories.has(uri)) {
        directories.set(uri, []);
        directories.get(parent)!.push({ uri, name: segment, mimeType: DIRECTORY_MIME_TYPE });
      }
      parent = uri;
    }
    directories.get(parent)!.push({ uri: file.uri, name: segments[segments.length - 1]!, mimeType: file.mimeType, size: file.size });
  }
  for (const children of directories.values()) {
    children.sort((a, b) => Number(b.mimeType === DIRECTORY_MIME_TYPE) - Number(a.mimeType === DIRECTORY_MIME_TYPE) || (a.name < b.name ? -1 : 1));
  }
  return directories;
}

function bytesOf(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

function contentsOf(uri: string, mimeType: string, bytes: Uint8Array): TextResourceContents | BlobResourceContents {
  if (/^text\/|^application\/(?:json|yaml|xml)$|^image\/svg\+xml$/.test(mimeType)) {
    try {
      return { uri, mimeType, text: strictUtf8.decode(bytes) };
    } catch {
      // not UTF-8: served as base64, whose bytes are the ones the digest covers
    }
  }
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return { uri, mimeType, blob: btoa(binary) };
}

/** `resources/read` of one file. */
export function readSkillFile(file: SkillFile): ReadResourceResult {
  return { contents: [file.contents] };
}
