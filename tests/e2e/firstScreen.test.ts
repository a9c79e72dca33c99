// The first screen, as a new visitor sees it.
// - On a 390×844 phone, the bare URL and every preset, with the welcome of a first visit: the
//   switch buffer's drawing is whole on the first screen, and the metric tiles show the few the
//   preset is about (at most four), the rest behind "+N more". The same from a fresh profile
//   while the "Ready to work offline" notice shows (it waits in the menu and takes no room).
// - The app as deployed (a production build with its service worker), each lesson's first step
//   opened from a fresh browser profile at 1366×768 (with and without presenter mode) and
//   390×844, while the "Ready to work offline" notice shows: the step's view and the card's
//   Previous and Next are whole and uncovered. (The notice goes by itself after a few seconds;
//   the check runs in the page in the same task as it finds the notice showing.)
import type { BrowserContextOptions } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/sim';
import { metricsForPreset } from '../../src/ui/reproduce/claimIndex';
import type { Harness } from './harness';
import { startHarness } from './harness';
import { STEPS, atStepPause, stepLink, targets, wholeProblems } from './lessonSteps';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Where the switch buffer's drawing and the metric tiles are, once the page has laid out. */
async function firstScreen(page: import('playwright').Page) {
  await page.getByTestId('view-queue').waitFor();
  await page.getByTestId('welcome').waitFor();
  return page.evaluate(() => {
    const q = document.querySelector('[data-testid="view-queue"]')!.getBoundingClientRect();
    const tiles = [...document.querySelectorAll<HTMLElement>('[data-testid="metrics"] .metric')]
      .filter((el) => el.getBoundingClientRect().height > 0)
      .map((el) => el.dataset.metric!);
    const more = document.querySelector('[data-testid="metrics"] .metrics-more')?.textContent;
    return { top: q.top, bottom: q.bottom, height: q.height, tiles, more: more ?? null };
  });
}

