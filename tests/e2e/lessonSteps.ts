// Every step of every lesson, and how to open one at its pause without playing in real time:
// the step's link with `t=` at the moment the step pauses (the run seeks there, paused), its
// prediction (if any) already committed in this browser's storage. Shared by the tests that
// walk the lessons (layout, the figures of the card against the views).
import type { Page } from 'playwright';
import { STORAGE_KEY } from '../../src/ui/lessons/progress';
import type { Lesson } from '../../src/ui/lessons/types';
import { LESSONS } from '../../src/ui/lessons/lessons';
import { stepQuery, targetTime } from '../../src/ui/lessons/useLesson';
import type { Harness } from './harness';

export interface StepCase {
  lesson: Lesson;
  /** 0-based. */
  index: number;
  /** `lesson-step` (1-based), for names and screenshot files. */
  name: string;
  /** The time the step pauses at (its own moment, or the last one before it), if any. */
  until: number | null;
  /** An A/B step (split screen, the comparison table). */
  compare: boolean;
  predict: boolean;
}

export const STEPS: StepCase[] = LESSONS.flatMap((lesson) =>
  lesson.steps.map((s, index) => ({
    lesson,
    index,
    name: `${lesson.id}-${index + 1}`,
    until: targetTime(lesson, index, true)?.until ?? null,
    compare: !!s.compare,
    predict: !!s.predict,
  })),
);

/** The link of a step at its pause, as the app writes it (`extra`: more keys, e.g.
 * `presenter=1`). */
export function stepLink(c: StepCase, extra = ''): string {
  const q = [stepQuery(c.lesson, c.index), `lesson=${c.lesson.id}`, `step=${c.index + 1}`];
  if (c.until !== null && !c.compare) q.push(`t=${c.until}`);
  if (extra) q.push(extra);
  return `/?${q.join('&')}`;
}

/** Progress with every prediction of `lesson` committed (the first option, or the initial
 * marker), so that its steps play to their moments. */
export function committedProgress(lesson: Lesson): string {
  const predictions: Record<string, { value: string | number }> = {};
  for (const s of lesson.steps) {
    const p = s.predict;
    if (p) predictions[p.id] = { value: p.kind === 'choice' ? p.options[0].id : p.initial };
  }
  return JSON.stringify({ [lesson.id]: { seen: [], predictions } });
}

/**
 * Opens the step on `page` at its pause: stores the committed predictions (unless `fresh`:
 * none), loads the link, and waits until the card shows the step, the run stands at the moment
 * (an A/B step: the comparison table has both sides' efficiency) and the page is placed.
 */
export async function openStep(
  h: Harness,
  page: Page,
  c: StepCase,
  opts: { extra?: string; fresh?: boolean } = {},
): Promise<void> {
  const value = opts.fresh ? '{}' : committedProgress(c.lesson);
  if (!page.url().startsWith(h.base)) await page.goto(h.base + '/?preset=s0-testbed&duration=1');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEY, value] as const);
  await page.goto(h.base + stepLink(c, opts.extra));
  await page.waitForFunction(
    (i) => document.querySelector('[data-testid="lesson-card"]')?.getAttribute('data-step') === i,
    String(c.index),
  );
  if (c.compare) {
    await page.waitForFunction(
      () =>
        ['a', 'b'].every(
          (s) =>
            (document
              .querySelector(`tr[data-metric="efficiency"] td[data-side="${s}"]`)
              ?.getAttribute('data-value') ?? '') !== '',
        ),
      undefined,
      { timeout: 60_000 },
    );
  } else if (c.until !== null && !(c.predict && opts.fresh)) {
    const until = c.until;
    const deadline = Date.now() + 30_000;
    while (Math.abs((await exactTime(page)) - until) > 1e-6 || (await playing(page))) {
      if (Date.now() > deadline) throw new Error(`${c.name}: never paused at ${until} s`);
      await page.waitForTimeout(50);
    }
  }
  await settled(page);
}

/** Waits until the lesson's placement is over and a frame is drawn. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="lesson-card"][data-placing]'),
  );
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
}

const playing = async (page: Page) =>
  (await page.getByRole('button', { name: 'Pause' }).count()) > 0;

/** The simulated time to the last digit (the clock shows three). */
export const exactTime = async (page: Page) =>
  Number(await page.getByTestId('sim-time').getAttribute('data-t'));
