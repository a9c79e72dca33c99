/**
 * A view's state at the instant shown, in words (its registry entry's `describe`): a visually
 * hidden paragraph that the view's drawing names as its accessible description
 * (aria-describedby={descriptionId(view)}), and that a screen reader also meets in reading
 * order. At once when the run stands still (a pause, a step, a seek, a lesson's pause, the
 * end); while it plays, at most once a second.
 */
import { useEffect, useRef } from 'react';
import type { RunStore } from '../data/runStore';
import type { ViewId } from './registry';
import { VIEWS } from './registry';
import { timeWindow } from './TimeChart';
import type { ViewState } from './viewState';

/** While the run plays, a description is rewritten at most this often (ms of wall time). */
const PLAYING_EVERY_MS = 1000;

/** The id of view `id`'s description (one per page: the simulation page's views). */
export const descriptionId = (id: ViewId): string => `describe-${id}`;

export function ViewDescription({
  id,
  store,
  view,
}: {
  id: ViewId;
  store: RunStore;
  view: ViewState;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const update = () => {
      const el = ref.current;
      if (!el) return;
      const v = view.get();
      const text = VIEWS[id].describe({
        store,
        t: store.t,
        selectedConn: v.selectedConn,
        window: timeWindow(store, v),
        hidden: v.hiddenMetrics,
      });
      if (el.textContent !== text) el.textContent = text;
    };
    update();
    const offStore = store.subscribeSlow(update, PLAYING_EVERY_MS);
    const offView = view.subscribe(update);
    return () => {
      offStore();
      offView();
    };
  }, [id, store, view]);
  return <p id={descriptionId(id)} className="sr-only" ref={ref} data-testid={descriptionId(id)} />;
}
