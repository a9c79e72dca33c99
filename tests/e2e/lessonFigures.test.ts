// Every lesson step at its pause, opened through its link (`lesson=…&step=…&t=` the pause: the
// run goes there, no real-time play), in real Chromium at 1366×768: each figure on the card
// equals what the view it points at shows, read from the page as a person reads them (the
// buffer view's caption and drop label, the loss legend, the metric tiles, the Connections
// table); the time-sequence view shows the step's connection; a network's buffer views show
// the step's port; an A/B step's table starts with the rows of its own point. Then the
// deadlock colours on the timeline against the plot's legend, and a deadlock picked in
// Moments seen whole.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_LESSONS } from '../../src/ui/lessons/catalog';
import type { Lesson } from '../../src/ui/lessons/types';
import { STORAGE_KEY } from '../../src/ui/lessons/progress';
import { targetTime } from '../../src/ui/lessons/useLesson';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const LAPTOP = { width: 1366, height: 768 };

/** Every prediction of every lesson committed, so each step's figures show at its pause. */
function committedProgress(): string {
  const p: Record<string, { seen: number[]; predictions: Record<string, { value: number }> }> = {};
  for (const l of ALL_LESSONS) {
    const predictions: Record<string, { value: number }> = {};
    for (const s of l.steps) if (s.predict) predictions[s.predict.id] = { value: 0 };
    p[l.id] = { seen: [], predictions };
  }
  return JSON.stringify(p);
}

/** The number in a text (the first one, commas and signs aside). */
const numberIn = (s: string | null) => Number(/-?\d+(\.\d+)?/.exec(s ?? '')?.[0] ?? NaN);

/** The figures the card shows, label → the text of its value. */
async function cardFigures(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const d of document.querySelectorAll('[data-testid="lesson-figures"] > div'))
      out[d.getAttribute('data-label') ?? ''] = d.querySelector('dd')?.textContent ?? '';
    return out;
  });
}

/** The metric tile's value as the panel shows it. */
const tile = (page: Page, key: string) =>
  page.locator(`.metrics [data-metric="${key}"] .metric-value`).textContent();

/** The card's figures of metrics, and the tile that shows each. */
const TILE: Record<string, string> = {
  'Efficiency so far': 'efficiency',
  Efficiency: 'efficiency',
  'Timeouts so far': 'timeouts',
  'Fast retransmits': 'fastRetransmits',
  'Fairness (Jain)': 'fairness',
  'Idle cell ratio': 'idleCellRatio',
  'Dead cell ratio': 'deadCellRatio',
  'CLR of untagged cells (CLP0)': 'clrClp0',
  'CLR of tagged cells (CLP1)': 'clrClp1',
  'Deadlock time per conn.': 'deadlockSecondsMean',
};

/**
 * What the view shows for a figure of the card, in the view's words, and the card's value put
 * in the same words (so that the two can be compared as text); null: not a figure this test
 * knows where to find.
 */
async function shownFor(
  page: Page,
  label: string,
  value: string,
): Promise<{ view: string; card: string } | null> {
  if (label === 'Buffer now (X)') {
    const caption = (await page.getByTestId('view-queue').getAttribute('data-caption')) ?? '';
    // "X = 724 of K = 725 cells · N_a = …" against "724 of K = 725 cells".
    return { view: /X = (\d+ of K = \d+ cells)/.exec(caption)?.[1] ?? caption, card: value };
  }
  const drop = /^Latest drop, VC (\d+)$/.exec(label);
  if (drop) {
    // "✕ drop, VC 1: buffer overflow (5 cells)" (one cell: no count) against "5 cells".
    const text = (await page.getByTestId('view-queue').getAttribute('data-latest-drop')) ?? '';
    const m = /drop, VC (\d+): .*?(?: \((\d+) cells\))?$/.exec(text);
    return {
      view: m ? `VC ${m[1]}, ${m[2] ?? 1} cells` : text,
      card: `VC ${drop[1]}, ${numberIn(value)} cells`,
    };
  }
  if (label === 'Dead cells so far') {
    const legend = (await page.getByTestId('legend-loss').textContent()) ?? '';
    return { view: /dead cells: (\d+)/.exec(legend)?.[1] ?? legend, card: value };
  }
  if (TILE[label]) return { view: (await tile(page, TILE[label])) ?? '', card: value };
  if (label === 'Worst deadlock') {
    const detail = await page
      .locator('.metrics [data-metric="deadlockSecondsMean"] .metric-detail')
      .textContent();
    return { view: detail ?? '', card: `worst ${value}` };
  }
  const conn = /^TCP (\d+)/.exec(label);
  if (conn) {
    // The Connections table and the card write the same figure in the same unit word.
    const cell = page.locator(`tr[data-conn="${Number(conn[1]) - 1}"] td`).nth(2);
    return { view: ((await cell.textContent()) ?? '').trim(), card: value };
  }
  return null;
}

/** The instant the paused run shows: the time plots' cursor, else (at the end) the clock. */
async function shownTime(page: Page): Promise<number> {
  const cursor = await page.getByTestId('view-timeseq').getAttribute('data-cursor');
  return cursor ? Number(cursor) : simTime(page);
}

