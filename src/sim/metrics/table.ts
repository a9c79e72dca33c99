import type { Metrics } from './metrics';

/** The run-wide numeric metrics (Metrics without its per-connection and per-VC lists). */
export type MetricKey = keyof Omit<Metrics, 'perConnection' | 'perVc'>;

/** Which way a metric is better: 'higher', 'lower', or null when neither is. */
export type Better = 'higher' | 'lower' | null;

export interface MetricDef {
  /** Short name for a table, a panel or a legend. */
  label: string;
  /** Which way is better (Compare's B − A colours say good or bad with it); null: neither, as
   * for CLR (CLP=1), where GFR (S3) drops tagged cells first on purpose, and fast retransmits,
   * where more can mean more losses or fewer timeouts. */
  better: Better;
  /** The name in full, where the label is too short (a plot's axis, a sweep's title). */
  axis?: string;
  /** 'ratio' (0–1), 'Mbit/s', 's' or 'count'. */
  unit: 'ratio' | 'Mbit/s' | 's' | 'count';
  /** What it measures, and from which source (S0–S4). */
  definition: string;
  /**
   * Its run-to-run noise: how far two runs that differ only in their seed typically lie
   * apart, max(abs, rel·|value|) in the metric's unit. A difference within it (Compare's
   * B − A) says nothing about the change. Estimated with the CLI as the sample standard
   * deviation over 8 seeds of each of 13 scenario and policy pairs (the lessons' scenarios:
   * `npm run sweep -- --url '?preset=…' --param duration=20 --policies … --seeds 8`), the
   * median of those 13 (abs) and of their ratios to the mean (rel), rounded; 0 where the
   * metric does not depend on the seed.
   */
  noise: { abs: number; rel: number };
  /** Shown by the metrics panel, Compare and the challenges: its place among them (1 first),
   * how its figure is written, and a second figure under it from the other metrics. */
  panel?: { at: number; format: (v: number) => string; detail?: (m: Metrics) => string };
  /** A row of the CLI's table (`npm run sim`): its place (1 first), its name and its value. */
  cli?: { at: number; label: string; value: (m: Metrics) => string };
  /** Words after its key in the sweep's help (`--metrics`), where the key alone misleads. */
  note?: string;
}

const pct = (v: number) => `${(100 * v).toFixed(2)} %`;
const fixed =
  (digits: number, unit = '') =>
  (v: number) =>
    `${v.toFixed(digits)}${unit}`;
const count = (v: number) => String(v);

/**
 * The one table of the run-wide metrics: key, label, unit, definition and noise, in the order
 * of Metrics, and how each is shown: on the metrics panel (ui/metricInfo.ts), in the CLI's table
 * and the sweep's help (cli/metricText.ts). The formulas are beside it, in metrics.ts. Every key
 * of Metrics must be here (the type says so).
 */
