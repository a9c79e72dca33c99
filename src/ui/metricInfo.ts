import type { MetricDef, MetricKey, Metrics } from '../sim';
import { METRICS, noiseBetween } from '../sim';
import type { Better } from '../sim/metrics/table';

export type { Better };

/** A metric the panel shows: its format and any second figure; its label, direction and
 * definition are the model's (METRICS, sim/metrics/table.ts). */
interface Shown {
  key: MetricKey;
  format: (v: number) => string;
  /** A second figure under the value, from the other metrics (e.g. the worst connection's). */
  detail?: (m: Metrics) => string;
}

/** The metrics the panel, Compare and the challenges show, in order. */
const SHOWN: Shown[] = [
  {
    key: 'efficiency',
    format: pct,
  },
  {
    key: 'fairness',
    format: (v) => v.toFixed(3),
  },
  {
    key: 'goodputMbps',
    format: (v) => `${v.toFixed(2)} Mbit/s`,
  },
  {
    key: 'clr',
    format: pct,
  },
  {
    key: 'fer',
    format: pct,
  },
  {
    key: 'deadCellRatio',
    format: pct,
  },
  {
    key: 'idleCellRatio',
    format: pct,
  },
  {
    key: 'prr',
    format: pct,
  },
  {
    key: 'clrClp0',
    format: pct,
  },
  {
    key: 'clrClp1',
    format: pct,
  },
  {
    key: 'weightedFairness',
    format: (v) => v.toFixed(3),
  },
  {
    key: 'deadlockSecondsMean',
    format: (v) => `${v.toFixed(2)} s`,
    detail: (m) => `worst ${m.deadlockSecondsWorst.toFixed(2)} s`,
  },
  {
    key: 'timeouts',
    format: (v) => String(v),
  },
  {
    key: 'fastRetransmits',
    format: (v) => String(v),
  },
  {
    key: 'bufferEmptyEpisodes',
    format: (v) => String(v),
  },
  {
    key: 'receiveGaps',
    format: (v) => String(v),
  },
  {
    key: 'maxRtoSampledSeconds',
    format: (v) => `${v.toFixed(2)} s`,
  },
];

/** Label, direction, format and definition of each metric shown. */
export const METRIC_INFO: (Shown & { label: string; better: Better; help: string })[] = SHOWN.map(
  (m) => ({
    ...m,
    label: METRICS[m.key].label,
    better: METRICS[m.key].better,
    help: METRICS[m.key].definition,
  }),
);

function pct(v: number): string {
  return `${(100 * v).toFixed(2)} %`;
}

/** B − A judged by the metric's direction: B better, worse, the same, no direction, or
 * (given the metric's run-to-run noise, see METRICS) a difference within that noise. */
export function verdictOf(
  better: Better,
  a: number,
  b: number,
  noise?: MetricDef['noise'],
): 'better' | 'worse' | 'same' | 'noise' | 'neutral' | 'none' {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'none';
  if (a === b) return 'same';
  if (better === null) return 'neutral';
  if (noise && Math.abs(b - a) <= noiseBetween(noise, a, b)) return 'noise';
  return b > a === (better === 'higher') ? 'better' : 'worse';
}
