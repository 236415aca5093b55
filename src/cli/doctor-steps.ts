// The steps `mcpwire doctor` walks, in the seed's troubleshooting order (connect → era → initialize →
// tools capability → tools/list → host filter → call), plus two stdio hygiene checks, and how
// their results are printed. The exit code is the number of the first failed step, in that order.
// The era step came last (2026-07-28) and took the next free number, 9, so that every older
// step keeps its number and exit code; it is reported where it runs, after step 1.

import { terminalLine } from './terminal-text.js';

/** The steps, numbered as they are reported and as the exit code names them. */
export const STEPS = {
  1: 'connect',
  2: 'initialize',
  3: 'tools capability',
  4: 'tools/list',
  5: 'host exposure',
  6: 'trial call',
  7: 'stdout hygiene',
  8: 'exit on stdin close',
  9: 'era',
} as const;

/** The order the steps run and are reported in. */
export const STEP_ORDER: readonly StepNumber[] = [1, 9, 2, 3, 4, 5, 6, 7, 8];

/** A step's number. */
export type StepNumber = keyof typeof STEPS;

/** passed, failed, passed with something worth knowing, or not run. */
export type StepStatus = 'passed' | 'failed' | 'warning' | 'skipped';

/** What one step found. */
export interface StepResult {
  step: StepNumber;
  title: string;
  status: StepStatus;
  /** One line: what happened. */
  summary: string;
  /** What was seen: statuses, exit codes, stderr lines, offending stdout lines. */
  evidence: string[];
  /** What to do about it. */
  fix?: string;
}

/** Builds a result. */
export function step(number: StepNumber, status: StepStatus, summary: string, evidence: string[] = [], fix?: string): StepResult {
  const result: StepResult = { step: number, title: STEPS[number], status, summary, evidence };
  if (fix !== undefined) result.fix = fix;
  return result;
}

/** The exit code of a doctor run: the first failed step, or 0. */
export function doctorExitCode(results: readonly StepResult[]): number {
  const failed = inOrder(results).find((result) => result.status === 'failed');
  return failed ? failed.step : 0;
}

const MARK: Record<StepStatus, string> = { passed: 'pass', failed: 'FAIL', warning: 'warn', skipped: 'skip' };

/** The report as lines. */
export function formatReport(label: string, results: readonly StepResult[]): string[] {
  const lines = [`mcpwire doctor: ${label}`, ''];
  const width = Math.max(...Object.values(STEPS).map((title) => title.length));
  for (const result of inOrder(results)) {
    // Summaries and evidence quote the server (names, errors, stderr): one line each, so none can forge a step.
    lines.push(`[${MARK[result.status]}] ${result.step} ${result.title.padEnd(width)}  ${terminalLine(result.summary)}`);
    for (const evidence of result.evidence) lines.push(`         ${terminalLine(evidence)}`);
    if (result.fix !== undefined) lines.push(`         fix: ${terminalLine(result.fix)}`);
  }
  lines.push('');
  const code = doctorExitCode(results);
  lines.push(code === 0
    ? 'every step passed (exit code 0)'
    : `first failed step: ${code} (${STEPS[code as StepNumber]}), exit code ${code}`);
  return lines;
}

/** The results in STEP_ORDER. */
export function inOrder(results: readonly StepResult[]): StepResult[] {
  return [...results].sort((a, b) => STEP_ORDER.indexOf(a.step) - STEP_ORDER.indexOf(b.step));
}

/** Quotes a line of output for evidence, cut to a readable length. */
export function quote(text: string, max = 120): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

/** The last `count` non-empty lines of a stderr tail, quoted for evidence. */
export function stderrEvidence(tail: string, count = 8): string[] {
  const lines = tail.split('\n').map((line) => line.trimEnd()).filter((line) => line !== '');
  if (lines.length === 0) return ['stderr: (nothing)'];
  return [`stderr (last ${Math.min(count, lines.length)} of ${lines.length} lines):`, ...lines.slice(-count).map((line) => `  ${line}`)];
}
