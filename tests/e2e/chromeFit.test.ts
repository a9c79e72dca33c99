// What a person sees of the chrome on a projector and a phone, in real Chromium: the lesson
// card's Previous, Next and End lesson keep one line in the 310 px presenter column, a
// prediction's "Commit and run" is in sight at the card's foot with no scrolling, and on a
// phone every metric tile shown is whole (the preset's four, the rest behind "+N more"; the
// row never scrolls sideways).
import type { BrowserContextOptions, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';
import { bothSides } from './lessonSteps';

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
  }, 120_000);

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
      // A phone shows the preset's few tiles; "+N more" opens the rest (checked below too).
      const tiles = [...el.querySelectorAll<HTMLElement>('.metric')].filter(
        (t) => t.getClientRects().length > 0,
      );
      return {
        n: tiles.length,
        more: el.querySelector('.metrics-more')?.textContent ?? '',
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
    expect(fit.n).toBe(4);
    expect(fit.more).toMatch(/^\+\d+ more$/);
    expect(fit.sideways).toBe(0);
    expect(fit.cut).toEqual([]);
    await context.close();
  }, 120_000);
});

/** What the page shows of its metric tiles: the shown tiles, those cut (a label, value or
 * second figure wider than its box or ending in an ellipsis, or a tile out of its row's box or
 * the viewport), and whether the page scrolls sideways. */
function tiles(page: Page) {
  return page.evaluate(() => {
    const vw = window.innerWidth;
    const shown = [...document.querySelectorAll<HTMLElement>('.metric')].filter(
      (t) => t.getClientRects().length > 0,
    );
    const cut: string[] = [];
    for (const t of shown) {
      const row = t.closest('.metrics')!.getBoundingClientRect();
      const b = t.getBoundingClientRect();
      if (b.left < Math.max(0, row.left) - 0.5 || b.right > Math.min(vw, row.right) + 0.5)
        cut.push(`${t.dataset.metric}: the tile (${b.left}–${b.right} px) leaves its row`);
      for (const el of t.querySelectorAll<HTMLElement>(
        '.metric-label, .metric-value, .metric-detail',
      )) {
        const s = getComputedStyle(el);
        const clipped =
          el.scrollWidth > el.clientWidth + 0.5 || el.scrollHeight > el.clientHeight + 0.5;
        if (clipped || (s.textOverflow === 'ellipsis' && s.overflow !== 'visible'))
          cut.push(`${t.dataset.metric}: "${el.textContent}" cut`);
      }
    }
    return {
      shown: shown.map((t) => t.dataset.metric),
      cut,
      sideways: document.scrollingElement!.scrollWidth > vw,
    };
  });
}

describe('no metric tile is cut, wherever it shows', () => {
  const SIZES: { name: string; extra: string; options: BrowserContextOptions }[] = [
    { name: '1366×768', extra: '', options: { viewport: { width: 1366, height: 768 } } },
    {
      name: '1366×768 presenter',
      extra: '&presenter=1',
      options: { viewport: { width: 1366, height: 768 } },
    },
    {
      name: '390×844',
      extra: '',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ];
  for (const size of SIZES)
    it(`at ${size.name}: a single run, a network, an A/B step`, async () => {
      const context = await h.browser.newContext(size.options);
      const page = await context.newPage();
      try {
        // A single run with every deadlock tile (the longest label), a parking lot.
        for (const path of ['/?preset=s2-deadlock&t=10', '/?preset=parking-lot-tail-drop&t=1']) {
          await page.goto(`${h.base}${path}${size.extra}`);
          await expect
            .poll(() => page.locator('[data-metric="goodputMbps"]').getAttribute('data-value'), {
              timeout: 30_000,
            })
            .not.toBe('');
          const seen = await tiles(page);
          expect(seen.cut, path).toEqual([]);
          expect(seen.sideways, path).toBe(false);
          // A phone shows the four the preset is about; a wider screen as many as fit.
          expect(seen.shown.length, path).toBeGreaterThanOrEqual(
            size.extra || size.options.viewport!.width > 700 ? 5 : 4,
          );
          // The rest open from the row's last cell, whole too.
          const more = page.locator('.metrics-more');
          if (await more.isVisible()) {
            const n = Number(/\d+/.exec(await more.innerText())![0]);
            await more.click();
            const all = await tiles(page);
            expect(all.shown.length, path).toBe(seen.shown.length + n);
            expect(all.cut, path).toEqual([]);
          }
        }
        // An A/B step of a lesson: the split screen at its pause.
        await page.goto(`${h.base}/?lesson=gfr-tagging&step=3${size.extra}`);
        await bothSides(page);
        const ab = await tiles(page);
        expect(ab.cut).toEqual([]);
        expect(ab.sideways).toBe(false);
      } finally {
        await context.close();
      }
    }, 240_000);
});
