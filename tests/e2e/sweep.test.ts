// End-to-end: a sweep run in the app (its pool of Web Workers in real Chromium) and the same
// sweep run by `npm run sweep` (worker threads in a separate Node process) give the same numbers
// for the same points and seeds. The browser's result is read from its "Download JSON" file, as
// a researcher would take it away.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/sweep';
import type { Harness } from './harness';
import { wcagProblems } from './axe';
import { openPage, startHarness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.close();
});

describe('sweeps: browser against CLI', () => {
  it('the app sweep and `npm run sweep` give identical points and statistics', async () => {
    const query = 'preset=s0-testbed&duration=0.4';
    const { page, errors, close } = await openPage(h, `/?${query}`);
    try {
      await page.getByTestId('open-sweep').click();
      const panel = page.getByTestId('sweep-panel');
      await expect.poll(() => panel.getAttribute('data-state')).toBe('idle');
      await panel.locator('input[name="from"]').fill('1088');
      await panel.locator('input[name="to"]').fill('2176');
      await panel.locator('input[name="step"]').fill('544');
      // Two series (EPD is the base's policy; add tail drop) and two seeds: 3 × 2 × 2 = 12 runs.
      await panel.locator('input[name="policies"][value="tail-drop"]').check();
      await panel.locator('input[name="seeds"]').fill('2');
      await expect.poll(() => panel.textContent()).toContain('12 runs = 3 values × 2 series');
      await panel.getByRole('button', { name: 'Run sweep' }).click();
      await expect.poll(() => panel.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
      expect(await panel.getAttribute('data-done')).toBe('12');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('sweep-bufferCells.json');
      const browserText = readFileSync((await download.path())!, 'utf8');
      const browser = parseJson(browserText, 'browser download');

      const { stdout } = await promisify(execFile)(
        'npx',
        [
          'tsx',
          'src/cli/sweep.ts',
          '--url',
          `${h.base}/?${query}`,
          '--param',
          'bufferCells=1088:2176:544',
          '--policies',
          'epd,tail-drop',
          '--seeds',
          '2',
          '--workers',
          '2',
          '--json',
        ],
        { maxBuffer: 1 << 24 },
      );
      const cli = parseJson(stdout, 'cli');

      expect(browser.points).toHaveLength(12);
      expect(browser.base).toEqual(cli.base);
      expect(browser.base.preset).toBe('s0-testbed');
      expect(browser.param).toEqual(cli.param);
      expect(browser.series).toEqual(cli.series);
      expect(browser.seeds).toEqual(cli.seeds);
      expect(browser.points).toEqual(cli.points);
      expect(browser.summary).toEqual(cli.summary);
      // Not a vacuous equality: the runs differ across the points.
      const eff = new Set(browser.points.map((p) => p.metrics.efficiency));
      expect(eff.size).toBeGreaterThan(3);
      // The files themselves are byte-identical.
      expect(browserText).toBe(stdout.endsWith('\n') ? stdout : `${stdout}\n`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 480_000);

  it('a sweep link reopens the panel; a reload keeps the finished points and resumes to the CLI’s numbers', async () => {
    const sweepKeys =
      'sweep=1&sweep.param=bufferCells:1088:2176:544&sweep.policies=epd,tail-drop&sweep.metrics=efficiency,fairness&sweep.seeds=2';
    const { page, errors, close } = await openPage(
      h,
      `/?preset=s0-testbed&duration=120&${sweepKeys}`,
    );
    try {
      const panel = page.getByTestId('sweep-panel');
      await expect.poll(() => panel.textContent()).toContain('12 runs = 3 values × 2 series');
      // The page's URL keeps the sweep (the app rewrites it with its own keys).
      await expect.poll(() => decodeURIComponent(page.url())).toContain(sweepKeys);
      // Nothing of it kept in this browser: the link runs the sweep at once.
      await expect.poll(() => panel.getAttribute('data-state')).toMatch(/running|done/);
      // Reload once a few finished points are stored (read from the page's localStorage).
      const stored = () =>
        page.evaluate(() =>
          Object.keys(localStorage)
            .filter((k) => k.startsWith('tcp-atm-lab.sweep:'))
            .reduce((n, k) => n + (JSON.parse(localStorage.getItem(k)!).points?.length ?? 0), 0),
        );
      // Runs of 120 s take long enough (about half a second each) to reload between them.
      await expect.poll(stored, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(2);
      await page.reload();
      const after = page.getByTestId('sweep-panel');
      await expect.poll(() => after.getAttribute('data-state')).toMatch(/kept|done/);
      // What this browser kept of it shows; the rest waits for Run sweep.
      const kept = Number(await after.getAttribute('data-done'));
      expect(kept).toBeGreaterThanOrEqual(2);
      expect(kept).toBeLessThan(12);
      expect(await page.getByTestId('sweep-progress-text').textContent()).toContain(
        'kept from an earlier session',
      );
      await after.getByRole('button', { name: 'Run sweep' }).click();
      await expect.poll(() => after.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
      expect(await after.getAttribute('data-done')).toBe('12');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        after.getByRole('button', { name: 'Download JSON' }).click(),
      ]);
      const browserText = readFileSync((await download.path())!, 'utf8');
      const { stdout } = await promisify(execFile)(
        'npx',
        [
          'tsx',
          'src/cli/sweep.ts',
          '--url',
          `${h.base}/?preset=s0-testbed&duration=120`,
          '--param',
          'bufferCells=1088:2176:544',
          '--policies',
          'epd,tail-drop',
          '--seeds',
          '2',
          '--workers',
          '2',
          '--json',
        ],
        { maxBuffer: 1 << 24 },
      );
      // Resumed in the browser after a reload, byte for byte the CLI's uninterrupted sweep.
      expect(parseJson(browserText).complete).toBe(true);
      expect(browserText).toBe(stdout);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 480_000);
});

describe('a sweep on a phone', () => {
  it('390×844: a sweep link opens with its results, its plots drawn at their displayed size (ticks at 11 px as rendered), redrawn on resize', async () => {
    const { page, errors, close } = await openPage(
      h,
      '/?preset=s0-testbed&duration=0.4&sweep=1&sweep.param=bufferCells:1088:2176:544&sweep.policies=epd&sweep.metrics=efficiency,fairness&sweep.seeds=1',
      { viewport: { width: 390, height: 844 } },
    );
    try {
      const panel = page.getByTestId('sweep-panel');
      // No click: a fresh browser runs the link's sweep, its progress shown, to its end.
      await expect.poll(() => panel.getAttribute('data-state')).toMatch(/running|done/);
      await expect
        .poll(() => page.getByTestId('sweep-progress-text').textContent())
        .toMatch(/\/ 3 points/);
      await expect.poll(() => panel.getAttribute('data-state'), { timeout: 120_000 }).toBe('done');
      expect(await panel.getAttribute('data-done')).toBe('3');
      const plot = page.getByTestId('sweep-plot-efficiency');
      expect(await plot.locator('svg[data-metric]').getAttribute('data-points')).toBe('3');
      // One SVG unit a CSS px: the 11 px tick labels render at 11 px.
      const drawn = () =>
        plot.locator('svg[data-metric]').evaluate((svg: SVGSVGElement) => {
          const shown = svg.getBoundingClientRect().width;
          const scale = shown / svg.viewBox.baseVal.width;
          const ticks = [...svg.querySelectorAll<SVGTextElement>('.sweep-axis .tick text')];
          const px = ticks.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale);
          return {
            shown: Math.round(shown),
            scale,
            ticks: ticks.length,
            smallest: Math.min(...px),
          };
        });
      const phone = await drawn();
      expect(phone.shown).toBeLessThan(390);
      expect(phone.ticks).toBeGreaterThan(4);
      expect(phone.smallest, JSON.stringify(phone)).toBeGreaterThanOrEqual(11);
      expect(Math.abs(phone.scale - 1), JSON.stringify(phone)).toBeLessThan(0.01);
      await page.screenshot({ path: 'artifacts/sweep-390.png', fullPage: true });
      expect(await wcagProblems(page, 'the sweep, light, 390×844')).toEqual([]);
      // Wider: drawn again at the new width.
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect.poll(async () => (await drawn()).shown).toBeGreaterThan(phone.shown + 100);
      await expect.poll(async () => Math.abs((await drawn()).scale - 1)).toBeLessThan(0.01);
      // axe (WCAG 2.2 A/AA) on the sweep's results at 1366 px, dark (the header's theme button).
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
        .toBe('dark');
      expect(await wcagProblems(page, 'the sweep, dark, 1366×768')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 360_000);
});
