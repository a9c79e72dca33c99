import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Scenario } from '../../sim';
import { changedKeys, formatValue, parseScenario } from '../../sim';
import type { RunHandlers } from '../data/useSimRun';
import { useSimRun } from '../data/useSimRun';
import type { RunStore } from '../data/runStore';
import { Panel } from '../views/Panel';
import { abClock } from './abClock';
import { CompareDiff } from './CompareDiff';
import { CwndView, OccupancyView, TimeSeqView } from '../views/timeViews';
import type { ViewState } from '../views/viewState';

export interface CompareSpec {
  /** Scenario queries of the two sides, and A's scenario (the page's, parsed already). */
  a: string;
  b: string;
  scenarioA: Scenario;
  /** Branch: B follows A until this time (s), then takes B's policy. */
  branchAt: number | null;
}

/** Each side's part of a worker's per-frame budget: the two together use what one run does. */
const SHARE = 0.5;

/** One side of the comparison: its own worker and store; the views share the time axis. */
function useSide(
  query: string,
  speed: number,
  branch?: { atSeconds: number; query: string },
  handlers: RunHandlers = {},
) {
  const { store, run, failure } = useSimRun(handlers);
  const branchKey = branch ? `${branch.atSeconds}|${branch.query}` : '';
  useEffect(() => {
    run.load(query, { speed, branch, share: SHARE });
    // Restart when the scenario or the branch changes (speed is sent as 'play').
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, branchKey]);
  const restart = () => run.restart({ speed });
  return { store, failure, run, restart };
}

/** The simulated time of each side. */
function Clocks({ a, b }: { a: RunStore; b: RunStore }) {
  useSyncExternalStore(a.subscribeSlow, a.getVersion);
  useSyncExternalStore(b.subscribeSlow, b.getVersion);
  return (
    <span className="clock">
      A <span data-testid="compare-time-a">{a.t.toFixed(3)}</span> s · B{' '}
      <span data-testid="compare-time-b">{b.t.toFixed(3)}</span> s
    </span>
  );
}

const markFirstFrame = () => performance.mark('tal:first-frame');

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
  // The page's first drawn frame, as the single view marks it (bench:ui reads the mark).
  const A = useSide(spec.a, speed, undefined, { firstFrame: markFirstFrame });
  const B = useSide(
    spec.branchAt !== null ? spec.a : spec.b,
    speed,
    spec.branchAt !== null ? { atSeconds: spec.branchAt, query: spec.b } : undefined,
  );
  // Re-rendered when a side plays, pauses or restarts, not per batch: the views redraw
  // themselves, the clocks and the metrics re-render apart a few times a second.
  useSyncExternalStore(A.store.subscribeStatus, A.store.getStatus);
  useSyncExternalStore(B.store.subscribeStatus, B.store.getStatus);
  const playing = A.store.playing || B.store.playing;
  const toggle = () => {
    const pause = A.store.playing || B.store.playing;
    for (const side of [A, B]) {
      if (pause) side.run.pause();
      else side.run.play(speed);
    }
  };
  const restart = () => {
    A.restart();
    B.restart();
  };
  const controls = useRef({ toggle, restart });
  useEffect(() => {
    controls.current = { toggle, restart };
  });
  // The sticky bar's clock shows the two sides' time, and its Play and Restart drive both,
  // while the split screen is open.
  useEffect(() => {
    const runs = {
      a: A.store,
      b: B.store,
      toggle: () => controls.current.toggle(),
      restart: () => controls.current.restart(),
    };
    abClock.set(runs);
    return () => {
      if (abClock.get() === runs) abClock.set(null);
    };
  }, [A.store, B.store]);
  return (
    <div
      className="compare"
      data-testid="compare"
      data-done={A.store.done && B.store.done ? 'true' : 'false'}
    >
      <div className="compare-bar">
        <button type="button" className="primary" onClick={toggle}>
          {playing ? '❚❚ Pause both' : '▶ Play both'}
        </button>
        <button type="button" onClick={restart}>
          ↺ Restart both
        </button>
        <Clocks a={A.store} b={B.store} />
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
      <CompareDiff a={A.store} b={B.store} view={view} />
      <div className="compare-cols">
        {[
          { side: 'A', s: A, q: spec.a },
          { side: 'B', s: B, q: spec.b },
        ].map(({ side, s, q }) => (
          <div key={side} className="compare-col" data-side={side.toLowerCase()}>
            <h2 className="compare-title" title={`?${q}`}>
              {side === 'A'
                ? 'A: the scenario'
                : `B: A with ${changedPairs(spec.scenarioA, q) || 'no change'}`}
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

/** What B (its query) changes in A (its scenario), as `key=value` pairs (the codec's own
 * comparison of two scenarios). */
export function changedPairs(sa: Scenario, b: string): string {
  const sb = parseScenario(b).scenario;
  return changedKeys(sa, sb)
    .map((k) => (sb[k] === undefined ? `${k} (default)` : `${k}=${formatValue(sb[k])}`))
    .join(', ');
}
