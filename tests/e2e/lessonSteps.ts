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
  /** Where it waits before its prediction is made (the last moment before it), if any. */
  before: number | null;
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
    before: targetTime(lesson, index, false)?.until ?? null,
    compare: !!s.compare,
    predict: !!s.predict,
  })),
);

/** The link of a step at its pause, as the app writes it (`extra`: more keys, e.g.
 * `presenter=1`; `fresh`: where it waits for its prediction). */
export function stepLink(c: StepCase, extra = '', fresh = false): string {
  const q = [stepQuery(c.lesson, c.index), `lesson=${c.lesson.id}`, `step=${c.index + 1}`];
  const t = fresh ? c.before : c.until;
  if (t !== null && !c.compare) q.push(`t=${t}`);
  if (extra) q.push(extra);
  return `/?${q.join('&')}`;
}

/** Progress with every prediction of every lesson committed (the first option, or the
 * initial marker), so that their steps play to their moments. */
export function committedProgress(): string {
  const all: Record<
    string,
    { seen: number[]; predictions: Record<string, { value: string | number }> }
  > = {};
  for (const lesson of LESSONS) {
    const predictions: Record<string, { value: string | number }> = {};
    for (const s of lesson.steps) {
      const p = s.predict;
      if (p) predictions[p.id] = { value: p.kind === 'choice' ? p.options[0].id : p.initial };
    }
    all[lesson.id] = { seen: [], predictions };
  }
  return JSON.stringify(all);
}

/** Where a walk rests between two steps: a short run of another scenario, no lesson. */
const REST = '/?preset=s0-testbed&duration=1';

/**
 * Loads the app with this browser's lesson progress set: every prediction committed, or
 * (`fresh`) none. `extra`: more keys for every link (e.g. `presenter=1`).
 */
export async function startWalk(
  h: Harness,
  page: Page,
  opts: { extra?: string; fresh?: boolean } = {},
): Promise<void> {
  const rest = h.base + REST + (opts.extra ? `&${opts.extra}` : '');
  await page.goto(rest);
  const value = opts.fresh ? '{}' : committedProgress();
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEY, value] as const);
  await page.reload();
}

/**
 * Opens the step on `page` at its pause, as Back and Forward would (the app reads the link
 * again, no reload): first a rest without a lesson, then the step's link. Waits until the
 * card shows the step, the run stands at the moment (an A/B step: the comparison table has
 * both sides' efficiency; a step whose prediction is not made: no wait) and the page is placed.
 * With `reload`, the page loads the link instead.
 */
export async function openStep(
  page: Page,
  c: StepCase,
  opts: { extra?: string; reload?: boolean; fresh?: boolean } = {},
): Promise<void> {
  const link = stepLink(c, opts.extra, opts.fresh);
  const go = (u: string) =>
    page.evaluate((u) => {
      history.pushState(null, '', u);
      dispatchEvent(new PopStateEvent('popstate'));
    }, u);
  if (opts.reload) await page.goto(new URL(link, page.url()).href);
  else {
    await go(REST + (opts.extra ? `&${opts.extra}` : ''));
    await page.waitForFunction(() => !document.querySelector('[data-testid="lesson-card"]'));
    await go(link);
  }
  await atStepPause(page, c);
}

/**
 * Waits until the card shows step `c` and the run stands at its pause (an A/B step: the
 * comparison table has both sides' efficiency; a step whose prediction is not made: where it
 * waits for it), then until the page is placed. However the step was reached: its link, Next,
 * Back or Forward.
 */
export async function atStepPause(page: Page, c: StepCase): Promise<void> {
  await page.waitForFunction(
    (i) => document.querySelector('[data-testid="lesson-card"]')?.getAttribute('data-step') === i,
    String(c.index),
  );
  const open = await page.evaluate(
    () => !!document.querySelector('form[data-testid="lesson-predict"]'),
  );
  const until = open ? c.before : c.until;
  if (c.compare) await bothSides(page);
  else if (until !== null) {
    // A ceiling for a failure's message only: a lesson plays at its readable speed, and on a
    // loaded machine (three e2e files' pages at once) its frames, and so its clock, are slower.
    const deadline = Date.now() + 90_000;
    while (Math.abs((await exactTime(page)) - until) > 1e-6 || (await playing(page))) {
      if (Date.now() > deadline)
        throw new Error(
          `${c.name}: never paused at ${until} s (the clock shows ${await exactTime(page)} s, ` +
            `${(await playing(page)) ? 'playing' : 'not playing'})`,
        );
      await page.waitForTimeout(50);
    }
  }
  await settled(page);
}

