/**
 * The timeline's links to the run: the marks of the run so far (recomputed a few times a
 * second while it grows), and the time cursor, which stands at the instant a paused run shows
 * (after a seek or a pause) and goes away while the run plays.
 */
import { useEffect, useRef, useState } from 'react';
import type { RunStore } from '../data/runStore';
import type { ViewState } from '../views/viewState';
import type { Mark } from './marks';
import { MARK_KINDS, computeMarks } from './marks';

/**
 * Marks of one run merged: those already known and those the store holds now. A backward seek
 * replays the run to an earlier time, so the store loses what came after; the run is
 * deterministic, so the moments seen past that time still lie ahead: they stay on the
 * timeline. A "first" mark is one per kind and connection; a deadlock is one per start (the
 * longer span wins while it grows).
 */
export function mergeMarks(known: readonly Mark[], now: readonly Mark[]): Mark[] {
  const key = (m: Mark) => (m.kind === 'deadlock' ? `d|${m.t}` : `${m.kind}|${m.conn ?? ''}`);
  const byKey = new Map<string, Mark>();
  for (const m of [...known, ...now]) {
    const k = key(m);
    const old = byKey.get(k);
    if (!old || m.t < old.t || (m.t === old.t && (m.t1 ?? 0) > (old.t1 ?? 0))) byKey.set(k, m);
  }
  const order = Object.keys(MARK_KINDS);
  return [...byKey.values()].sort(
    (a, b) => a.t - b.t || order.indexOf(a.kind) - order.indexOf(b.kind),
  );
}

/** The run's marks, kept up to date (same array while nothing changed); the marks of a run
 * survive a backward seek (see mergeMarks) and go with a new scenario. */
export function useMarks(store: RunStore): Mark[] {
  const [marks, setMarks] = useState<Mark[]>(() => computeMarks(store));
  const shown = useRef(marks);
  useEffect(() => {
    let run = '';
    const update = () => {
      const id = store.info ? `${store.info.query}|${store.info.focusPort}` : '';
      const old = shown.current;
      const next = id === run ? mergeMarks(old, computeMarks(store)) : computeMarks(store);
      run = id;
      const same =
        old.length === next.length &&
        old.every((m, i) => m.t === next[i].t && m.kind === next[i].kind && m.t1 === next[i].t1);
      if (same) return;
      shown.current = next;
      setMarks(next);
    };
    update();
    return store.subscribeSlow(update, 250);
  }, [store]);
  return marks;
}

/** Keeps `view.cursor` at the paused run's time (null while it plays or once it ended). */
export function useCursorFollow(store: RunStore, view: ViewState): void {
  useEffect(() => {
    const update = () => {
      const paused = store.info !== null && !store.playing && !store.done;
      view.set({ cursor: paused ? store.t : null });
    };
    update();
    // Before the views' listeners: a run that stands still draws its cursor in the same draw.
    return store.subscribeFirst(update);
  }, [store, view]);
}
