// The sticky bar under the header: playback and the timeline. Its height changes (a tour's card,
// a wrapped bar); views scrolled into sight keep clear of it (CSS scroll-margin-top reads
// --sticky-h).
import { useEffect, useRef } from 'react';
import type { ComponentProps } from 'react';
import { Timeline } from '../timeline/Timeline';
import { Playback } from './Playback';

export function StickyBar({
  hidden,
  playback,
  timeline,
}: {
  hidden: boolean;
  playback: ComponentProps<typeof Playback>;
  /** The timeline (none under Compare A/B: each side has its own). */
  timeline: ComponentProps<typeof Timeline> | null;
}) {
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
    <div className="sticky-top" hidden={hidden} ref={ref}>
      <Playback {...playback} />
      {timeline && <Timeline {...timeline} />}
    </div>
  );
}
