// The skills a server serves (SEP-2640), by SKILL.md URI, in the one NamedRegistry, and the three
// methods the extension adds to the method table: `skills/list`, `skills/get` and
// `resources/directory/read`, paged as the server pages its lists. The files themselves are
// resources of the server (skills-extension.ts registers them), read with the core `resources/read`.

import { INVALID_PARAMS, ProtocolError } from '../jsonrpc/index.js';
import type { Params } from '../jsonrpc/index.js';
import { SKILL_METHODS } from '../protocol/skill-types.js';
import type { GetSkillResult, ListSkillsResult, ReadResourceDirectoryResult, Skill } from '../protocol/skill-types.js';
import { NamedRegistry } from './named-registry.js';
import type { Registered } from './named-registry.js';
import { requireUri } from './resource-registry.js';
import type { ExtensionHost } from './server-extension.js';
import type { BuiltSkill } from './skill-entry.js';

/** A handle to a served skill: `remove()`, `enable()`, `disable()`. */
export type RegisteredSkill = Omit<Registered<never>, 'update'>;

/** The skills of one server. */
export class SkillRegistry {
  readonly #skills: NamedRegistry<'skills', BuiltSkill>;
  readonly #page: ExtensionHost['page'];

  /** `page`: the server's paging (ExtensionHost.page), its page size and cursors. */
  constructor(page: ExtensionHost['page'], onchange: () => void = () => {}) {
    this.#skills = new NamedRegistry({ field: 'skills', noun: 'skill at', keyOf: (skill: Skill) => skill.uri }, onchange);
    this.#page = page;
  }

  get size(): number {
    return this.#skills.size;
  }

  add(skill: BuiltSkill): Registered<never> {
    return this.#skills.register(skill);
  }

  /** `skills/list`: one page of the entries. */
  list(params: Params | undefined): ListSkillsResult {
    const { page, nextCursor } = this.#page(this.#skills.entries().map((skill) => skill.definition), params?.cursor);
    return nextCursor === undefined ? { skills: page } : { skills: page, nextCursor };
  }

  /** `skills/get`: one entry by its SKILL.md URI; an unknown URI is -32602 (the extension's MUST). */
  get(params: Params | undefined): GetSkillResult {
    const uri = params?.uri;
    if (typeof uri !== 'string') throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${SKILL_METHODS.get} needs "uri", the skill's SKILL.md URI`);
    const skill = this.#skills.entry(uri);
    if (!skill) throw new ProtocolError(INVALID_PARAMS, `Unknown skill: ${uri} is not a skill this server serves`, { uri });
    return { skill: skill.definition };
  }

  /** `resources/directory/read`: one page of a served folder's direct children; any other URI is -32602. */
  readDirectory(params: Params | undefined): ReadResourceDirectoryResult {
    const uri = requireUri(params, SKILL_METHODS.directoryRead);
    for (const skill of this.#skills.entries()) {
      const children = skill.directories.get(uri);
      if (children === undefined) continue;
      const { page, nextCursor } = this.#page(children, params?.cursor);
      return nextCursor === undefined ? { resources: page } : { resources: page, nextCursor };
    }
    throw new ProtocolError(INVALID_PARAMS, `Not a directory: ${uri} is no folder of a skill this server serves`, { uri });
  }
}
