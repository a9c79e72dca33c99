// Paper vs model, and the Reproduce page, in real Chromium: what a student sees next to a preset
// that stands for published results, and a paper's claims re-run in the browser on Web Workers
// giving the committed scorecard's verdicts, line for line.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimResult } from '../../src/reproduce/types';
import { fmtSpread } from '../../src/ui/reproduce/Verdict';
import scorecard from '../../src/reproduce/scorecard.json';
import type { Harness } from './harness';
import { openPage, startHarness } from './harness';

let h: Harness;
const committed = new Map((scorecard.claims as ClaimResult[]).map((r) => [r.id, r]));

beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('Paper vs model panel', () => {
  it('shows the claims of a preset with the paper, the model, this run and the verdict', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&speed=max');
    const panel = page.getByTestId('paper-panel');
    // Closed until asked for (the plots come first): one line with the verdict counts.
    await expect.poll(() => panel.getByTestId('paper-counts').textContent()).toMatch(/within/);
    expect(await panel.locator('tbody tr').count()).toBe(0);
    await panel.getByTestId('paper-toggle').click();
    await expect(panel.getByRole('heading', { name: 'Paper vs model' }).isVisible()).resolves.toBe(
      true,
    );
    const rows = panel.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    // Each row's chip is the committed verdict of its claim.
    for (const row of await rows.all()) {
      const id = (await row.getAttribute('data-claim'))!;
      const chip = row.locator('.chip');
      expect(await chip.textContent(), id).toBe(committed.get(id)!.verdict);
    }
    // The EPD efficiency claim reads this very run: a live figure appears and becomes final.
    const live = panel.locator('tr[data-claim="s0-fig2-epd-1088"] td[data-live]');
    await expect
      .poll(async () => Number(await live.getAttribute('data-live')), { timeout: 60_000 })
      .toBeGreaterThan(0.5);
    // The description (opened from its one-line summary) states the model's figure beside the
    // paper's (the scorecard loads after the first screen: "…" until then).
    await page.getByTestId('about-toggle').click();
    const model = committed.get('s0-fig2-epd-1088')!;
    await expect
      .poll(() => page.getByTestId('preset-description').textContent())
      .toContain(`≈ 0.93 (model ${Number((model.model as number).toFixed(3))}, ${model.verdict})`);
    await page.screenshot({ path: 'artifacts/paper-panel-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'artifacts/paper-panel-390.png', fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('Spread in the paper-vs-model panel', () => {
  it('shows each seed’s figure as its own link, the spread, and why this run differs', async () => {
    const id = 's0-fig2-ubr-1088';
    const r = committed.get(id)!;
    const { page, errors, close } = await openPage(h, '/?preset=s0-plain-ubr&speed=max');
    // The panel is one line until asked for.
    await page.getByTestId('paper-toggle').click();
    const row = page.locator(`[data-testid="paper-panel"] tr[data-claim="${id}"]`);
    await expect(row.getByTestId('seed-spread').textContent()).resolves.toContain(fmtSpread(r));
    const links = row.locator('a.seed-link');
    expect(await links.count()).toBe(r.seeds.length);
    for (const [i, seed] of r.seeds.entries())
      expect(await links.nth(i).getAttribute('href')).toMatch(new RegExp(`&seed=${seed}$`));
    // The second seed opens on its own; the panel keeps this run's figure (a seed is one of the
    // claim's runs) and says why it differs from the model's mean.
    await links.nth(1).click();
    await page.waitForURL(/seed=2/);
    const panel = page.getByTestId('paper-panel');
    await expect
      .poll(() => panel.locator('thead').textContent(), { timeout: 60_000 })
      .toContain('This run (seed 2)');
    const why = panel.locator(`tr[data-claim="${id}"]`).getByTestId('live-why');
    await why.waitFor({ timeout: 60_000 });
    const text = (await why.textContent())!;
    expect(text).toContain('This run is seed 2 alone');
    expect(text).toContain(`Seed 2’s full run gave ${Number((r.perSeed[1] as number).toFixed(3))}`);
    expect(text).toContain(`mean over ${r.seeds.length} seeds`);
    await page.screenshot({ path: 'artifacts/paper-panel-seed2-1366.png' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('Papers picture', () => {
  it('draws every value claim with the counts per paper, and a click opens the claim', async () => {
    const { page, errors, close } = await openPage(h, '/?page=reproduce', {
      viewport: { width: 1366, height: 768 },
    });
    const rows = scorecard.claims as ClaimResult[];
    const pic = page.getByTestId('papers-picture');
    await pic.waitFor();
    const values = rows.filter((r) => r.kind === 'value');
    expect(await pic.locator('circle.pt').count()).toBe(values.length);
    for (const p of ['S0', 'S1', 'S2', 'S3', 'S4']) {
      const n = (v: string) => rows.filter((r) => r.paper === p && r.verdict === v).length;
      const cells = await pic.locator(`tr[data-paper="${p}"] td`).allTextContents();
      expect(cells, p).toEqual(
        [rows.filter((r) => r.paper === p).length, n('within'), n('trend'), n('miss')].map(String),
      );
    }
    // Each point is coloured by its claim's verdict.
    const target = values.find((r) => r.paper === 'S3')!;
    const pt = pic.locator(`circle[data-claim="${target.id}"]`);
    expect(await pt.getAttribute('data-verdict')).toBe(target.verdict);
    await page.screenshot({ path: 'artifacts/papers-picture-1366.png' });
    // S3's table is closed; a click on its point opens it at the claim.
    expect(await page.locator('details[data-paper="S3"]').getAttribute('open')).toBeNull();
    // Points can overlap; the keyboard opens the focused one (a click does the same).
    await pt.focus();
    await page.keyboard.press('Enter');
    const row = page.locator(`details[data-paper="S3"] tr[data-claim="${target.id}"]`);
    await row.waitFor();
    expect(await page.locator('details[data-paper="S3"]').getAttribute('open')).not.toBeNull();
    expect(await row.getAttribute('class')).toContain('selected');
    await expect(row.getByTestId('seed-spread').textContent()).resolves.toContain(
      fmtSpread(target),
    );
    expect(await row.isVisible()).toBe(true);
    await page.screenshot({ path: 'artifacts/papers-picture-open-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'artifacts/papers-picture-390.png' });
    expect(errors).toEqual([]);
    await close();
  });
});

describe('Reproduce page', () => {
  it('lists every claim by paper and re-runs S4 in the browser with the committed verdicts', async () => {
    const { page, errors, close } = await openPage(h, '/?page=reproduce', {
      viewport: { width: 1366, height: 768 },
    });
    const s = scorecard.summary;
    await expect(page.getByTestId('reproduce-summary').textContent()).resolves.toContain(
      `${s.claims} claims: ${s.within} within`,
    );
    // Open S4 and re-run its claims here.
    await page.getByTestId('rerun-S4').click();
    await expect(page.getByTestId('reproduce-progress').isVisible()).resolves.toBe(true);
    const result = page.getByTestId('rerun-result');
    await result.waitFor({ timeout: 240_000 });
    const n = (scorecard.claims as ClaimResult[]).filter((r) => r.paper === 'S4').length;
    await expect(result.textContent()).resolves.toContain(`${n} of ${n} identical`);
    const rows = page.locator('details[data-paper="S4"] tbody tr');
    expect(await rows.count()).toBe(n);
    for (const row of await rows.all()) {
      const id = (await row.getAttribute('data-claim'))!;
      expect(await row.getAttribute('data-verdict'), id).toBe(committed.get(id)!.verdict);
      expect(await row.locator('[data-rerun-verdict]').getAttribute('data-rerun-verdict'), id).toBe(
        committed.get(id)!.verdict,
      );
    }
    await page.screenshot({ path: 'artifacts/reproduce-1366.png' });
    // A claim's link opens its scenario.
    await rows.first().locator('a').first().click();
    await page.waitForURL(/preset=s4-/);
    await expect(page.getByTestId('about-toggle').isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await close();
  }, 600_000);

  it('is usable on a phone', async () => {
    const { page, errors, close } = await openPage(h, '/?page=reproduce', {
      viewport: { width: 390, height: 844 },
    });
    await page.getByTestId('reproduce-summary').waitFor();
    await page.locator('details[data-paper="S2"] > summary').click();
    await page.locator('details[data-paper="S2"] tbody tr').first().waitFor();
    // The page's own content fits the width (the header's overflow on phones is a known,
    // separate issue).
    const overflow = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('[data-testid="reproduce-page"]')!;
      return el.scrollWidth - el.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'artifacts/reproduce-390.png' });
    expect(errors).toEqual([]);
    await close();
  });
});
