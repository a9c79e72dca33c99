// Every step of every lesson, whole on a projector (1366×768, with and without presenter mode)
// and on a phone (390×844): each step is opened at its pause through its link; what the step
// is about (the outlined view, or an A/B step's table of A and B), the card's Previous and
// Next lie inside the viewport with nothing over them (the topmost element at the centre and
// near the corners is theirs), and nothing scrolls sideways. Prediction steps are checked with
// the answer revealed (the card at its longest) and before the prediction is made.
// At 1366×768 each step's card figures are also checked against the views (lessonFigureChecks).
// axe-core (WCAG 2.2 A/AA) checks every step at phone size and in presenter mode, and every
// prediction step, asked and revealed, at each size: the presenter walk in the dark theme (a
// dark projector), the others light. The walk is made again in the pseudo-locale and in Arabic,
// on the projector and on a phone.
// LESSON_SHOTS=dir saves a screenshot of every step there.
import type { BrowserContextOptions } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';
import {
  STEPS,
  openStep,
  problems,
  settledProblems,
  startWalk,
  targets,
  wrongPort,
} from './lessonSteps';
import { figureProblems, setupProblems } from './lessonFigureChecks';
import { wcagProblems } from './axe';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const SIZES: { name: string; extra: string; theme: string; options: BrowserContextOptions }[] = [
  {
    name: 'laptop',
    extra: 'theme=light',
    theme: 'light',
    options: { viewport: { width: 1366, height: 768 } },
  },
  {
    name: 'presenter',
    extra: 'presenter=1&theme=dark',
    theme: 'dark',
    options: { viewport: { width: 1366, height: 768 } },
  },
  {
    name: 'phone',
    extra: 'theme=light',
    theme: 'light',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
  // The lessons' words in other languages: the pseudo-locale's (every word about 40 % longer)
  // and Arabic's (right to left), on the projector and on a phone.
  ...(['pseudo', 'ar'] as const).flatMap((lang) => [
    {
      name: `presenter-${lang}`,
      extra: `presenter=1&theme=dark&lang=${lang}`,
      theme: 'dark',
      options: { viewport: { width: 1366, height: 768 } },
    },
    {
      name: `phone-${lang}`,
      extra: `theme=light&lang=${lang}`,
      theme: 'light',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ]),
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
      let figures = 0;
      try {
        await startWalk(h, page, { extra: size.extra });
        for (const c of STEPS) {
          await openStep(page, c, { extra: size.extra });
          if (shots) await page.screenshot({ path: `${shots}/${size.name}-${c.name}.png` });
          found.push(...(await settledProblems(page, targets(c))).map((p) => `${c.name}: ${p}`));
          found.push(...(await wrongPort(page, c)).map((p) => `${c.name}: ${p}`));
          // At laptop size, also what the card says against what the views show.
          if (size.name === 'laptop') {
            const f = await figureProblems(page, c);
            found.push(...f.problems.map((p) => `${c.name}: ${p}`));
            found.push(...(await setupProblems(page, c)).map((p) => `${c.name}: ${p}`));
            figures += f.figures;
          }
          // Every step at phone size and in the presenter's dark theme; at laptop size the
          // prediction steps (the others show the same page as on the projector, light).
          if (c.predict || size.name !== 'laptop')
            found.push(
              ...(await wcagProblems(page, `${c.name} revealed, ${size.theme}, ${size.name}`, {
                skipScrolledUnder: true,
              })),
            );
        }
        // Before a prediction is made: the question, its options, the buttons; the commit
        // button in sight at the card's foot, with no scrolling (the card's text scrolls alone).
        await startWalk(h, page, { extra: size.extra, fresh: true });
        for (const c of STEPS.filter((s) => s.predict)) {
          await openStep(page, c, { extra: size.extra, fresh: true });
          if (shots) await page.screenshot({ path: `${shots}/${size.name}-${c.name}-predict.png` });
          const commit = '[data-testid="lesson-actions"] [data-testid="lesson-commit"]';
          const sel = [...targets(c), commit];
          found.push(...(await settledProblems(page, sel)).map((p) => `${c.name} (predict): ${p}`));
          found.push(
            ...(await wcagProblems(page, `${c.name} asking, ${size.theme}, ${size.name}`, {
              skipScrolledUnder: true,
            })),
          );
        }
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
      // The card's figures were compared with the views (every lesson with figures has some).
      if (size.name === 'laptop')
        expect(figures).toBeGreaterThanOrEqual(
          STEPS.reduce((n, c) => n + (c.lesson.steps[c.index].figures?.length ?? 0), 0),
        );
    }, 900_000);
  }
});

describe('on a projector and a phone, the chrome', () => {
  for (const extra of ['', '&presenter=1'])
    it(`shows all seven lessons on the first 1366×768 screen${extra ? ' (presenter)' : ''}`, async () => {
      const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      await page.goto(`${h.base}/?preset=s0-testbed&duration=1${extra}`);
      await page.getByRole('button', { name: 'Lessons', exact: true }).click();
      await page.getByTestId('gallery').waitFor();
      expect(await page.locator('.cards > li').count()).toBe(7);
      expect(await problems(page, ['.cards > li'])).toEqual([]);
      await context.close();
    }, 120_000);

  it('the Projector button folds the settings, as presenter=1 does', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${h.base}/?preset=s0-testbed&duration=1`);
    const toggle = page.locator('.sidebar-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Projector' }).click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('presenter')),
    ).toBe(true);
    expect(page.url()).toContain('presenter=1');
    await context.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 768 },
  ])
    it(`cuts no tile's label or value, and the sticky bar hides what passes under it (${viewport.width} px)`, async () => {
      const context = await h.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${h.base}/?preset=s2-deadlock&t=10`);
      await expect
        .poll(() => page.locator('[data-metric="goodputMbps"]').getAttribute('data-value'), {
          timeout: 30_000,
        })
        .not.toBe('');
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('.metric-label, .metric-value')]
          .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
          .map((el) => el.textContent),
      );
      expect(cut).toEqual([]);
      // Scrolled, the sticky bar (playback and timeline) is opaque and its marks stay inside.
      await page.evaluate(() => window.scrollTo(0, 400));
      const bar = await page.evaluate(() => {
        const el = document.querySelector('.sticky-top')!;
        const r = el.getBoundingClientRect();
        const out = [...el.querySelectorAll('.tl-mark')].filter((m) => {
          const b = m.getBoundingClientRect();
          return b.top < r.top - 0.5 || b.bottom > r.bottom + 0.5;
        }).length;
        return { bg: getComputedStyle(el).backgroundColor, top: r.top, out };
      });
      expect(bar.top).toBe(0);
      expect(bar.bg).not.toBe('rgba(0, 0, 0, 0)');
      expect(bar.out).toBe(0);
      await context.close();
    }, 120_000);
});
