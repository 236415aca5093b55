// The README's runnable parts: ```ts blocks that open with `// <file>.ts`, and ```text blocks
// that open with `$ npx tsx <file>.ts` followed by what that command prints.

/** A file the README asks the reader to save. */
export interface ReadmeFile { name: string; code: string }
/** A command the README shows, with the output it shows for it. */
export interface ReadmeRun { file: string; output: string }

const BLOCK = /^```(\w+)\n([\s\S]*?)^```$/gm;

/** The files and runs in `markdown`, in order. */
export function readmeSnippets(markdown: string): { files: ReadmeFile[]; runs: ReadmeRun[] } {
  const files: ReadmeFile[] = [];
  const runs: ReadmeRun[] = [];
  for (const [, lang, body = ''] of markdown.matchAll(BLOCK)) {
    const file = /^\/\/ ([\w-]+\.ts)\b/.exec(body);
    if (lang === 'ts' && file?.[1] !== undefined) files.push({ name: file[1], code: body });
    const run = /^\$ npx tsx ([\w-]+\.ts)\n/.exec(body);
    if (lang === 'text' && run?.[1] !== undefined) runs.push({ file: run[1], output: body.slice(run[0].length) });
  }
  return { files, runs };
}
