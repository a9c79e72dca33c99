/**
 * Sweep specifications: which scenario key is swept over which values, against which series
 * (buffer policies or TCP variants), over which seeds, recording which metrics. Pure
 * TypeScript (no DOM, no Node): the CLI, its worker threads, the browser panel and its Web
 * Workers all build and run sweeps with this module, so they give the same numbers.
 */
import type { MetricKey, Scenario } from '../sim';
import {
  METRIC_KEYS,
  POLICIES,
  PRESETS,
  SCHEMA,
  TCP_VARIANTS,
  applyOverrides,
  describeRange,
  parseScenario,
  parseValue,
  toQuery,
} from '../sim';

/** A user error in a sweep's input. `key` is the option or scenario key it is about; the
 * message starts with it. */
export class SweepError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'SweepError';
  }
}

/** The scenario keys whose values are numbers (kind int or number) and can be swept. The
 * seed is not one of them: seeds are their own dimension (`seeds`). */
export const SWEEPABLE_KEYS: readonly (keyof Scenario)[] = (
  Object.keys(SCHEMA) as (keyof Scenario)[]
).filter((k) => {
  const d = SCHEMA[k];
  return (d.kind === 'int' || d.kind === 'number') && k !== 'seed';
});

/** The numeric metrics a sweep can record: every run-wide metric of the model's table
 * (METRICS, sim/metrics/table.ts; tests/unit/sweep/sweep.test.ts checks the list against a real
 * run's `Metrics`). */
export type { MetricKey };
export { METRIC_KEYS };

export const DEFAULT_METRICS: readonly MetricKey[] = ['efficiency', 'fairness'];

/** What the series of a sweep vary: the buffer policy or the TCP variant (of every VC). */
export type SeriesKey = 'policy' | 'tcp';

/** At most this many values of the swept parameter. */
export const MAX_VALUES = 200;
/** At most this many seeds per point. */
export const MAX_SEEDS = 1000;
/** At most this many runs in one sweep (values × series × seeds). */
export const MAX_POINTS = 20000;

export interface SweepSpec {
  /** The base scenario as its normalised query (`toQuery`, e.g. "v=1&policy=ppd"). */
  base: string;
  /** The preset the base scenario came from, if any (metadata only). */
  preset: string | null;
  param: { key: keyof Scenario; values: number[] };
  series: { key: SeriesKey; values: string[] };
  seeds: number[];
  metrics: MetricKey[];
}

/** One run of a sweep: the point `index` (0-based, see `enumeratePoints`). */
export interface SweepPoint {
  index: number;
  value: number;
  series: string;
  seed: number;
}

/** Number of decimals needed to write x exactly as a decimal (1.25 → 2, 1e-7 → 7). */
function decimals(x: number): number {
  const s = String(x);
  const e = s.indexOf('e');
  const mant = e >= 0 ? s.slice(0, e) : s;
  const exp = e >= 0 ? Number(s.slice(e + 1)) : 0;
  const dot = mant.indexOf('.');
  const frac = dot >= 0 ? mant.length - dot - 1 : 0;
  return Math.max(0, Math.min(20, frac - exp));
}

function parseNumber(key: string, what: string, text: string): number {
  const t = text.trim();
  const n = t === '' ? NaN : Number(t);
  if (!Number.isFinite(n)) throw new SweepError(key, `${key}: ${what} "${text}" is not a number`);
  return n;
}

/** Checks that `key` names a sweepable (numeric) scenario key. */
export function checkSweepKey(key: string): keyof Scenario {
  if (!Object.prototype.hasOwnProperty.call(SCHEMA, key))
    throw new SweepError(
      key || 'param',
      `${key || 'param'}: unknown parameter; numeric keys: ${SWEEPABLE_KEYS.join(', ')}`,
    );
  const k = key as keyof Scenario;
  if (k === 'seed')
    throw new SweepError(k, 'seed: not swept as a parameter; give the seeds with --seeds');
  const d = SCHEMA[k];
  if (d.kind !== 'int' && d.kind !== 'number')
    throw new SweepError(
      k,
      `${k}: not a numeric parameter (it is ${describeRange(k)}); sweep one of ${SWEEPABLE_KEYS.join(', ')}` +
        (k === 'policy' || k === 'tcp' ? ', and compare policies or TCP variants as series' : ''),
    );
  return k;
}

