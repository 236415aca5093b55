// The bench's verdict: one row per measure with mcpwire's figure, the baseline's, their ratio,
// the target and PASS/MISS; printed as a table and written as JSON.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pairedRatio } from './measure.js';
import type { RunFigures } from './measure.js';

/** `ratio` (mcpwire ÷ baseline) or the plain value must stay at or under / at or over `limit`. */
export interface Target { on: 'ratio' | 'value'; op: '<=' | '>='; limit: number; unit?: string }

export interface Row {
  section: string;
  measure: string;
  mcpwire: number | undefined;
  baseline: number | undefined;
  unit: string;
  ratio: number | undefined;
  target: Target | undefined;
  status: 'PASS' | 'MISS' | '';
  note?: string;
}

/** A measure compared with the raw baseline; ratio = mcpwire / baseline unless given (see pairedRatio). */
export function compared(section: string, measure: string, unit: string, mcpwire: number, baseline: number, target?: Target, ratio = mcpwire / baseline): Row {
  return { section, measure, mcpwire, baseline, unit, ratio, target, status: verdict(target, target?.on === 'value' ? mcpwire : ratio) };
}

/** The rows of one load shape: calls/s (ratio of paired rounds), latency, CPU per call on both ends. */
export function loadRows(section: string, label: string, ours: RunFigures, theirs: RunFigures, targets: { callsPerSec?: Target; serverCpu?: Target }): Row[] {
  return [
    compared(section, `${label} calls/s`, '/s', ours.callsPerSec, theirs.callsPerSec, targets.callsPerSec, pairedRatio(ours, theirs)),
    compared(section, `${label} p50`, 'µs', ours.p50Us, theirs.p50Us),
    compared(section, `${label} p99`, 'µs', ours.p99Us, theirs.p99Us),
    compared(section, `${label} server CPU/call`, 'µs', ours.serverCpuUsPerCall, theirs.serverCpuUsPerCall, targets.serverCpu),
    compared(section, `${label} client CPU/call`, 'µs', ours.clientCpuUsPerCall, theirs.clientCpuUsPerCall),
  ];
}

/** A measure with no baseline, checked against an absolute target (or none). */
export function absolute(section: string, measure: string, unit: string, mcpwire: number, target?: Target): Row {
  return { section, measure, mcpwire, baseline: undefined, unit, ratio: undefined, target, status: verdict(target, mcpwire) };
}

/** A section that could not be measured: it counts as a miss. */
export function failed(section: string, error: unknown): Row {
  const note = error instanceof Error ? error.message : String(error);
  return { section, measure: 'section failed', mcpwire: undefined, baseline: undefined, unit: '', ratio: undefined, target: undefined, status: 'MISS', note };
}

function verdict(target: Target | undefined, value: number): Row['status'] {
  if (!target) return '';
  return (target.op === '<=' ? value <= target.limit : value >= target.limit) ? 'PASS' : 'MISS';
}

function formatNumber(value: number | undefined, unit: string): string {
  if (value === undefined) return '—';
  const digits = (unit === '' && Number.isInteger(value)) || Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

function formatTarget(target: Target | undefined): string {
  if (!target) return '';
  const op = target.op === '<=' ? '≤' : '≥';
  return target.on === 'ratio' ? `${op} ${Number(target.limit.toFixed(2))}×` : `${op} ${target.limit.toLocaleString('en-US')}${target.unit ? ` ${target.unit}` : ''}`;
}

/** The table, one line per row, columns padded to fit. */
export function formatTable(rows: readonly Row[]): string {
  const header = ['measure', 'mcpwire', 'baseline', 'ratio', 'target', ''];
  const cells = rows.map((row) => [
    `${row.section}: ${row.measure}`,
    formatNumber(row.mcpwire, row.unit),
    formatNumber(row.baseline, row.unit),
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    formatTarget(row.target),
    row.status + (row.note ? ` ${row.note}` : ''),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
  const align = (line: string[]): string => line.map((cell, column) =>
    column === 0 || column === line.length - 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)).join('  ').trimEnd();
  return [align(header), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(align)].join('\n');
}

export function writeJson(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}
