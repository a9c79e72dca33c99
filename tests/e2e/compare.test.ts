// Compare A/B in real Chromium: B − A is coloured by whether B is better for that metric (the
// metric's own direction), not by its sign, and only beyond the metric's run-to-run noise; a
// legend says so. Screenshots at 1366×768 and
// 390×844 go to artifacts/ to be looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../src/sim';
import { formatDiff } from '../../src/ui/compare/CompareDiff';
import { METRIC_INFO, verdictOf } from '../../src/ui/metricInfo';
import type { Harness } from './harness';
import { wcagProblems } from './axe';
import { openPage, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// S0's testbed: EPD (A) against plain UBR (B), same seed.
const PATH = '/?preset=s0-testbed&duration=2&compare=1&b.policy=tail-drop&speed=max';
const GREEN = 'rgb(0, 122, 90)';
const RED = 'rgb(194, 65, 12)';

describe('Compare A/B says good or bad', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    it(`${viewport.width}×${viewport.height}: every B − A is green where B is better, red-orange where worse, by the metric's direction`, async () => {
      const { page, errors, close } = await openPage(h, PATH, { viewport });
      for (const side of ['a', 'b'])
        await expect
          .poll(() => page.getByTestId(`compare-time-${side}`).textContent(), { timeout: 60_000 })
          .toBe('2.000');
      const diff = page.getByTestId('compare-diff');
      let better = 0;
      let worse = 0;
      for (const info of METRIC_INFO) {
        const row = diff.locator(`tr[data-metric="${info.key}"]`);
        await expect
          .poll(() => row.locator('td[data-side="b"]').getAttribute('data-value'))
          .not.toBe('');
        const a = Number(await row.locator('td[data-side="a"]').getAttribute('data-value'));
        const b = Number(await row.locator('td[data-side="b"]').getAttribute('data-value'));
        const cell = row.locator('td[data-verdict]');
        // Within the metric's run-to-run noise: grey, whatever the sign.
        const verdict = verdictOf(info.better, a, b, METRICS[info.key].noise);
        expect(await cell.getAttribute('data-verdict'), info.key).toBe(verdict);
        // B − A in the unit of A and B: a percent metric's in percentage points.
        const text = (await cell.textContent())!;
        expect(text.split(' B ')[0], info.key).toBe(formatDiff(b - a, info.format));
        if (b !== a && (await row.locator('td[data-side="a"]').textContent())!.endsWith(' %'))
          expect(text, info.key).toMatch(/^[+−][\d.]+ pp/);
        expect(await row.locator('td[data-better]').textContent(), info.key).toBe(
          info.better ?? '–',
        );
        const color = await cell.evaluate((e) => getComputedStyle(e).color);
        if (verdict === 'better') {
          better++;
          expect(color, info.key).toBe(GREEN);
          expect(await cell.textContent()).toContain('B better');
        } else if (verdict === 'worse') {
          worse++;
          expect(color, info.key).toBe(RED);
          expect(await cell.textContent()).toContain('B worse');
        } else expect([GREEN, RED], info.key).not.toContain(color);
      }
      // Plain UBR against EPD differs both ways in two seconds of S0's testbed.
      expect(better + worse).toBeGreaterThan(3);
      await expect.poll(() => page.getByTestId('compare-legend').isVisible()).toBe(true);
      expect(await page.getByTestId('compare-legend').textContent()).toContain('where B is better');
      await page.screenshot({ path: `artifacts/compare-${viewport.width}.png` });
      await page.screenshot({
        path: `artifacts/compare-${viewport.width}-full.png`,
        fullPage: true,
      });
      // axe (WCAG 2.2 A/AA) on Compare, light; at 1366 px also dark (the header's theme button).
      const size = `${viewport.width}×${viewport.height}`;
      expect(await wcagProblems(page, `Compare, light, ${size}`)).toEqual([]);
      if (viewport.width > 1000) {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
          .toBe('dark');
        expect(await wcagProblems(page, `Compare, dark, ${size}`)).toEqual([]);
      }
      expect(errors).toEqual([]);
      await close();
    }, 240_000);
  }
});

