/**
 * Plot heights that keep the first two rows of views (switch buffer and per-VC; time-sequence
 * and congestion windows) on the first screen: measured from where the views start to the
 * bottom of the viewport, whatever sits above them (a lesson card, the sticky bar, presenter
 * type). Phones stack the views and get fixed heights.
 */
import { useEffect, useState } from 'react';

export interface FitHeights {
  buffer: number;
  time: number;
  rest: number;
}

/** Room the panel chrome takes per row (head, padding, border, gap, and the one-line legend
 * under each view), in CSS px. */
const ROW_CHROME = 52 + 20;
/** The narrow congestion-window panel's legend can take a second line. */
const LEGEND_WRAP = 18;

export function fitHeights(top: number, viewport: number, width: number, big: number): FitHeights {
  if (width < 700) return { buffer: 110, time: 190, rest: 150 };
  const avail = viewport - top - (2 * ROW_CHROME + LEGEND_WRAP) * big - 8;
  const time = Math.round(Math.min(250 * big, Math.max(140, avail * 0.62)));
  const buffer = Math.round(Math.min(150 * big, Math.max(80, avail - time)));
  return { buffer, time, rest: Math.round(170 * big) };
}

export function useFitHeights(views: React.RefObject<HTMLElement | null>, big: number): FitHeights {
  const [h, setH] = useState<FitHeights>(() =>
    fitHeights(400, window.innerHeight, window.innerWidth, big),
  );
  useEffect(() => {
    let last = '';
    const measure = () => {
      const el = views.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = fitHeights(top, window.innerHeight, window.innerWidth, big);
      const key = `${next.buffer}|${next.time}|${next.rest}`;
      if (key === last) return;
      last = key;
      setH(next);
    };
    measure();
    window.addEventListener('resize', measure);
    // Whatever above the views changes height (banners, the context lines) moves them.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const above = document.querySelector('.app');
    if (ro && above) ro.observe(above);
    return () => {
      window.removeEventListener('resize', measure);
      ro?.disconnect();
    };
  }, [views, big]);
  return h;
}
