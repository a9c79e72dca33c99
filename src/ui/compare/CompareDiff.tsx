import { useState, useSyncExternalStore } from 'react';
import type { MetricDef, Metrics } from '../../sim';
import { CONNECTION_GOODPUT_NOISE, METRICS, noiseBetween } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { Better } from '../metricInfo';
import { METRIC_INFO, verdictOf } from '../metricInfo';
import type { ViewState } from '../views/viewState';

/**
 * B − A as a person reads it, in the metric's own unit and format (`format`, the one its A and
 * B are written in): signed, '=' when equal. A percent metric's difference is in percentage
 * points ('pp'): 56.04 % and 93.67 % are 37.63 pp apart, not 37.63 % (a rate of change).
 */
export function formatDiff(d: number, format: (v: number) => string): string {
  if (!Number.isFinite(d)) return '–';
  if (d === 0) return '=';
  return `${d > 0 ? '+' : '−'}${magnitude(Math.abs(d), format)}`;
}

/** A non-negative difference `d` in the metric's format, a percent as percentage points. */
export function magnitude(d: number, format: (v: number) => string): string {
  return format(d).replace(/ ?%$/, ' pp');
}

/** The rows shown until "All metrics" is asked for: the figures a lesson's fix is judged by. */
export const HEADLINE = new Set<string>([
  'efficiency',
  'fairness',
  'goodputMbps',
  'deadCellRatio',
  'idleCellRatio',
  'timeouts',
]);

/** One row of the table: a run-wide metric, or one connection's goodput (`goodput:N`). */
export interface DiffRow {
  key: string;
  label: string;
  help: string;
  better: Better;
  format(v: number): string;
  value(m: Metrics): number;
  /** The metric's run-to-run noise (the model's metric table). */
  noise: MetricDef['noise'];
}

const METRIC_ROWS: DiffRow[] = METRIC_INFO.map((info) => ({
  key: info.key,
  // Read when shown: the page's language may change.
  get label() {
    return info.label;
  },
  help: info.help,
  better: info.better,
  format: info.format,
  value: (m) => m[info.key],
  noise: METRICS[info.key].noise,
}));

/** Connection `n`'s goodput (0-based) as a row. */
function connectionRow(n: number): DiffRow {
  return {
    key: `goodput:${n}`,
    label: `TCP ${n + 1} goodput`,
    help: `Goodput of connection TCP ${n + 1}: its error-free, non-duplicate bytes delivered in order, per second.`,
    better: 'higher',
    format: (v) => `${v.toFixed(2)} Mbit/s`,
    value: (m) => m.perConnection[n]?.goodputMbps ?? NaN,
    noise: CONNECTION_GOODPUT_NOISE,
  };
}

/**
 * The table's rows in order: `first` (the rows a lesson step is about, in its order: metric
 * keys or `goodput:N`), then every other metric. `shown`: whether the row is on screen
 * without "All metrics" (the step's rows and the headline ones).
 */
export function diffRows(
  first: readonly string[] | null,
): { row: DiffRow; first: boolean; shown: boolean }[] {
  const named: DiffRow[] = [];
  for (const k of first ?? []) {
    const conn = /^goodput:(\d+)$/.exec(k);
    const row = conn ? connectionRow(Number(conn[1])) : METRIC_ROWS.find((r) => r.key === k);
    if (row && !named.some((r) => r.key === row.key)) named.push(row);
  }
  return [
    ...named.map((row) => ({ row, first: true, shown: true })),
    ...METRIC_ROWS.filter((r) => !named.some((n) => n.key === r.key)).map((row) => ({
      row,
      first: false,
      shown: HEADLINE.has(row.key),
    })),
  ];
}

const WORD = {
  better: 'B better',
  worse: 'B worse',
  same: '',
  noise: '',
  neutral: '',
  none: '',
} as const;

/**
 * The metrics of A and B side by side, and B − A coloured by whether B is better for that
 * metric (green) or worse (red-orange), by the metric's own direction (higher efficiency,
 * fairness and goodput are better; lower CLR, timeouts and dead cells are), and grey where the
 * difference lies within the metric's run-to-run noise. A lesson's A/B step puts the rows it
 * is about first. Re-renders a few times a second from the two runs, apart from the views,
 * which redraw themselves.
 */
export function CompareDiff({ a, b, view }: { a: RunStore; b: RunStore; view?: ViewState }) {
  useSyncExternalStore(a.subscribeSlow, a.getVersion);
  useSyncExternalStore(b.subscribeSlow, b.getVersion);
  const first = useSyncExternalStore(
    view?.subscribe ?? noSubscribe,
    () => view?.get().storyRows ?? null,
  );
  const [all, setAll] = useState(false);
  const ma = a.metrics;
  const mb = b.metrics;
  const rows = diffRows(first);
  return (
    <>
      <table
        className="connections diff"
        aria-label="Metrics of A and B"
        data-testid="compare-diff"
      >
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">Better</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
            <th scope="col">B − A</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, first: isFirst, shown }) => {
            const va = ma ? row.value(ma) : NaN;
            const vb = mb ? row.value(mb) : NaN;
            const verdict = verdictOf(row.better, va, vb, row.noise);
            const noise = noiseBetween(row.noise, va, vb);
            return (
              <tr
                key={row.key}
                data-metric={row.key}
                data-first={isFirst ? 'true' : undefined}
                hidden={!all && !shown}
              >
                <th scope="row" title={row.help}>
                  {row.label}
                </th>
                <td className="muted" data-better={row.better ?? 'neither'}>
                  {row.better ?? '–'}
                </td>
                <td data-side="a" data-value={ma ? String(va) : ''}>
                  {ma && Number.isFinite(va) ? row.format(va) : '–'}
                </td>
                <td data-side="b" data-value={mb ? String(vb) : ''}>
                  {mb && Number.isFinite(vb) ? row.format(vb) : '–'}
                </td>
                <td
                  className={`verdict-${verdict}${verdict === 'noise' ? ' muted' : ''}`}
                  data-verdict={verdict}
                  title={
                    verdict === 'noise'
                      ? `Within this metric's run-to-run noise (±${magnitude(noise, row.format)}): no difference to read`
                      : undefined
                  }
                >
                  {formatDiff(vb - va, row.format)}
                  {WORD[verdict] && <span className="verdict-word"> {WORD[verdict]}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button
        type="button"
        className="link small"
        aria-expanded={all}
        onClick={() => setAll(!all)}
        data-testid="compare-all-metrics"
      >
        {all ? '▾ Headline metrics only' : `▸ All ${METRIC_INFO.length} metrics`}
      </button>
      <p className="muted diff-legend" data-testid="compare-legend">
        B − A is in the metric&apos;s unit (pp: percentage points);{' '}
        <span className="verdict-better">green</span> where B is better,{' '}
        <span className="verdict-worse">red-orange</span> where it is worse, by the metric&apos;s
        own direction (the Better column); grey where neither is better or the difference lies
        within the metric&apos;s run-to-run noise (its spread over seeds).
      </p>
    </>
  );
}

const noSubscribe = () => () => {};
