// The skills a server serves (SEP-2640), by SKILL.md URI, and the three methods the extension
// adds to the method table: `skills/list`, `skills/get` and `resources/directory/read`, paged as
// the server pages its lists (ExtensionServer.page). The files themselves are resources of the
// server (skills-extension.ts registers them), read with the core `resources/read`.

import { INVALID_PARAMS, ProtocolError } from 'mcpwire/jsonrpc';
import type { Params } from 'mcpwire/jsonrpc';
import { SKILL_METHODS } from '../protocol/skill-types.js';
import type { GetSkillResult, ListSkillsResult, ReadResourceDirectoryResult } from '../protocol/skill-types.js';
import type { ExtensionServer } from 'mcpwire/server';
import type { BuiltSkill } from './skill-entry.js';

/** A handle to a served skill: `remove()`, `enable()`, `disable()`; once removed (even if its URI is added again) each does nothing. */
export interface RegisteredSkill {
  /** Its SKILL.md URI. */
  readonly name: string;
  /** Stops serving it. */
  remove(): void;
  /** Serves it again after disable(). */
  enable(): void;
  /** Hides it: not listed, and `skills/get` answers as for an unknown URI. */
  disable(): void;
}

/** The skills of one server. */
export class SkillRegistry {
  /** By SKILL.md URI, in the order added; a disabled skill keeps its place. */
  readonly #slots = new Map<string, { skill: BuiltSkill; enabled: boolean }>();
  readonly #page: ExtensionServer['page'];

  /** `page`: the server's paging (ExtensionServer.page), its page size and cursors. */
  constructor(page: ExtensionServer['page']) {
    this.#page = page;
  }

  /** Skills added, disabled ones too. */
  get size(): number {
    return this.#slots.size;
  }

  add(skill: BuiltSkill): RegisteredSkill {
    const uri = skill.definition.uri;
    if (this.#slots.has(uri)) throw new Error(`A skill at "${uri}" is already registered`);
    const slot = { skill, enabled: true };
    this.#slots.set(uri, slot);
    // Bound to its slot, not its URI: a handle that outlived its skill changes nothing.
    const mine = () => this.#slots.get(uri) === slot;
    return {
      name: uri,
      remove: () => { if (mine()) this.#slots.delete(uri); },
      enable: () => { if (mine()) slot.enabled = true; },
      disable: () => { if (mine()) slot.enabled = false; },
    };
  }

  /** The enabled skills, in the order added. */
  #enabled(): BuiltSkill[] {
    return [...this.#slots.values()].filter((slot) => slot.enabled).map((slot) => slot.skill);
  }

  /** `skills/list`: one page of the entries. */
  list(params: Params | undefined): ListSkillsResult {
    const { page, nextCursor } = this.#page(this.#enabled().map((skill) => skill.definition), params?.cursor);
    return nextCursor === undefined ? { skills: page } : { skills: page, nextCursor };
  }

  /** `skills/get`: one entry by its SKILL.md URI; an unknown URI is -32602 (the extension's MUST). */
  get(params: Params | undefined): GetSkillResult {
    const uri = params?.uri;
    if (typeof uri !== 'string') throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${SKILL_METHODS.get} needs "uri", the skill's SKILL.md URI`);
    const slot = this.#slots.get(uri);
    const skill = slot?.enabled ? slot.skill : undefined;
    if (!skill) throw new ProtocolError(INVALID_PARAMS, `Unknown skill: ${uri} is not a skill this server serves`, { uri });
    return { skill: skill.definition };
  }

  /** `resources/directory/read`: one page of a served folder's direct children; any other URI is -32602. */
  readDirectory(params: Params | undefined): ReadResourceDirectoryResult {
    const uri = params?.uri;
    // The same check as the core's resources/read: an absolute URI (RFC 3986 §4.3: a scheme, then ':').
    if (typeof uri !== 'string' || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) {
      throw new ProtocolError(INVALID_PARAMS, `Invalid params: ${SKILL_METHODS.directoryRead} needs "uri", an absolute URI string`);
    }
    for (const skill of this.#enabled()) {
      const children = skill.directories.get(uri);
      if (children === undefined) continue;
      const { page, nextCursor } = this.#page(children, params?.cursor);
      return nextCursor === undefined ? { resources: page } : { resources: page, nextCursor };
    }
    throw new ProtocolError(INVALID_PARAMS, `Not a directory: ${uri} is no folder of a skill this server serves`, { uri });
  }
}
