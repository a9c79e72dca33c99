/**
 * The timeline's places in the link: `t=` (the time cursor: the run goes
 * there and shows that instant, paused), `zoom=a,b` (the time plots' zoom) and `drop=t,vc` (the
 * drop in the inspector). On a new run (load, Back/Forward) the link's places are applied: the
 * run starts paused and seeks to t (the run's machine does, asked by the page's load), the
 * plots zoom, the drop opens in the inspector once the run holds it. Afterwards the view's places are written back to the link (replacing the history
 * entry: scrubbing and zooming never add entries, so Back and Forward are unaffected).
 */
import { useEffect, useRef } from 'react';
import type { Batch } from '../../worker/protocol';
import type { NavMode, NavState } from '../../link';
import type { RunMachine } from '../data/runMachine';
import type { RunStore } from '../data/runStore';
import { dropRecord } from '../views/dropRecord';
import type { ViewSnapshot, ViewState } from '../views/viewState';

type Places = Pick<NavState, 'cursor' | 'zoom' | 'drop'>;

/** How often the view's places are written to the address bar at most. */
const WRITE_MS = 250;

/** To the µs: a dragged zoom's ends, for a link that reads well. */
const us = (t: number) => Math.round(t * 1e6) / 1e6;

/** The places a view shows (the cursor only where the run stands past t = 0). */
export function placesOf(v: ViewSnapshot): Places {
  const z = v.timeDomain;
  return {
    cursor: v.cursor !== null && v.cursor > 0 ? v.cursor : null,
    zoom: z && us(z[0]) < us(z[1]) ? [us(z[0]), us(z[1])] : null,
    drop: v.inspected ? { t: v.inspected.t, vc: v.inspected.vc } : null,
  };
}

const samePlaces = (a: Places, b: Places) =>
  a.cursor === b.cursor &&
  a.zoom?.[0] === b.zoom?.[0] &&
  a.zoom?.[1] === b.zoom?.[1] &&
  a.drop?.t === b.drop?.t &&
  a.drop?.vc === b.drop?.vc;

/** The loss row of the drop at (t, vc) among rows [from, to), or -1. */
function findDrop(store: RunStore, d: { t: number; vc: number }, from: number, to: number) {
  const t = store.column('loss', 't');
  const vc = store.column('loss', 'vc');
  for (let i = Math.max(0, from); i < to; i++) {
    if (vc[i] === d.vc && Math.abs(t[i] - d.t) < 1e-12) return i;
  }
  return -1;
}

export function useTimelineLink(p: {
  nav: NavState;
  navigate(patch: Partial<NavState>, how?: NavMode): void;
  view: ViewState;
  store: RunStore;
  run: RunMachine;
}) {
  const { nav, navigate, view, store, run } = p;
  /** The link's places still to apply to the run being started. */
  const intent = useRef<Places | null>(null);
  const navRef = useRef(nav);
  useEffect(() => {
    navRef.current = nav;
  });

  // The view's places → the link.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      timer = undefined;
      if (intent.current && (intent.current.cursor !== null || intent.current.zoom !== null))
        return; // the link's own places are not applied yet
      const next = placesOf(view.get());
      if (!samePlaces(next, navRef.current)) navigate(next, 'replace');
    };
    const unsub = view.subscribe(() => {
      if (timer === undefined) timer = setTimeout(write, WRITE_MS);
    });
    return () => {
      unsub();
      clearTimeout(timer);
    };
  }, [view, navigate]);

  return {
    /** A new run of the scenario is loaded with the link's places `n` (its time goes to the
     * run's load): they are applied as it starts. */
    expect(n: Places) {
      intent.current = { cursor: n.cursor, zoom: n.zoom, drop: n.drop };
    },
    /** After the app's own reset of a new run (not a replay): zoom, and show the time. */
    started(replay?: 'seek' | 'focusPort') {
      const want = intent.current;
      if (replay || !want) return;
      if (want.zoom) view.set({ timeDomain: want.zoom });
      if (want.cursor !== null) view.set({ cursor: want.cursor });
      intent.current = { cursor: null, zoom: null, drop: want.drop };
    },
    /** After each batch: open the link's drop once the run holds it. */
    batch(b: Batch) {
      const d = intent.current?.drop;
      if (!d || b.series.loss === undefined) return;
      const i = findDrop(store, d, store.freshLoss.from, store.freshLoss.to);
      if (i < 0) return;
      intent.current = { ...intent.current!, drop: null };
      view.set({ inspected: dropRecord(store, i) });
    },
    seek(t: number) {
      run.seek(t);
    },
  };
}
