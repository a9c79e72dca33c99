// What a lesson step's card says against what the page shows, read as a person reads them
// (the buffer view's caption and drop label, the loss legend, the metric tiles, the
// Connections table): each figure on the card equals what the view it points at shows; the
// time-sequence view shows the step's connection; an A/B step's table starts with the rows of
// its own point, and the sticky clock reads the A and B runs' time. Run by the lesson walk at
// 1366×768 on every step at its pause (lessonWalk.test.ts), the page it has opened.
import type { Page } from 'playwright';
import type { StepCase } from './lessonSteps';

/** The number in a text (the first one, commas and signs aside). */
export const numberIn = (s: string | null) => Number(/-?\d+(\.\d+)?/.exec(s ?? '')?.[0] ?? NaN);

/** The figures the card shows, label → the text of its value. */
function cardFigures(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const d of document.querySelectorAll('[data-testid="lesson-figures"] > div'))
      out[d.getAttribute('data-label') ?? ''] = d.querySelector('dd')?.textContent ?? '';
    return out;
  });
}

/** The metric tile's value as the panel shows it. */
export const tile = (page: Page, key: string) =>
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

/** Polls `f` until it returns true or `ms` pass; whether it did. */
async function eventually(page: Page, f: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await f()) return true;
    if (Date.now() > deadline) return false;
    await page.waitForTimeout(100);
  }
}

/**
 * What differs between the card of step `c` and the page, in words (empty: nothing), on a page
 * that stands at the step's pause; `figures` counts the figures compared.
 */
export async function figureProblems(
  page: Page,
  c: StepCase,
): Promise<{ problems: string[]; figures: number }> {
  const s = c.lesson.steps[c.index];
  const out: string[] = [];
  let figures = 0;
  if (s.figures && s.figures.length > 0) {
    // Every figure known (the card reads the run at the pause).
    const known = await eventually(
      page,
      async () => Object.values(await cardFigures(page)).every((v) => !v.startsWith('at ')),
      60_000,
    );
    if (!known) out.push(`figures never known: ${JSON.stringify(await cardFigures(page))}`);
    const shown = await cardFigures(page);
    const labels = s.figures.map((f) => f.label);
    if (JSON.stringify(Object.keys(shown)) !== JSON.stringify(labels))
      out.push(
        `the card's figures are ${JSON.stringify(Object.keys(shown))}, not ${JSON.stringify(labels)}`,
      );
    for (const [label, value] of Object.entries(shown)) {
      let pair = await shownFor(page, label, value);
      if (!pair) {
        out.push(`"${label}": not a figure a view shows`);
        continue;
      }
      await eventually(
        page,
        async () => {
          pair = await shownFor(page, label, value);
          return pair?.view === pair?.card;
        },
        60_000,
      );
      if (pair!.view !== pair!.card)
        out.push(`"${label}": the card says "${pair!.card}", the view "${pair!.view}"`);
      figures++;
    }
  }
  if (s.conn !== undefined && !s.compare) {
    const shown = await page.getByLabel('Connection shown in the time-sequence plot').inputValue();
    if (shown !== String(s.conn))
      out.push(`the time-sequence plot shows TCP ${shown}, not ${s.conn}`);
  }
  if (s.compare?.rows) {
    // The table's first rows are the step's own, in its order, on show.
    const first = await page
      .locator('[data-testid="compare-diff"] tbody tr:not([hidden])')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-metric')));
    const want = s.compare.rows;
    if (JSON.stringify(first.slice(0, want.length)) !== JSON.stringify(want))
      out.push(`the table's first rows are ${JSON.stringify(first)}, not ${JSON.stringify(want)}`);
    // A goodput row per connection: its label and both values once the runs have some.
    for (const r of want.filter((k) => k.startsWith('goodput:'))) {
      const row = page.locator(`[data-testid="compare-diff"] tr[data-metric="${r}"]`);
      const head = await row.locator('th').textContent();
      if (head !== `TCP ${Number(r.slice(8)) + 1} goodput`)
        out.push(`row ${r} is headed "${head}"`);
      const some = await eventually(
        page,
        async () => numberIn(await row.locator('td[data-side="b"]').textContent()) > 0,
        60_000,
      );
      if (!some) out.push(`row ${r}: B never has a goodput`);
    }
    const text = await page.getByTestId('lesson-card').textContent();
    if (!text?.includes('table above the plots')) out.push('the card does not point at the table');
  }
  if (s.compare) {
    // The clock in the sticky bar reads the A and B runs' time (what the split screen's
    // views show), not the hidden single run's: at the pause both stand at their end.
    const done = await eventually(
      page,
      async () => (await page.getByTestId('compare').getAttribute('data-done')) === 'true',
      60_000,
    );
    if (!done) out.push('the A/B runs never end');
    const a = await page.getByTestId('compare-time-a').textContent();
    const b = await page.getByTestId('compare-time-b').textContent();
    if (a !== b || !(Number(a) > 0)) out.push(`A stands at ${a}, B at ${b}`);
    const same = await eventually(
      page,
      async () => (await page.getByTestId('sim-time').textContent()) === a,
      60_000,
    );
    if (!same)
      out.push(`the clock reads ${await page.getByTestId('sim-time').textContent()}, not ${a}`);
    const clock = await page.locator('.sticky-top [aria-label="Simulated time"]').textContent();
    if (!new RegExp(`^${a} / \\d+ s$`).test(clock ?? ''))
      out.push(`the sticky clock reads "${clock}"`);
  }
  return { problems: out, figures };
}

