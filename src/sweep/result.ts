/**
 * Sweep results: aggregation over seeds, and the merge of shard outputs (their JSON and CSV
 * formats are in format.ts). Pure TypeScript.
 */
import type { Scenario } from '../sim';
import { SCHEMA } from '../sim';
import type { PointResult } from './run';
import type { MetricKey, SeriesKey, SweepSpec } from './spec';
import { SweepError, baseScenario, totalPoints } from './spec';
import { APP_COMMIT, APP_NAME } from '../version';

export const RESULT_FORMAT = 'tcp-over-atm-lab/sweep';
export const RESULT_FORMAT_VERSION = 1;

export interface Stats {
  mean: number;
  min: number;
  max: number;
  /** Sample standard deviation (n − 1 in the denominator, as pandas' std); 0 for one seed. */
  sd: number;
}

export interface SummaryRow {
  value: number;
  series: string;
  /** Seeds behind the statistics. */
  n: number;
  metrics: Partial<Record<MetricKey, Stats>>;
}

export interface SweepResult {
  format: typeof RESULT_FORMAT;
  formatVersion: typeof RESULT_FORMAT_VERSION;
  /** The app's version (package.json) that produced the numbers, if known. */
  appVersion: string | null;
  /** The git commit of the code that produced the numbers ("unknown" without git). */
  commit: string | null;
  /** True when every run of the whole sweep is here (false for a shard, or a sweep cancelled
   * or still running). */
  complete: boolean;
  /** Simulated seconds of each run (the base's duration); null when the swept parameter is
   * the duration itself. */
  simulatedSeconds: number | null;
  /** The base scenario: its normalised query, and the preset it came from. */
  base: { query: string; preset: string | null };
  param: { key: keyof Scenario; label: string; unit: string; values: number[] };
  series: { key: SeriesKey; values: string[] };
  seeds: number[];
  metrics: MetricKey[];
  /** Runs of the whole sweep (values × series × seeds). */
  totalPoints: number;
  /** Which shard this output is (1-based), or null for a whole sweep (or a merge). */
  shard: { index: number; count: number } | null;
  /** Every run of this output, by point index. */
  points: PointResult[];
  /** Statistics over seeds per (value, series), in value then series order; null unless
   * every point is present. */
  summary: SummaryRow[] | null;
}

/** Mean, min, max and sample standard deviation of `xs` (summed in order). */
export function stats(xs: readonly number[]): Stats {
  const n = xs.length;
  if (n === 0) return { mean: NaN, min: NaN, max: NaN, sd: NaN };
  let sum = 0;
  let min = xs[0];
  let max = xs[0];
  for (const x of xs) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const mean = sum / n;
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  return { mean, min, max, sd };
}

/**
 * Statistics per (value, series) over the points present (in seed order), in the spec's value
 * then series order; groups without any point are left out. Used for the summary (complete
 * results) and by the panel's plot while a sweep is still running.
 */
export function aggregate(
  spec: Pick<SweepSpec, 'param' | 'series' | 'metrics'>,
  points: readonly PointResult[],
): SummaryRow[] {
  const groups = new Map<string, PointResult[]>();
  const sorted = [...points].sort((a, b) => a.index - b.index);
  for (const p of sorted) {
    const k = `${p.value}\u0000${p.series}`;
    const g = groups.get(k);
    if (g) g.push(p);
    else groups.set(k, [p]);
  }
  const rows: SummaryRow[] = [];
  for (const value of spec.param.values)
    for (const series of spec.series.values) {
      const g = groups.get(`${value}\u0000${series}`);
      if (!g) continue;
      const metrics: Partial<Record<MetricKey, Stats>> = {};
      for (const m of spec.metrics) metrics[m] = stats(g.map((p) => p.metrics[m] as number));
      rows.push({ value, series, n: g.length, metrics });
    }
  return rows;
}

