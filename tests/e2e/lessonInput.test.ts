// Keys and fingers in a lesson, in real Chromium: after "Next" the focus is on the new step's
// heading, so Space plays or pauses instead of pressing "Next" again (it never skips the
// prediction); arrow keys on a prediction's radio buttons choose the next option and never page
// the lesson; on a phone a vertical drag that starts on a plot scrolls the page, a sideways one
// or a two-finger pinch zooms the time axes, and a tap near a drop opens it in the inspector, in full view.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';
import { STEPS, openStep, problems, settled, startWalk, targets } from './lessonSteps';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const step = (name: string) => STEPS.find((s) => s.name === name)!;
const cardStep = (page: Page) => page.getByTestId('lesson-card').getAttribute('data-step');
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('keys never skip a step', () => {
  it('after Next, focus is on the step heading and Space plays or pauses', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await startWalk(h, page, { fresh: true });
    // The first timeout of plain UBR, then Next into the 20 s prediction.
    await openStep(page, step('ubr-collapse-1'));
    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect.poll(() => cardStep(page)).toBe('1');
    await expect.poll(() => focused(page)).toBe('lesson-step-title');
    expect(await page.getByTestId('lesson-step-title').textContent()).toBe(
      'Twenty seconds of plain UBR',
    );
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await page.keyboard.press(' ');
    // Space played the run; the lesson stays on the prediction, still to be made.
    await expect.poll(() => page.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    await page.keyboard.press(' ');
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(await cardStep(page)).toBe('1');
    expect(await page.locator('form[data-testid="lesson-predict"]').count()).toBe(1);
    // The page stayed where it was: the card's buttons and the outlined view are in sight.
    const next = await page.getByRole('button', { name: 'Next ›' }).boundingBox();
    expect(next!.y + next!.height).toBeLessThanOrEqual(768);
    await context.close();
  }, 120_000);

  it('arrow keys and Space on a prediction’s radio buttons choose, never page', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await startWalk(h, page, { fresh: true });
    await openStep(page, step('cells-2'), { fresh: true });
    const radios = page.locator('form[data-testid="lesson-predict"] input[type="radio"]');
    expect(await radios.count()).toBe(3);
    await radios.nth(0).focus();
    await page.keyboard.press(' ');
    expect(await radios.nth(0).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await radios.nth(1).isChecked()).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await radios.nth(2).isChecked()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    expect(await radios.nth(1).isChecked()).toBe(true);
    expect(await cardStep(page)).toBe('1');
    expect(await page.locator('form[data-testid="lesson-predict"]').count()).toBe(1);
    // Away from the form, → pages the lesson as before.
    await page.getByTestId('lesson-step-title').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => cardStep(page)).toBe('2');
    await context.close();
  }, 120_000);
});

describe('Next into an A/B step', () => {
  for (const size of [
    { name: 'laptop', width: 1366, height: 768 },
    { name: 'phone', width: 390, height: 844 },
  ])
    it(`keeps the table of A and B in sight (${size.name})`, async () => {
      const phone = size.width < 500;
      const context = await h.browser.newContext({
        viewport: { width: size.width, height: size.height },
        isMobile: phone,
        hasTouch: phone,
      });
      const page = await context.newPage();
      await startWalk(h, page);
      // Plain UBR's 20 s (its prediction made), scrolled down the page as a student would.
      await openStep(page, step('ubr-collapse-2'));
      await page.evaluate(() => window.scrollTo(0, 300));
      await page.getByRole('button', { name: 'Next ›' }).click();
      await expect.poll(() => cardStep(page)).toBe('2');
      await page.locator('tr[data-metric="efficiency"] td[data-side="b"][data-value]').waitFor();
      await settled(page);
      expect(await problems(page, targets(step('ubr-collapse-3')))).toEqual([]);
      await context.close();
    }, 120_000);
});

