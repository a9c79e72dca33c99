/**
 * Where the inspector opens: next to the view its drop was picked in, so that opening it
 * scrolls the page no further than needed (a tap on the loss raster at the foot of a phone's
 * page must not jump to the top of the views). Pure DOM helpers, no React.
 */

/** The panel a pointer or the keyboard last touched, and when (performance.now()). */
let lastPanel: { el: Element; at: number } | null = null;

const PANEL = '.views > .panel';

function remember(target: EventTarget | null): void {
  const el = target instanceof Element ? target.closest(PANEL) : null;
  // A touch inside the inspector itself says nothing about where a drop came from; a touch
  // outside the views (a timeline mark, a lesson card) opens the inspector in its own place.
  if (el?.classList.contains('inspector')) return;
  lastPanel = el ? { el, at: performance.now() } : null;
}

let listening = 0;
const onPointer = (e: Event) => remember(e.target);
const onKey = () => remember(document.activeElement);

/** Starts tracking the panel the user acts in; returns the stop function. */
export function trackSourcePanel(): () => void {
  if (listening++ === 0) {
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
  }
  return () => {
    if (--listening === 0) {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
      lastPanel = null;
    }
  };
}

/** The panel the drop was picked in: touched within the last two seconds and still shown. */
export function sourcePanel(now = performance.now()): Element | null {
  if (!lastPanel || now - lastPanel.at > 2000 || !lastPanel.el.isConnected) return null;
  return lastPanel.el;
}

/**
 * The last panel of the grid row that `panel` is in (panels of one row share their top), so
 * that a full-width inspector inserted after it does not break the row.
 */
export function rowEnd(panel: Element): Element {
  const top = panel.getBoundingClientRect().top;
  let end = panel;
  for (let n = panel.nextElementSibling; n; n = n.nextElementSibling) {
    if (!n.matches('.panel') || Math.abs(n.getBoundingClientRect().top - top) > 1) break;
    end = n;
  }
  return end;
}

/** The bottom of the sticky bar at the top of the viewport (0 when there is none). */
export function stickyBottom(): number {
  let b = 0;
  for (const el of document.querySelectorAll('.sticky-top')) {
    const r = el.getBoundingClientRect();
    if (r.top <= 1 && r.bottom > b) b = r.bottom;
  }
  return b;
}

/**
 * Scrolls `el` into view as little as needed: not at all when it is fully visible below the
 * sticky bar (or, when taller than the space, its top is); else the nearest edge is aligned
 * (CSS scroll-margin-top keeps it clear of the sticky bar).
 */
export function revealNearest(el: Element): void {
  const r = el.getBoundingClientRect();
  const top = stickyBottom();
  const bottom = window.innerHeight;
  const fits = r.height <= bottom - top;
  const visible = fits ? r.top >= top && r.bottom <= bottom : r.top >= top && r.top < bottom;
  if (!visible) el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}
