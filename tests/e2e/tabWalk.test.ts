// The whole page by Tab alone, in real Chromium (WCAG 2.1.1, 2.1.2, 2.4.7, 2.4.11): from the top
// of the main page, Tab visits every control a pointer can use, each once, and comes back to
// the first (no trap); each one, as it gets the focus, shows a focus ring (an outline of at
// least 2 px, or a ring drawn as a box shadow) and is not hidden by anything: the sticky bar,
// a lesson card or a notice (the topmost element at its centre, or at one of its corners 3 px
// in, is it or inside it; over a plot's drawing, its own transparent layer for the pointer
// does not hide it). At 1366×768 with the settings open, and at 390×844.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** The page's controls that Tab should reach (visible, enabled, in the Tab order), each marked
 * with `data-tab-walk` = its index. */
function markControls(page: Page): Promise<number> {
  return page.evaluate(() => {
    const SEL =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
    const els = [...document.querySelectorAll<HTMLElement>(SEL)].filter((el) => {
      if (el.tabIndex < 0) return false;
      if ((el as HTMLButtonElement).disabled) return false;
      if (el.closest('[inert], [hidden], details:not([open]) > :not(summary)')) return false;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.display === 'none') return false;
      // Out of sight until focused (the skip link, the screen summary's setting) still count.
      return el.getClientRects().length > 0 || el.closest('.skip-link, .screen-summary') !== null;
    });
    // Radio buttons of one group are one Tab stop (the arrow keys choose within it).
    const seen = new Set<string>();
    const stops = els.filter((el) => {
      if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
      const key = `${el.form?.id ?? ''}|${el.name}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    stops.forEach((el, i) => el.setAttribute('data-tab-walk', String(i)));
    return stops.length;
  });
}

interface Stop {
  index: string | null;
  name: string;
  ring: boolean;
  covered: string | null;
  /** Whether the stop before showed its ring only while focused (false: a shadow it keeps). */
  prevRing: boolean;
}

/** The focused element: its walk index, a name, whether it shows a ring, what covers it. */
function focusedStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { index: null, name: 'body', ring: false, covered: null, prevRing: true };
    const cs = getComputedStyle(el);
    // A ring: an outline of 2 px or more, or a box shadow it has only while focused (the
    // previous stop's shadow, now that it has lost the focus, tells which).
    const w = window as unknown as {
      __walk?: { el: HTMLElement; shadow: string; outline: boolean };
    };
    const prev = w.__walk;
    const prevRing =
      !prev ||
      !prev.el.isConnected ||
      prev.outline ||
      // (no shadow either: already said as "no focus ring")
      prev.shadow === 'none' ||
      getComputedStyle(prev.el).boxShadow !== prev.shadow;
    const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2;
    w.__walk = { el, shadow: cs.boxShadow, outline };
    const ring = outline || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
    const r = el.getBoundingClientRect();
    const inset = 3;
    const pts: [number, number][] = [
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
    ];
    let covered: string | null = null;
    // Out of sight by design until focused: shown once it has the focus (checked like others).
    const seen = pts.some(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      if (!hit) return false;
      if (el.contains(hit) || hit.contains(el)) return true;
      // A plot's own transparent layer for the pointer (its zoom brush) over its drawing.
      const plot = el.closest('[data-testid^="view-"]');
      if (plot && plot.contains(hit) && hit.closest('svg') && el.tagName === 'CANVAS') return true;
      covered ??= `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`;
      return false;
    });
    const name =
      el.getAttribute('aria-label') ??
      el.getAttribute('data-testid') ??
      (el.textContent ?? '').trim().slice(0, 40) ??
      el.tagName;
    return {
      index: el.getAttribute('data-tab-walk'),
      name: `${el.tagName.toLowerCase()} "${name}"`,
      ring,
      covered: seen ? null : (covered ?? 'outside the viewport'),
      prevRing,
    };
  });
}

describe('Tab walk of the main page', () => {
  for (const size of [
    { name: '1366×768, settings open', viewport: { width: 1366, height: 768 }, phone: false },
    { name: '390×844', viewport: { width: 390, height: 844 }, phone: true },
  ])
    it(`${size.name}: Tab reaches every control once and comes back, each with a ring, none hidden`, async () => {
      const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock&t=2', {
        viewport: size.viewport,
        hasTouch: size.phone,
        isMobile: size.phone,
      });
      try {
        await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
        // The timeline's Moments come with the run's marks.
        await expect
          .poll(async () => Number(await page.getByTestId('timeline').getAttribute('data-marks')))
          .toBeGreaterThan(0);
        await page.getByRole('button', { name: /^Moments/ }).waitFor();
        const total = await markControls(page);
        const order: string[] = [];
        const problems: string[] = [];
        let back = false;
        let lastName = '';
        for (let i = 0; i < total + 20; i++) {
          await page.keyboard.press('Tab');
          const s = await focusedStop(page);
          if (!s.prevRing)
            problems.push(`stop ${order.length} (${lastName}): its shadow is no focus ring`);
          if (s.index === order[0] && order.length > 0) {
            back = true;
            break;
          }
          if (s.index === null) {
            // Past the last control the browser's own chrome has the focus; the next Tab
            // comes back to the page.
            if (s.name === 'body') continue;
            problems.push(`${s.name}: reached but not counted`);
            continue;
          }
          lastName = s.name;
          if (order.includes(s.index)) problems.push(`${s.name}: reached twice`);
          order.push(s.index);
          if (!s.ring) problems.push(`${s.name}: no focus ring`);
          if (s.covered) problems.push(`${s.name}: hidden by ${s.covered}`);
        }
        const missed = await page.evaluate(
          (reached) =>
            [...document.querySelectorAll<HTMLElement>('[data-tab-walk]')]
              .filter((el) => !reached.includes(el.getAttribute('data-tab-walk')!))
              .map(
                (el) =>
                  `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}"`,
              ),
          order,
        );
        console.info(`[tab walk] ${size.name}: ${order.length} of ${total} controls reached`);
        expect(back, 'Tab comes back to the first control').toBe(true);
        expect(problems).toEqual([]);
        expect(missed).toEqual([]);
        expect(order.length).toBe(total);
      } finally {
        await close();
      }
      expect(errors).toEqual([]);
    }, 240_000);
});
