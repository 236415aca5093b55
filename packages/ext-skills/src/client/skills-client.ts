// The host side of Skills (SEP-2640) as functions over a client: list a server's skills, get one,
// read one of its files, each verified against the skill's entry (skill-reader.ts). They send
// through `client.request`, so the client's middleware sees every request. Imports the core only
// through its public entries: this file moves with skill-reader.ts into the ext-skills package.

import type { Params } from 'mcpwire/jsonrpc';
import { SKILL_METHODS, SKILLS_EXTENSION } from '../protocol/skill-types.js';
import type { Skill } from '../protocol/skill-types.js';
import { listAllPages } from 'mcpwire/client';
import type { ClientExtension, ClientRequestOptions, ListLimits, McpClient } from 'mcpwire/client';
import { checkedSkill, getSkillEntry, loadSkill, readSkillFile as readVerifiedFile } from './skill-reader.js';
import type { LoadedSkill, SkillFile, SkillRequester } from './skill-reader.js';

/**
 * The Skills extension on a client: declares `io.modelcontextprotocol/skills` (a server lists its
 * skills to any client; declaring says this host reads them) and adds skills/list and skills/get.
 */
export function skillsClient(): ClientExtension {
  return { id: SKILLS_EXTENSION, methods: Object.values(SKILL_METHODS) };
}

/** `skills/list`'s options: the request's, and how far to follow `nextCursor`. */
export interface ListSkillsOptions extends ClientRequestOptions {
  listLimits?: ListLimits;
}

/** `skills/list` (Skills extension, SEP-2640), every page; each entry checked, no file read (SkillEntryError on a bad one). */
export async function listSkills(client: McpClient, options: ListSkillsOptions = {}): Promise<Skill[]> {
  const { listLimits, ...each } = options;
  const entries = await listAllPages<unknown>(SKILL_METHODS.list, async (cursor) => {
    const page = await client.request(SKILL_METHODS.list, cursor === undefined ? undefined : { cursor }, each);
    return { items: page.skills ?? [], nextCursor: page.nextCursor };
  }, listLimits);
  return entries.map(checkedSkill);
}

/**
 * Loads one skill: its entry (given, or by `skills/get` of its SKILL.md URI), then its SKILL.md,
 * verified by size, digest and frontmatter (SkillVerificationError on any mismatch).
 */
export async function getSkill(client: McpClient, skill: Skill | string, options: ClientRequestOptions = {}): Promise<LoadedSkill> {
  const request = requesterOf(client, options);
  return loadSkill(request, typeof skill === 'string' ? await getSkillEntry(request, skill) : checkedSkill(skill));
}

/** Reads one listed file of a skill (`path` relative to its root), verified by size and digest. */
export async function readSkillFile(client: McpClient, skill: Skill, path: string, options: ClientRequestOptions = {}): Promise<SkillFile> {
  return readVerifiedFile(requesterOf(client, options), checkedSkill(skill), path);
}

function requesterOf(client: McpClient, options: ClientRequestOptions): SkillRequester {
  return (method: string, params: Params) => client.request(method, params, options);
}
