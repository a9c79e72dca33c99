// What a person sees of the chrome on a projector and a phone, in real Chromium: the lesson
// card's Previous, Next and End lesson keep one line in the 310 px presenter column, a
// prediction's "Commit and run" is in sight at the card's foot with no scrolling, and on a
// phone every metric tile is whole (the tiles wrap; the row never scrolls sideways).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Plain UBR's 20 s prediction, not yet made (a fresh browser). */
const PREDICT = '/?lesson=ubr-collapse&step=2';

describe('the lesson card and the tiles fit', () => {
  it('presenter 1366×768: Previous, Next and End lesson on one line; Commit and run in sight', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto(`${h.base}${PREDICT}&presenter=1`);
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    const nav = card.locator('.lesson-nav button');
    expect(await nav.allInnerTexts()).toEqual(['‹ Previous', 'Next ›', 'End lesson']);
    const boxes = await nav.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top));
    expect(new Set(boxes.map(Math.round)).size).toBe(1);
    const commit = (await page.getByTestId('lesson-commit').boundingBox())!;
    const c = (await card.boundingBox())!;
    expect(commit.y).toBeGreaterThanOrEqual(c.y);
    expect(commit.y + commit.height).toBeLessThanOrEqual(Math.min(c.y + c.height, 768));
    await context.close();
  }, 60_000);

  it('phone 390×844: Commit and run in sight at the card’s foot; every metric tile whole', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${h.base}${PREDICT}`);
    const commit = page.getByTestId('lesson-commit');
    await commit.waitFor();
    // In the card's foot, outside the scrolling text: visible whatever the text's scroll.
    expect(await commit.evaluate((b) => !!b.closest('[data-testid="lesson-actions"]'))).toBe(true);
    const b = (await commit.boundingBox())!;
    expect(b.y).toBeGreaterThanOrEqual(0);
    expect(b.y + b.height).toBeLessThanOrEqual(844);
    const at = await page.evaluate(
      ([x, y]) =>
        document.elementFromPoint(x, y)?.closest('[data-testid="lesson-commit"]') !== null,
      [b.x + b.width / 2, b.y + b.height / 2],
    );
    expect(at).toBe(true);

    await page.goto(`${h.base}/?preset=s0-testbed&duration=1`);
    const row = page.getByTestId('metrics');
    await row.locator('.metric').first().waitFor();
    const fit = await row.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const tiles = [...el.querySelectorAll<HTMLElement>('.metric')];
      return {
        n: tiles.length,
        sideways: el.scrollWidth - el.clientWidth,
        cut: tiles
          .filter((t) => {
            const b = t.getBoundingClientRect();
            const value = t.querySelector('.metric-value')!;
            return (
              b.left < r.left - 0.5 ||
              b.right > r.right + 0.5 ||
              value.scrollWidth > value.clientWidth + 0.5
            );
          })
          .map((t) => t.dataset.metric),
      };
    });
    expect(fit.n).toBeGreaterThanOrEqual(10);
    expect(fit.sideways).toBe(0);
    expect(fit.cut).toEqual([]);
    await context.close();
  }, 60_000);
});
