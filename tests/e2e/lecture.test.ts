// The lecture layout and navigation, measured as a person sees them in real Chromium: the
// three main views (switch buffer, time-sequence, congestion windows) lie on the first screen
// of a 1366×768 projector (presenter mode too, a tour's card too) and start above the fold of a
// 390×844 phone, whose sticky bar stays within 100 px; Back and Forward walk the presets; Space
// plays and pauses; `?` lists the keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import type { Harness } from './harness';
import { openPage, simTime, startHarness, stillLayout } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const PROJECTOR = { width: 1366, height: 768 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const MAIN = ['panel-queue', 'panel-timeseq', 'panel-cwnd'];

async function box(page: Page, testId: string) {
  const b = await page.getByTestId(testId).boundingBox();
  if (!b) throw new Error(`${testId} has no box`);
  return b;
}

/** Waits for the first drawn frame and for the fitted plot heights to settle. */
async function settled(page: Page) {
  await page.getByTestId('view-timeseq').waitFor();
  await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await stillLayout(page, ['.sticky-top', '[data-testid^="panel-"]']);
}

describe('plots first on a projector', () => {
  for (const [name, path] of [
    ['the bare URL (first visit, welcome line)', '/'],
    ['presenter mode', '/?preset=s2-deadlock&presenter=1'],
  ] as const) {
    it(`the three main views are whole on the first 1366×768 screen: ${name}`, async () => {
      const { page, errors, close } = await openPage(h, path, { viewport: PROJECTOR });
      await settled(page);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const id of MAIN) {
        const b = await box(page, id);
        expect(b.y, `${id} top`).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, `${id} bottom (${name})`).toBeLessThanOrEqual(PROJECTOR.height);
        expect(b.height, `${id} is a plot, not a sliver`).toBeGreaterThan(120);
      }
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('on a 390×844 phone the sticky bar is at most 100 px and the first view starts above the fold', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed', PHONE);
    await settled(page);
    const sticky = await page.locator('.sticky-top').boundingBox();
    expect(sticky!.height).toBeLessThanOrEqual(100);
    const q = await box(page, 'panel-queue');
    expect(q.y).toBeLessThan(844);
    // Scrolled down, the sticky bar stays and covers at most 100 px of the views.
    await page.mouse.wheel(0, 900);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await stillLayout(page, ['.sticky-top']);
    const stuck = await page.locator('.sticky-top').boundingBox();
    expect(stuck!.y).toBeLessThanOrEqual(1);
    expect(stuck!.height).toBeLessThanOrEqual(100);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('navigation', () => {
  it('Back after three preset changes returns to the previous preset; Forward redoes it', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed');
    const picker = page.getByLabel('Preset', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe('s0-testbed');
    const entries = await page.evaluate(() => history.length);
    for (const name of ['s2-deadlock', 's1-lan-sd', 's4-ubr-plus']) {
      await picker.selectOption(name);
      await expect.poll(() => picker.inputValue()).toBe(name);
    }
    // Each preset change is an entry of its own.
    expect(await page.evaluate(() => history.length)).toBe(entries + 3);
    await page.goBack();
    await expect.poll(() => picker.inputValue()).toBe('s1-lan-sd');
    // The run restarts on the scenario of the entry Back returned to.
    await expect
      .poll(() => page.getByTestId('scenario-query').textContent())
      .toContain('policy=sd&mtu=552');
    await page.goBack();
    await expect.poll(() => picker.inputValue()).toBe('s2-deadlock');
    await page.goForward();
    await expect.poll(() => picker.inputValue()).toBe('s1-lan-sd');
    // Back twice more reaches the first preset, still inside the app.
    await page.goBack();
    await page.goBack();
    await expect.poll(() => picker.inputValue()).toBe('s0-testbed');
    expect(new URL(page.url()).origin).toBe(h.base);
    expect(errors).toEqual([]);
    await close();
  });

  it('the Papers page is a history entry: Back returns to the simulation', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock&duration=3');
    await page.getByTestId('open-reproduce').click();
    await expect.poll(() => page.url()).toContain('page=reproduce');
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain('page=reproduce');
    await expect.poll(() => page.getByTestId('view-timeseq').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('Space pauses and plays; → steps while paused; ? lists the keys', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&duration=60');
    await settled(page);
    const play = page.getByRole('button', { name: /^(Play|Pause)$/ });
    await expect.poll(() => play.getAttribute('aria-label')).toBe('Pause');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Space');
    await expect.poll(() => play.getAttribute('aria-label')).toBe('Play');
    const t0 = await simTime(page);
    await page.waitForTimeout(400);
    expect(await simTime(page)).toBe(t0);
    // → runs one step of the chosen size (1 ms here) and stays paused.
    await page.getByLabel('Step size').selectOption('ms');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('ArrowRight');
    // The clock shows milliseconds: a 1 ms step moves it by 1 ms, give or take its rounding.
    const near = (want: number) => async () => Math.abs((await simTime(page)) - want) <= 0.00101;
    await expect.poll(near(t0 + 0.001)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(near(t0 + 0.002)).toBe(true);
    expect(await play.getAttribute('aria-label')).toBe('Play');
    await page.keyboard.press('Space');
    await expect.poll(() => play.getAttribute('aria-label')).toBe('Pause');
    await page.keyboard.press('?');
    const help = page.getByTestId('key-help');
    await expect.poll(() => help.isVisible()).toBe(true);
    expect(await help.textContent()).toContain('Play or pause');
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});
