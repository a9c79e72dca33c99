/**
 * Sweep results: aggregation over seeds, the JSON and CSV formats (read back exactly), and
 * the merge of shard outputs. Pure TypeScript.
 *
 * JSON (`toJson`): one object, see SweepResult. `points` holds every run (point × seed) with
 * its raw metric values; `summary` the mean, min, max and sample standard deviation over the
 * seeds of each (value, series), or null in a shard's output (merge the shards first).
 *
 * CSV (`toCsv`), one file in long ("tidy") form, loaded with
 *   pandas.read_csv('sweep.csv', comment='#')
 * Lines starting with '#' hold the metadata (the first one is the JSON header, everything
 * but points and summary). Columns: param, value, series_key, series, seed, stat, n, point,
 * then one column per metric. Rows with stat = "value" are single runs (seed and point set,
 * n = 1); rows with stat = "mean" | "min" | "max" | "sd" aggregate the n seeds of one
 * (value, series) and leave seed and point empty. E.g. df[df.stat == 'mean'].pivot(
 * index='value', columns='series', values='efficiency').
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

export function toJson(r: SweepResult): string {
  return JSON.stringify(r, null, 2) + '\n';
}

function header(r: SweepResult): Omit<SweepResult, 'points' | 'summary'> {
  const { points: _p, summary: _s, ...rest } = r;
  return rest;
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Checks the header fields of a parsed result object. */
function checkHeader(o: Record<string, unknown>, where: string): void {
  const bad = (why: string) => new SweepError('input', `${where}: ${why}`);
  if (o.format !== RESULT_FORMAT)
    throw bad(`not a sweep result (format is not "${RESULT_FORMAT}")`);
  if (o.formatVersion !== RESULT_FORMAT_VERSION)
    throw bad(`unsupported formatVersion ${String(o.formatVersion)}`);
  const base = o.base;
  if (!isRecord(base) || typeof base.query !== 'string') throw bad('missing base.query');
  const param = o.param;
  if (!isRecord(param) || typeof param.key !== 'string' || !Array.isArray(param.values))
    throw bad('missing param');
  const series = o.series;
  if (!isRecord(series) || (series.key !== 'policy' && series.key !== 'tcp'))
    throw bad('missing series');
  if (!Array.isArray(o.seeds) || !Array.isArray(o.metrics)) throw bad('missing seeds or metrics');
  if (typeof o.totalPoints !== 'number') throw bad('missing totalPoints');
}

/** Reads a result written by `toJson`. `where` names the input in errors (e.g. a file). */
export function parseJson(text: string, where = 'input'): SweepResult {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (e) {
    throw new SweepError('input', `${where}: not JSON (${e instanceof Error ? e.message : e})`);
  }
  if (!isRecord(o)) throw new SweepError('input', `${where}: not a sweep result`);
  checkHeader(o, where);
  if (!Array.isArray(o.points)) throw new SweepError('input', `${where}: missing points`);
  return o as unknown as SweepResult;
}

