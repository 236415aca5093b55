// The steps `mcpwire doctor` walks, in the seed's troubleshooting order (connect → era → initialize →
// tools capability → tools/list → host filter → call), plus two stdio hygiene checks, and how
// their results are printed. A step's number is its place in that order, and the exit code is the
// number of the first failed step, so what is printed, the exit code and the help always agree.

import { terminalLine } from 'mcpwire/host';

/** The steps, in the order they run and are reported; step N is STEPS[N - 1]. */
export const STEPS = ['connect', 'era', 'initialize', 'tools capability', 'tools/list', 'host exposure', 'trial call', 'stdout hygiene', 'exit on stdin close'] as const;

/** A step, by its title. */
export type StepTitle = (typeof STEPS)[number];

/** A step's number: its place in STEPS, counted from 1 (and the exit code when it is the first to fail). */
export function stepNumber(title: StepTitle): number {
  return STEPS.indexOf(title) + 1;
}

/** passed, failed, passed with something worth knowing, or not run. */
export type StepStatus = 'passed' | 'failed' | 'warning' | 'skipped';

/** What one step found. */
export interface StepResult {
  step: number;
  title: StepTitle;
  status: StepStatus;
  /** One line: what happened. */
  summary: string;
  /** What was seen: statuses, exit codes, stderr lines, offending stdout lines. */
  evidence: string[];
  /** What to do about it. */
  fix?: string;
}

/** Builds a result. */
export function step(title: StepTitle, status: StepStatus, summary: string, evidence: string[] = [], fix?: string): StepResult {
  const result: StepResult = { step: stepNumber(title), title, status, summary, evidence };
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
  const width = Math.max(...STEPS.map((title) => title.length));
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
    : `first failed step: ${code} (${STEPS[code - 1]}), exit code ${code}`);
  return lines;
}

/** The results in step order. */
export function inOrder(results: readonly StepResult[]): StepResult[] {
  return [...results].sort((a, b) => a.step - b.step);
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
