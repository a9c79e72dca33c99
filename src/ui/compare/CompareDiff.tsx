import { useState, useSyncExternalStore } from 'react';
import type { Metrics } from '../../sim';
import type { RunStore } from '../data/runStore';
import { METRIC_INFO, verdictOf } from '../metricInfo';

/** B − A as a person reads it: signed, three significant figures, '=' when equal. */
export function formatDiff(d: number): string {
  if (!Number.isFinite(d)) return '–';
  if (d === 0) return '=';
  return `${d > 0 ? '+' : ''}${+d.toPrecision(3)}`;
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

const WORD = { better: 'B better', worse: 'B worse', same: '', neutral: '', none: '' } as const;

/**
 * The metrics of A and B side by side, and B − A coloured by whether B is better for that
 * metric (green) or worse (red-orange), by the metric's own direction (higher efficiency,
 * fairness and goodput are better; lower CLR, timeouts and dead cells are). Re-renders a few
 * times a second from the two runs, apart from the views, which redraw themselves.
 */
export function CompareDiff({ a, b }: { a: RunStore; b: RunStore }) {
  useSyncExternalStore(a.subscribeSlow, a.getVersion);
  useSyncExternalStore(b.subscribeSlow, b.getVersion);
  const [all, setAll] = useState(false);
  const ma = a.metrics;
  const mb = b.metrics;
  const fmt = (m: Metrics | null, info: (typeof METRIC_INFO)[number]) =>
    m ? info.format(m[info.key]) : '–';
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
          {METRIC_INFO.map((info) => {
            const k = info.key;
            const va = ma ? ma[k] : NaN;
            const vb = mb ? mb[k] : NaN;
            const verdict = verdictOf(info.better, va, vb);
            return (
              <tr key={k} data-metric={k} hidden={!all && !HEADLINE.has(k)}>
                <th scope="row" title={info.help}>
                  {info.label}
                </th>
                <td className="muted" data-better={info.better ?? 'neither'}>
                  {info.better ?? '–'}
                </td>
                <td data-side="a" data-value={ma ? String(va) : ''}>
                  {fmt(ma, info)}
                </td>
                <td data-side="b" data-value={mb ? String(vb) : ''}>
                  {fmt(mb, info)}
                </td>
                <td className={`verdict-${verdict}`} data-verdict={verdict}>
                  {formatDiff(vb - va)}
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
        B − A is <span className="verdict-better">green</span> where B is better,{' '}
        <span className="verdict-worse">red-orange</span> where it is worse, by the metric&apos;s
        own direction (the Better column), grey where neither is better.
      </p>
    </>
  );
}
