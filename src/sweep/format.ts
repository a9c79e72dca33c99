/**
 * The JSON and CSV files of a sweep result, read back exactly (the lab's one convention for
 * records and numbers, src/io). Pure TypeScript.
 *
 * JSON (`toJson`): one object, see SweepResult. `points` holds every run (point × seed) with
 * its raw metric values; `summary` the mean, min, max and sample standard deviation over the
 * seeds of each (value, series), or null in a shard's output (merge the shards first). A NaN
 * metric is null, ±Infinity ±1e999.
 *
 * CSV (`toCsv`), one file in long ("tidy") form, loaded with
 *   pandas.read_csv('sweep.csv', comment='#')
 * Lines starting with '#' hold the metadata (the first one is the JSON header, everything
 * but points and summary). Columns: param, value, series_key, series, seed, stat, n, point,
 * then one column per metric. Rows with stat = "value" are single runs (seed and point set,
 * n = 1); rows with stat = "mean" | "min" | "max" | "sd" aggregate the n seeds of one
 * (value, series) and leave seed and point empty. A NaN metric is an empty field. E.g.
 * df[df.stat == 'mean'].pivot(index='value', columns='series', values='efficiency').
 */
import { csvNumber, formatCsvRows, parseCsvRows, readCsvNumber, splitComments } from '../io/csv';
import { nullsToNaN, stringifyJson } from '../io/json';
import type { PointResult } from './run';
import type { SummaryRow, Stats, SweepResult } from './result';
import { RESULT_FORMAT, RESULT_FORMAT_VERSION, resultHeader, sweepStatus } from './result';
import type { MetricKey } from './spec';
import { SweepError } from './spec';

export function toJson(r: SweepResult): string {
  return stringifyJson(r, 2) + '\n';
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
  // The metric values are numbers: a null among them is a NaN (the JSON convention).
  const r = o as unknown as SweepResult;
  for (const p of r.points) if (isRecord(p.metrics)) p.metrics = nullsToNaN(p.metrics);
  for (const row of r.summary ?? [])
    if (isRecord(row.metrics)) row.metrics = nullsToNaN(row.metrics);
  return r;
}

const CSV_MAGIC = '# tcp-over-atm-lab sweep ';
const STATS = ['mean', 'min', 'max', 'sd'] as const;
const COLUMNS = ['param', 'value', 'series_key', 'series', 'seed', 'stat', 'n', 'point'];

const num = (x: number | undefined): string => (x === undefined ? '' : csvNumber(x));

export function toCsv(r: SweepResult): string {
  const lines: string[] = [];
  lines.push(CSV_MAGIC + stringifyJson(resultHeader(r)));
  lines.push(
    `# base scenario: ?${r.base.query}${r.base.preset ? ` (from preset ${r.base.preset})` : ''}`,
  );
  lines.push(`# run: ${sweepStatus(r)}`);
  lines.push(
    "# read with pandas.read_csv(path, comment='#'); stat=value rows are single runs (one per seed), stat=mean|min|max|sd rows aggregate the n seeds of a (value, series); sd is the sample standard deviation",
  );
  const rows: string[][] = [[...COLUMNS, ...r.metrics]];
  const pre = (value: number, series: string) => [r.param.key, num(value), r.series.key, series];
  for (const p of r.points)
    rows.push([
      ...pre(p.value, p.series),
      num(p.seed),
      'value',
      '1',
      num(p.index),
      ...r.metrics.map((m) => num(p.metrics[m])),
    ]);
  for (const row of r.summary ?? [])
    for (const s of STATS)
      rows.push([
        ...pre(row.value, row.series),
        '',
        s,
        num(row.n),
        '',
        ...r.metrics.map((m) => num(row.metrics[m]?.[s])),
      ]);
  return lines.join('\n') + '\n' + formatCsvRows(rows);
}

/** Reads a result written by `toCsv` (exactly: the same object `toJson` would give). */
export function parseCsv(text: string, where = 'input'): SweepResult {
  const bad = (why: string) => new SweepError('input', `${where}: ${why}`);
  const { comments, body } = splitComments(text);
  if (comments.length === 0 || !comments[0].startsWith(CSV_MAGIC))
    throw bad(`not a sweep CSV (the first line must start with "${CSV_MAGIC.trim()}")`);
  let head: Record<string, unknown>;
  try {
    head = JSON.parse(comments[0].slice(CSV_MAGIC.length));
  } catch {
    throw bad('the metadata line is not JSON');
  }
  checkHeader(head, where);
  const h = head as unknown as Omit<SweepResult, 'points' | 'summary'>;
  const data = parseCsvRows(body).filter((f) => !(f.length === 1 && f[0] === ''));
  const cols = data[0] ?? [];
  if (cols.slice(0, COLUMNS.length).join(',') !== COLUMNS.join(','))
    throw bad(`unexpected columns "${cols.join(',')}"`);
  const metricCols = cols.slice(COLUMNS.length) as MetricKey[];
  /** A metric's field (empty: NaN), or a required number (`what` of the run). */
  const toNum = (s: string, what: string, required = true): number => {
    const n = readCsvNumber(s);
    if (n === undefined || (required && s === '')) throw bad(`bad ${what} "${s}"`);
    return n;
  };
  const points: PointResult[] = [];
  const summary = new Map<string, SummaryRow>();
  const order: string[] = [];
  for (const f of data.slice(1)) {
    if (f.length !== cols.length) throw bad(`a row has ${f.length} fields, not ${cols.length}`);
    const value = toNum(f[1], 'value');
    const series = f[3];
    const stat = f[5];
    if (stat === 'value') {
      const metrics: Partial<Record<MetricKey, number>> = {};
      metricCols.forEach((m, i) => (metrics[m] = toNum(f[8 + i], m, false)));
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
        (row.metrics[m] as Stats)[stat as keyof Stats] = toNum(f[8 + i], m, false);
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
