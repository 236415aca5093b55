// A server that serves a folder of Agent Skills (SEP-2640, io.modelcontextprotocol/skills):
//   node dist/examples/skills-server.js [folder]        (stdio; default: examples/skills/)
// Each folder holding a SKILL.md is a skill (pdf-processing, acme/greeting); readSkillFolders reads
// them bounded and without following a link; the Skills extension is installed with
// server.extension(skillsExtension()), as any extension is, and serves each. A host lists them with skills/list and reads each
// file with resources/read, verified by the digest and size in the skill's entry.

import { fileURLToPath, pathToFileURL } from 'node:url';
import { readSkillFolders } from 'mcpwire-ext-skills/node';
import { McpServer } from '../src/server/index.js';
import { skillsExtension } from 'mcpwire-ext-skills';
import { serveStdio } from '../src/node.js';

/** The folder of example skills beside this file. */
export const EXAMPLE_SKILLS = fileURLToPath(new URL('./skills/', import.meta.url)).replace('/dist/examples/', '/examples/');

/** A server serving every skill under `folder`. */
export async function createSkillsServer(folder: string = EXAMPLE_SKILLS): Promise<McpServer> {
  const server = new McpServer({ name: 'skills-server', version: '1.0.0' });
  const skills = skillsExtension();
  server.extension(skills);
  for (const skill of await readSkillFolders(folder)) await skills.add(skill);
  return server;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createSkillsServer(process.argv[2]).then(serveStdio).catch((error: unknown) => {
    process.stderr.write(`skills-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
