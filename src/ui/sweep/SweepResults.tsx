/**
 * A sweep's results in the panel: a plot per metric with the papers' published values
 * overlaid, the sources of those values, the JSON, CSV and image downloads, and the tables of
 * statistics over seeds and of every run.
 */
import { useMemo, useRef, useState } from 'react';
import type { SweepSpec } from '../../sweep';
import { aggregate, baseScenario, makeResult, toCsv, toJson } from '../../sweep';
import { matchPublished } from '../../reproduce/published';
import { APP_VERSION } from '../../version';
import { metricLabel } from './labels';
import { SweepImageExport } from './SweepImageExport';
import { SweepPlot } from './SweepPlot';
import type { RunState } from './useSweepRun';

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(3);
  return String(Number(x.toPrecision(4)));
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface SweepResultsProps {
  /** The sweep shown (the current run's, or one kept from an earlier session). */
  shown: SweepSpec;
  view: RunState;
  running: boolean;
  /** The swept parameter's unit, with a leading space ("" without one). */
  unit: string;
}

export function SweepResults({ shown, view, running, unit }: SweepResultsProps) {
  const [showRuns, setShowRuns] = useState(false);
  const plotsRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => aggregate(shown, view.points), [shown, view.points]);
  const published = useMemo(
    () =>
      matchPublished({
        base: baseScenario(shown.base),
        param: shown.param,
        series: shown.series,
        metrics: shown.metrics,
      }),
    [shown],
  );
  const shownResult = useMemo(
    () => view.result ?? makeResult(shown, view.points, { appVersion: APP_VERSION }),
    [shown, view.result, view.points],
  );
  const fileBase = `sweep-${shown.param.key}`;

  return (
    <div
      className="sweep-results"
      data-testid="sweep-plot"
      data-points={rows.length}
      data-markers={rows.length * shown.metrics.length}
      data-published={published.length}
    >
      <div className="sweep-plots" ref={plotsRef}>
        {shown.metrics.map((m) => (
          <SweepPlot key={m} result={shownResult} metric={m} rows={rows} published={published} />
        ))}
      </div>
      {published.length > 0 && (
        <details className="sweep-sources" open>
          <summary>Published values overlaid ({published.length})</summary>
          <ul>
            {published.map((p) => (
              <li key={p.id}>
                <strong>{p.label}</strong>{' '}
                {`${metricLabel(p.metric).name} ${p.relation} ${p.y} at ${p.param} = ${p.x}, ${p.series.key} ${p.series.value}`}
                {' — '}
                {`${p.source.citation}, ${p.source.ref}`}
                {p.source.note ? `: ${p.source.note}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="sweep-row">
        <button
          type="button"
          onClick={() => download(`${fileBase}.json`, toJson(shownResult), 'application/json')}
          disabled={running}
        >
          Download JSON
        </button>
        <button
          type="button"
          onClick={() => download(`${fileBase}.csv`, toCsv(shownResult), 'text/csv')}
          disabled={running}
        >
          Download CSV
        </button>
        <SweepImageExport
          result={shownResult}
          published={published}
          getRoot={() => plotsRef.current}
          disabled={running}
        />
      </div>
      <details className="sweep-table-wrap">
        <summary>Table: mean, min, max and sd over seeds</summary>
        <table data-testid="sweep-table">
          <caption className="sweep-sr">
            {`Statistics over seeds per ${shown.param.key} value and ${shown.series.key}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">{`${shown.param.key}${unit}`}</th>
              <th scope="col">{shown.series.key}</th>
              <th scope="col">seeds</th>
              {shown.metrics.map((m) => (
                <th key={m} scope="col">{`${m} mean [min, max] sd`}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.value}-${r.series}`}>
                <td data-value={r.value}>{r.value}</td>
                <td>{r.series}</td>
                <td>{r.n}</td>
                {shown.metrics.map((m) => {
                  const s = r.metrics[m]!;
                  return (
                    <td
                      key={m}
                      data-metric={m}
                      data-mean={String(s.mean)}
                      data-min={String(s.min)}
                      data-max={String(s.max)}
                      data-sd={String(s.sd)}
                    >
                      {`${fmt(s.mean)} [${fmt(s.min)}, ${fmt(s.max)}] ${fmt(s.sd)}`}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <details
        className="sweep-table-wrap"
        onToggle={(e) => setShowRuns((e.target as HTMLDetailsElement).open)}
      >
        <summary>Table: every run ({view.points.length})</summary>
        {showRuns && (
          <table data-testid="sweep-runs">
            <thead>
              <tr>
                <th scope="col">point</th>
                <th scope="col">{`${shown.param.key}${unit}`}</th>
                <th scope="col">{shown.series.key}</th>
                <th scope="col">seed</th>
                {shown.metrics.map((m) => (
                  <th key={m} scope="col">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...view.points]
                .sort((a, b) => a.index - b.index)
                .map((p) => (
                  <tr key={p.index}>
                    <td>{p.index}</td>
                    <td>{p.value}</td>
                    <td>{p.series}</td>
                    <td>{p.seed}</td>
                    {shown.metrics.map((m) => (
                      <td key={m} data-value={String(p.metrics[m])}>
                        {fmt(p.metrics[m] as number)}
                      </td>
                    ))}
                  </tr>
                ))}
            </tbody>
          </table>
        )}
      </details>
    </div>
  );
}
