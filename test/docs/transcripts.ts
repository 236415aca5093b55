// The shell transcripts of README.md and docs/*.md. A transcript is a ```text block right after a
// `<!-- transcript -->` line; in it, each `$ command` line is followed by what the command printed
// (stdout and stderr as written, in order) and `[exit code N]`. docs/cli.md, "How the transcripts
// are checked", states the rules these functions implement.

/** One command of a transcript and what the document says it prints; `stage` is what its block runs against. */
export interface TranscriptRun { doc: string; command: string; output: string; exitCode: number; stage?: Stage }

export const MARKER = '<!-- transcript -->';
/**
 * What a block may ask the checker to start first, as `<!-- transcript: STAGE -->`. fake-plaza: the
 * ModelScope walk's stand-ins (packages/cli/test/plaza-stand-in.ts), with MODELSCOPE_API_TOKEN set
 * to the fake's token in the commands' environment, run in a folder of their own, `--plaza
 * http://127.0.0.1:PORT` meaning the fake Plaza. The blocks of one stage share its state, in document order.
 */
export const STAGES = ['fake-plaza'] as const;
export type Stage = (typeof STAGES)[number];
const BLOCK = /^(<!-- transcript(?:: ([\w-]+))? -->\n)?```(\w*)\n([\s\S]*?)^```$/gm;

/** The runs of every marked block in `markdown`, and the blocks that look like a shell session but are not marked. */
export function transcripts(doc: string, markdown: string): { runs: TranscriptRun[]; unmarked: string[] } {
  const runs: TranscriptRun[] = [];
  const unmarked: string[] = [];
  for (const [, marker, stage, lang, body = ''] of markdown.matchAll(BLOCK)) {
    if (marker === undefined) {
      // `$ npx tsx <file>.ts` blocks are the library snippets' output, which published.test.ts runs.
      if (/^\$ /m.test(body) && !/^\$ npx tsx [\w-]+\.ts\n/.test(body)) unmarked.push(`${doc}: ${body.split('\n')[0]}`);
      continue;
    }
    if (lang !== 'text') throw new Error(`${doc}: a transcript block must be \`\`\`text, not \`\`\`${lang}`);
    if (stage !== undefined && !(STAGES as readonly string[]).includes(stage)) throw new Error(`${doc}: unknown transcript stage "${stage}" (known: ${STAGES.join(', ')})`);
    const parts = body.split(/^\$ (.*)\n/m);
    if (parts[0] !== '') throw new Error(`${doc}: a transcript must start with a "$ command" line: ${body.split('\n')[0]}`);
    for (let i = 1; i < parts.length; i += 2) {
      const command = parts[i]!;
      const printed = parts[i + 1] ?? '';
      const exit = /^\[exit code (\d+)\]\n?$/m.exec(printed);
      if (exit === null || exit.index + exit[0].length !== printed.length) throw new Error(`${doc}: "$ ${command}" must end with an [exit code N] line`);
      runs.push({ doc, command, output: printed.slice(0, exit.index), exitCode: Number(exit[1]), ...(stage === undefined ? {} : { stage: stage as Stage }) });
    }
  }
  return { runs, unmarked };
}

/** The words of a command line: blanks split; '…' and "…" quote, also inside a word (text='a b'); no escapes or variables. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (const [, single, double, blank, char] of line.matchAll(/'([^']*)'|"([^"]*)"|(\s+)|(.)/g)) {
    if (blank !== undefined) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + (single ?? double ?? char ?? '');
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** A command line's leading NAME=value words, as a shell reads them: the command's own environment additions. */
export function commandLine(line: string): { env: Record<string, string>; program: string; args: string[] } {
  const words = shellWords(line);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length; at++) {
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(words[at]!);
    if (!assignment) break;
    env[assignment[1]!] = assignment[2]!;
  }
  if (at === words.length) throw new Error(`no command in "${line}"`);
  return { env, program: words[at]!, args: words.slice(at + 1) };
}

/** What changes from run to run, masked on both sides before they are compared. */
const MASKS: [RegExp, string][] = [
  [/\b\d{2}:\d{2}:\d{2}\.\d{3}\b/g, 'HH:MM:SS.mmm'],
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\b/g, 'TIMESTAMP'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'UUID'],
  [/\b(127\.0\.0\.1|localhost):\d+/g, '$1:PORT'],
  [/\bprocess \d+/g, 'process PID'],
  [/"requestState":"[^"]*"/g, '"requestState":"STATE"'],
  [/\b\d+ ms\b/g, 'N ms'],
];

export function mask(text: string): string {
  return MASKS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
