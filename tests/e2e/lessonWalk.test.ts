// Every step of every lesson, whole on a projector (1366×768, with and without presenter mode)
// and on a phone (390×844): each step is opened at its pause through its link; what the step
// is about (the outlined view, or an A/B step's table of A and B), the card's Previous and
// Next lie inside the viewport with nothing over them (the topmost element at the centre and
// near the corners is theirs), and nothing scrolls sideways. Prediction steps are checked with
// the answer revealed (the card at its longest) and before the prediction is made.
// LESSON_SHOTS=dir saves a screenshot of every step there.
import type { BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';
import type { StepCase } from './lessonSteps';
import { STEPS, openStep, startWalk } from './lessonSteps';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const SIZES: { name: string; extra: string; options: BrowserContextOptions }[] = [
  { name: 'laptop', extra: '', options: { viewport: { width: 1366, height: 768 } } },
  { name: 'presenter', extra: 'presenter=1', options: { viewport: { width: 1366, height: 768 } } },
  {
    name: 'phone',
    extra: '',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

/** The selectors of what must show whole at the step's pause. */
function targets(c: StepCase): string[] {
  const s = c.lesson.steps[c.index];
  const card = '[data-testid="lesson-card"] .lesson-nav';
  const list = [`${card} button:nth-of-type(1)`, `${card} button:nth-of-type(2)`];
  if (c.compare) {
    const t = '[data-testid="compare-diff"]';
    list.push(`${t} thead tr`, `${t} tbody tr:not([hidden]):nth-child(-n+3)`);
  } else if (s.view) list.push(`[data-story-view="${s.view}"]`);
  return list;
}

/**
 * What is wrong with the page now, in words (empty: all is well): each element of `sel` must
 * lie inside the viewport and be the topmost element (or hold it) at its centre and 3 px in from
 * its corners; the page must not scroll sideways.
 */
function problems(page: Page, sel: string[]): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const w = window.innerWidth;
    const hgt = window.innerHeight;
    const sw = document.scrollingElement!.scrollWidth;
    if (sw > w) out.push(`the page scrolls sideways: ${sw} > ${w} px`);
    for (const s of sel) {
      const els = [...document.querySelectorAll(s)];
      if (!els.length) out.push(`${s}: not on the page`);
      for (const el of els) {
        const r = el.getBoundingClientRect();
        const name = `${s} (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`;
        if (r.width === 0 || r.height === 0) {
          out.push(`${name}: not shown`);
          continue;
        }
        if (r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > hgt + 0.5) {
          out.push(`${name}: outside the ${w}×${hgt} viewport`);
          continue;
        }
        const i = 3;
        const pts: [number, number][] = [
          [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
          [r.left + i, r.top + i],
          [r.right - i, r.top + i],
          [r.left + i, r.bottom - i],
          [r.right - i, r.bottom - i],
        ];
        for (const [x, y] of pts) {
          const hit = document.elementFromPoint(x, y);
          if (hit && !el.contains(hit)) {
            const what = `${hit.tagName.toLowerCase()}${hit.id ? '#' + hit.id : ''}.${[...hit.classList].join('.')}`;
            out.push(`${name}: covered at (${Math.round(x)},${Math.round(y)}) by ${what}`);
            break;
          }
        }
      }
    }
    return out;
  }, sel);
}

const shots = process.env.LESSON_SHOTS;

describe('every lesson step is whole at its pause', () => {
  for (const size of SIZES) {
    it(`at ${size.name} size`, async () => {
      const context = await h.browser.newContext(size.options);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      const found: string[] = [];
      try {
        await startWalk(h, page, { extra: size.extra });
        for (const c of STEPS) {
          await openStep(page, c, { extra: size.extra });
          if (shots) await page.screenshot({ path: `${shots}/${size.name}-${c.name}.png` });
          found.push(...(await problems(page, targets(c))).map((p) => `${c.name}: ${p}`));
        }
        // Before a prediction is made: the question, its options, the buttons; the commit
        // button within reach (the card's text scrolls).
        await startWalk(h, page, { extra: size.extra, fresh: true });
        for (const c of STEPS.filter((s) => s.predict)) {
          await openStep(page, c, { extra: size.extra, fresh: true });
          if (shots) await page.screenshot({ path: `${shots}/${size.name}-${c.name}-predict.png` });
          const commit = '[data-testid="lesson-predict"] [type="submit"]';
          await page.locator(commit).evaluate((b) => b.scrollIntoView({ block: 'nearest' }));
          const sel = [...targets(c), commit];
          found.push(...(await problems(page, sel)).map((p) => `${c.name} (predict): ${p}`));
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    }, 150_000);
  }
});