const CSV_MAGIC = '# tcp-over-atm-lab sweep ';
const STATS = ['mean', 'min', 'max', 'sd'] as const;

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Numbers as their shortest round-trip decimal (JSON's), so a CSV reads back exactly. */
const num = (x: number | undefined): string => (x === undefined ? '' : String(x));

export function toCsv(r: SweepResult): string {
  const lines: string[] = [];
  lines.push(CSV_MAGIC + JSON.stringify(header(r)));
  lines.push(
    `# base scenario: ?${r.base.query}${r.base.preset ? ` (from preset ${r.base.preset})` : ''}`,
  );
  lines.push(`# run: ${sweepStatus(r)}`);
  lines.push(
    "# read with pandas.read_csv(path, comment='#'); stat=value rows are single runs (one per seed), stat=mean|min|max|sd rows aggregate the n seeds of a (value, series); sd is the sample standard deviation",
  );
  lines.push(
    ['param', 'value', 'series_key', 'series', 'seed', 'stat', 'n', 'point', ...r.metrics].join(
      ',',
    ),
  );
  const pre = (value: number, series: string) =>
    [csvField(r.param.key), num(value), r.series.key, csvField(series)].join(',');
  for (const p of r.points)
    lines.push(
      [
        pre(p.value, p.series),
        num(p.seed),
        'value',
        '1',
        num(p.index),
        ...r.metrics.map((m) => num(p.metrics[m])),
      ].join(','),
    );
  for (const row of r.summary ?? [])
    for (const s of STATS)
      lines.push(
        [
          pre(row.value, row.series),
          '',
          s,
          num(row.n),
          '',
          ...r.metrics.map((m) => num(row.metrics[m]?.[s])),
        ].join(','),
      );
  return lines.join('\n') + '\n';
}

function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** Reads a result written by `toCsv` (exactly: the same object `toJson` would give). */
export function parseCsv(text: string, where = 'input'): SweepResult {
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  const bad = (why: string) => new SweepError('input', `${where}: ${why}`);
  if (lines.length === 0 || !lines[0].startsWith(CSV_MAGIC))
    throw bad(`not a sweep CSV (the first line must start with "${CSV_MAGIC.trim()}")`);
  let head: Record<string, unknown>;
  try {
    head = JSON.parse(lines[0].slice(CSV_MAGIC.length));
  } catch {
    throw bad('the metadata line is not JSON');
  }
  checkHeader(head, where);
  const h = head as unknown as Omit<SweepResult, 'points' | 'summary'>;
  const data = lines.filter((l) => !l.startsWith('#'));
  const cols = splitCsvLine(data[0] ?? '');
  const expected = ['param', 'value', 'series_key', 'series', 'seed', 'stat', 'n', 'point'];
  if (cols.slice(0, expected.length).join(',') !== expected.join(','))
    throw bad(`unexpected columns "${data[0] ?? ''}"`);
  const metricCols = cols.slice(expected.length) as MetricKey[];
  const toNum = (s: string, what: string): number => {
    const n = Number(s);
    if (s === '' || (Number.isNaN(n) && s !== 'NaN')) throw bad(`bad ${what} "${s}"`);
    return n;
  };
  const points: PointResult[] = [];
  const summary = new Map<string, SummaryRow>();
  const order: string[] = [];
  for (const line of data.slice(1)) {
    const f = splitCsvLine(line);
    if (f.length !== cols.length) throw bad(`a row has ${f.length} fields, not ${cols.length}`);
    const value = toNum(f[1], 'value');
    const series = f[3];
    const stat = f[5];
    if (stat === 'value') {
      const metrics: Partial<Record<MetricKey, number>> = {};
      metricCols.forEach((m, i) => (metrics[m] = toNum(f[8 + i], m)));
      points.push({
        index: toNum(f[7], 'point'),
        value,
        series,
        seed: toNum(f[4], 'seed'),
        metrics,
      });
    } else if ((STATS as readonly string[]).includes(stat)) {
      const k = `${value}\u0000${series}`;
      let row = summary.get(k);
      if (!row) {
        row = { value, series, n: toNum(f[6], 'n'), metrics: {} };
        for (const m of metricCols) row.metrics[m] = { mean: NaN, min: NaN, max: NaN, sd: NaN };
        summary.set(k, row);
        order.push(k);
      }
      metricCols.forEach((m, i) => {
        (row.metrics[m] as Stats)[stat as keyof Stats] = toNum(f[8 + i], m);
      });
    } else throw bad(`unknown stat "${stat}"`);
  }
  return {
    ...h,
    points,
    summary: h.shard === null && order.length > 0 ? order.map((k) => summary.get(k)!) : null,
  };
}

/** Reads a result in either format (a CSV starts with its '#' metadata line). */
export function parseResult(text: string, where = 'input'): SweepResult {
  return text.trimStart().startsWith('#') ? parseCsv(text, where) : parseJson(text, where);
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
  const ref = JSON.stringify({ ...header(parts[0]), shard: null, complete: false });
  parts.forEach((p, i) => {
    const h = JSON.stringify({ ...header(p), shard: null, complete: false });
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