/** Waits until an A/B split's comparison table has both sides' efficiency. */
export async function bothSides(page: Page): Promise<void> {
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

/**
 * Where the step names a port (a network's congested one), the port the buffer views watch,
 * in words when it is another (empty: right). Opened in the app, the step's port must reach the
 * run the step starts, not only a run loaded with the port in its link.
 */
export async function wrongPort(page: Page, c: StepCase): Promise<string[]> {
  const port = c.lesson.steps[c.index].port;
  if (port === undefined || c.compare) return [];
  const arrow = port.replace('-', '→');
  const out: string[] = [];
  for (const panel of ['panel-queue', 'panel-pervc']) {
    const head = page.getByTestId(panel).locator('h2, h3').first();
    try {
      await page.waitForFunction(
        ([sel, a]) =>
          !!document.querySelector(sel)?.querySelector('h2, h3')?.textContent?.includes(a),
        [`[data-testid="${panel}"]`, arrow] as const,
        { timeout: 60_000 },
      );
    } catch {
      out.push(`${panel} watches "${await head.textContent()}", not ${arrow}`);
    }
  }
  return out;
}

/** The selectors of what must show whole at the step's pause. */
export function targets(c: StepCase): string[] {
  const s = c.lesson.steps[c.index];
  const card = '[data-testid="lesson-card"] .lesson-nav';
  const list = [`${card} button:nth-of-type(1)`, `${card} button:nth-of-type(2)`];
  if (c.compare) {
    const t = '[data-testid="compare-diff"]';
    list.push(`${t} thead tr`, `${t} tbody tr:not([hidden])`);
  } else if (s.view) list.push(`[data-story-view="${s.view}"]`);
  return list;
}

/**
 * What is wrong with the page now, in words (empty: all is well): each element of `sel` must
 * lie inside the viewport and be the topmost element (or hold it) at its centre and 3 px in from
 * its corners; the page must not scroll sideways.
 */
export async function problems(page: Page, sel: string[]): Promise<string[]> {
  return (await page.evaluate(wholeProblems, { sel }))!.problems;
}

/**
 * `problems`, once there are none, or the last ones found after 30 s: a page still settling
 * (on a loaded machine the run's figures can reach the page after the step was placed, and the
 * page places it again when its layout changes) is waited for; a step never placed whole fails.
 */
export async function settledProblems(page: Page, sel: string[]): Promise<string[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await problems(page, sel);
    if (found.length === 0 || Date.now() > deadline) return found;
    await page.waitForTimeout(200);
  }
}

/**
 * `problems`, run in the page (self-contained: Playwright sends its source there). With `when`,
 * null until an element matches it, and then, in the same task, also the header's height with
 * that element's slot (`slot`, an id) shown and hidden, and the Menu button's mark: what a
 * notice that leaves by itself changes.
 */
export function wholeProblems(arg: { sel: string[]; when?: string; slot?: string }): {
  problems: string[];
  header: { withIt: number; without: number };
  mark: string;
} | null {
  if (arg.when) {
    if (!document.querySelector(arg.when)) return null;
    // Polled every frame: only once the targets have stood still for three frames (a view's
    // fitted height or the page's placement may still be settling when the notice comes).
    const key = JSON.stringify([
      window.scrollY,
      ...arg.sel.flatMap((s) =>
        [...document.querySelectorAll(s)].map((el) => {
          const r = el.getBoundingClientRect();
          return [r.left, r.top, r.width, r.height];
        }),
      ),
    ]);
    const w = window as unknown as { __whole?: { key: string; same: number } };
    const last = w.__whole;
    w.__whole = { key, same: last?.key === key ? last.same + 1 : 0 };
    if (w.__whole.same < 3) return null;
  }
  const headerHeight = () =>
    document.querySelector('.app-header')?.getBoundingClientRect().height ?? 0;
  const slot = arg.slot ? document.getElementById(arg.slot) : null;
  const withIt = headerHeight();
  if (slot) slot.style.display = 'none';
  const without = headerHeight();
  if (slot) slot.style.display = '';
  const menu = document.querySelector('.menu-toggle');
  const mark = menu ? getComputedStyle(menu, '::after').content : 'none';
  const sel = arg.sel;
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
  return { problems: out, header: { withIt, without }, mark };
}