describe('plots first on a phone', () => {
  it('the bare URL and every preset show the switch buffer whole on the first 390×844 screen', async () => {
    const context = await h.browser.newContext(PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const found: string[] = [];
    try {
      await page.goto(`${h.base}/`);
      for (const path of ['/', ...PRESETS.map((p) => `/?preset=${p.name}`)]) {
        // As Back and Forward would (no reload: the welcome of the first visit stays).
        await page.evaluate((u) => {
          history.pushState(null, '', u);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
        const name = new URLSearchParams(path.slice(1)).get('preset') ?? 's0-testbed';
        await page.waitForFunction(
          (n) =>
            document.querySelector<HTMLSelectElement>('select[aria-label="Preset"]')?.value === n,
          name,
        );
        // The tiles follow the new run once its scenario reaches the page (after the picker):
        // measured once they show the preset's own metrics first, those its published claims
        // read (the check below says which tiles came instead, if they never do).
        const about = metricsForPreset(name).slice(0, 4);
        await page
          .waitForFunction(
            (want) =>
              [...document.querySelectorAll<HTMLElement>('[data-testid="metrics"] .metric')]
                .filter((el) => el.getBoundingClientRect().height > 0)
                .slice(0, want.length)
                .map((el) => el.dataset.metric)
                .join() === want.join(),
            about,
            { timeout: 60_000 },
          )
          .catch(() => undefined);
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const s = await firstScreen(page);
        if (s.height < 40 || s.top < 0 || s.bottom > 844)
          found.push(`${path}: the buffer's drawing at ${s.top}–${s.bottom} px`);
        if (s.tiles.length > 4) found.push(`${path}: ${s.tiles.length} metric tiles`);
        if (!s.more?.match(/^\+\d+ more$/)) found.push(`${path}: no "+N more" (${s.more})`);
        // The tiles are the preset's own metrics first (those its published claims read).
        if (about.join() !== s.tiles.slice(0, about.length).join())
          found.push(`${path}: tiles ${s.tiles.join()} do not start with ${about.join()}`);
      }
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 480_000);

  it('a first visit (fresh profile, the offline notice showing): the switch buffer is whole on the first screen', async () => {
    const context = await h.browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(`${h.base}/`);
      await page.getByTestId('welcome').waitFor();
      const handle = await page.waitForFunction(
        wholeProblems,
        {
          sel: ['[data-testid="view-queue"]'],
          when: '[data-testid="offline-ready"]',
          slot: 'app-notices',
        },
        { timeout: 60_000 },
      );
      const seen = (await handle.jsonValue())!;
      expect(seen.problems).toEqual([]);
      // The notice waits in the menu, which says so, and takes no room in the header.
      expect(seen.mark).toContain('new');
      expect(Math.abs(seen.header.withIt - seen.header.without)).toBeLessThanOrEqual(0.5);
      expect(await page.getByTestId('welcome').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('"+N more" opens every tile and "Fewer" folds them again', async () => {
    const context = await h.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${h.base}/?preset=s2-deadlock`);
      const s = await firstScreen(page);
      expect(s.tiles).toEqual(['efficiency', 'fairness', 'goodputMbps', 'deadlockSecondsMean']);
      const more = page.locator('[data-testid="metrics"] .metrics-more');
      // Once the run has started (its scenario decides which metrics apply), the button counts
      // every tile past the four.
      await page.waitForFunction(() =>
        document.querySelector('[data-metric="efficiency"]')?.getAttribute('data-value'),
      );
      const all = await page.locator('[data-testid="metrics"] .metric').count();
      expect(await more.textContent()).toBe(`+${all - 4} more`);
      await more.click();
      await expect.poll(() => more.textContent()).toBe('Fewer');
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      const shown = page.locator('[data-testid="metrics"] .metric:visible');
      expect(await shown.count()).toBe(all);
      await more.click();
      await expect.poll(() => shown.count()).toBe(4);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('a first visit to the app as deployed, the offline notice showing', () => {
  const SIZES: { name: string; extra: string; options: BrowserContextOptions }[] = [
    { name: 'laptop', extra: '', options: { viewport: { width: 1366, height: 768 } } },
    {
      name: 'presenter',
      extra: 'presenter=1',
      options: { viewport: { width: 1366, height: 768 } },
    },
    { name: 'phone', extra: '', options: PHONE },
  ];
  const firstSteps = STEPS.filter((c) => c.index === 0);

  for (const size of SIZES)
    it(`each lesson's first step is whole at ${size.name} size`, async () => {
      const found: string[] = [];
      const errors: string[] = [];
      for (const c of firstSteps) {
        // A fresh profile for each: no service worker yet, no progress, no dismissed welcome.
        // Its service worker allowed: it installs, and says so.
        const context = await h.browser.newContext({ ...size.options, serviceWorkers: 'allow' });
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(`${c.name}: ${String(e)}`));
        try {
          await page.goto(h.base + stepLink(c, size.extra, true));
          await atStepPause(page, c);
          // Found showing and checked in one go (the notice leaves by itself).
          const sel = targets(c);
          const handle = await page.waitForFunction(
            wholeProblems,
            { sel, when: '[data-testid="offline-ready"]', slot: 'app-notices' },
            { timeout: 60_000 },
          );
          const seen = (await handle.jsonValue())!;
          found.push(...seen.problems.map((p) => `${c.name}: ${p}`));
          // On a phone the notice waits in the menu, and the Menu button says so.
          if (size.name === 'phone' && !seen.mark.includes('new'))
            found.push(`${c.name}: the Menu button carries no mark (${seen.mark})`);
          // The header is no taller for the notice: it takes no room above the card or views.
          const { withIt, without } = seen.header;
          if (Math.abs(withIt - without) > 0.5)
            found.push(
              `${c.name}: the header is ${withIt} px with the notice, ${without} px without`,
            );
        } finally {
          await context.close();
        }
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    }, 600_000);
});