export const METRICS: { readonly [K in MetricKey]: MetricDef } = {
  efficiency: {
    label: 'Efficiency',
    better: 'higher',
    unit: 'ratio',
    definition:
      'Aggregate TCP goodput of the connections crossing the bottleneck ÷ the goodput ceiling of the capacity left to UBR, G_max = C·8·MSS/cells(MSS+40) (S0, S1).',
    noise: { abs: 0.02, rel: 0 },
    panel: { at: 1, format: pct },
    cli: { at: 1, label: 'efficiency', value: (m) => pct(m.efficiency) },
  },
  fairness: {
    label: 'Fairness',
    better: 'higher',
    axis: 'Fairness (Jain)',
    unit: 'ratio',
    definition: "Jain's index (Σx)²/(N·Σx²) over per-connection goodput; 1 is perfectly fair.",
    noise: { abs: 0.02, rel: 0 },
    panel: { at: 2, format: fixed(3) },
    cli: { at: 2, label: 'fairness (Jain)', value: (m) => m.fairness.toFixed(4) },
  },
  clr: {
    label: 'CLR',
    better: 'lower',
    unit: 'ratio',
    definition:
      'Cell loss ratio at the switches: cells dropped ÷ cells that reached them ((cells in − cells out) ÷ cells in).',
    noise: { abs: 1e-4, rel: 0.06 },
    panel: { at: 4, format: pct },
    cli: { at: 4, label: 'CLR', value: (m) => pct(m.clr) },
  },
  fer: {
    label: 'FER',
    better: 'lower',
    unit: 'ratio',
    definition:
      'Frame error ratio: corrupted AAL5 frames ÷ frames received. With keepEom the EOM of a frame EPD discarded arrives as a short errored frame and counts, as at S0’s receivers; without it such frames never arrive.',
    noise: { abs: 1e-4, rel: 0.05 },
    panel: { at: 5, format: pct },
    cli: { at: 5, label: 'FER', value: (m) => pct(m.fer) },
  },
  deadCellRatio: {
    label: 'Dead cells',
    better: 'lower',
    axis: 'Dead cell ratio',
    unit: 'ratio',
    definition: 'Cells of corrupted frames that still crossed the link ÷ all cells delivered (S0).',
    noise: { abs: 1e-4, rel: 0.12 },
    panel: { at: 6, format: pct },
    cli: { at: 6, label: 'dead cell ratio', value: (m) => pct(m.deadCellRatio) },
  },
  idleCellRatio: {
    label: 'Idle cells',
    better: 'lower',
    axis: 'Idle cell ratio',
    unit: 'ratio',
    definition: 'Idle bottleneck slots ÷ all slots: the link had nothing to send (S0).',
    noise: { abs: 0.02, rel: 0 },
    panel: { at: 7, format: pct },
    cli: { at: 7, label: 'idle cell ratio', value: (m) => pct(m.idleCellRatio) },
  },
  prr: {
    label: 'PRR',
    better: 'lower',
    unit: 'ratio',
    definition: 'Packet retransmission ratio: TCP segments retransmitted ÷ segments sent (S3).',
    noise: { abs: 1e-4, rel: 0.05 },
    panel: { at: 8, format: pct },
    cli: { at: 8, label: 'PRR', value: (m) => pct(m.prr) },
  },
  goodputMbps: {
    label: 'Goodput',
    better: 'higher',
    unit: 'Mbit/s',
    definition:
      'Error-free, non-duplicate bytes delivered in order to the receiving applications, per second.',
    noise: { abs: 0, rel: 0.03 },
    panel: { at: 3, format: fixed(2, ' Mbit/s') },
    cli: {
      at: 3,
      label: 'goodput',
      value: (m) => `${m.goodputMbps.toFixed(3)} Mbit/s of ${m.goodputCeilingMbps.toFixed(3)}`,
    },
  },
  goodputCeilingMbps: {
    label: 'Goodput ceiling',
    better: 'higher',
    axis: 'Goodput ceiling G_max',
    unit: 'Mbit/s',
    definition: 'G_max of the capacity left to UBR at the bottleneck.',
    noise: { abs: 0, rel: 0 },
  },
  timeouts: {
    label: 'Timeouts',
    better: 'lower',
    unit: 'count',
    definition: 'Retransmission timer expiries, all connections.',
    noise: { abs: 2, rel: 0.07 },
    panel: { at: 13, format: count },
    cli: { at: 9, label: 'timeouts', value: (m) => String(m.timeouts) },
  },
  fastRetransmits: {
    label: 'Fast retransmits',
    better: null,
    unit: 'count',
    definition: 'Fast retransmissions triggered by duplicate ACKs, all connections.',
    noise: { abs: 2, rel: 0.07 },
    panel: { at: 14, format: count },
    cli: { at: 10, label: 'fast retransmits', value: (m) => String(m.fastRetransmits) },
  },
  clrClp0: {
    label: 'CLR (CLP=0)',
    better: 'lower',
    unit: 'ratio',
    definition: 'Cell loss ratio of the untagged, high-priority cell stream at the switch (S3).',
    noise: { abs: 1e-4, rel: 0.06 },
    panel: { at: 9, format: pct },
  },
  clrClp1: {
    label: 'CLR (CLP=1)',
    better: null,
    unit: 'ratio',
    definition: 'Cell loss ratio of the tagged, low-priority cell stream at the switch (S3).',
    noise: { abs: 1e-4, rel: 0.15 },
    panel: { at: 10, format: pct },
  },
  weightedFairness: {
    label: 'Weighted fairness',
    better: 'higher',
    unit: 'ratio',
    definition:
      "Jain's index over per-VC goodput ÷ expected share: µ·MCR_i/ΣMCR with MCRs, µ·R_i/ΣR under FIFO thresholds (S1), µ/N otherwise.",
    noise: { abs: 0.02, rel: 0 },
    panel: { at: 11, format: fixed(3) },
  },
  deadlocks: {
    label: 'Deadlocks',
    better: 'lower',
    axis: 'Deadlock stalls',
    unit: 'count',
    definition:
      'Throughput-deadlock stalls flagged: no ACK progress with data outstanding, rescued only by a timer, while the UBR capacity went mostly unused (S2).',
    noise: { abs: 1, rel: 0.2 },
  },
  deadlockSeconds: {
    label: 'Deadlock time',
    better: 'lower',
    axis: 'Deadlock time, summed over connections',
    unit: 's',
    definition: 'Time flagged as throughput deadlock, summed over the connections.',
    noise: { abs: 0.5, rel: 0.1 },
    note: '(summed over connections)',
  },
  deadlockSecondsMean: {
    label: 'Deadlock time per conn.',
    better: 'lower',
    axis: 'Deadlock time per connection (mean)',
    unit: 's',
    definition:
      "Mean over the connections of the time each spent in a flagged throughput deadlock, and (below) the worst connection's; neither can exceed the run's length (the sum over connections is deadlockSeconds in the CLI and the exports). A deadlock (Nakanishi et al., S2): a connection has data outstanding and makes no ACK progress while the link capacity left to UBR stands idle, and only a timer rescues it, twice or more in a row. (b) S2's CBR deadlock: cells of one window lost end fast recovery with the window full, no duplicate ACKs come, and only the retransmission timeout recovers: the staircase, shaded red. (a) Moldeklev & Gunningberg's stop-and-go: what the send buffer or the peer's window still allows is shorter than a segment, Nagle or SWS avoidance holds it while one segment waits for the receiver's delayed ACK, and only the 200 ms delayed-ACK timer recovers, shaded purple.",
    noise: { abs: 0.5, rel: 0.1 },
    panel: {
      at: 12,
      format: fixed(2, ' s'),
      detail: (m) => `worst ${m.deadlockSecondsWorst.toFixed(2)} s`,
    },
    cli: {
      at: 11,
      label: 'deadlock per connection',
      value: (m) =>
        `mean ${m.deadlockSecondsMean.toFixed(2)} s, worst ${m.deadlockSecondsWorst.toFixed(2)} s (${m.deadlocks} stalls; ${m.deadlockSeconds.toFixed(2)} s summed over connections)`,
    },
  },
  deadlockSecondsWorst: {
    label: 'Worst deadlock time',
    better: 'lower',
    axis: 'Deadlock time per connection (worst)',
    unit: 's',
    definition: 'The same time, of the worst connection (at most the run’s length).',
    noise: { abs: 0.5, rel: 0.1 },
    note: '(per connection)',
  },
  bufferEmptyEpisodes: {
    label: 'Buffer emptied',
    better: 'lower',
    axis: 'Buffer empty episodes',
    unit: 'count',
    definition:
      'Times the bottleneck buffer fell to zero after holding at least K/10 cells since it last emptied (S4 Fig. 5: EPD often, UBR+ 4 times, EUBR+ once).',
    noise: { abs: 2, rel: 0.18 },
    panel: { at: 15, format: count },
    cli: {
      at: 12,
      label: 'buffer emptied (≥ K/10 before)',
      value: (m) => String(m.bufferEmptyEpisodes),
    },
  },
  receiveGaps: {
    label: 'Receive gaps',
    better: 'lower',
    axis: 'Receive gaps (≥ 1 s)',
    unit: 'count',
    definition:
      'Silences of 1 s or more in which no error-free data frame reached any receiver, from the first start to the end (S4 Fig. 9: EPD 3, UBR+ 1, EUBR+ none). 1 s is the RTO floor: a shorter silence cannot be a timeout’s.',
    noise: { abs: 1, rel: 0.2 },
    panel: { at: 16, format: count },
    cli: {
      at: 13,
      label: 'receive gaps (≥ 1 s)',
      value: (m) => `${m.receiveGaps} (${m.receiveGapSeconds.toFixed(1)} s)`,
    },
  },
  receiveGapSeconds: {
    label: 'Receive gap time',
    better: 'lower',
    unit: 's',
    definition: 'Total time of those silences.',
    noise: { abs: 1, rel: 0.2 },
  },
  maxRtoSeconds: {
    label: 'Max RTO (all)',
    better: 'lower',
    axis: 'Max RTO, start-up included',
    unit: 's',
    definition: 'Largest retransmission timeout any connection armed, backoff included.',
    noise: { abs: 1, rel: 0.3 },
  },
  maxRtoSampledSeconds: {
    label: 'Max RTO',
    better: 'lower',
    axis: 'Max RTO after first RTT sample',
    unit: 's',
    definition:
      'Largest retransmission timeout any connection armed, backoff included, after its first RTT sample (S4 Fig. 4b: EUBR+ keeps it below 3 s). Start-up RTOs, before any sample, are left out.',
    noise: { abs: 1, rel: 0.3 },
    panel: { at: 17, format: fixed(2, ' s') },
    cli: {
      at: 14,
      label: 'max RTO (after 1st sample)',
      value: (m) => `${m.maxRtoSeconds.toFixed(2)} s (${m.maxRtoSampledSeconds.toFixed(2)} s)`,
    },
  },
};

/** The metric keys, in the table's order. */
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];

/** The metrics with a part of the given kind, in the order of its places. */
export const metricsWith = (part: 'panel' | 'cli'): MetricKey[] =>
  METRIC_KEYS.filter((k) => METRICS[k][part]).sort(
    (a, b) => (METRICS[a][part]?.at ?? 0) - (METRICS[b][part]?.at ?? 0),
  );

/**
 * The run-to-run noise of one connection's goodput (Mbit/s), estimated as METRICS' noise is,
 * over the 30 connections of six lesson scenarios (near and far TCPs under EPD, FBA and
 * Selective Drop; the parking lot under plain UBR and FBA; 725 cells under plain UBR): the
 * median ratio of the standard deviation over 8 seeds to the mean. One connection's share
 * varies more than the aggregate's.
 */
export const CONNECTION_GOODPUT_NOISE: MetricDef['noise'] = { abs: 0, rel: 0.16 };

/** The noise around two values of a metric: max(abs, rel·max(|a|, |b|)). */
export function noiseBetween(noise: MetricDef['noise'], a: number, b: number): number {
  return Math.max(noise.abs, noise.rel * Math.max(Math.abs(a), Math.abs(b)));
}