/** Assembles a result from the runs of a spec (or of one shard of it). */
export function makeResult(
  spec: SweepSpec,
  points: readonly PointResult[],
  opts: {
    appVersion?: string | null;
    /** Default: the build's commit (APP_COMMIT). */
    commit?: string | null;
    shard?: { index: number; count: number } | null;
  } = {},
): SweepResult {
  const d = SCHEMA[spec.param.key];
  const total = totalPoints(spec);
  const sorted = [...points].sort((a, b) => a.index - b.index);
  const complete = sorted.length === total && sorted.every((p, i) => p.index === i);
  return {
    format: RESULT_FORMAT,
    formatVersion: RESULT_FORMAT_VERSION,
    appVersion: opts.appVersion ?? null,
    commit: opts.commit === undefined ? APP_COMMIT : opts.commit,
    complete,
    simulatedSeconds: spec.param.key === 'duration' ? null : baseScenario(spec.base).duration,
    base: { query: spec.base, preset: spec.preset },
    param: {
      key: spec.param.key,
      label: d.label,
      unit: d.kind === 'int' || d.kind === 'number' ? d.unit : '',
      values: [...spec.param.values],
    },
    series: { key: spec.series.key, values: [...spec.series.values] },
    seeds: [...spec.seeds],
    metrics: [...spec.metrics],
    totalPoints: total,
    shard: opts.shard && opts.shard.count > 1 ? { ...opts.shard } : null,
    points: sorted.map((p) => ({
      index: p.index,
      value: p.value,
      series: p.series,
      seed: p.seed,
      metrics: Object.fromEntries(spec.metrics.map((m) => [m, p.metrics[m]])),
    })),
    summary: complete ? aggregate(spec, sorted) : null,
  };
}

/** The spec a result was made from. */
export function specOf(r: SweepResult): SweepSpec {
  return {
    base: r.base.query,
    preset: r.base.preset,
    param: { key: r.param.key, values: [...r.param.values] },
    series: { key: r.series.key, values: [...r.series.values] },
    seeds: [...r.seeds],
    metrics: [...r.metrics],
  };
}

/** "complete: 12 of 12 runs, 0.4 s simulated each; tcp-over-atm-lab 0.9.0, commit abc1234",
 * or "incomplete: 5 of 12 runs, …". */
export function sweepStatus(r: SweepResult): string {
  const each =
    r.simulatedSeconds === null
      ? `${r.param.key} s simulated each`
      : `${r.simulatedSeconds} s simulated each`;
  const shard = r.shard ? ` (shard ${r.shard.index}/${r.shard.count})` : '';
  return (
    `${r.complete ? 'complete' : 'incomplete'}: ${r.points.length} of ${r.totalPoints} runs${shard}, ${each}; ` +
    `${APP_NAME} ${r.appVersion ?? 'unknown version'}, commit ${r.commit ?? 'unknown'}`
  );
}

/** The result without its runs and statistics: what two shards of one sweep share. */
export function resultHeader(r: SweepResult): Omit<SweepResult, 'points' | 'summary'> {
  const { points: _p, summary: _s, ...rest } = r;
  return rest;
}

/**
 * Merges the outputs of the shards of one sweep into the result of the whole sweep (exactly
 * what one unsharded run gives). The inputs must describe the same sweep, with no point twice
 * and none missing.
 */
export function mergeResults(
  parts: readonly SweepResult[],
  names?: readonly string[],
): SweepResult {
  if (parts.length === 0) throw new SweepError('merge', 'merge: no inputs');
  const name = (i: number) => names?.[i] ?? `input ${i + 1}`;
  const ref = JSON.stringify({ ...resultHeader(parts[0]), shard: null, complete: false });
  parts.forEach((p, i) => {
    const h = JSON.stringify({ ...resultHeader(p), shard: null, complete: false });
    if (h !== ref)
      throw new SweepError(
        'merge',
        `merge: ${name(i)} is not a shard of the same sweep as ${name(0)} (base, param, series, seeds, metrics, app version or commit differ)`,
      );
  });
  const byIndex = new Map<number, { p: PointResult; from: number }>();
  parts.forEach((part, i) => {
    for (const p of part.points) {
      const prev = byIndex.get(p.index);
      if (prev)
        throw new SweepError(
          'merge',
          `merge: point ${p.index} is in both ${name(prev.from)} and ${name(i)}`,
        );
      byIndex.set(p.index, { p, from: i });
    }
  });
  const spec = specOf(parts[0]);
  const total = totalPoints(spec);
  const missing: number[] = [];
  for (let i = 0; i < total; i++) if (!byIndex.has(i)) missing.push(i);
  if (missing.length > 0) {
    const counts = [...new Set(parts.map((p) => p.shard?.count).filter((c) => c !== undefined))];
    const have = parts.map((p) => p.shard?.index).filter((c) => c !== undefined);
    const hint = counts.length === 1 ? `; shards given: ${have.join(', ')} of ${counts[0]}` : '';
    throw new SweepError(
      'merge',
      `merge: ${missing.length} of ${total} points missing (first: ${missing.slice(0, 5).join(', ')})${hint}`,
    );
  }
  const points = [...byIndex.values()].map((v) => v.p);
  return makeResult(spec, points, {
    appVersion: parts[0].appVersion,
    commit: parts[0].commit ?? null,
    shard: null,
  });
}
