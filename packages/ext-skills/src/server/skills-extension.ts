// The Skills extension (SEP-2640, io.modelcontextprotocol/skills) as a server installs it, as any
// extension is installed:
//   const skills = skillsExtension();
//   server.extension(skills);
//   await skills.add({ path: 'pdf-processing', files: { 'SKILL.md': text } });
// Its three methods page with the server's paging, and each skill's files become resources of the
// server through the extension contract (ExtensionServer.resource): SKILL.md listed, the others read
// by URI. McpServer holds none of this: a server without skills carries no Skills code.

import type { Params } from 'mcpwire/jsonrpc';
import { SKILLS_EXTENSION, SKILL_MANIFEST, SKILL_METHODS } from '../protocol/skill-types.js';
import type { ExtensionServer, RegisteredResource, ServerExtension } from 'mcpwire/server';
import { buildSkill, readSkillFile } from './skill-entry.js';
import type { SkillDefinition } from './skill-entry.js';
import { SkillRegistry } from './skill-registry.js';
import type { RegisteredSkill } from './skill-registry.js';

/** The Skills extension: install it with `server.extension(skills)`, then `add` each skill. */
export interface SkillsExtension extends ServerExtension {
  /**
   * Serves an Agent Skill: its entry goes to `skills/list` and `skills/get`, each file becomes a
   * resource. Rejects, serving nothing, a skill whose files or frontmatter break the extension's
   * rules, and any skill before the extension is installed on a server.
   */
  add(definition: SkillDefinition): Promise<RegisteredSkill>;
}

/** The Skills extension, for one server (McpServer: it serves the skills' files as resources). */
export function skillsExtension(): SkillsExtension {
  let host: ExtensionServer | undefined;
  const registry = new SkillRegistry((items, cursor) => {
    if (host === undefined) throw new Error('The Skills extension is not installed on a server');
    return host.page(items, cursor);
  });
  return {
    id: SKILLS_EXTENSION,
    settings: { directoryRead: true },
    methods: {
      [SKILL_METHODS.list]: registry.list.bind(registry) as unknown as (params: Params | undefined) => Params,
      [SKILL_METHODS.get]: registry.get.bind(registry) as unknown as (params: Params | undefined) => Params,
      [SKILL_METHODS.directoryRead]: registry.readDirectory.bind(registry) as unknown as (params: Params | undefined) => Params,
    },
    // 2026-07-28: GetSkillResult, ListSkillsResult and the directory result extend CacheableResult.
    cacheable: [SKILL_METHODS.list, SKILL_METHODS.get, SKILL_METHODS.directoryRead],
    install(server) {
      if (host !== undefined) throw new Error('This skillsExtension() is installed on another server already; make one per server');
      if (server.resource === undefined || server.declareResources === undefined) {
        throw new Error('The Skills extension serves its files as resources: install it on an McpServer, not a ToolServer');
      }
      host = server;
      // A server declaring the extension MUST declare resources (capability-requires-resources), skills or none.
      server.declareResources();
    },
    async add(definition) {
      const resource = host?.resource;
      if (resource === undefined) throw new Error('Install the Skills extension before adding a skill: server.extension(skills), then skills.add(...)');
      const built = await buildSkill(definition);
      const entry = registry.add(built);
      const { frontmatter } = built.definition;
      const resources: RegisteredResource[] = [];
      try {
        for (const file of built.files) {
          const manifest = file.path === SKILL_MANIFEST;
          const listing = manifest
            ? { uri: file.uri, name: frontmatter.name, description: frontmatter.description, mimeType: file.mimeType, size: file.size }
            : { uri: file.uri, name: file.path, mimeType: file.mimeType, size: file.size };
          resources.push(resource(listing, () => readSkillFile(file), { listed: manifest }));
        }
      } catch (error) {
        for (const registered of resources) registered.remove();
        entry.remove();
        throw error;
      }
      const each = (change: 'remove' | 'enable' | 'disable') => () => { entry[change](); for (const registered of resources) registered[change](); };
      return { name: entry.name, remove: each('remove'), enable: each('enable'), disable: each('disable') };
    },
  };
}
