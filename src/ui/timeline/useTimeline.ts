/**
 * The timeline's links to the run: the marks of the run so far (recomputed a few times a
 * second while it grows), and the time cursor, which stands at the instant a paused run shows
 * (after a seek or a pause) and goes away while the run plays.
 */
import { useEffect, useState } from 'react';
import type { RunStore } from '../data/runStore';
import type { ViewState } from '../views/viewState';
import type { Mark } from './marks';
import { computeMarks } from './marks';

/** The run's marks, kept up to date (same array while nothing changed). */
export function useMarks(store: RunStore): Mark[] {
  const [marks, setMarks] = useState<Mark[]>(() => computeMarks(store));
  useEffect(() => {
    const update = () =>
      setMarks((old) => {
        const next = computeMarks(store);
        const same =
          old.length === next.length &&
          old.every((m, i) => m.t === next[i].t && m.kind === next[i].kind && m.t1 === next[i].t1);
        return same ? old : next;
      });
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
    return store.subscribe(update);
  }, [store, view]);
}
