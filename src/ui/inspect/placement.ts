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

/** A sheet fixed at the foot of the screen (a phone's lesson card), if one shows. */
function footSheet(): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>('[data-testid="lesson-card"]')) {
    if (getComputedStyle(el).position === 'fixed' && el.getBoundingClientRect().height > 0)
      return el;
  }
  return null;
}

/** The smallest lesson sheet: its title, step count and Previous / Next (CSS px). */
const SHEET_HANDLE = 132;

/**
 * Scrolls `el` into view as little as needed, between the sticky bar at the top and a phone's
 * lesson sheet at the foot: not at all when it is fully visible there (or, when taller than the
 * space, its top is); else its nearest edge is aligned (its top when it is taller). A lesson
 * sheet in the way folds to its head and buttons meanwhile; the returned function gives it its
 * height back.
 */
export function revealNearest(el: Element): () => void {
  const bar = document.querySelector<HTMLElement>('.sticky-top');
  const shown = !!bar && !bar.hidden;
  // The bar's bottom now, and once stuck at the top (where a scroll down leaves it).
  const top = shown ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const stuck = shown ? bar.offsetHeight : 0;
  const sheet = footSheet();
  // Clear of the sticky bar by 10 px (as CSS scroll-margin-top keeps the panels), of a sheet
  // by 8; flush with the viewport's foot.
  const gap = 10;
  const foot = sheet ? 8 : 0;
  let undo = () => {};
  let r = el.getBoundingClientRect();
  if (sheet && r.height > sheet.getBoundingClientRect().top - stuck - gap - foot) {
    const before = sheet.style.getPropertyValue('--sheet-max');
    sheet.style.setProperty('--sheet-max', `${SHEET_HANDLE}px`);
    undo = () => {
      if (before) sheet.style.setProperty('--sheet-max', before);
      else sheet.style.removeProperty('--sheet-max');
    };
    r = el.getBoundingClientRect();
  }
  const bottom = sheet ? sheet.getBoundingClientRect().top : window.innerHeight;
  const fits = r.height <= bottom - stuck - gap - foot;
  const visible = fits ? r.top >= top && r.bottom <= bottom : r.top >= top && r.top < bottom;
  if (visible) return undo;
  let dy = r.top - stuck - gap;
  if (fits && r.top >= top) dy = Math.min(dy, r.bottom - bottom + foot);
  window.scrollBy({ top: dy, behavior: 'instant' });
  return undo;
}
