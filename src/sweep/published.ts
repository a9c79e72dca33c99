/**
 * Published values of the source papers (domain.md §7, /work/shared/seeds), as points a sweep
 * plot can overlay. Each entry says which swept parameter (x), metric (y) and series (policy or
 * TCP variant) it belongs to, the scenario it was measured in (`where`, checked against the
 * sweep's base scenario), and its source (paper, figure or table).
 *
 * `relation` is '≈' for a value the paper reports (read from text or table), '<' or '>' for a
 * bound the paper states ("less than 2% of the available bandwidth").
 *
 * Not here, because the papers give no absolute number on a sweepable axis: S0's "K = 2176
 * gives 99.5% of the loss-free efficiency" (relative), its EPD frame loss ratio 6.7%–4.8%
 * between 1088 and 2176 cells (frames EPD removes whole never reach the receivers, so it is
 * not this model's FER), the b sweeps of Fig. 3–4 and 11–16 (curves without numbers in the
 * text), and S1's per-TCP-flavour efficiency/fairness tables (not against a swept parameter).
 */
import type { Scenario } from '../sim';
import type { MetricKey, SeriesKey } from './spec';

export type PaperTag = 'S0' | 'S1' | 'S2' | 'S3' | 'S4';

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

const S0: Omit<PublishedSource, 'ref' | 'note'> = {
  paper: 'S0',
  citation:
    'Jaussi, Lorang, Nelissen: A Detailed Experimental Performance Evaluation on TCP over UBR',
};
const S1: Omit<PublishedSource, 'ref' | 'note'> = {
  paper: 'S1',
  citation: 'Jain, Goyal (Ohio State): TCP over UBR issues to study (slides)',
};
const S2: Omit<PublishedSource, 'ref' | 'note'> = {
  paper: 'S2',
  citation: 'Nakanishi et al.: Analysis of TCP Throughput Anomaly over Congested ATM Networks',
};

/** S0's testbed (§3.1): 4 Reno senders, 37.44 Mbit/s, per-VC round robin, MTU 4352, window
 * 52,224 bytes, G = 200 ms, delayed ACK. */
const S0_WHERE: PublishedPoint['where'] = {
  sources: [4],
  tcpsPerVc: [1],
  linkMbps: [37.44],
  scheduler: ['rr'],
  mtu: [4352],
  window: [52224],
  tcp: ['reno'],
  dupAck: [3],
  granularityMs: [200],
  ack: ['delayed'],
  cbrMbps: [0],
  vbrMbps: [0],
};
/** EPD with b = 1 (the default when neither epdB nor epdThreshold is set). */
const S0_EPD_B1: PublishedPoint['where'] = { ...S0_WHERE, epdB: [1, null], epdThreshold: [null] };
const S0_PRESETS = ['s0-testbed', 's0-plain-ubr', 's0-ppd', 's0-small-buffer'];

function s0(
  id: string,
  policy: string,
  x: number,
  metric: MetricKey,
  y: number,
  relation: PublishedPoint['relation'],
  note: string,
): PublishedPoint {
  return {
    id,
    param: 'bufferCells',
    x,
    metric,
    y,
    relation,
    series: { key: 'policy', value: policy },
    where: policy === 'epd' ? S0_EPD_B1 : S0_WHERE,
    presets: S0_PRESETS,
    source: { ...S0, ref: 'Fig. 2, §4.1', note },
    label: 'S0 Fig. 2',
  };
}

const S0_POINTS: PublishedPoint[] = [
  s0(
    's0-fig2-ubr-1088',
    'tail-drop',
    1088,
    'efficiency',
    0.87,
    '≈',
    '"approximately 87% efficiency with plain UBR" at 1088 cells',
  ),
  s0('s0-fig2-ppd-1088', 'ppd', 1088, 'efficiency', 0.915, '≈', '"91.5% with PPD" at 1088 cells'),
  s0(
    's0-fig2-epd-1088',
    'epd',
    1088,
    'efficiency',
    0.93,
    '≈',
    '"close to 93% with EPD" (b = 1) at 1088 cells',
  ),
  s0(
    's0-fig2-epd-fair-1088',
    'epd',
    1088,
    'fairness',
    0.95,
    '>',
    'EPD b = 1: "fairness index is larger than 0.95 with all buffers also used in Fig. 2"',
  ),
  s0(
    's0-fig2-epd-fair-2176',
    'epd',
    2176,
    'fairness',
    0.95,
    '>',
    'EPD b = 1: "fairness index is larger than 0.95 with all buffers also used in Fig. 2"',
  ),
  s0(
    's0-fig2-ubr-fair-2176',
    'tail-drop',
    2176,
    'fairness',
    0.9,
    '>',
    'plain UBR: unfair below 1088 cells, "index larger than 0.9" with larger buffers',
  ),
];

