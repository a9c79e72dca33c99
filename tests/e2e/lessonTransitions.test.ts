// Lessons walked in the app, as a class meets them (1366×768): from the first step's pause,
// "Next" to each following step, then the browser's Back to the first and Forward to the next
// (the second); every step reaches its pause (the run stands at its moment, or an A/B step's table has
// both sides) and the page keeps answering. A step reached by history jumps (seeks) over the
// run, so a view must take a long stretch of the run in one batch. The GFR lesson once hung
// the page here (step 1 at 6.13 ms to step 2 at 20 s). One size is enough: the layout of each
// step is the walk's (lessonWalk.test.ts).
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/ui/lessons/lessons';
import type { Harness } from './harness';
import { startHarness } from './harness';
import type { StepCase } from './lessonSteps';
import { STEPS, atStepPause, exactTime, openStep, startWalk, wrongPort } from './lessonSteps';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const stepAt = (page: Page) =>
  page.getByTestId('lesson-card').getAttribute('data-step', { timeout: 60_000 });

/** The page answers a script within 30 s (a hung main thread does not). */
async function answers(page: Page, name: string): Promise<void> {
  const r = await Promise.race([
    page.evaluate(() => 'ok'),
    new Promise<string>((res) => setTimeout(() => res('no answer'), 30_000)),
  ]);
  expect(r, `${name}: the page answers`).toBe('ok');
}

async function reached(page: Page, c: StepCase, how: string): Promise<void> {
  await atStepPause(page, c);
  await answers(page, `${c.name} by ${how}`);
  expect(await stepAt(page)).toBe(String(c.index));
  if (c.until !== null && !c.compare)
    expect(Math.abs((await exactTime(page)) - c.until)).toBeLessThan(1e-6);
  expect(await wrongPort(page, c), `${c.name} by ${how}: the step's port`).toEqual([]);
}

describe('a step opened in the app by its link, from another step’s pause', () => {
  // GFR's first pause (6.13 ms) to its second (20 s): the run seeks over 20 s at once, and the
  // views take that stretch in one batch, far more rows than a table keeps. The page must
  // answer and stand at 20 s (it once spun forever there, while a fresh load worked).
  it('gfr-tagging: step 1 at its pause, then step 2’s link, reaches 20 s', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await startWalk(h, page);
      const [one, two] = STEPS.filter((c) => c.lesson.id === 'gfr-tagging');
      await openStep(page, one);
      await openStep(page, two);
      await reached(page, two, 'its link');
      expect(await exactTime(page)).toBe(20);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('a step played in real time names the drop its link names', () => {
  // The parking lot's first step plays its last 30 ms at 1/100× (the run reaches the page in
  // many small batches, a frame of VC 3 losing cells across their ends). The card's "Latest
  // drop" and the buffer view's drop label are the run's latest loss event, whole: the same
  // VC and cells as when the link seeks there in one batch (lessonWalk.test.ts, lessonFigureChecks.ts).
  it('parking-lot step 1: the card and the buffer view both say VC 1, 32 cells', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    try {
      await startWalk(h, page);
      await page.goto(`${h.base}/?lesson=parking-lot&step=1`);
      const card = page.getByTestId('lesson-card');
      await expect
        .poll(() => card.locator('[data-label="Latest drop, VC 1"] dd').textContent(), {
          timeout: 60_000,
        })
        .toBe('32 cells');
      expect(await exactTime(page)).toBe(0.081);
      // (the buffer view, out of sight under the network view, draws the pause in a next frame)
      await expect
        .poll(() => page.getByTestId('view-queue').getAttribute('data-latest-drop'))
        .toBe('✕ drop, VC 1: buffer overflow (32 cells)');
    } finally {
      await context.close();
    }
  }, 180_000);
});

// Next and Forward play each step to its moment at the lesson's own speed (a few seconds each);
// Back seeks. Forward is taken once per lesson, from the first step to the second. Three
// lessons hold every kind of step change between them (a single run's moments, a network's
// port, an A/B split, a scenario change, a prediction); every step of every lesson is opened
// in the app by its link in the walk (lessonWalk.test.ts), which seeks as Back does.
const IN_APP = ['cells', 'gfr-tagging', 'parking-lot'];

describe('lessons step to step in the app', () => {
  it('walks lessons with every kind of step change', () => {
    const kinds = (id: string) => {
      const l = LESSONS.find((x) => x.id === id)!;
      return {
        compare: l.steps.some((s) => s.compare),
        port: l.steps.some((s) => s.port),
        predict: l.steps.some((s) => s.predict),
      };
    };
    const all = IN_APP.map(kinds);
    expect(all.some((k) => k.compare)).toBe(true);
    expect(all.some((k) => k.port)).toBe(true);
    expect(all.some((k) => k.predict)).toBe(true);
  });
  for (const lesson of LESSONS.filter((l) => IN_APP.includes(l.id))) {
    it(`${lesson.id}: Next to the last step, Back to the first, Forward to the second`, async () => {
      const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await startWalk(h, page);
        const steps = STEPS.filter((c) => c.lesson === lesson);
        await openStep(page, steps[0]);
        for (const c of steps.slice(1)) {
          await page.getByRole('button', { name: 'Next ›' }).click();
          await reached(page, c, 'Next');
        }
        for (const c of steps.slice(0, -1).reverse()) {
          await page.goBack();
          await reached(page, c, 'Back');
        }
        await page.goForward();
        await reached(page, steps[1], 'Forward');
      } finally {
        await context.close();
      }
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
