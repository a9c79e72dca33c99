/**
 * Published values of the source papers as points a sweep plot can overlay: the value and bound
 * claims of the claims table (src/reproduce/claims) that carry an `overlay`, and the boundary
 * sides that carry one. One source of truth: the Reproduce page, the CLI scorecard and the
 * sweep overlays all read the claims.
 *
 * Each point says which swept parameter (x), metric (y) and series (policy or TCP variant) it
 * belongs to, the scenario it was measured in (`where`, checked against the sweep's base
 * scenario), and its source (paper, figure or table). `relation` is '≈' for a value the paper
 * reports, '<' or '>' for a bound it states ("less than 2% of the available bandwidth").
 */
import { CITATIONS, CLAIMS } from './claims';
import type { Claim, Overlay, PaperTag } from './types';
import type { Scenario } from '../sim';
import type { MetricKey, SeriesKey } from '../sweep/spec';

export type { PaperTag };

export interface PublishedSource {
  paper: PaperTag;
  /** Short citation of the paper. */
  citation: string;
  /** Figure, table or section, e.g. "Fig. 2", "Table \"UBR + EPD + FBA\"". */
  ref: string;
  /** How the value was read, and anything to know about it. */
  note?: string;
}

type ScalarValue = number | string | boolean | null;

export interface PublishedPoint {
  id: string;
  /** The swept scenario key (x axis) and the value there. */
  param: keyof Scenario;
  x: number;
  metric: MetricKey;
  y: number;
  relation: '≈' | '<' | '>';
  series: { key: SeriesKey; value: string };
  /**
   * The scenario the value was measured in: each key must hold one of the listed values in
   * the sweep's base scenario (per-VC lists must be one value; null stands for "not set").
   */
  where: Partial<Record<keyof Scenario, readonly ScalarValue[]>>;
  /** The presets that stand for this configuration. */
  presets: readonly string[];
  source: PublishedSource;
  /** A short label for the plot, e.g. "S0 Fig. 2". */
  label: string;
}

function point(
  c: Claim,
  o: Overlay,
  y: number,
  relation: PublishedPoint['relation'],
  note: string,
): PublishedPoint {
  return {
    id: o.id ?? c.id,
    param: o.param as keyof Scenario,
    x: o.x,
    metric: o.metric,
    y,
    relation,
    series: o.series,
    where: o.where as PublishedPoint['where'],
    presets: c.presets ?? [],
    source: { paper: c.paper, citation: CITATIONS[c.paper], ref: c.ref, note },
    label: o.label,
  };
}

function pointsOf(c: Claim): PublishedPoint[] {
  const note = c.note ? `${c.text} ${c.note}` : c.text;
  if (c.kind === 'value' && c.overlay) return [point(c, c.overlay, c.published, '≈', note)];
  if (c.kind === 'bound' && c.overlay) return [point(c, c.overlay, c.published, c.op, note)];
  if (c.kind === 'boundary')
    return c.sides.flatMap((s) =>
      (s.overlays ?? []).map((o) => point(c, o, s.threshold, s.op, `${s.label}: ${note}`)),
    );
  return [];
}

/** Every published point. */
export const PUBLISHED: readonly PublishedPoint[] = CLAIMS.flatMap(pointsOf);

function scalarOf(v: unknown): ScalarValue | undefined {
  if (v === undefined) return null;
  if (Array.isArray(v)) return v.length === 1 ? (v[0] as ScalarValue) : undefined;
  return v as ScalarValue;
}

/** Does the base scenario match an entry's `where` (keys swept or varied as series are
 * skipped)? */
export function matchesWhere(
  p: PublishedPoint,
  base: Scenario,
  skip: readonly (keyof Scenario)[] = [],
): boolean {
  for (const [k, allowed] of Object.entries(p.where) as [keyof Scenario, ScalarValue[]][]) {
    if (skip.includes(k)) continue;
    const v = scalarOf(base[k]);
    if (v === undefined || !allowed.includes(v)) return false;
  }
  return true;
}

/**
 * The published points a sweep can overlay: same param and series key, the metric among
 * `metrics`, the series among `series`, x inside the swept range, and the base scenario in
 * the entry's configuration.
 */
export function matchPublished(sweep: {
  base: Scenario;
  param: { key: keyof Scenario; values: readonly number[] };
  series: { key: SeriesKey; values: readonly string[] };
  metrics: readonly MetricKey[];
}): PublishedPoint[] {
  const xs = sweep.param.values;
  if (xs.length === 0) return [];
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  return PUBLISHED.filter(
    (p) =>
      p.param === sweep.param.key &&
      p.series.key === sweep.series.key &&
      sweep.series.values.includes(p.series.value) &&
      sweep.metrics.includes(p.metric) &&
      p.x >= lo &&
      p.x <= hi &&
      matchesWhere(p, sweep.base, [sweep.param.key, sweep.series.key, 'seed']),
  );
}
