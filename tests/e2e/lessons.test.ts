// Lessons in real Chromium, as a student meets them: a lesson plays to its moment and pauses
// there with the figures of that moment on its card; a prediction is committed, the run plays
// and the answer read from it appears next to it (and stays in this browser); the card and the
// three main views share the first 1366×768 screen; old tour links open the lesson that
// replaced them; a phone's card says "swipe" and works with buttons.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const MAIN = ['panel-queue', 'panel-timeseq', 'panel-cwnd'];

async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} not shown`);
  return b;
}

const figure = (page: Page, label: string) =>
  page.locator(`[data-testid="lesson-figures"] [data-label="${label}"]`);

describe('a lesson at 1366×768', () => {
  it('plays to its moment, pauses there and shows the moment’s figures; card and views fit', async () => {
    const { page, errors, close } = await openPage(h, '/?lesson=ubr-collapse&step=1', {
      viewport: { width: 1366, height: 768 },
    });
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    expect(await card.getAttribute('data-step')).toBe('0');
    // The first timeout of plain UBR at 725 cells: 0.261 s, played at 1/10×, then paused.
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeCloseTo(0.261, 3);
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(await page.getByLabel('Speed').inputValue()).toBe('0.1');
    await expect.poll(() => figure(page, 'Timeouts so far').getAttribute('data-value')).toBe('1');
    const eff = Number(await figure(page, 'Efficiency so far').getAttribute('data-value'));
    expect(eff).toBeGreaterThan(0.1);
    expect(eff).toBeLessThan(0.6);
    // The time-sequence view is outlined, zoomed to 0–0.6 s, on TCP 2.
    await expect
      .poll(() => page.locator('[data-story-view="timeseq"]').getAttribute('class'))
      .toContain('story-focus');
    expect(await page.getByLabel('Connection shown in the time-sequence plot').inputValue()).toBe(
      '1',
    );
    // The card and the three main views lie within the first screen, and do not overlap.
    const c = await box(page, 'lesson-card');
    expect(c.y + c.height).toBeLessThanOrEqual(768);
    for (const id of MAIN) {
      const v = await box(page, id);
      expect(v.y, id).toBeGreaterThanOrEqual(0);
      expect(v.y + v.height, id).toBeLessThanOrEqual(768);
      expect(v.x + v.width, id).toBeLessThanOrEqual(1366);
      const apart = c.x + c.width <= v.x || v.x + v.width <= c.x || c.y + c.height <= v.y;
      expect(apart, `${id} clear of the card`).toBe(true);
    }
    // Whole at the top of the page: the step's placement scrolls nothing (a view that grew for
    // a moment while it loaded and had the page scrolled has it scrolled back).
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('in presenter mode too, the card and the three main views share the first screen', async () => {
    const { page, errors, close } = await openPage(h, '/?lesson=deadlock&step=1&presenter=1', {
      viewport: { width: 1366, height: 768 },
    });
    await page.getByTestId('lesson-card').waitFor();
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeCloseTo(1.31, 3);
    await expect.poll(() => figure(page, 'Timeouts so far').getAttribute('data-value')).toBe('1');
    const c = await box(page, 'lesson-card');
    expect(c.y + c.height).toBeLessThanOrEqual(768);
    for (const id of MAIN) {
      const v = await box(page, id);
      expect(v.y + v.height, id).toBeLessThanOrEqual(768);
      expect(c.x + c.width <= v.x, `${id} beside the card`).toBe(true);
    }
    expect(errors).toEqual([]);
    await close();
  }, 120_000);

  it('a prediction is committed, revealed next to the run’s answer, and kept', async () => {
    const { page, errors, close } = await openPage(h, '/?lesson=ubr-collapse&step=2', {
      viewport: { width: 1366, height: 768 },
    });
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('predictions 0/1');
    // The run waits for the prediction, at the previous step's moment.
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeCloseTo(0.261, 3);
    // While the question is open nothing on screen gives its answer away: the efficiency and
    // the goodput (its value in Mbit/s) say "Hidden", in the tiles, the Connections table and
    // the words a screen reader hears.
    const tileOf = (k: string) => page.locator(`.metrics [data-metric="${k}"]`);
    for (const k of ['efficiency', 'goodputMbps']) {
      expect(await tileOf(k).locator('.metric-value').textContent()).toBe('Hidden');
      expect(await tileOf(k).getAttribute('data-value')).toBe('');
    }
    expect(await tileOf('fairness').locator('.metric-value').textContent()).toMatch(/^\d\.\d+$/);
    const goodputCells = await page
      .locator('table.connections tbody tr td:nth-child(3)')
      .allTextContents();
    expect(goodputCells.length).toBeGreaterThan(0);
    expect(new Set(goodputCells)).toEqual(new Set(['Hidden']));
    const said = (await page.getByTestId('describe-metrics').textContent())!;
    expect(said).toContain('Efficiency hidden until the question is answered');
    expect(said).not.toMatch(/Efficiency \d/);
    // Keyboard only: the marker down to 80 %, then commit.
    const slider = page.getByLabel('Your prediction');
    await slider.focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('lesson-marker').textContent()).toBe('80.0 %');
    await page.getByRole('button', { name: 'Commit and run' }).click();
    expect(await page.getByTestId('lesson-predicted').textContent()).toBe('80.0 %');
    // The 20 s run at 2×, then the answer: plain UBR's efficiency, well below the guess.
    await expect.poll(() => page.getByTestId('lesson-answer').count(), { timeout: 60_000 }).toBe(1);
    expect(await simTime(page)).toBe(20);
    const answer = await page.getByTestId('lesson-answer').textContent();
    expect(answer).toMatch(/^5\d\.\d %$/);
    // The same figure as the metrics panel's.
    const shown = await page.locator('.metrics [data-metric="efficiency"]').textContent();
    expect(shown).toContain(answer!.replace(' %', ''));
    expect(await page.getByTestId('lesson-reveal').getAttribute('data-right')).toBe('false');
    expect(await page.getByTestId('lesson-reveal').getAttribute('aria-live')).toBe('polite');
    expect(await card.textContent()).toContain('predictions 1/1');
    const stored = await page.evaluate(() => localStorage.getItem('tal:lessons:v1'));
    const rec = JSON.parse(stored!)['ubr-collapse'].predictions['ubr-efficiency'];
    expect(rec.value).toBeCloseTo(0.8, 6);
    expect(rec.answer).toBeGreaterThan(0.5);
    expect(rec.answer).toBeLessThan(0.6);
    expect(rec.right).toBe(false);
    // Next: the split screen with EPD on the same seed, its numbers beside plain UBR's.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => card.getAttribute('data-step')).toBe('2');
    const side = (s: string) =>
      page.locator(`tr[data-metric="efficiency"] td[data-side="${s}"]`).getAttribute('data-value');
    // Both runs at their end: a run still playing has an efficiency that is still moving.
    await expect
      .poll(() => page.getByTestId('compare').getAttribute('data-done'), { timeout: 60_000 })
      .toBe('true');
    expect(Number(await side('b'))).toBeGreaterThan(0.9);
    expect(Number(await side('a'))).toBeGreaterThan(0.5);
    expect(Number(await side('a'))).toBeLessThan(0.6);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});

describe('lesson links and a phone', () => {
  it('an old tour link opens the lesson that replaced it; a preset without one says so', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock&story=1&step=2');
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    expect(await card.getAttribute('data-lesson')).toBe('deadlock');
    expect(await card.getAttribute('data-step')).toBe('1');
    await expect.poll(() => page.url()).toContain('lesson=deadlock&step=2');
    await page.goto(`${h.base}/?preset=s1-integer-cwnd&story=1`);
    await expect
      .poll(() => page.getByTestId('url-issues').textContent())
      .toContain('story: the guided tours became lessons');
    expect(await page.getByTestId('lesson-card').count()).toBe(0);
    await page.goto(`${h.base}/?lesson=nope`);
    await expect
      .poll(() => page.getByTestId('url-issues').textContent())
      .toContain('lesson: "nope" is not a lesson');
    expect(errors).toEqual([]);
    await close();
  });

  it('on a 390×844 phone the card says swipe, has buttons, and leaves the first view above the fold', async () => {
    const { page, errors, close } = await openPage(h, '/?lesson=cells&step=1', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Swipe');
    expect(await card.textContent()).not.toContain('← →');
    const q = await box(page, 'panel-queue');
    const c = await box(page, 'lesson-card');
    expect(q.y).toBeLessThan(c.y);
    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect.poll(() => card.getAttribute('data-step')).toBe('1');
    await page.getByRole('button', { name: '‹ Previous' }).click();
    await expect.poll(() => card.getAttribute('data-step')).toBe('0');
    // Back returns to the step before (lesson steps are history entries).
    await page.getByRole('button', { name: 'Next ›' }).click();
    await expect.poll(() => card.getAttribute('data-step')).toBe('1');
    await page.goBack();
    await expect.poll(() => card.getAttribute('data-step')).toBe('0');
    expect(errors).toEqual([]);
    await close();
  });
});