describe('the sticky bar under Compare A/B', () => {
  it('Play and Restart drive both sides on show; Step, which is a single run’s, is off', async () => {
    const { page, errors, close } = await openPage(
      h,
      '/?preset=s0-testbed&duration=20&compare=1&b.policy=tail-drop&speed=0.1',
      { viewport: { width: 1366, height: 768 } },
    );
    const bar = page.getByRole('region', { name: 'Playback' });
    const time = (side: string) =>
      page.getByTestId(`compare-time-${side}`).textContent().then(Number);
    // Both sides play at first: the bar says Pause, and pausing it stops both.
    await expect.poll(() => time('a'), { timeout: 60_000 }).toBeGreaterThan(0);
    await bar.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByTestId('compare').getByText('▶ Play both').count()).toBe(1);
    const [a0, b0] = [await time('a'), await time('b')];
    await page.waitForTimeout(500);
    expect([await time('a'), await time('b')]).toEqual([a0, b0]);
    // Play in the bar moves both on.
    await bar.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => time('a')).toBeGreaterThan(a0);
    await expect.poll(() => time('b')).toBeGreaterThan(b0);
    expect(await bar.getByRole('button', { name: 'Step', exact: true }).isDisabled()).toBe(true);
    // Restart in the bar takes both back to t = 0.
    await bar.getByRole('button', { name: 'Pause' }).click();
    const before = Math.min(await time('a'), await time('b'));
    expect(before).toBeGreaterThan(0);
    await bar.getByRole('button', { name: /Restart/ }).click();
    await expect.poll(async () => Math.max(await time('a'), await time('b'))).toBeLessThan(before);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});

describe('Compare A/B opens where it is seen', () => {
  // On a phone the sweep or the settings come first in the page: the A/B section opened from the
  // menu lay 1,600–2,500 px down, out of sight. It opens just under the sticky bar, at once under
  // reduced motion and with a smooth scroll otherwise.
  for (const { open, reducedMotion } of [
    { open: 'sweep', reducedMotion: 'reduce' },
    { open: 'settings', reducedMotion: 'no-preference' },
  ] as const) {
    it(`390×844, ${open} open, ${reducedMotion} motion: Menu → Compare brings the A/B section on screen`, async () => {
      const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&duration=2', {
        viewport: { width: 390, height: 844 },
        reducedMotion,
      });
      const menu = async (id: string) => {
        await page.getByRole('button', { name: '☰ Menu' }).click();
        await page.getByTestId(id).click();
      };
      if (open === 'sweep') {
        await menu('open-sweep');
        await expect
          .poll(() => page.getByTestId('sweep-panel').getAttribute('data-state'))
          .toBe('idle');
      } else await page.getByRole('button', { name: '▶ Settings' }).click();
      await menu('open-compare');
      const place = () =>
        page.evaluate(() => {
          const bar = document.querySelector('.sticky-top')!.getBoundingClientRect().bottom;
          const s = document.querySelector('.compare-editor')!.getBoundingClientRect();
          return { bar: Math.round(bar), top: Math.round(s.top), scrollY: Math.round(scrollY) };
        });
      // Its head below the sticky bar, in the upper third of the screen, the page scrolled down.
      await expect
        .poll(async () => {
          const p = await place();
          return p.top >= p.bar && p.top <= 844 / 3 && p.scrollY > 844;
        })
        .toBe(true);
      const heading = page.getByRole('heading', { name: 'A/B comparison' });
      const hit = await heading.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return e.contains(document.elementFromPoint(r.left + 5, r.top + r.height / 2));
      });
      expect(hit, JSON.stringify(await place())).toBe(true);
      // The focus is on B's changes (WCAG 2.4.3), not left in the closed menu.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('b');
      await page.screenshot({ path: `artifacts/compare-open-${open}-390.png` });
      expect(errors).toEqual([]);
      await close();
    }, 240_000);
  }

  it('1366×768, from the keyboard: Enter on Compare puts the focus on B’s changes, the next Tab on “Branch at”', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&duration=2', {
      viewport: { width: 1366, height: 768 },
    });
    const active = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    await page.getByRole('button', { name: 'Compare', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(active).toBe('B changes');
    await page.keyboard.press('Tab');
    expect(await active()).toBe('Branch at (s)');
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});
