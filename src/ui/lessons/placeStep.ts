/**
 * Where a lesson step puts the page: what the step is about (the outlined view, or an A/B
 * step's table of A and B) whole in the viewport, between the sticky bar at the top and, on a
 * phone, the card's sheet at the bottom, which gets only the room the view leaves (its text
 * then scrolls inside it; its head and buttons stay). The page scrolls as little as that
 * needs, never past the view. Pure DOM, no React.
 */
import { stickyBottom } from '../inspect/placement';

/** Room kept around the view, CSS px. */
const GAP = 8;
/** The smallest sheet: its title, the step count and Previous / Next. */
const SHEET_MIN = 132;
/** The tallest sheet, as a share of the viewport. */
const SHEET_MAX = 0.5;

/** The element a step is about: an A/B step's table, else the outlined view, or null. */
export function stepTarget(view: string | null, compare: boolean): HTMLElement | null {
  if (compare) return document.querySelector('[data-testid="compare-diff"]');
  return view ? document.querySelector(`[data-story-view="${view}"]`) : null;
}

/** The lesson card when it is a sheet fixed at the bottom of the screen (a phone), or null. */
function sheet(): HTMLElement | null {
  const card = document.querySelector<HTMLElement>('[data-testid="lesson-card"]');
  return card && getComputedStyle(card).position === 'fixed' ? card : null;
}

/** Sizes the sheet for `target` and scrolls `target` into the free band; see the module. */
export function placeStep(target: HTMLElement | null): void {
  const h = window.innerHeight;
  const top = stickyBottom();
  const card = sheet();
  if (card) {
    const room = target ? h - top - target.getBoundingClientRect().height - 2 * GAP : h;
    const max = Math.max(SHEET_MIN, Math.min(h * SHEET_MAX, room));
    card.style.setProperty('--sheet-max', `${Math.floor(max)}px`);
  }
  if (!target || target.closest('[hidden]')) return;
  const bottom = card ? card.getBoundingClientRect().top : h;
  const r = target.getBoundingClientRect();
  let dy = 0;
  if (r.height > bottom - top - 2 * GAP || r.top < top + GAP) dy = r.top - top - GAP;
  else if (r.bottom > bottom - GAP) dy = r.bottom - bottom + GAP;
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: 'instant' });
}

/** When placement is tried again after a step change: the views, the split screen and the
 * card settle over the first second (ms). */
const RETRIES = [0, 120, 400, 800];

/**
 * Places the step now and again while the page settles, until the person scrolls, types or
 * touches (then the page is theirs). The card carries `data-placing` meanwhile (tests wait
 * for it to go). Returns the cancel function.
 */
export function placeStepSoon(target: () => HTMLElement | null): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const card = () => document.querySelector<HTMLElement>('[data-testid="lesson-card"]');
  const stop = () => {
    timers.forEach(clearTimeout);
    timers.length = 0;
    card()?.removeAttribute('data-placing');
    for (const ev of USER) window.removeEventListener(ev, stop, true);
  };
  for (const ev of USER) window.addEventListener(ev, stop, { capture: true, passive: true });
  card()?.setAttribute('data-placing', '1');
  RETRIES.forEach((ms, i) =>
    timers.push(
      setTimeout(() => {
        requestAnimationFrame(() => {
          placeStep(target());
          if (i === RETRIES.length - 1) stop();
        });
      }, ms),
    ),
  );
  return stop;
}

/** What hands the page to the person. */
const USER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
