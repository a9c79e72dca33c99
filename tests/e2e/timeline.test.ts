// The timeline in real Chromium: a link with t= opens the run paused at t,
// and the switch buffer it shows is the model's state at t (a Simulation run to t in Node, as
// the CLI runs it); clicking a mark goes there and zooms around it; seeking and zooming never
// add history entries, and Back returns to the place the link held.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { Simulation, parseScenario } from '../../src/sim';
import { zoomAround } from '../../src/ui/timeline/marks';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const QUERY = '?preset=s0-testbed&duration=5';

/** The switch buffer of QUERY run in Node to `t` seconds (as the CLI runs it). */
function bufferAt(t: number) {
  const sim = new Simulation(parseScenario(QUERY).scenario);
  sim.runUntil(Math.round(t * 1e12));
  return { X: sim.port.c.X };
}

/** The buffer the page shows: its X, and the cells it draws one by one. */
async function shownBuffer(page: Page) {
  const queue = page.getByTestId('view-queue');
  return {
    X: Number(await queue.getAttribute('data-x')),
    drawn: Number(await queue.getAttribute('data-cells-drawn')),
  };
}

const params = (page: Page) => new URL(page.url()).searchParams;

/** The run's first drop of `reason` (DROP_REASONS code), from the model's loss probe. */
function firstDrop(reason: number) {
  const sim = new Simulation(parseScenario(QUERY).scenario, { probes: { loss: true } });
  sim.runUntil(1e12);
  const loss = sim.probes.drain().loss!;
  const i = loss.columns.reason.findIndex((r) => r === reason);
  return { t: loss.columns.t[i], vc: loss.columns.vc[i] };
}

describe('the timeline', () => {
  it('opens a link with t= paused at t, showing the buffer the model holds at t', async () => {
    const { page, errors, close } = await openPage(h, `/${QUERY}&t=2.5`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2.5);
    expect(await page.getByTestId('sim-time').textContent()).toBe('2.500');
    await expect
      .poll(() =>
        page.getByRole('slider', { name: /Simulated time/ }).getAttribute('aria-valuetext'),
      )
      .toBe('2.500 s of 5.000 s, paused');
    const want = bufferAt(2.5);
    expect(want.X).toBeGreaterThan(0);
    await expect.poll(async () => (await shownBuffer(page)).X).toBe(want.X);
    expect((await shownBuffer(page)).drawn).toBe(want.X);
    // The cursor stands at t in the time plots; the link keeps t.
    await expect
      .poll(() => page.getByTestId('view-timeseq').getAttribute('data-cursor'))
      .toBe('2.500000');
    // (the link is rewritten in a task after the views draw; Playwright learns of it after)
    await expect.poll(() => params(page).get('t')).toBe('2.5');
    // It stays paused there.
    await page.waitForTimeout(500);
    expect(await simTime(page)).toBe(2.5);
    expect(errors).toEqual([]);
    await close();
  });

  it('opens the drop a link names in the inspector, at the time it names', async () => {
    const d = firstDrop(1); // the first buffer overflow
    const { page, errors, close } = await openPage(h, `/${QUERY}&t=1&drop=${d.t},${d.vc}`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(1);
    const inspector = page.getByTestId('inspector');
    await inspector.waitFor();
    expect(await page.getByTestId('inspect-t').textContent()).toBe(`${d.t.toFixed(6)} s`);
    expect(await inspector.textContent()).toMatch(/overflow/i);
    await expect.poll(() => params(page).get('drop')).toBe(`${d.t},${d.vc}`);
    // Closing it takes it out of the link.
    await page.getByRole('button', { name: 'Close the inspector' }).click();
    await expect.poll(() => params(page).get('drop')).toBeNull();
    expect(errors).toEqual([]);
    await close();
  });

  it('clicking a mark seeks there and zooms around it; history is unchanged, Back returns', async () => {
    const { page, errors, close } = await openPage(h, `/${QUERY}&t=4`, {
      viewport: { width: 1366, height: 768 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(4);
    const entries = await page.evaluate(() => history.length);
    const mark = page.locator('.tl-mark[data-kind="first-timeout"]').first();
    const t = Number(await mark.getAttribute('data-t'));
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(4); // backward: a replay from t = 0
    await mark.click();
    await expect.poll(() => simTime(page)).toBe(Number(t.toFixed(3)));
    const ts = page.getByTestId('view-timeseq');
    const [a, b] = zoomAround(t, 5);
    await expect.poll(() => ts.getAttribute('data-t0')).toBe(a.toFixed(6));
    expect(await ts.getAttribute('data-t1')).toBe(b.toFixed(6));
    await expect.poll(async () => (await shownBuffer(page)).X).toBe(bufferAt(t).X);
    // The place is in the link, which was replaced, not pushed.
    await expect.poll(() => params(page).get('t')).toBe(String(t));
    await expect.poll(() => params(page).get('zoom')).toBe(`${+a.toFixed(6)},${+b.toFixed(6)}`);
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // A preset change is an entry; Back returns to the testbed at the mark, zoomed.
    const picker = page.getByLabel('Preset', { exact: true });
    await picker.selectOption('s2-deadlock');
    await expect.poll(() => picker.inputValue()).toBe('s2-deadlock');
    await expect.poll(() => params(page).get('t')).toBeNull(); // another run: the old places do not apply
    expect(await page.evaluate(() => history.length)).toBe(entries + 1);
    await page.goBack();
    await expect.poll(() => params(page).get('t')).toBe(String(t));
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(Number(t.toFixed(3)));
    await expect.poll(() => ts.getAttribute('data-t0')).toBe(a.toFixed(6));
    await expect.poll(async () => (await shownBuffer(page)).X).toBe(bufferAt(t).X);
    await page.goForward();
    await expect.poll(() => picker.inputValue()).toBe('s2-deadlock');
    expect(errors).toEqual([]);
    await close();
  });
});
