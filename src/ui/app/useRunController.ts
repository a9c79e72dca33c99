// The run controller: the simulation run on its worker, (re)started from t = 0 when the scenario
// changes, its speed, its focused port (the URL's `port=`), changes applied live, and the
// timeline link's t, zoom and drop applied to each new run.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Scenario } from '../../sim';
import { LIVE_KEYS, toQuery } from '../../sim';
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

  // The latest query, speed, Compare flag and focused port (its URL slug; null: the
  // bottleneck), read when a run (re)starts from a callback.
  const latest = useRef({ query, speed, compare: nav.compare, port: nav.port });
  useEffect(() => {
    latest.current.port = nav.port;
  }, [nav.port]);
  useEffect(() => {
    Object.assign(latest.current, { query, speed, compare: nav.compare });
  }, [speed, query, nav.compare]);
  const startOpts = () => ({
    // Under Compare A/B the two sides run on their own workers; the main run waits (a third
    // run at full speed would take the cores and the frames the two sides need).
    play: !latest.current.compare,
    speed: latest.current.speed,
    port: latest.current.port ?? undefined,
  });

  const { store, client, failure, clearFailure } = useSimRun({
    started: (i, replay) => {
      if (replay === 'seek') return; // the same run, back at an earlier time: keep the view
      // A port named for another network (the URL, an earlier preset) falls back to the
      // bottleneck: forget it, so the URL does not name a port the views do not show.
      const slug = latest.current.port;
      if (
        slug !== null &&
        i.topology.name !== 'single' &&
        !i.topology.ports.some((p) => p.slug === slug)
      ) {
        latest.current.port = null;
        navigate({ port: null }, 'replace');
      }
      // A port asked for while the previous run was still on show (a lesson step that opens
      // another network) reaches this run now, if it started watching another one.
      const want = slug === null ? -1 : i.topology.ports.findIndex((p) => p.slug === slug);
      if (want >= 0 && want !== i.focusPort) client.current?.focusPort(slug!);
      // A new run starts unzoomed, unless a story step holds a time range.
      if (!view.get().storyView) view.set({ timeDomain: null });
      view.set({ inspected: null });
      timelineRef.current?.started(replay); // (timeline) the link's t, zoom and drop
    },
    batch: (b) => {
      timelineRef.current?.batch(b); // (timeline)
      if (b.stepped !== undefined) setLastStep(b.stepped ?? 'end of run');
    },
    firstFrame: () => performance.mark('tal:first-frame'),
    liveRejected: () => client.current?.start(latest.current.query, startOpts()),
  });
  // (timeline) The link's t, zoom and drop applied to each new run; the view's written back.
  const timeline = useTimelineLink({ nav, navigate, view, store, client });
  const timelineRef = useRef(timeline);
  useEffect(() => {
    timelineRef.current = timeline;
  });

  // The chrome re-renders when play state or the run changes, not per batch.
  useSyncExternalStore(store.subscribeStatus, store.getStatus);

  // The Reproduce page runs claims on its own workers: the simulation behind it waits.
  useEffect(() => {
    if (offPage) client.current?.pause();
  }, [offPage, client]);

  // A new scenario restarts the run from t = 0 with the same seed (a change applied live
  // continues the run instead).
  const pendingLive = useRef(false);
  useEffect(() => {
    if (pendingLive.current) {
      pendingLive.current = false;
      return;
    }
    client.current?.start(query, timelineRef.current.startOpts(startOpts()));
  }, [query, client]);

  return {
    store,
    client,
    failure,
    timeline,
    lastStep,
    live: { on: liveMode, set: setLiveMode },
    /** Start the scenario on show again from t = 0. */
    restart: () => client.current?.start(query, startOpts()),
    /** A crashed worker: a new one, running the scenario on show. */
    restartWorker: () => {
      clearFailure();
      client.current?.restart();
      client.current?.start(query, startOpts());
    },
    togglePlay: () => {
      if (store.done) return;
      if (store.playing) client.current?.pause();
      else client.current?.play(latest.current.speed);
    },
    changeSpeed: (s: number) => {
      latest.current.speed = s;
      navigate({ speed: s }, 'replace');
      if (store.playing) client.current?.play(s);
    },
    /** Focus the buffer, per-VC and loss views on another port (the worker replays the run). */
    focusPort: (slug: string) => {
      latest.current.port = slug;
      navigate({ port: slug }, 'replace');
      // A run of another network (a tour switching presets) gets the port at its start.
      if (store.info?.topology.ports.some((p) => p.slug === slug)) client.current?.focusPort(slug);
    },
    /** The scenario edited: the new query (the run restarts), or applied live when it can be. */
    changeScenario: (next: Scenario, key: keyof Scenario): string | null => {
      const q = toQuery(next);
      if (q === query) return null;
      if (liveMode && LIVE_KEYS.has(key) && store.info && !store.done) {
        pendingLive.current = true;
        client.current?.live(q);
      }
      return q;
    },
  };
}

export type RunController = ReturnType<typeof useRunController>;
