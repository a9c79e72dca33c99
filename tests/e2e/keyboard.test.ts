// The keyboard for everything, in real Chromium, by key presses: the skip link is the first Tab
// stop and takes the focus to the plots; the arrow keys choose drop after drop in the loss
// raster, in words, and Enter opens the inspector on the drop chosen (its time and VC those of
// the run's drop, found in Node); the focus stays on a control after a Moment is picked, an
// export is saved and a prediction is committed; Space, Home and ? work under Compare A/B.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation, parseScenario } from '../../src/sim';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// Selective Drop on a LAN: drops within half a second, all in the plots' 10 s window.
const QUERY = '?preset=s1-lan-sd&duration=0.5';

/** The run's drops, in Node: time and VC by row. */
function drops(): { t: number; vc: number }[] {
  const { scenario } = parseScenario(QUERY);
  const sim = new Simulation(scenario, { probes: { loss: true } });
  sim.run();
  const l = sim.probes.drain().loss!.columns;
  return Array.from(l.t, (t, i) => ({ t, vc: l.vc[i] }));
}

/** What has the focus: its test id, id, tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName ?? '',
      id: el?.id ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      text: el?.textContent?.trim().slice(0, 80) ?? '',
      label: el?.getAttribute('aria-label') ?? '',
    };
  });

/** Presses Tab until `test` holds for the focused element (at most `max` presses). */
async function tabTo(
  page: Page,
  test: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 120,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (test(await focused(page))) return;
  }
  throw new Error('Tab never reached the control');
}

