// Runs the transcripts of README.md and docs/*.md as written (the built package, real processes):
// the stage-less ones from transcripts.test.ts, those of a stage (the fake Plaza) from their own
// file, so that the two run side by side.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { REPO, buildPackage, type BuiltPackage } from '../package/built-package.js';
import { commandLine, mask, transcripts, type Stage, type TranscriptRun } from './transcripts.js';
import { FAKE_TOKEN } from '../../packages/modelscope/test/fake-plaza.js';
import { startPlazaStandIn, type PlazaStandIn } from '../../packages/cli/test/plaza-stand-in.js';

/** README.md and every Markdown file in docs/, as repo-relative paths. */
export function documents(): string[] {
  return ['README.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

export function allRuns(): { runs: TranscriptRun[]; unmarked: string[] } {
  const found = documents().map((doc) => transcripts(doc, readFileSync(join(REPO, doc), 'utf8')));
  return { runs: found.flatMap((f) => f.runs), unmarked: found.flatMap((f) => f.unmarked) };
}

let built: BuiltPackage;
let scratch: string;
let plaza: PlazaStandIn | undefined;

function registerSetUp(): void {
  before(() => {
    built = buildPackage();
    // The fixtures the transcripts start, and the tests' own helpers they import, beside the package.
    symlinkSync(join(REPO, 'test'), join(built.workspace, 'test'), 'dir');
    scratch = mkdtempSync(join(tmpdir(), 'mcpwire-transcript-'));
    mkdirSync(join(scratch, 'bin'));
    const cli = join(built.workspace, 'packages', 'cli');
    const bin = (JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8')) as { bin: { mcpwire: string } }).bin.mcpwire;
    writeFileSync(join(scratch, 'bin', 'mcpwire'), `#!/bin/sh\nexec node ${JSON.stringify(join(cli, bin))} "$@"\n`, { mode: 0o755 });
  });
  after(async () => {
    await plaza?.close();
    rmSync(built.root, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });
}

/** Where a stage's commands run, and what they add to the environment and the command line; started on first use. */
async function setting(stage: Stage | undefined): Promise<{ cwd: string; env: Record<string, string>; words: (word: string) => string }> {
  if (stage === undefined) return { cwd: built.workspace, env: {}, words: (word) => word };
  plaza ??= await startPlazaStandIn();
  const url = plaza.plaza.url;
  const cwd = join(scratch, stage);
  mkdirSync(cwd, { recursive: true });
  return { cwd, env: { MODELSCOPE_API_TOKEN: FAKE_TOKEN }, words: (word) => word.replaceAll('http://127.0.0.1:PORT', url) };
}

/**
 * Runs one command line in the built package, as a user with it installed would: `mcpwire` is its
 * bin on PATH, and the environment holds PATH alone (plus the stage's variables and the line's own
 * leading NAME=value words). stdout and stderr share one file, so their order is kept. Not
 * spawnSync: a stage's fakes answer from this process while the command runs.
 */
async function run(r: TranscriptRun, index: number): Promise<{ output: string; exitCode: number }> {
  const stage = await setting(r.stage);
  const { env: own, program, args } = commandLine(r.command);
  const file = join(scratch, `${index}.out`);
  const fd = openSync(file, 'w');
  try {
    const env = { PATH: `${join(scratch, 'bin')}${delimiter}${process.env.PATH ?? ''}`, ...stage.env, ...own };
    const child = spawn(stage.words(program), args.map(stage.words), { cwd: stage.cwd, stdio: ['ignore', fd, fd], timeout: 60_000, env });
    const status = await new Promise<number>((resolve) => {
      child.on('error', () => resolve(-1));
      child.on('close', (code) => resolve(code ?? -1));
    });
    const output = readFileSync(file, 'utf8');
    // A block's last line ends with a newline even when the command's did not.
    return { output: output === '' || output.endsWith('\n') ? output : `${output}\n`, exitCode: status };
  } finally {
    closeSync(fd);
  }
}

/** Checks every transcript `which` keeps: it prints what its document shows, with the exit code it shows. */
export function checkTranscripts(title: string, which: (run: TranscriptRun) => boolean): void {
  registerSetUp();
  test(title, async () => {
    const runs = allRuns().runs.filter(which);
    const shown = runs.map((r) => ({ where: `${r.doc}: $ ${r.command}`, output: mask(r.output), exitCode: r.exitCode }));
    const texts = new Map<string, string>();
    const printed = [];
    for (const [i, r] of runs.entries()) {
      const result = await run(r, i);
      // UPDATE_TRANSCRIPTS=1 writes what was printed into the documents (then read the diff before committing).
      if (process.env.UPDATE_TRANSCRIPTS === '1') {
        const text = texts.get(r.doc) ?? readFileSync(join(REPO, r.doc), 'utf8');
        // A stage's fakes listen on ports of the moment: written as PORT, as the commands name them.
        const output = r.stage === undefined ? result.output : result.output.replace(/\b127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
        texts.set(r.doc, text.replace(`$ ${r.command}\n${r.output}[exit code ${r.exitCode}]`, () => `$ ${r.command}\n${output}[exit code ${result.exitCode}]`));
      }
      printed.push({ where: `${r.doc}: $ ${r.command}`, output: mask(result.output), exitCode: result.exitCode });
    }
    for (const [doc, text] of texts) writeFileSync(join(REPO, doc), text);
    if (texts.size > 0) return;
    assert.deepStrictEqual(printed, shown);
  });
}
