// The page's run, as a hook over its machine (data/runMachine.ts): the simulation run on its
// worker, (re)started from t = 0 when the scenario changes, its speed, its focused port (the
// URL's `port=`), changes applied live, and the timeline link's t, zoom and drop applied to
// each new run. The page's parts command the run through what this returns.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Scenario } from '../../sim';
import { LIVE_KEYS, toQuery } from '../../sim';
import type { StepUnit } from '../../worker/protocol';
import { useSimRun } from '../data/useSimRun';
import { useTimelineLink } from '../timeline/useTimelineLink';
import type { NavState } from '../urlState';
import type { NavMode } from '../useNav';
import type { ViewState } from '../views/viewState';

export interface RunControllerDeps {
  nav: NavState;
  navigate(patch: Partial<NavState>, how?: NavMode): void;
  view: ViewState;
  /** Another page is on show (Reproduce, the teacher notes): the run waits. */
  offPage: boolean;
}

export function useRunController({ nav, navigate, view, offPage }: RunControllerDeps) {
  const { query, speed } = nav;
  const [liveMode, setLiveMode] = useState(false);
  const [lastStep, setLastStep] = useState<string | null>(null);

  const { store, run, failure, clearFailure } = useSimRun({
    started: (_i, replay) => {
      if (replay === 'seek') return; // the same run, back at an earlier time: keep the view
      // A new run starts unzoomed, unless a story step holds a time range.
      if (!view.get().storyView) view.set({ timeDomain: null });
      view.set({ inspected: null, chosenDrop: null, chosenEvent: null });
      timeline.started(replay); // the link's zoom and time
    },
    // A port named for another network (the URL, an earlier preset) falls back to the
    // bottleneck: the URL does not name a port the views do not show.
    portDropped: () => navigate({ port: null }, 'replace'),
    batch: (b) => {
      timeline.batch(b); // the link's drop
      if (b.stepped !== undefined) setLastStep(b.stepped ?? 'end of run');
    },
    firstFrame: () => performance.mark('tal:first-frame'),
  });
  // The link's t, zoom and drop applied to each new run; the view's written back.
  const timeline = useTimelineLink({ nav, navigate, view, store, run });

  // The chrome re-renders when play state or the run changes, not per batch.
  useSyncExternalStore(store.subscribeStatus, store.getStatus);

  // The settings of the run's next start. Under Compare A/B the two sides run on their own
  // workers; the page's run waits (a third run at full speed would take the cores and the
  // frames the two sides need).
  useEffect(() => {
    run.configure({ speed, port: nav.port, ab: nav.compare });
  }, [run, speed, nav.port, nav.compare]);

  // The Reproduce page runs claims on its own workers: the simulation behind it waits.
  useEffect(() => {
    if (offPage) run.pause();
  }, [offPage, run]);

  // A new scenario restarts the run from t = 0 with the same seed, at the link's time if it
  // names one (a change applied live is the run asked for already: nothing restarts).
  useEffect(() => {
    if (run.query === query) return;
    timeline.expect(nav);
    run.load(query, { speed, port: nav.port, ab: nav.compare, cursor: nav.cursor });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, run]);

  return {
    store,
    /** The run's machine: the commands the page's parts send (lessons, the timeline). */
    machine: run,
    failure,
    timeline,
    lastStep,
    live: { on: liveMode, set: setLiveMode },
    /** Start the scenario on show again from t = 0. */
    restart: () => run.restart(),
    /** A crashed worker: a new one, running the scenario on show. */
    restartWorker: () => {
      clearFailure();
      run.restartWorker();
    },
    togglePlay: () => {
      if (store.done) return;
      if (store.playing) run.pause();
      else run.play();
    },
    /** One step of the paused run. */
    step: (unit: StepUnit) => {
      if (!store.done) run.step(unit, 1);
    },
    changeSpeed: (s: number) => {
      run.configure({ speed: s });
      navigate({ speed: s }, 'replace');
      if (store.playing) run.play(s);
    },
    /** Focus the buffer, per-VC and loss views on another port (the worker replays the run;
     * a run of another network, a tour switching presets, gets the port at its start). */
    focusPort: (slug: string) => {
      run.focusPort(slug);
      navigate({ port: slug }, 'replace');
    },
    /** The scenario edited: the new query (the run restarts), or applied live when it can be. */
    changeScenario: (next: Scenario, key: keyof Scenario): string | null => {
      const q = toQuery(next);
      if (q === query) return null;
      if (liveMode && LIVE_KEYS.has(key) && store.info && !store.done) run.live(q);
      return q;
    },
  };
}

export type RunController = ReturnType<typeof useRunController>;
