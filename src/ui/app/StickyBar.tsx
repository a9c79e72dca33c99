// The sticky bar under the header: playback and the timeline. Its height changes (a tour's card,
// a wrapped bar); views scrolled into sight keep clear of it (CSS scroll-margin-top reads
// --sticky-h).
import { useEffect, useRef } from 'react';
import type { StepUnit } from '../../worker/protocol';
import { setStepBoardSlot } from '../lessons/cardActions';
import { Timeline } from '../timeline/Timeline';
import type { ViewState } from '../views/viewState';
import { Playback } from './Playback';
import type { RunController } from './useRunController';

export function StickyBar(p: {
  hidden: boolean;
  run: RunController;
  view: ViewState;
  speed: number;
  stepUnit: StepUnit;
  onStepUnit(u: StepUnit): void;
  /** The "Live" switch shows (not in an embedded page). */
  live: boolean;
  /** The timeline shows (not under Compare A/B: each side has its own). */
  timeline: boolean;
}) {
  const { run, view } = p;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let last = -1;
    const ro = new ResizeObserver(() => {
      const h = el.offsetHeight;
      if (h === last) return;
      last = h;
      document.documentElement.style.setProperty('--sticky-h', `${h}px`);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <div className="sticky-top" role="region" aria-label="Run controls" hidden={p.hidden} ref={ref}>
      <Playback
        store={run.store}
        onTogglePlay={run.togglePlay}
        onStep={run.step}
        view={view}
        speed={p.speed}
        onSpeed={run.changeSpeed}
        onRestart={run.restart}
        stepUnit={p.stepUnit}
        onStepUnit={p.onStepUnit}
        lastStep={run.lastStep}
        live={p.live ? run.live : undefined}
      />
      {p.timeline && <Timeline store={run.store} view={view} onSeek={run.timeline.seek} />}
      <div className="step-board-slot" ref={setStepBoardSlot} />
    </div>
  );
}
