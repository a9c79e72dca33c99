// A deadlock on the timeline: its tick is the plot legend's red, and picked in Moments it is
// seen whole. (Each lesson step's card figures against the views: the lesson walk at 1366×768,
// lessonWalk.test.ts with lessonFigureChecks.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';
import { numberIn, tile } from './lessonFigureChecks';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const LAPTOP = { width: 1366, height: 768 };

describe('deadlocks on the timeline', () => {
  it('a deadlock (b) is the plot legend’s red, and picked in Moments it is seen whole', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock&t=3', {
      viewport: LAPTOP,
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeCloseTo(3, 3);
    const ticks = page.locator('.tl-mark[data-kind="deadlock"]');
    await expect.poll(() => ticks.count()).toBe(2);
    expect(await ticks.first().getAttribute('data-deadlock')).toBe('b');
    // The tick's colour is the band's in the time-sequence legend (not stop-and-go purple).
    const tickColor = await ticks.first().evaluate((e) => getComputedStyle(e).backgroundColor);
    const band = page.locator('[data-testid="legend-timeseq"] li[data-mark="band"]');
    await expect.poll(() => band.count()).toBe(1);
    expect(await band.textContent()).toContain('deadlock (b)');
    const bandColor = await band
      .locator('rect')
      .last()
      .evaluate((e) => getComputedStyle(e).fill);
    expect(tickColor).toBe(bandColor);
    expect(tickColor).toBe('rgb(192, 0, 0)');
    // Moments: "Deadlock (b) … 1.511 s to 2.810 s" goes to its end, zoomed to include it.
    await page.getByRole('button', { name: /^Moments/ }).click();
    await page
      .locator('#tl-mark-list')
      .getByRole('button', { name: /Deadlock \(b\).*1\.511 s to 2\.810 s/ })
      .click();
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeCloseTo(2.81, 2);
    const chart = page.getByTestId('view-timeseq');
    await expect.poll(async () => Number(await chart.getAttribute('data-t0'))).toBeLessThan(1.511);
    expect(Number(await chart.getAttribute('data-t1'))).toBeGreaterThan(2.8096);
    // Shaded, and counted by the tile.
    await expect
      .poll(async () => Number(await chart.getAttribute('data-stall-bands')))
      .toBeGreaterThan(0);
    await expect
      .poll(async () => numberIn(await tile(page, 'deadlockSecondsMean')))
      .toBeGreaterThan(2);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});