/** The step's link at its pause (its own, or the one before it on the same run). */
function stepLink(lesson: Lesson, i: number): { path: string; until: number | null } {
  const target = lesson.steps[i].compare ? undefined : targetTime(lesson, i, true);
  const t = target ? `&t=${target.until}` : '';
  return { path: `/?lesson=${lesson.id}&step=${i + 1}${t}`, until: target?.until ?? null };
}

describe('every lesson step at its pause (1366×768)', () => {
  for (const lesson of ALL_LESSONS) {
    it(`${lesson.id}: the card's figures are the view's, with its connection, port and rows`, async () => {
      const progress = committedProgress();
      const { page, errors, close } = await openPage(h, '/', { viewport: LAPTOP });
      await page.evaluate(([k, v]) => localStorage.setItem(k, v), [STORAGE_KEY, progress]);
      let figuresChecked = 0;
      for (let i = 0; i < lesson.steps.length; i++) {
        const s = lesson.steps[i];
        const { path, until } = stepLink(lesson, i);
        await page.goto(h.base + path);
        const card = page.getByTestId('lesson-card');
        await expect.poll(() => card.getAttribute('data-step')).toBe(String(i));
        const where = `${lesson.id} step ${i + 1}`;
        if (until !== null) {
          // The run opens at the pause: it never plays there.
          // (the time plots' cursor to the µs; at the run's end, where it goes away, the clock)
          await expect.poll(() => shownTime(page), { timeout: 60_000 }).toBeCloseTo(until, 6);
          expect(await page.getByRole('button', { name: 'Play', exact: true }).count()).toBe(1);
        }
        if (s.figures && s.figures.length > 0) {
          // Every figure known (the card reads the run at the pause).
          await expect
            .poll(
              async () => Object.values(await cardFigures(page)).every((v) => !v.startsWith('at ')),
              { timeout: 60_000 },
            )
            .toBe(true);
          const figures = await cardFigures(page);
          expect(Object.keys(figures), where).toEqual(s.figures.map((f) => f.label));
          for (const [label, value] of Object.entries(figures)) {
            await expect
              .poll(async () => (await shownFor(page, label, value))?.view, { timeout: 10_000 })
              .toBe((await shownFor(page, label, value))?.card);
            const pair = await shownFor(page, label, value);
            expect(pair, `${where}: where "${label}" is shown`).not.toBeNull();
            figuresChecked++;
          }
        }
        if (s.conn !== undefined && !s.compare)
          expect(
            await page.getByLabel('Connection shown in the time-sequence plot').inputValue(),
            `${where}: the connection`,
          ).toBe(String(s.conn));
        if (s.port !== undefined && !s.compare) {
          const arrow = s.port.replace('-', '→');
          await expect
            .poll(() => page.getByTestId('panel-queue').locator('h2, h3').first().textContent())
            .toContain(arrow);
          await expect
            .poll(() => page.getByTestId('panel-pervc').locator('h2, h3').first().textContent())
            .toContain(arrow);
        }
        if (s.compare?.rows) {
          // The table's first rows are the step's own, in its order, on show.
          const first = await page
            .locator('[data-testid="compare-diff"] tbody tr:not([hidden])')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-metric')));
          expect(first.slice(0, s.compare.rows.length), where).toEqual(s.compare.rows);
          // A goodput row per connection: its label and both values once the runs have some.
          for (const r of s.compare.rows.filter((k) => k.startsWith('goodput:'))) {
            const row = page.locator(`[data-testid="compare-diff"] tr[data-metric="${r}"]`);
            expect(await row.locator('th').textContent()).toBe(
              `TCP ${Number(r.slice(8)) + 1} goodput`,
            );
            await expect
              .poll(async () => numberIn(await row.locator('td[data-side="b"]').textContent()), {
                timeout: 60_000,
              })
              .toBeGreaterThan(0);
          }
          expect(await card.textContent()).toContain('table above the plots');
        }
        if (s.compare) {
          // The clock in the sticky bar reads the A and B runs' time (what the split screen's
          // views show), not the hidden single run's: at the pause both stand at their end.
          await expect
            .poll(() => page.getByTestId('compare').getAttribute('data-done'), { timeout: 60_000 })
            .toBe('true');
          const a = await page.getByTestId('compare-time-a').textContent();
          const b = await page.getByTestId('compare-time-b').textContent();
          const clock = page.locator('.sticky-top [aria-label="Simulated time"]');
          expect(a, where).toBe(b);
          expect(Number(a), where).toBeGreaterThan(0);
          await expect.poll(() => page.getByTestId('sim-time').textContent()).toBe(a);
          expect(await clock.textContent(), where).toMatch(new RegExp(`^${a} / \\d+ s$`));
        }
      }
      if (lesson.steps.some((s) => s.figures?.length)) expect(figuresChecked).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);
  }
});

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
    await expect.poll(() => simTime(page), { timeout: 30_000 }).toBeCloseTo(2.81, 2);
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
  }, 120_000);
});
