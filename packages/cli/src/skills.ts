// `mcpwire skills list <server> [--json]` and `mcpwire skills get <server> URI [--file PATH] [--json]`:
// the Skills extension (SEP-2640). list prints every skill's entry (name, description, files) and
// reads no file; get loads one skill, its SKILL.md verified by size, digest and frontmatter against
// the entry, and prints it, or one listed file of it (--file), verified; a mismatch is refused.

import type { McpClient } from 'mcpwire/client';
import { SKILLS_EXTENSION } from 'mcpwire-ext-skills';
import { getSkill as loadSkill, listSkills as listServerSkills, readSkillFile } from 'mcpwire-ext-skills';
import type { Skill } from 'mcpwire-ext-skills';
import { UsageError, optionValue } from './args.js';
import { println } from './command-io.js';
import type { CommandIo } from './command-io.js';
import { EXIT } from './exit-codes.js';
import { reportRequestFailure } from './request-failure.js';
import { formatBytes } from './render-result.js';
import { terminalLine, terminalText } from 'mcpwire/host';
import { withServer } from './with-server.js';
import type { CommandContext } from './with-server.js';

const USAGE = 'mcpwire skills list <server> [--json] · mcpwire skills get <server> URI [--file PATH] [--json]';

/** Runs `mcpwire skills`; resolves with the exit code. */
export function runSkills(argv: readonly string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === 'list') {
    return withServer(rest, ['--json'], io, (session) => listSkills(session, io), (words) => {
      if (words.length > 0) throw new UsageError(`skills list takes only the server; unexpected: ${words.join(' ')}`);
    });
  }
  if (action === 'get') {
    return withServer(rest, ['--json', '--file'], io, (session) => getSkill(session, io), (words) => {
      if (words.length !== 1) throw new UsageError(`skills get takes one SKILL.md URI, got ${words.length}; ${USAGE}`);
    });
  }
  throw new UsageError(action === undefined ? `Which action? ${USAGE}` : `Unknown skills action "${action}"; ${USAGE}`);
}

/** The skills of a server that declared the extension; undefined (and a note) when it did not. */
export function skillsDeclared(client: McpClient): boolean {
  return client.serverExtension(SKILLS_EXTENSION) !== undefined;
}

async function listSkills(session: CommandContext, io: CommandIo): Promise<number> {
  const { client } = session.connection;
  if (!skillsDeclared(client)) {
    println(io.stderr, `mcpwire: the server does not declare the Skills extension (${SKILLS_EXTENSION})`);
    return EXIT.protocol;
  }
  let skills: Skill[];
  try {
    skills = await listServerSkills(client, requestOptions(session, io));
  } catch (error) {
    return reportRequestFailure(io, 'skills/list', '', error);
  }
  if (session.args.flags.has('--json')) println(io.stdout, JSON.stringify(skills, null, 2));
  else {
    println(io.stdout, `skills (${skills.length})`);
    for (const skill of skills) for (const line of formatSkill(skill)) println(io.stdout, line);
  }
  return EXIT.ok;
}

async function getSkill(session: CommandContext, io: CommandIo): Promise<number> {
  const { client } = session.connection;
  const uri = session.rest[0]!;
  const path = optionValue(session.args, '--file');
  const json = session.args.flags.has('--json');
  try {
    const loaded = await loadSkill(client, uri, requestOptions(session, io));
    if (path === undefined) {
      if (json) println(io.stdout, JSON.stringify({ skill: loaded.skill, frontmatter: loaded.frontmatter, text: loaded.text }, null, 2));
      else writeText(io, loaded.text);
      println(io.stderr, `mcpwire: ${uri}: ${formatBytes(loaded.bytes.byteLength)}, size, digest and frontmatter verified`);
      return EXIT.ok;
    }
    const file = await readSkillFile(client, loaded.skill, path, requestOptions(session, io));
    if (json) println(io.stdout, JSON.stringify({ uri: file.uri, mimeType: file.mimeType, verified: file.verified, text: file.text, size: file.bytes.byteLength }, null, 2));
    else if (file.text !== undefined) writeText(io, file.text);
    else println(io.stdout, `[binary ${file.uri}${file.mimeType ? ` ${file.mimeType}` : ''}, ${formatBytes(file.bytes.byteLength)}]`);
    println(io.stderr, `mcpwire: ${file.uri}: ${formatBytes(file.bytes.byteLength)}, ${file.verified ? 'size and digest verified' : 'not verified (the skill is "dynamic": no digests)'}`);
    return EXIT.ok;
  } catch (error) {
    return reportRequestFailure(io, `skills get ${uri}`, path === undefined ? '' : ` --file ${path}`, error);
  }
}

/**
 * A skill's text, as the server sent it but for control characters, shown as `\uXXXX` (the one
 * escape, terminal-text.ts): a SKILL.md is for reading, and `mcpwire read URI --out FILE` keeps bytes.
 */
function writeText(io: CommandIo, text: string): void {
  io.stdout.write(terminalText(text.endsWith('\n') ? text : `${text}\n`));
}

function requestOptions(session: CommandContext, io: CommandIo): { timeoutMs: number; signal?: AbortSignal } {
  return { timeoutMs: session.timeoutMs, ...(io.signal ? { signal: io.signal } : {}) };
}

/** One skill as `skills list` and `list` print it. */
export function formatSkill(skill: Skill): string[] {
  const files = skill.resources === 'dynamic' ? 'dynamic (no manifest)' : `${skill.resources.length} file${skill.resources.length === 1 ? '' : 's'}, ${formatBytes(skill.resources.reduce((sum, file) => sum + file.size, 0))}`;
  return [`  ${terminalLine(skill.uri)}  ${terminalLine(skill.frontmatter.name)}  (${files})`, `      ${terminalLine(skill.frontmatter.description)}`];
}