/** S1's LAN and WAN configurations (slides "The Simulation Experiment"): 155 Mbit/s links,
 * MSS 512, windows 64 KB (LAN) and 600,000 bytes (WAN), no delayed ACK, G = 100 ms. */
const S1_LAN_WHERE: PublishedPoint['where'] = {
  tcpsPerVc: [1],
  linkMbps: [149.76],
  rttMs: [0.03],
  mtu: [552],
  window: [65536],
  ack: ['every'],
  granularityMs: [100],
  cbrMbps: [0],
  vbrMbps: [0],
};
const S1_WAN_WHERE: PublishedPoint['where'] = { ...S1_LAN_WHERE, rttMs: [30], window: [600000] };

const S1_POLICIES = ['tail-drop', 'epd', 'sd', 'fba'] as const;
const S1_NAMES: Record<(typeof S1_POLICIES)[number], string> = {
  'tail-drop': 'UBR',
  epd: 'EPD',
  sd: 'SD',
  fba: 'FBA',
};

/**
 * S1 table "UBR + EPD + FBA": [config, sources, buffer cells, then efficiency and fairness for
 * UBR, EPD, SD, FBA]. The extraction lost decimal points ("068" is 0.68, "09" is 0.9) and
 * read some 7s as "/" ("0.7/6" is 0.76); its LAN "20000" row, between 1000 and 3000, is 2000.
 */
const S1_TABLE: [string, number, number, ...number[]][] = [
  ['LAN', 5, 1000, 0.21, 0.68, 0.49, 0.57, 0.75, 0.99, 0.88, 0.98],
  ['LAN', 5, 2000, 0.32, 0.9, 0.68, 0.98, 0.85, 0.96, 0.84, 0.98],
  ['LAN', 5, 3000, 0.47, 0.97, 0.72, 0.84, 0.9, 0.99, 0.92, 0.97],
  ['LAN', 15, 1000, 0.22, 0.31, 0.55, 0.56, 0.76, 0.76, 0.91, 0.97],
  ['LAN', 15, 2000, 0.49, 0.59, 0.81, 0.87, 0.82, 0.98, 0.85, 0.96],
  ['LAN', 15, 3000, 0.47, 0.8, 0.91, 0.78, 0.94, 0.94, 0.9, 0.93],
  ['WAN', 5, 12000, 0.86, 0.75, 0.9, 0.94, 0.9, 0.95, 0.95, 0.9],
  ['WAN', 5, 24000, 0.9, 0.83, 0.91, 0.99, 0.92, 0.99, 0.92, 1],
  ['WAN', 5, 36000, 0.91, 0.86, 0.81, 1, 0.81, 1, 0.81, 1],
  ['WAN', 15, 12000, 0.96, 0.67, 0.92, 0.93, 0.94, 0.91, 0.9, 0.97],
  ['WAN', 15, 24000, 0.94, 0.82, 0.91, 0.92, 0.94, 0.97, 0.9, 0.98],
  ['WAN', 15, 36000, 0.92, 0.77, 0.9, 0.91, 0.9, 0.89, 0.95, 0.97],
];

const S1_POINTS: PublishedPoint[] = S1_TABLE.flatMap(([conf, sources, K, ...vals]) =>
  S1_POLICIES.flatMap((policy, i) =>
    (['efficiency', 'fairness'] as const).map((metric, j): PublishedPoint => ({
      id: `s1-${conf.toLowerCase()}-${sources}-${K}-${policy}-${metric}`,
      param: 'bufferCells',
      x: K,
      metric,
      y: vals[2 * i + j],
      relation: '≈',
      series: { key: 'policy', value: policy },
      where: { ...(conf === 'LAN' ? S1_LAN_WHERE : S1_WAN_WHERE), sources: [sources] },
      presets: sources === 5 ? [`s1-${conf.toLowerCase()}-${policy}`] : [],
      source: {
        ...S1,
        ref: 'Table "UBR + EPD + FBA"',
        note: `${conf}, ${sources} sources, ${K} cells: ${S1_NAMES[policy]} ${metric} ${vals[2 * i + j]}`,
      },
      label: `S1 ${conf} table`,
    })),
  ),
);

