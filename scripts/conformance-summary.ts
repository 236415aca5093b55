// Reads one run of the official MCP conformance suite (written by scripts/conformance.sh) and
// prints one line per scenario, then `N passed, M failed`; exits 1 when anything failed.
//
//   tsx scripts/conformance-summary.ts <run dir> server=<exit code> [server-<run>=<exit code> …] <client scenario>=<exit code> …
//
// <run dir>/server.log is the output of `conformance server --suite all`, <run dir>/server/ and
// <run dir>/client/ hold the checks.json files the suite wrote (-o). Every other server run
// (`server-<run>`, e.g. server-2026-07-28 for `--requirements 2026-07-28`) has its own
// <run dir>/server-<run>.log and <run dir>/server-<run>/; scenarios its log lists as "Not scored"
// for that revision are left out. A scenario passes when the
// suite counted no FAILURE and no WARNING in it: a WARNING is a SHOULD the suite checks, and
// this project keeps no list of tolerated ones.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One check as the suite records it in checks.json. */
export interface Check { id: string; status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string; description: string; errorMessage?: string }
/** The verdict on one scenario. */
export interface Verdict { name: string; side: 'server' | 'client'; pass: boolean; passed: number; failed: number; warnings: number; notes: string[] }

/** The suite names result folders `<prefix><scenario>-<ISO time with - for : and .>`. */
const STAMP = /-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** checks.json of every scenario under `dir`, by scenario name. */
export function readChecks(dir: string, prefix: string): Map<string, Check[]> {
  const found = new Map<string, Check[]>();
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir).sort()) {
    if (!entry.startsWith(prefix) || !STAMP.test(entry)) continue;
    const file = join(dir, entry, 'checks.json');
    if (existsSync(file)) found.set(entry.slice(prefix.length).replace(STAMP, ''), JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return found;
}

/** The scenarios the server suite reported in its SUMMARY block, with their ✓/✗ mark. */
export function readServerSummary(log: string): Map<string, boolean> {
  const summary = new Map<string, boolean>();
  const start = log.indexOf('=== SUMMARY ===');
  if (start < 0) return summary;
  for (const line of log.slice(start).split('\n')) {
    const match = /^([✓✗]) (\S+): \d+ passed, \d+ failed/.exec(line.trim());
    if (match) summary.set(match[2]!, match[1] === '✓');
  }
  return summary;
}

/** The scenarios a `--requirements` run lists under "Not scored for …" (extensions, pending): they do not count. */
export function readNotScored(log: string): Set<string> {
  const skipped = new Set<string>();
  const start = log.indexOf('Not scored for ');
  if (start < 0) return skipped;
  for (const line of log.slice(start).split('\n').slice(1)) {
    const match = /^\s+[✓✗] (\S+) \(/.exec(line);
    if (!match) break;
    skipped.add(match[1]!);
  }
  return skipped;
}

/** Judges one scenario from its checks and what the suite itself said about it. */
export function judge(name: string, side: Verdict['side'], checks: Check[] | undefined, suiteSaysPass: boolean, why?: string, strict = false): Verdict {
  const count = (status: string): number => (checks ?? []).filter((check) => check.status === status).length;
  const notes = (checks ?? []).filter((check) => check.status === 'FAILURE' || check.status === 'WARNING')
    .map((check) => `${check.status} ${check.id}: ${check.errorMessage ?? check.description}`);
  if (checks === undefined) notes.push('no checks.json was written for this scenario');
  if (why) notes.push(why);
  const verdict = { name, side, passed: count('SUCCESS'), failed: count('FAILURE'), warnings: count('WARNING'), notes };
  // strict (an extension scenario run by name): the suite prints PASS for a scenario whose checks
  // all skipped (the extension undeclared), so it counts only with successes and no skipped check.
  const skipped = (checks ?? []).filter((check) => check.status === 'SKIPPED');
  if (strict && skipped.length > 0) notes.push(...skipped.map((check) => `SKIPPED ${check.id}: ${check.errorMessage ?? check.description}`));
  if (strict && verdict.passed === 0) notes.push('no check succeeded');
  const sound = !strict || (skipped.length === 0 && verdict.passed > 0);
  return { ...verdict, pass: suiteSaysPass && checks !== undefined && verdict.failed === 0 && verdict.warnings === 0 && sound };
}

/** All verdicts of one run. `exits` maps `server` and each client scenario to its exit code. */
export function judgeRun(runDir: string, exits: Map<string, number>): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const [run, serverExit] of exits) {
    if (run !== 'server' && !run.startsWith('server-')) continue;
    const logFile = join(runDir, `${run}.log`);
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    const summary = readServerSummary(log);
    const notScored = readNotScored(log);
    const checks = readChecks(join(runDir, run), 'server-');
    const label = run === 'server' ? '' : `${run.slice('server-'.length)}: `;
    const own: Verdict[] = [];
    for (const [name, ok] of summary) if (!notScored.has(name)) own.push(judge(`${label}${name}`, 'server', checks.get(name), ok));
    if (summary.size === 0 || (serverExit !== 0 && own.every((verdict) => verdict.pass))) {
      own.push(judge(`${label}server-suite`, 'server', [], false, `the server suite exited with code ${serverExit}; see ${logFile}`));
    }
    verdicts.push(...own);
  }
  // Extension scenarios run by name: `extension-server:<name>` and `extension-client:<name>`, judged strictly.
  for (const [key, code] of exits) {
    const match = /^extension-(server|client):(.+)$/.exec(key);
    if (!match) continue;
    const side = match[1] as Verdict['side'];
    const checks = readChecks(join(runDir, `extension-${side}`), side === 'server' ? 'server-' : '').get(match[2]!);
    verdicts.push(judge(match[2]!, side, checks, code === 0,
      code === 0 ? undefined : `the suite exited with code ${code}; see ${join(runDir, `extension-${side}-${match[2]}.log`)}`, true));
  }
  const clientChecks = readChecks(join(runDir, 'client'), '');
  for (const [name, code] of exits) {
    if (name === 'server' || name.startsWith('server-') || name.startsWith('extension-')) continue;
    // `auth/x` scenarios write their checks one folder down: client/auth/x-<stamp>/.
    const slash = name.lastIndexOf('/');
    const checks = slash < 0 ? clientChecks.get(name) : readChecks(join(runDir, 'client', name.slice(0, slash)), '').get(name.slice(slash + 1));
    verdicts.push(judge(name, 'client', checks, code === 0,
      code === 0 ? undefined : `the suite exited with code ${code}; see ${join(runDir, `client-${name}.log`)}`));
  }
  return verdicts;
}


/** The printed line of one verdict, with its notes indented below when it failed. */
export function formatVerdict(verdict: Verdict): string {
  const line = `${verdict.pass ? 'PASS' : 'FAIL'} ${verdict.name} (${verdict.side}): ${verdict.passed} passed, ${verdict.failed} failed, ${verdict.warnings} WARNING${verdict.warnings === 1 ? '' : 's'}`;
  return verdict.pass ? line : [line, ...verdict.notes.map((note) => `    ${note}`)].join('\n');
}

function main(argv: string[]): number {
  const [runDir, ...pairs] = argv;
  if (runDir === undefined) throw new Error('usage: conformance-summary.ts <run dir> server=<code> <scenario>=<code> …');
  const exits = new Map<string, number>();
  for (const pair of pairs) {
    const at = pair.lastIndexOf('=');
    exits.set(pair.slice(0, at), Number(pair.slice(at + 1)));
  }
  const verdicts = judgeRun(runDir, exits);
  for (const verdict of verdicts) console.log(formatVerdict(verdict));
  const failed = verdicts.filter((verdict) => !verdict.pass).length;
  console.log(`${verdicts.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1]?.endsWith('conformance-summary.ts')) process.exitCode = main(process.argv.slice(2));