/**
 * Parses a parameter range: `key=from:to:step` (from, from + step, … up to to inclusive) or a
 * list `key=a,b,c`. Every value must be inside the schema's range (integers for integer keys);
 * the step must be positive; at most MAX_VALUES values. Errors throw SweepError naming the key.
 */
export function parseRange(spec: string): { key: keyof Scenario; values: number[] } {
  const eq = spec.indexOf('=');
  if (eq <= 0)
    throw new SweepError(
      'param',
      `param: expected key=from:to:step or key=a,b,c (e.g. bufferCells=500:3000:250), got "${spec}"`,
    );
  const key = checkSweepKey(spec.slice(0, eq).trim());
  const body = spec.slice(eq + 1).trim();
  let values: number[];
  if (body.includes(':')) {
    const parts = body.split(':');
    if (parts.length !== 3)
      throw new SweepError(key, `${key}: expected from:to:step, got "${body}"`);
    const from = parseNumber(key, 'from', parts[0]);
    const to = parseNumber(key, 'to', parts[1]);
    const step = parseNumber(key, 'step', parts[2]);
    if (!(step > 0)) throw new SweepError(key, `${key}: step must be > 0, got ${parts[2].trim()}`);
    if (from > to) throw new SweepError(key, `${key}: from (${from}) is above to (${to})`);
    const count = Math.floor((to - from) / step + 1e-9) + 1;
    if (count > MAX_VALUES)
      throw new SweepError(
        key,
        `${key}: ${from}:${to}:${step} gives ${count} values; at most ${MAX_VALUES}`,
      );
    const dec = Math.max(decimals(from), decimals(step));
    values = [];
    for (let i = 0; i < count; i++) values.push(Number((from + i * step).toFixed(dec)));
  } else {
    const parts = body.split(',');
    if (parts.length > MAX_VALUES)
      throw new SweepError(key, `${key}: ${parts.length} values; at most ${MAX_VALUES}`);
    values = parts.map((p) => parseNumber(key, 'value', p));
    const seen = new Set<number>();
    for (const v of values) {
      if (seen.has(v)) throw new SweepError(key, `${key}: value ${v} is given more than once`);
      seen.add(v);
    }
  }
  for (const v of values) {
    const r = parseValue(key, String(v));
    if ('error' in r) throw new SweepError(key, r.error);
  }
  return { key, values };
}

/** Parses a comma list of policies (`key` 'policy') or TCP variants ('tcp'). `option` names
 * the option in messages (e.g. "policies"). */
export function parseSeries(
  key: SeriesKey,
  list: string,
  option: string = key === 'policy' ? 'policies' : 'variants',
): { key: SeriesKey; values: string[] } {
  const allowed: readonly string[] = key === 'policy' ? POLICIES : TCP_VARIANTS;
  const values = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (values.length === 0)
    throw new SweepError(option, `${option}: give at least one of ${allowed.join(', ')}`);
  for (const v of values) {
    if (!allowed.includes(v))
      throw new SweepError(option, `${option}: "${v}" is not one of ${allowed.join(', ')}`);
  }
  if (new Set(values).size !== values.length)
    throw new SweepError(option, `${option}: a value is given more than once ("${list}")`);
  return { key, values };
}

/** Parses seeds: a count N (N seeds from `firstSeed`: firstSeed, firstSeed + 1, …) or an
 * explicit comma list of two or more seeds ("1,5,9"; a trailing comma makes one seed a list). */
