// mcpwire-ext-skills: Skills (SEP-2640, io.modelcontextprotocol/skills) for mcpwire. The server side
// installs with server.extension(skillsExtension()); the client side with McpClientOptions.extensions
// (skillsClient()) and the functions that take the client. Reading skill folders from disk is in
// mcpwire-ext-skills/node, the one entry that loads node:*.
export { SkillEntryError, SkillVerificationError } from './client/skill-reader.js';
export type { LoadedSkill, SkillFile, SkillVerificationReason } from './client/skill-reader.js';
export { getSkill, listSkills, readSkillFile, skillsClient } from './client/skills-client.js';
export type { ListSkillsOptions } from './client/skills-client.js';
export { SkillFrontmatterError, parseFrontmatter, splitFrontmatter } from './protocol/skill-frontmatter.js';
export { DIRECTORY_MIME_TYPE, SKILLS_EXTENSION, SKILL_DIGEST, SKILL_LIMITS, SKILL_METHODS, skillDigest, skillNameOf } from './protocol/skill-types.js';
export type { DirectoryResource, GetSkillResult, ListSkillsResult, ReadResourceDirectoryResult, Skill, SkillFrontmatter, SkillResourceEntry, SkillsSettings } from './protocol/skill-types.js';
export type { SkillDefinition } from './server/skill-entry.js';
export type { RegisteredSkill } from './server/skill-registry.js';
export { skillsExtension } from './server/skills-extension.js';
export type { SkillsExtension } from './server/skills-extension.js';
