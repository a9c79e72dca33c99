// Every step of every lesson, whole on a projector (1366×768, with and without presenter mode)
// and on a phone (390×844): each step is opened at its pause through its link; what the step
// is about (the outlined view, or an A/B step's table of A and B), the card's Previous and
// Next lie inside the viewport with nothing over them (the topmost element at the centre and
// near the corners is theirs), and nothing scrolls sideways. Prediction steps are checked with
// the answer revealed (the card at its longest) and before the prediction is made.
// LESSON_SHOTS=dir saves a screenshot of every step there.
import type { BrowserContextOptions } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';
import { STEPS, openStep, problems, startWalk, targets } from './lessonSteps';

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
