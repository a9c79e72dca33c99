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

/** The sticky bar at the top: its bottom now, and its height (its bottom once stuck). */
function bar(): { now: number; stuck: number } {
  const el = document.querySelector<HTMLElement>('.sticky-top');
  if (!el || el.hidden) return { now: 0, stuck: 0 };
  return { now: Math.max(0, el.getBoundingClientRect().bottom), stuck: el.offsetHeight };
}

/** Sizes the sheet for `target` and scrolls `target` into the free band; see the module. */
export function placeStep(target: HTMLElement | null): void {
  const h = window.innerHeight;
  const top = bar();
  const card = sheet();
  const r = target && !target.closest('[hidden]') ? target.getBoundingClientRect() : null;
  // The sheet's room when the target is brought just under the stuck bar.
  const best = r ? Math.min(h * SHEET_MAX, h - top.stuck - 2 * GAP - r.height) : h;
  // The target stays where it is when it is below the bar and whole above the sheet (given
  // that much room) or the screen's foot: a view that is whole is not moved for a margin.
  const foot = h - (card ? Math.max(SHEET_MIN, best) + GAP : 0);
  const stays = !!r && r.top >= top.now + GAP && r.bottom <= foot;
  if (card) {
    const end = !r ? 0 : stays ? r.bottom : top.stuck + GAP + r.height;
    const max = Math.max(SHEET_MIN, Math.min(h * SHEET_MAX, h - end - GAP));
    card.style.setProperty('--sheet-max', `${Math.floor(max)}px`);
  }
  if (!r) return;
  if (stays) {
    // A page scrolled for a target that has since shrunk or moved up goes back up as far as
    // the target stays whole: the page scrolls no more than the step needs, whatever came
    // before (a view that was taller while it loaded).
    const up = card ? 0 : Math.min(window.scrollY, foot - r.bottom);
    if (up >= 1) window.scrollBy({ top: -up, behavior: 'instant' });
    return;
  }
  const bottom = card ? card.getBoundingClientRect().top : h;
  // Under the stuck bar; a target that fits scrolls only until its foot shows.
  let dy = r.top - top.stuck - GAP;
  if (r.top >= top.now + GAP && r.height <= bottom - top.stuck - 2 * GAP)
    dy = Math.min(dy, r.bottom - bottom + GAP);
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: 'instant' });
}

/** When placement is tried again after a step change: the views, the split screen and the
 * card settle over the first second (ms). */
const RETRIES = [0, 120, 400, 800];
/** Until when (ms) a change of the target's or the card's size places the step again (an A/B
 * table fills in as the two runs report). */
const WATCH_MS = 4000;

/**
 * Places the step now, again while the page settles, and whenever the target, the card, the
 * sticky bar (a class's board under it) or the page changes size, until `watchMs` pass with no
 * such change or the person scrolls, types or touches (then the page is theirs). The card carries
 * `data-placing` until the last retry (tests wait for it to go). Returns the cancel function.
 */
export function placeStepSoon(target: () => HTMLElement | null, watchMs = WATCH_MS): () => void {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const card = () => document.querySelector<HTMLElement>('[data-testid="lesson-card"]');
  let watched: HTMLElement | null = null;
  let frame = 0;
  const place = () => {
    frame = 0;
    const t = target();
    if (ro && t !== watched) {
      if (watched) ro.unobserve(watched);
      if (t) ro.observe(t);
      watched = t;
    }
    placeStep(t);
  };
  // The watch ends `watchMs` after the last change of size: a loaded machine's page settles
  // later, not less.
  let end: ReturnType<typeof setTimeout> | undefined;
  const ro =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          if (!frame) frame = requestAnimationFrame(place);
          if (end !== undefined) {
            clearTimeout(end);
            end = setTimeout(stop, watchMs);
          }
        });
  const c = card();
  if (ro && c) ro.observe(c);
  const bar = document.querySelector<HTMLElement>('.sticky-top');
  if (ro && bar) ro.observe(bar);
  // The page itself: what grows above the target (the metric tiles when the run's figures
  // arrive, a notice) moves it without changing its size.
  if (ro) ro.observe(document.documentElement);
  const stop = () => {
    clearTimeout(end);
    end = undefined;
    timers.forEach(clearTimeout);
    timers.length = 0;
    cancelAnimationFrame(frame);
    ro?.disconnect();
    card()?.removeAttribute('data-placing');
    for (const ev of USER) window.removeEventListener(ev, stop, true);
  };
  for (const ev of USER) window.addEventListener(ev, stop, { capture: true, passive: true });
  c?.setAttribute('data-placing', '1');
  RETRIES.forEach((ms, i) =>
    timers.push(
      setTimeout(() => {
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(() => {
          place();
          if (i === RETRIES.length - 1) card()?.removeAttribute('data-placing');
        });
      }, ms),
    ),
  );
  end = setTimeout(stop, watchMs);
  return stop;
}

/** What hands the page to the person. */
const USER = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * On a wide screen the card stands in the settings column, sticky below the sticky bar: its
 * height is held to what is left of the viewport below its top (`--card-max`), so that its
 * buttons stay on screen whether the page is at its top or scrolled. Returns the stop function.
 */
export function fitCardToViewport(card: HTMLElement): () => void {
  let frame = 0;
  const fit = () => {
    frame = 0;
    if (getComputedStyle(card).position !== 'sticky') {
      card.style.removeProperty('--card-max');
      return;
    }
    const top = Math.max(card.getBoundingClientRect().top, stickyBottom() + GAP);
    card.style.setProperty('--card-max', `${Math.floor(window.innerHeight - top - GAP)}px`);
  };
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(fit);
  };
  fit();
  window.addEventListener('scroll', soon, { passive: true });
  window.addEventListener('resize', soon);
  const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(soon);
  const sticky = document.querySelector('.sticky-top');
  if (ro && sticky) ro.observe(sticky);
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', soon);
    window.removeEventListener('resize', soon);
    ro?.disconnect();
  };
}
