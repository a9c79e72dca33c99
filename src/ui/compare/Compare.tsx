import { useEffect, useSyncExternalStore } from 'react';
import type { Metrics } from '../../sim';
import { SimClient } from '../../worker/client';
import { useSimRun } from '../app/useSimRun';
import { METRIC_INFO } from '../metricInfo';
import { Panel } from '../views/Panel';
import { CwndView, OccupancyView, TimeSeqView } from '../views/timeViews';
import type { ViewState } from '../views/viewState';

export interface CompareSpec {
  /** Scenario queries of the two sides. */
  a: string;
  b: string;
  /** Branch: B follows A until this time (s), then takes B's policy. */
  branchAt: number | null;
}

/** One side of the comparison: its own worker and store; the views share the time axis. */
function useSide(query: string, speed: number, branch?: { atSeconds: number; query: string }) {
  const { store, client, failure } = useSimRun();
  const branchKey = branch ? `${branch.atSeconds}|${branch.query}` : '';
  useEffect(() => {
    client.current?.start(query, { play: true, speed, branch });
    // Restart when the scenario or the branch changes (speed is sent as 'play').
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, branchKey]);
  return { store, failure, client };
}

const DIFF_KEYS = METRIC_INFO.map((m) => m.key);

/**
 * A/B comparison: two scenarios on the same seed side by side, with synchronised time axes
 * (both sides share the view state: zoom, window, hover) and a metrics diff. With a branch,
 * B replays A up to the branch time and continues from that same state under B's policy.
 */
export function Compare({
  spec,
  view,
  speed,
}: {
  spec: CompareSpec;
  view: ViewState;
  speed: number;
}) {
  const A = useSide(spec.a, speed);
  const B = useSide(
    spec.branchAt !== null ? spec.a : spec.b,
    speed,
    spec.branchAt !== null ? { atSeconds: spec.branchAt, query: spec.b } : undefined,
  );
  useSyncExternalStore(A.store.subscribeSlow, A.store.getVersion);
  useSyncExternalStore(B.store.subscribeSlow, B.store.getVersion);
  const ma = A.store.metrics;
  const mb = B.store.metrics;
  const playing = A.store.playing || B.store.playing;
  const both = (f: (c: SimClient) => void) => {
    if (A.client.current) f(A.client.current);
    if (B.client.current) f(B.client.current);
  };
  const fmt = (m: Metrics | null, k: (typeof DIFF_KEYS)[number]) =>
    m ? METRIC_INFO.find((d) => d.key === k)!.format(m[k]) : '–';
  return (
    <div className="compare" data-testid="compare">
      <div className="compare-bar">
        <button
          type="button"
          className="primary"
          onClick={() => both((c) => (playing ? c.pause() : c.play(speed)))}
        >
          {playing ? '❚❚ Pause both' : '▶ Play both'}
        </button>
        <span className="clock">
          A <span data-testid="compare-time-a">{A.store.t.toFixed(3)}</span> s · B{' '}
          <span data-testid="compare-time-b">{B.store.t.toFixed(3)}</span> s
        </span>
        {spec.branchAt !== null && (
          <span className="muted">
            B branches from A at {spec.branchAt} s (same state, then B’s policy)
          </span>
        )}
      </div>
      {(A.failure || B.failure) && (
        <div className="banner banner-error" role="alert">
          {A.failure ? `A: ${A.failure}. ` : ''}
          {B.failure ? `B: ${B.failure}.` : ''}
        </div>
      )}
      <table
        className="connections diff"
        aria-label="Metrics of A and B"
        data-testid="compare-diff"
      >
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">A</th>
            <th scope="col">B</th>
            <th scope="col">B − A</th>
          </tr>
        </thead>
        <tbody>
          {DIFF_KEYS.map((k) => {
            const d = ma && mb ? mb[k] - ma[k] : NaN;
            return (
              <tr key={k} data-metric={k}>
                <th scope="row" title={METRIC_INFO.find((m) => m.key === k)!.help}>
                  {METRIC_INFO.find((m) => m.key === k)!.label}
                </th>
                <td data-side="a" data-value={ma ? String(ma[k]) : ''}>
                  {fmt(ma, k)}
                </td>
                <td data-side="b" data-value={mb ? String(mb[k]) : ''}>
                  {fmt(mb, k)}
                </td>
                <td className={d > 0 ? 'up' : d < 0 ? 'down' : ''}>
                  {Number.isFinite(d)
                    ? d === 0
                      ? '='
                      : `${d > 0 ? '+' : ''}${+d.toPrecision(3)}`
                    : '–'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="compare-cols">
        {[
          { side: 'A', s: A, q: spec.a },
          { side: 'B', s: B, q: spec.b },
        ].map(({ side, s, q }) => (
          <div key={side} className="compare-col" data-side={side.toLowerCase()}>
            <h2 className="compare-title">
              {side}: <code>?{q}</code>
            </h2>
            <Panel
              title={`${side}: time-sequence`}
              help="As in the single view; both sides share the time axis."
            >
              <TimeSeqView store={s.store} view={view} height={200} />
            </Panel>
            <Panel
              title={`${side}: congestion windows`}
              help="cwnd and ssthresh of each connection."
            >
              <CwndView store={s.store} view={view} height={170} />
            </Panel>
            <Panel
              title={`${side}: buffer occupancy`}
              help="X and X_i with the policy's thresholds."
            >
              <OccupancyView store={s.store} view={view} height={150} />
            </Panel>
          </div>
        ))}
      </div>
    </div>
  );
}