export function parseSeeds(text: string, firstSeed = 1): number[] {
  const t = text.trim();
  const max = SCHEMA.seed.kind === 'int' ? SCHEMA.seed.max : 4294967295;
  const check = (n: number, raw: string) => {
    if (!Number.isInteger(n) || n < 0 || n > max)
      throw new SweepError('seeds', `seeds: "${raw}" is not an integer seed from 0 to ${max}`);
    return n;
  };
  if (t.includes(',')) {
    const seeds = t
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => check(s === '' ? NaN : Number(s), s));
    if (seeds.length === 0) throw new SweepError('seeds', `seeds: no seed in "${text}"`);
    if (seeds.length > MAX_SEEDS)
      throw new SweepError('seeds', `seeds: ${seeds.length} seeds; at most ${MAX_SEEDS}`);
    if (new Set(seeds).size !== seeds.length)
      throw new SweepError('seeds', `seeds: a seed is given more than once ("${text}")`);
    return seeds;
  }
  const n = t === '' ? NaN : Number(t);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SEEDS)
    throw new SweepError(
      'seeds',
      `seeds: "${text}" is not a count from 1 to ${MAX_SEEDS} (or a comma list of seeds)`,
    );
  if (firstSeed + n - 1 > max)
    throw new SweepError(
      'seeds',
      `seeds: ${n} seeds from ${firstSeed} pass the largest seed ${max}`,
    );
  return Array.from({ length: n }, (_, i) => firstSeed + i);
}

/** Parses a comma list of metric names (numeric keys of Metrics). */
export function parseMetrics(list: string): MetricKey[] {
  const values = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (values.length === 0)
    throw new SweepError('metrics', `metrics: give at least one of ${METRIC_KEYS.join(', ')}`);
  for (const v of values) {
    if (!(METRIC_KEYS as readonly string[]).includes(v))
      throw new SweepError('metrics', `metrics: "${v}" is not one of ${METRIC_KEYS.join(', ')}`);
  }
  if (new Set(values).size !== values.length)
    throw new SweepError('metrics', `metrics: a metric is given more than once ("${list}")`);
  return values as MetricKey[];
}

/** Parses `i/n` (1 ≤ i ≤ n): shard i runs the points whose index % n === i − 1. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const bad = (why: string) => new SweepError('shard', `shard: "${text}" ${why}`);
  if (!m) throw bad('is not i/n (e.g. 1/4)');
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) throw bad('has n < 1');
  if (index < 1 || index > count) throw bad(`has i outside 1..${count} (shards are numbered 1..n)`);
  return { index, count };
}

/** The points of a sweep, in index order: param value (outer) × series × seed (inner). */
export function enumeratePoints(spec: SweepSpec): SweepPoint[] {
  const out: SweepPoint[] = [];
  for (const value of spec.param.values)
    for (const series of spec.series.values)
      for (const seed of spec.seeds) out.push({ index: out.length, value, series, seed });
  return out;
}

export function totalPoints(spec: SweepSpec): number {
  return spec.param.values.length * spec.series.values.length * spec.seeds.length;
}

/** The points of shard `index`/`count` (1-based): those whose index % count === index − 1. */
export function shardPoints(
  points: SweepPoint[],
  shard: { index: number; count: number } | null,
): SweepPoint[] {
  if (!shard) return points;
  return points.filter((p) => p.index % shard.count === shard.index - 1);
}

const baseCache = new Map<string, Scenario>();

/** The base scenario of a spec (parsed from its normalised query; cached). */
export function baseScenario(base: string): Scenario {
  let s = baseCache.get(base);
  if (!s) {
    const parsed = parseScenario(base);
    if (parsed.errors.length > 0)
      throw new SweepError(parsed.errors[0].key, parsed.errors.map((e) => e.message).join('\n'));
    s = parsed.scenario;
    if (baseCache.size > 32) baseCache.clear();
    baseCache.set(base, s);
  }
  return s;
}

/** The scenario of one point: the base with the param, series and seed overridden (the same
 * rules as `--set` and the URL). Throws SweepError if the combination is inconsistent. */
