// mcpwire-ext-skills/node: a folder of SKILL.md folders read from disk, bounded, for
// skillsExtension().add (the one entry of this package that loads node:*).
export { SkillFolderError, readSkillFolders } from './node/skill-folders.js';
export type { SkillFolder, SkillFolderOptions } from './node/skill-folders.js';
