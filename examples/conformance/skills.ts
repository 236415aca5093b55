// The skills the everything server serves for the Skills extension's scenarios (SEP-2640,
// `sep-2640-skills-enumeration`, `-manifest`, `-directory`): two skills, one with a folder, so
// `resources/directory/read` has a subdirectory to list. Installed by server.ts in one line, with
// server.extension(skillsExtension()) as any extension is installed.

import { skillsExtension } from 'mcpwire-ext-skills';
import type { McpServer } from '../../src/server/index.js';

/** A skill with a supporting file in a folder (`references/`). */
export const PDF_SKILL = {
  path: 'pdf-processing',
  files: {
    'SKILL.md': [
      '---',
      'name: pdf-processing',
      'description: Extract, fill, and assemble PDF documents',
      'license: MIT',
      'metadata:',
      '  author: mcpwire',
      '  version: "1.0"',
      '---',
      '',
      '# PDF processing',
      '',
      'Read [the form guide](references/FORMS.md) before filling a form.',
      '',
    ].join('\n'),
    'references/FORMS.md': '# Forms\n\nFill each field, then flatten the form.\n',
    'scripts/extract.py': 'import sys\nprint(open(sys.argv[1], "rb").read()[:4])\n',
  },
};

/** A skill under a two-segment path: the authority is `acme`, the name the last segment. */
export const GREETING_SKILL = {
  path: 'acme/greeting',
  files: {
    'SKILL.md': '---\nname: greeting\ndescription: Greets the user in their own language\n---\n\nSay hello, then ask how you can help.\n',
  },
};

/** Installs the Skills extension on `server` and serves both skills. */
export async function registerSkills(server: McpServer): Promise<void> {
  const skills = skillsExtension();
  server.extension(skills);
  await skills.add(PDF_SKILL);
  await skills.add(GREETING_SKILL);
}
