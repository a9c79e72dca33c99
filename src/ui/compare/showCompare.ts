/**
 * Where Compare A/B opens: its section's top just under the sticky bar, when it would open out
 * of sight or low on the screen (below the sweep or the settings, on a phone thousands of px
 * down). A lesson's A/B step places the page itself (lessons/placeStep), so nothing moves
 * while a lesson card is open. Pure DOM, no React.
 */

/** Room kept above the section, CSS px. */
const GAP = 8;
/** The section stays where it is when its top lies in this upper share of the viewport. */
const SEEN = 1 / 3;

/** The sticky bar's bottom now, and its height (its bottom once stuck). */
function bar(): { now: number; stuck: number } {
  const el = document.querySelector<HTMLElement>('.sticky-top');
  if (!el || el.hidden) return { now: 0, stuck: 0 };
  return { now: Math.max(0, el.getBoundingClientRect().bottom), stuck: el.offsetHeight };
}

/** How far (px) the page scrolls to bring `section` into sight; 0 where it is seen already. */
export function compareScroll(section: HTMLElement): number {
  if (document.querySelector('[data-testid="lesson-card"]')) return 0;
  const top = section.getBoundingClientRect().top;
  const b = bar();
  if (top >= b.now && top <= window.innerHeight * SEEN) return 0;
  return top - b.stuck - GAP;
}

/** Scrolls `section` into sight (see compareScroll): at once under reduced motion, else smoothly. */
export function showCompare(section: HTMLElement, reducedMotion: boolean): void {
  const dy = compareScroll(section);
  if (Math.abs(dy) >= 1)
    window.scrollBy({ top: dy, behavior: reducedMotion ? 'instant' : 'smooth' });
}