/** A finger's drag by CDP touch events, from (x, y) by (dx, dy) in `n` moves. */
async function drag(page: Page, x: number, y: number, dx: number, dy: number, n = 12) {
  const cdp = await page.context().newCDPSession(page);
  const at = (i: number) => [{ x: x + (dx * i) / n, y: y + (dy * i) / n }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= n; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
    await page.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('a finger on a phone’s plots', () => {
  it('a vertical drag on a plot scrolls the page; a sideways one zooms', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${h.base}/?preset=s0-testbed&duration=2&t=2`);
    const chart = page.getByTestId('view-timeseq');
    await expect.poll(() => chart.getAttribute('data-t1'), { timeout: 60_000 }).toBe('2.000000');
    await chart.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -150));
    const y0 = await page.evaluate(() => window.scrollY);
    const b = (await chart.boundingBox())!;
    // Upwards by 250 px from the middle of the plot: the page follows the finger.
    await drag(page, b.x + b.width / 2, b.y + b.height / 2, 0, -250);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y0 + 150);
    expect(await chart.getAttribute('data-t0')).toBe('0.000000');
    expect(await chart.getAttribute('data-t1')).toBe('2.000000');
    // Sideways across the plot area: the time axes zoom to the range under the finger.
    const c = (await chart.boundingBox())!;
    await drag(page, c.x + 80, c.y + c.height / 2, 200, 10);
    await expect.poll(async () => Number(await chart.getAttribute('data-t0'))).toBeGreaterThan(0);
    const t0 = Number(await chart.getAttribute('data-t0'));
    const t1 = Number(await chart.getAttribute('data-t1'));
    expect(t1).toBeLessThan(2);
    expect(t1 - t0).toBeGreaterThan(0.5);
    await context.close();
  }, 120_000);

  it('a two-finger pinch on a plot zooms its time axis, not the page', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto(`${h.base}/?preset=s0-testbed&duration=2&t=2`);
    const chart = page.getByTestId('view-timeseq');
    await expect.poll(() => chart.getAttribute('data-t1'), { timeout: 60_000 }).toBe('2.000000');
    await chart.scrollIntoViewIfNeeded();
    const y0 = await page.evaluate(() => window.scrollY);
    const b = (await chart.boundingBox())!;
    // The plot's area starts 58 px right of the chart's corner and ends 14 px before its right.
    const pw = b.width - 58 - 14;
    const cx = b.x + 58 + pw / 2;
    const y = b.y + b.height / 2;
    // Two fingers 60 px apart about the plot's middle (the instant 1 s) spread to 180 px.
    const cdp = await page.context().newCDPSession(page);
    const pts = (half: number) => [
      { x: cx - half, y, id: 0 },
      { x: cx + half, y, id: 1 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: pts(30) });
    for (let i = 1; i <= 12; i++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: pts(30 + 5 * i),
      });
      await page.waitForTimeout(16);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    // Three times closer: a third of the 2 s shown, still centred on 1 s (the instants under
    // the fingers stayed under them).
    await expect.poll(async () => Number(await chart.getAttribute('data-t0'))).toBeGreaterThan(0);
    const t0 = Number(await chart.getAttribute('data-t0'));
    const t1 = Number(await chart.getAttribute('data-t1'));
    expect(t1 - t0).toBeCloseTo(2 / 3, 2);
    expect((t0 + t1) / 2).toBeCloseTo(1, 2);
    // The page itself did not zoom, nor scroll with the fingers (a few px of relayout aside:
    // the zoomed views redraw their legends).
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - y0)).toBeLessThan(8);
    await context.close();
  }, 120_000);

  it('a tap 10 px beside a drop opens it; the inspector opens above the lesson sheet', async () => {
    const context = await h.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await startWalk(h, page);
    // The Cells lesson's first overflow drop, in the outlined loss raster.
    await openStep(page, step('cells-2'));
    const chart = page.getByTestId('view-loss');
    // The view marks where it drew its first drop (plot coordinates; the plot starts 58 px
    // right of and 8 px below the chart's corner).
    const at = await chart.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        x: r.left + 58 + Number(el.getAttribute('data-first-drop-x')),
        y: r.top + 8 + Number(el.getAttribute('data-first-drop-y')),
      };
    });
    await page.touchscreen.tap(at.x + 10, at.y);
    const inspector = page.getByTestId('inspector');
    await inspector.waitFor();
    expect(await page.getByTestId('inspect-X').count()).toBeGreaterThan(0);
    // Its head and close button are in sight, between the sticky bar and the sheet.
    await settled(page);
    const sheet = (await page.getByTestId('lesson-card').boundingBox())!;
    const head = (await inspector.locator('.panel-head').boundingBox())!;
    const bar = (await page.locator('.sticky-top').boundingBox())!;
    expect(head.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(head.y + head.height).toBeLessThanOrEqual(sheet.y);
    expect(
      await problems(page, [
        '[data-testid="inspector"] .panel-head',
        ...targets(step('cells-2')).slice(0, 2),
      ]),
    ).toEqual([]);
    if (process.env.LESSON_SHOTS)
      await page.screenshot({ path: `${process.env.LESSON_SHOTS}/phone-inspector.png` });
    await context.close();
  }, 120_000);
});
