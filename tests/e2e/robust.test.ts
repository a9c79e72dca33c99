// The app stays usable whatever link it is opened with: hostile URLs (100 KB of junk, garbage
// "compressed state", unknown and empty keys, out-of-range and badly %-encoded values) show a
// banner naming each rejected key, the views draw, the run plays to its end, and the page logs
// no error (React's duplicate-key warning included). Unit side: tests/unit/sim/scenario/fuzz.test.ts.
import LZString from 'lz-string';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { PROJECTOR, dataAttr, simTime, startHarness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/**
 * Opens `path`. Node's HTTP server (Vite's too) refuses request lines over 16 KB, as do most
 * static hosts, so a longer query is put into the address bar with history.replaceState before
 * the app's scripts run (as a host that takes long URLs would deliver it): the app reads it from
 * `location.search` all the same.
 */
async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const context = await h.browser.newContext({ viewport: PROJECTOR });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (path.length <= 8000) {
    await page.goto(h.base + path);
    return { page, errors };
  }
  await page.addInitScript((p: string) => history.replaceState(null, '', p), path);
  await page.goto(`${h.base}/`);
  // The app has read the long query and already rewritten the address bar to the scenario's
  // normal form (the banner, checked by the caller, names what it could not use).
  return { page, errors };
}

const junk = 'ü%zz' + 'x'.repeat(100 * 1024);
// lz-string state as a share link might carry it, cut and with a broken escape inside; and a
// piece of it as a bare key (its + decodes to a space, as the parser sees it).
const state = LZString.compressToEncodedURIComponent('{"policy":"epd","bufferCells":-5}');
const garbage = `s=${state.slice(0, 25)}%E0${state.slice(30)}&${state.slice(7, 40)}`;
const bareKey = [...new URLSearchParams(garbage).keys()][1].trim();

// [what, query (before &duration=2&speed=max), text the banner must show]
const HOSTILE: [string, string, string[]][] = [
  [
    'a 100 KB junk value',
    `?bufferCells=${encodeURIComponent(junk)}`,
    [`bufferCells: "ü%zz${'x'.repeat(56)}…" is not an integer from 1 to 600000 cells`],
  ],
  [
    'garbage compressed state, as a value and as the whole query',
    `?${garbage}`,
    ['s: unknown parameter (ignored)', `${bareKey}: unknown parameter (ignored)`],
  ],
  [
    'unknown, repeated, empty and prototype keys',
    '?bogus=1&bogus=1&frobnicate=2&=7&__proto__=1&constructor=x',
    [
      'bogus: unknown parameter (ignored)',
      'frobnicate: unknown parameter (ignored)',
      '(empty key): unknown parameter (ignored)',
      '__proto__: unknown parameter (ignored)',
    ],
  ],
  [
    'junk in the page’s own keys (theme, from, embed)',
    `?theme=${encodeURIComponent(junk)}&from=nope&embed=maybe`,
    [
      `theme: "ü%zz${'x'.repeat(56)}…" is not light or dark; ignored`,
      'from: unknown preset "nope"; ignored',
      'embed: "maybe" is not 1 or 0; ignored',
    ],
  ],
  [
    'junk in the lesson keys (lesson, step, an old tour link)',
    '?lesson=%3Cscript%3E&step=0&story=2',
    [
      'lesson: "<script>" is not a lesson (cells, ubr-collapse',
      'step: "0" is not a step number (1, 2, …); ignored',
      'story: "2" is not 1 or 0; ignored',
    ],
  ],
  ['a negative buffer', '?bufferCells=-5', ['bufferCells: "-5" is not an integer from 1']],
  ['a broken %-escape', '?policy=%E0%A4%A', ['policy: "\ufffd%A" is not one of tail-drop']],
];

describe('hostile links', () => {
  it.each(HOSTILE)(
    '%s: the banner names the key, the views draw, the run ends, no page errors',
    async (_what, query, expected) => {
      const { page, errors } = await open(`/${query}&duration=2&speed=max`);
      const banner = page.getByTestId('url-issues');
      await expect.poll(() => banner.count(), { timeout: 60_000 }).toBe(1);
      const text = (await banner.textContent()) ?? '';
      for (const e of expected) expect(text).toContain(e);
      // Each rejected key is listed once, and nothing echoes the 100 KB.
      expect(text.length).toBeLessThan(3000);
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
      // Views out of sight draw the ended run's last batch in the frames after those in sight.
      await expect.poll(() => dataAttr(page, 'view-timeseq', 'points')).toBeGreaterThan(0);
      await expect.poll(() => dataAttr(page, 'view-occupancy', 'points')).toBeGreaterThan(0);
      expect(await page.getByTestId('worker-failure').count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it('after a hostile link the run can be paused, set to Max speed and played on', async () => {
    const { page, errors } = await open('/?bufferCells=-5&policy=%E0%A4%A&=1&duration=600');
    await expect.poll(() => page.getByTestId('url-issues').count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    await page.waitForTimeout(300);
    const t0 = await simTime(page);
    await page.getByLabel('Speed').selectOption({ label: 'Max' });
    await page.getByRole('button', { name: 'Play' }).click();
    // At 1× the clock would move about 1 s in this time; at Max it runs far ahead.
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(t0 + 20);
    expect(await page.getByTestId('worker-failure').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