/** S2 §3–4: one Reno flow over OC-3 with 60 Mbit/s CBR, no packet discard. */
const S2_WHERE: PublishedPoint['where'] = {
  sources: [1],
  tcpsPerVc: [1],
  linkMbps: [149.76],
  cbrMbps: [60],
};
const S2_9180: PublishedPoint['where'] = { ...S2_WHERE, mtu: [9180], window: [65536] };
const S2_1500_K1000: PublishedPoint['where'] = { ...S2_WHERE, mtu: [1500], bufferCells: [1000] };
const S2_1500_W38: PublishedPoint['where'] = { ...S2_WHERE, mtu: [1500], window: [38912] };
const S2_PRESETS = ['s2-deadlock', 's2-large-buffer'];

const S2_POINTS: PublishedPoint[] = [
  {
    id: 's2-fig3-9180-3000-goodput',
    param: 'bufferCells',
    x: 3000,
    metric: 'goodputMbps',
    y: 82.94,
    relation: '≈',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_9180,
    presets: S2_PRESETS,
    source: {
      ...S2,
      ref: 'Fig. 3, §4.1',
      note: '"150 K[bytes] (3 K cell) or more no throughput deadlock … 82.94 M[bps] when MTU = 9,180"',
    },
    label: 'S2 Fig. 3',
  },
  {
    id: 's2-fig3-9180-1000-efficiency',
    param: 'bufferCells',
    x: 1000,
    metric: 'efficiency',
    y: 0.02,
    relation: '<',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_9180,
    presets: S2_PRESETS,
    source: {
      ...S2,
      ref: 'Fig. 3, §4.1',
      note: '"cell buffer is 50 K[bytes] (1 K cell) or less, UBR traffic throughput is less than 2% of the available bandwidth"',
    },
    label: 'S2 Fig. 3',
  },
  {
    id: 's2-table2-1500-w38-k1000',
    param: 'bufferCells',
    x: 1000,
    metric: 'efficiency',
    y: 0.02,
    relation: '<',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_1500_W38,
    presets: [],
    source: {
      ...S2,
      ref: 'Table 2, §4.3',
      note: 'MTU 1500, 38 KB socket, 1 K cells: pattern (b), deadlock (below 2% of the available bandwidth, §4.1)',
    },
    label: 'S2 Table 2',
  },
  {
    id: 's2-4.3-1500-w38-k2000',
    param: 'bufferCells',
    x: 2000,
    metric: 'efficiency',
    y: 0.1,
    relation: '>',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_1500_W38,
    presets: [],
    source: {
      ...S2,
      ref: '§4.3',
      note: '"TCP does not suffer throughput deadlock when we increase the ATM switch buffer size to 2kCells" ("good": above 10% of the available bandwidth, §4.2)',
    },
    label: 'S2 §4.3',
  },
  {
    id: 's2-table2-1500-k1000-w25',
    param: 'window',
    x: 25600,
    metric: 'efficiency',
    y: 0.1,
    relation: '>',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_1500_K1000,
    presets: [],
    source: {
      ...S2,
      ref: 'Table 2, Fig. 4',
      note: 'MTU 1500, 1 K cells, 25 KB socket: pattern (a), "Good" (above 10% of the available bandwidth, §4.2)',
    },
    label: 'S2 Table 2',
  },
  {
    id: 's2-table2-1500-k1000-w38',
    param: 'window',
    x: 38912,
    metric: 'efficiency',
    y: 0.02,
    relation: '<',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_1500_K1000,
    presets: [],
    source: {
      ...S2,
      ref: 'Table 2, Fig. 4',
      note: 'MTU 1500, 1 K cells, 38 KB socket: pattern (b), deadlock (below 2%, §4.1)',
    },
    label: 'S2 Table 2',
  },
  {
    id: 's2-4.3-1500-k1000-w38-timeouts',
    param: 'window',
    x: 38912,
    metric: 'timeouts',
    y: 7,
    relation: '≈',
    series: { key: 'policy', value: 'tail-drop' },
    where: S2_1500_K1000,
    presets: [],
    source: {
      ...S2,
      ref: '§4.3, Fig. 5(b)',
      note: '"Time-out happens seven times in whole span of 10 seconds (approximately)"; for 10 s runs',
    },
    label: 'S2 §4.3',
  },
];

/** Every published point. */
export const PUBLISHED: readonly PublishedPoint[] = [...S0_POINTS, ...S1_POINTS, ...S2_POINTS];

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