export function pointScenario(
  spec: Pick<SweepSpec, 'base' | 'param' | 'series'>,
  point: Pick<SweepPoint, 'value' | 'series' | 'seed'>,
): Scenario {
  const { scenario, errors } = applyOverrides(baseScenario(spec.base), [
    [spec.param.key, String(point.value)],
    [spec.series.key, point.series],
    ['seed', String(point.seed)],
  ]);
  if (errors.length > 0)
    throw new SweepError(
      errors[0].key,
      `${errors.map((e) => e.message).join('\n')} (at ${spec.param.key}=${point.value}, ${spec.series.key}=${point.series})`,
    );
  return scenario;
}

/**
 * The preset a sweep of `base` is a sweep of. First the preset equal to `base` apart from its
 * seed and duration (which a sweep sets itself); failing that, the first preset equal to it
 * apart from those and the keys in `ignore` (the swept key: a bufferCells sweep of a preset
 * with another buffer is still a sweep of that preset). The series key is never ignored: a
 * base that differs from a preset in its policy is not that preset. Null if none matches.
 * The CLI and the browser panel both record this, so their outputs agree however the base was
 * typed (`preset=NAME&duration=…` or the full query the app keeps in its URL).
 */
export function presetOf(base: Scenario, ignore: readonly (keyof Scenario)[]): string | null {
  const target = toQuery(base);
  const match = (keys: readonly (keyof Scenario)[]) =>
    PRESETS.find((p) => {
      const merged: Record<string, unknown> = { ...parseScenario(`preset=${p.name}`).scenario };
      for (const k of keys) merged[k] = base[k];
      return toQuery(merged as unknown as Scenario) === target;
    })?.name ?? null;
  return match(['seed', 'duration']) ?? match(['seed', 'duration', ...ignore]);
}

export interface SpecInput {
  /** The base scenario. */
  base: Scenario;
  /** Metadata: the preset the base comes from. Default: derived with `presetOf`. */
  preset?: string | null;
  /** `key=from:to:step` or `key=a,b,c`. */
  param: string;
  /** Policies to compare ("tail-drop,ppd,epd"); default the base's policy. */
  policies?: string;
  /** TCP variants to compare ("reno,newreno"); give this or policies. */
  variants?: string;
  /** A count (from the base's seed) or a comma list; default 1. */
  seeds?: string | number;
  /** Comma list; default efficiency,fairness. */
  metrics?: string;
}

/** Builds and validates a sweep: every (value, series) combination is checked against the
 * scenario rules before anything runs, so bad input fails at once, naming the key. */
export function makeSpec(input: SpecInput): SweepSpec {
  const param = parseRange(input.param);
  if (input.policies !== undefined && input.variants !== undefined)
    throw new SweepError('policies', 'policies: give --policies or --variants, not both');
  const series =
    input.variants !== undefined
      ? parseSeries('tcp', input.variants)
      : input.policies !== undefined
        ? parseSeries('policy', input.policies)
        : { key: 'policy' as const, values: [input.base.policy] };
  const seeds = parseSeeds(String(input.seeds ?? 1), input.base.seed);
  const metrics = input.metrics !== undefined ? parseMetrics(input.metrics) : [...DEFAULT_METRICS];
  const spec: SweepSpec = {
    base: toQuery(input.base),
    preset: input.preset !== undefined ? input.preset : presetOf(input.base, [param.key]),
    param,
    series,
    seeds,
    metrics,
  };
  const total = totalPoints(spec);
  if (total > MAX_POINTS)
    throw new SweepError(
      param.key,
      `${param.key}: ${param.values.length} values × ${series.values.length} series × ${seeds.length} seeds = ${total} runs; at most ${MAX_POINTS}`,
    );
  for (const value of param.values)
    for (const s of series.values) pointScenario(spec, { value, series: s, seed: seeds[0] });
  return spec;
}