/**
 * What the step sets up in the views, against the page (empty: all set): the view it names is
 * the one outlined, an A/B step's B changes, its zoom of the time plots, its connection and the
 * threshold it highlights. (These were checked by paging through every lesson with → in
 * app.test.ts; there the paging itself is now checked on one lesson.)
 */
export async function setupProblems(page: Page, c: StepCase): Promise<string[]> {
  const step = c.lesson.steps[c.index];
  const out: string[] = [];
  const attr = async (id: string, a: string) =>
    Number(await page.getByTestId(id).getAttribute(`data-${a}`));
  if (step.view && !step.compare) {
    const outlined = await eventually(
      page,
      async () =>
        (
          (await page.locator(`[data-story-view="${step.view}"]`).getAttribute('class')) ?? ''
        ).includes('story-focus'),
      60_000,
    );
    if (!outlined) out.push(`the ${step.view} view is not outlined`);
    const n = await page.locator('.story-focus').count();
    if (n !== 1) out.push(`${n} views outlined, not 1`);
  }
  if (step.compare) {
    const b = await page.getByLabel('B changes').inputValue();
    if (b !== step.compare.b) out.push(`B changes "${b}", not "${step.compare.b}"`);
  }
  if (step.zoom && step.view === 'timeseq') {
    const near = (a: number, b: number) => Math.abs(a - b) < 5e-6;
    const ok = await eventually(
      page,
      async () => near(await attr('view-timeseq', 't0'), step.zoom![0]),
      60_000,
    );
    if (!ok)
      out.push(
        `the time-sequence plot starts at ${await attr('view-timeseq', 't0')}, not ${step.zoom[0]}`,
      );
    const t1 = await attr('view-cwnd', 't1');
    if (!near(t1, step.zoom[1])) out.push(`the cwnd plot ends at ${t1}, not ${step.zoom[1]}`);
  }
  if (step.threshold) {
    const id = step.view === 'occupancy' ? 'view-occupancy' : 'view-queue';
    const want = new RegExp(`^${step.threshold}`, 'i');
    const ok = await eventually(
      page,
      async () =>
        want.test((await page.getByTestId(id).getAttribute('data-highlight-threshold')) ?? ''),
      60_000,
    );
    if (!ok)
      out.push(
        `${id} highlights "${await page.getByTestId(id).getAttribute('data-highlight-threshold')}", not ${step.threshold}`,
      );
  }
  return out;
}