describe('keyboard: skip link and the loss raster', () => {
  const all = drops();

  it('Tab reaches "Skip to the plots" first; Enter focuses the plots; the raster steps drop by drop and Enter inspects the drop chosen', async () => {
    expect(all.length).toBeGreaterThan(3);
    const { page, errors, close } = await openPage(h, `/${QUERY}&speed=max`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    const loss = page.getByTestId('view-loss');
    await expect.poll(async () => Number(await loss.getAttribute('data-drops'))).toBe(all.length);

    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('skip-link');
    // Visible when focused: inside the viewport, not clipped away.
    const box = (await page.getByTestId('skip-link').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.height).toBeGreaterThanOrEqual(24);
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('plots');

    // From the plots, Tab reaches the loss raster's drawing.
    await tabTo(page, (f) => f.tag === 'CANVAS' && f.label.startsWith('Cell-loss raster'));
    const line = page.getByTestId('view-loss-chosen');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => line.textContent()).toMatch(/^Drop 1 of /);
    await page.keyboard.press('ArrowRight');
    const text = (await line.textContent())!;
    expect(text).toMatch(new RegExp(`^Drop 2 of ${all.length} shown: `));
    const d = all[1];
    expect(text).toContain(`${d.t.toFixed(4)} s, VC ${d.vc},`);
    // The chosen line describes the drawing (a screen reader hears it).
    const describedBy = await loss.locator('canvas').getAttribute('aria-describedby');
    expect(describedBy?.split(' ')).toContain('view-loss-chosen');
    // End and Home: the last and the first drop shown.
    await page.keyboard.press('End');
    await expect.poll(() => line.textContent()).toMatch(new RegExp(`^Drop ${all.length} of `));
    await page.keyboard.press('Home');
    await expect.poll(() => line.textContent()).toMatch(/^Drop 1 of /);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => line.textContent()).toBe(text);
    // The run did not restart under Home (the plot took the key).
    expect(await simTime(page)).toBe(0.5);

    await page.keyboard.press('Enter');
    const inspector = page.getByTestId('inspector');
    await expect.poll(() => inspector.count()).toBe(1);
    expect(await page.getByTestId('inspect-t').textContent()).toBe(`${d.t.toFixed(6)} s`);
    expect(await inspector.textContent()).toContain(`VC ${d.vc} · TCP`);
    expect((await focused(page)).label).toBe('Close the inspector');
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  it('the time-sequence plot steps event by event; Enter inspects the drop before the event', async () => {
    const { page, errors, close } = await openPage(h, `/${QUERY}&speed=max`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    await tabTo(page, (f) => f.testId === 'skip-link', 1);
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.tag === 'CANVAS' && f.label.startsWith('Time-sequence plot'));
    const line = page.getByTestId('view-timeseq-chosen');
    await page.keyboard.press('End');
    await expect.poll(() => line.textContent()).toMatch(/^Event (\d+) of \1 shown: /);
    const n = Number(/^Event (\d+)/.exec((await line.textContent())!)![1]);
    expect(n).toBeGreaterThan(1);
    await page.keyboard.press('Home');
    await expect.poll(() => line.textContent()).toMatch(/^Event 1 of /);
    // The plot shows TCP 1: the events are TCP 1's, with their time in words.
    const text = (await line.textContent())!;
    const m =
      /^Event 1 of \d+ shown: ([\d.]+) s, TCP 1, (segment sent again|timeout|fast retransmit)/.exec(
        text,
      );
    expect(m, text).not.toBeNull();
    // A retransmission comes after its drop: Enter inspects a drop of TCP 1 no later than it.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => line.textContent()).toBe(text);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(1);
    expect(await page.getByTestId('inspector').textContent()).toContain('· TCP 1');
    const dropT = parseFloat((await page.getByTestId('inspect-t').textContent())!);
    expect(dropT).toBeLessThanOrEqual(Number(m![1]) + 5e-5);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  it('+, − and 0 zoom every time plot from the keyboard, around the event chosen (WCAG 2.1.1, 2.5.7)', async () => {
    const { page, errors, close } = await openPage(h, `/${QUERY}&speed=max`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    const span = async (id: string) => [
      Number(await page.getByTestId(id).getAttribute('data-t0')),
      Number(await page.getByTestId(id).getAttribute('data-t1')),
    ];
    expect(await span('view-timeseq')).toEqual([0, 0.5]);
    await page.getByTestId('view-timeseq').locator('canvas').focus();
    const line = page.getByTestId('view-timeseq-chosen');
    // The first event chosen; + halves the window around it, in every time plot.
    await page.keyboard.press('Home');
    const t = Number(/: ([\d.]+) s, TCP/.exec((await line.textContent())!)![1]);
    await page.keyboard.press('+');
    await expect.poll(() => span('view-cwnd')).not.toEqual([0, 0.5]);
    const [a, b] = await span('view-timeseq');
    expect(b - a).toBeCloseTo(0.25, 9);
    expect(a).toBeLessThanOrEqual(t);
    expect(b).toBeGreaterThanOrEqual(t);
    expect(await span('view-cwnd')).toEqual([a, b]);
    expect(await line.textContent()).toBe(
      `The time plots show ${a.toFixed(6)} s to ${b.toFixed(6)} s.`,
    );
    await page.keyboard.press('+');
    await expect
      .poll(async () => (await span('view-timeseq'))[1] - (await span('view-timeseq'))[0])
      .toBeCloseTo(0.125, 9);
    // − doubles it again; 0: no zoom.
    await page.keyboard.press('-');
    await expect.poll(() => span('view-timeseq')).toEqual([a, b]);
    await page.keyboard.press('0');
    await expect.poll(() => span('view-timeseq')).toEqual([0, 0.5]);
    expect(await line.textContent()).toContain('No zoom');
    expect(errors).toEqual([]);
    await close();
  }, 240_000);

  it('the key list (?) names the raster’s keys', async () => {
    const { page, close } = await openPage(h, `/${QUERY}&speed=max`);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    await page.keyboard.press('?');
    const help = page.getByTestId('key-help');
    await expect.poll(() => help.count()).toBe(1);
    const t = (await help.textContent())!;
    expect(t).toContain('In the cell-loss plot (Tab to it): the previous or next drop');
    expect(t).toContain('in the time-sequence plot: the previous or next retransmission');
    expect(t).toContain('In those plots: the first or last one shown');
    expect(t).toContain('In those plots: why the chosen drop was dropped');
    await close();
  }, 120_000);

  it('the one-character keys (? and J) can be turned off in the key list, and stay off after a reload (WCAG 2.1.4)', async () => {
    const { page, close } = await openPage(h, `/${QUERY}&speed=max`);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    const help = page.getByTestId('key-help');
    await page.keyboard.press('?');
    await expect.poll(() => help.count()).toBe(1);
    const box = page.getByRole('checkbox', { name: /The one-character keys \? and J work/ });
    expect(await box.isChecked()).toBe(true);
    // By keyboard: Tab to the box, Space turns it off, Escape closes the list.
    await box.focus();
    await page.keyboard.press('Space');
    expect(await box.isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    // A key press is handled, and React has drawn what it changed, by the second frame after.
    const frames = () =>
      page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
    await page.keyboard.press('?');
    await frames();
    expect(await help.count()).toBe(0);
    await page.reload();
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    await page.keyboard.press('?');
    await frames();
    expect(await help.count()).toBe(0);
    // The header's ? button still opens the list, where the keys are turned on again.
    await page.getByRole('button', { name: 'Keyboard shortcuts', exact: true }).click();
    await expect.poll(() => help.count()).toBe(1);
    await box.check();
    await page.keyboard.press('Escape');
    await expect.poll(() => help.count()).toBe(0);
    await page.keyboard.press('?');
    await expect.poll(() => help.count()).toBe(1);
    await close();
  }, 120_000);
});

describe('keyboard: the focus stays on the page', () => {
  it('after a Moment is picked from the list, the focus is on the Moments button', async () => {
    const { page, close } = await openPage(h, `/${QUERY}&speed=max`);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text.startsWith('Moments'));
    await page.keyboard.press('Enter');
    const list = page.getByRole('list', { name: 'Moments of the run' });
    await expect.poll(() => list.count()).toBe(1);
    const first = list.getByRole('button').first();
    const label = (await first.textContent())!.trim();
    await tabTo(page, (f) => f.tag === 'BUTTON' && f.text === label, 10);
    await page.keyboard.press('Enter');
    await expect.poll(() => list.count()).toBe(0);
    const f = await focused(page);
    expect(f.tag).toBe('BUTTON');
    expect(f.text).toMatch(/^Moments \(\d+\)$/);
    await close();
  }, 120_000);

  it('after an export from its menu, the focus is on the Export button', async () => {
    const { page, close } = await openPage(h, `/${QUERY}&speed=max`, { acceptDownloads: true });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    // By the skip link, then through the plots' panels to the cell losses' Export.
    await tabTo(page, (f) => f.testId === 'skip-link', 1);
    await page.keyboard.press('Enter');
    await tabTo(page, (f) => f.label === 'Export Cell losses', 200);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page)).text).toBe('CSV (data)');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    await download;
    await expect
      .poll(() => page.getByTestId('export-loss').getByRole('status').textContent())
      .toMatch(/^Saved /);
    expect((await focused(page)).label).toBe('Export Cell losses');
    await close();
  }, 120_000);

  it('after "Commit and run", the focus is on the committed prediction', async () => {
    const { page, close } = await openPage(h, '/?lesson=ubr-collapse&step=2');
    const commit = page.getByTestId('lesson-commit');
    await expect.poll(() => commit.count(), { timeout: 60_000 }).toBe(1);
    const radios = page.getByTestId('lesson-predict').getByRole('radio');
    if ((await radios.count()) > 0) {
      await tabTo(page, (f) => f.tag === 'INPUT');
      await page.keyboard.press('Space');
    }
    await tabTo(page, (f) => f.testId === 'lesson-commit', 20);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-committed')))
      .toBe('1');
    await close();
  }, 120_000);
});

describe('keyboard: Compare A/B', () => {
  it('Space pauses and plays both sides, Home restarts both, ? opens the key list', async () => {
    const { page, errors, close } = await openPage(
      h,
      '/?preset=s0-testbed&duration=20&compare=1&b.policy=tail-drop&speed=0.1',
      { viewport: { width: 1366, height: 768 } },
    );
    const time = (side: string) =>
      page.getByTestId(`compare-time-${side}`).textContent().then(Number);
    const cmp = page.getByTestId('compare');
    await expect.poll(() => time('a'), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await focused(page).then((f) => f.tag)).toBe('BODY');
    await page.keyboard.press(' ');
    await expect.poll(() => cmp.getByText('▶ Play both').count()).toBe(1);
    await page.keyboard.press(' ');
    await expect.poll(() => cmp.getByText('❚❚ Pause both').count()).toBe(1);
    const a0 = await time('a');
    await expect.poll(() => time('a')).toBeGreaterThan(a0);
    await page.keyboard.press(' ');
    await expect.poll(() => cmp.getByText('▶ Play both').count()).toBe(1);
    const before = Math.min(await time('a'), await time('b'));
    await page.keyboard.press('Home');
    await expect.poll(async () => Math.max(await time('a'), await time('b'))).toBeLessThan(before);
    await page.keyboard.press('?');
    await expect.poll(() => page.getByTestId('key-help').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  }, 240_000);
});
