import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Value at percentile `p` (0-100) of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export const fmt = (value: number, digits = 1) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    : 'n/a';

/** A plain-text table with aligned columns (also valid Markdown). */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function machine(postgresVersion: string) {
  const cpus = os.cpus();
  return {
    cpus: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    postgres: postgresVersion,
    os: `${os.type()} ${os.release()}`,
  };
}

export function describeMachine(m: ReturnType<typeof machine>): string {
  return `${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB RAM, Node ${m.node}, PostgreSQL ${m.postgres}, ${m.os}`;
}

/** A target and whether it was met, for the summary lines. */
export function verdict(label: string, met: boolean, detail: string): string {
  return `${met ? 'MET    ' : 'NOT MET'}  ${label}: ${detail}`;
}

const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** Keeps the raw figures of a run in bench/results/ (the JSON files git-ignored). */
export function saveResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `${name}-${stamp}.json`);
  writeFileSync(file, JSON.stringify(data, null, 2));
  return file;
}

/** Other processes busy during a measured window make every figure pessimistic: say so. */
export function noiseWarning(cpu: { other: number; loadAverage: number }): string {
  return cpu.other > 20
    ? `WARNING: other processes on this machine used ${cpu.other} % of a CPU during the measured ` +
        `window (load average ${cpu.loadAverage}): the figures are pessimistic; run again on a quiet machine.`
    : `Machine quiet: other processes used ${cpu.other} % of a CPU during the measured window.`;
}
