// The inspector follows its drop: a drop of TCP 2 picked in the loss raster switches the
// time-sequence plot to TCP 2, and opening it scrolls the page no further than needed, on a
// 1280×720 projector and on a 390×844 phone (where it used to jump ~1,400 px to the top of the
// views). Real Chromium, the real page; the drop is found in the same run in Node.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Simulation, parseScenario } from '../../src/sim';
import type { Harness } from './harness';
import { openPage, simTime, startHarness, stillLayout } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.close();
});

// Selective Drop on a LAN: every VC drops within half a second, one TCP connection per VC.
const QUERY = '?preset=s1-lan-sd&duration=0.5';

/** A drop of connection `conn` in the run, in Node: its time and VC. */
function dropOf(conn: number): { t: number; vc: number } {
  const { scenario } = parseScenario(QUERY);
  const sim = new Simulation(scenario, { probes: { loss: true } });
  sim.run();
  const l = sim.probes.drain().loss!.columns;
  // One connection per VC, so a click on the VC's row can only pick this connection's drops.
  const connOfVc = new Map<number, Set<number>>();
  for (let i = 0; i < l.t.length; i++)
    connOfVc.set(l.vc[i], (connOfVc.get(l.vc[i]) ?? new Set()).add(l.conn[i]));
  for (const conns of connOfVc.values()) expect(conns.size).toBe(1);
  const rows = Array.from(l.t.keys()).filter((i) => l.conn[i] === conn);
  const i = rows[Math.floor(rows.length / 2)];
  return { t: l.t[i], vc: l.vc[i] };
}

/** The page point of a drop (t, vc) in the loss raster, from its time window and VC axis. */
async function rasterPoint(page: Page, t: number, vc: number): Promise<{ x: number; y: number }> {
  const view = page.getByTestId('view-loss');
  const t0 = Number(await view.getAttribute('data-t0'));
  const t1 = Number(await view.getAttribute('data-t1'));
  const canvas = (await view.locator('canvas').boundingBox())!;
  // The VC axis's integer ticks: "translate(0,Y)" relative to the top of the plot (the canvas).
  const ticks = await view.locator('g.y-axis .tick').evaluateAll((els) =>
    els
      .map((e) => ({
        v: Number(e.textContent),
        y: Number(/translate\([^,]+,([^)]+)\)/.exec(e.getAttribute('transform') ?? '')?.[1]),
      }))
      .filter((k) => Number.isInteger(k.v) && Number.isFinite(k.y)),
  );
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  const [a, b] = [ticks[0], ticks[ticks.length - 1]];
  const yOf = (v: number) => a.y + ((v - a.v) * (b.y - a.y)) / (b.v - a.v);
  return {
    x: canvas.x + ((t - t0) / (t1 - t0)) * canvas.width,
    y: canvas.y + yOf(vc),
  };
}

const selectedConn = (page: Page) =>
  page.getByLabel('Connection shown in the time-sequence plot').inputValue();

describe('the inspector follows its drop', () => {
  const drop = dropOf(1);

  for (const device of [
    { name: '1280×720', viewport: { width: 1280, height: 720 }, touch: false },
    { name: '390×844 phone', viewport: { width: 390, height: 844 }, touch: true },
  ]) {
    it(`${device.name}: a drop of TCP 2 shows TCP 2 in the time-sequence plot; the page scrolls no further than needed`, async () => {
      const { page, errors, close } = await openPage(h, `/${QUERY}&speed=max`, {
        viewport: device.viewport,
        hasTouch: device.touch,
        isMobile: device.touch,
      });
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
      expect(await selectedConn(page)).toBe('0');
      const loss = page.getByTestId('view-loss');
      await loss.scrollIntoViewIfNeeded();
      await expect
        .poll(async () => Number(await loss.getAttribute('data-drops')))
        .toBeGreaterThan(0);
      const p = await rasterPoint(page, drop.t, drop.vc);
      const before = await page.evaluate(() => window.scrollY);
      if (device.touch) await page.touchscreen.tap(p.x, p.y);
      else await page.mouse.click(p.x, p.y);

      const inspector = page.getByTestId('inspector');
      await expect.poll(() => inspector.count()).toBe(1);
      expect(await inspector.textContent()).toContain('TCP 2');
      // The time-sequence plot follows: its select shows TCP 2 and the segment is ringed.
      await expect.poll(() => selectedConn(page)).toBe('1');
      await expect
        .poll(async () =>
          Number(await page.getByTestId('view-timeseq').getAttribute('data-highlighted')),
        )
        .toBeGreaterThan(0);

      // Scrolled no further than needed: not at all when the inspector is fully in view, or
      // just until one of its edges meets the viewport's (the top clear of the sticky bar).
      await stillLayout(page, ['[data-testid="inspector"]']);
      const after = await page.evaluate(() => window.scrollY);
      const m = await page.evaluate(() => {
        const r = document.querySelector('[data-testid="inspector"]')!.getBoundingClientRect();
        let sticky = 0;
        for (const el of document.querySelectorAll('.sticky-top')) {
          const s = el.getBoundingClientRect();
          if (s.top <= 1) sticky = Math.max(sticky, s.bottom);
        }
        const lossPanel = document.querySelector('[data-testid="panel-loss"]')!;
        return {
          top: r.top,
          bottom: r.bottom,
          height: r.height,
          sticky,
          vh: window.innerHeight,
          belowLoss: r.top >= lossPanel.getBoundingClientRect().bottom - 1,
        };
      });
      const delta = Math.abs(after - before);
      expect(delta, `scrolled ${delta} px`).toBeLessThan(device.viewport.height);
      // It opened next to the raster it was picked in, not at the top of the views.
      expect(m.belowLoss).toBe(true);
      if (delta > 0) {
        const fits = m.height <= m.vh - m.sticky;
        if (fits) expect(Math.abs(m.bottom - m.vh)).toBeLessThanOrEqual(2);
        else expect(m.top).toBeGreaterThanOrEqual(m.sticky - 1);
      } else {
        expect(m.top).toBeGreaterThanOrEqual(m.sticky - 1);
        expect(m.top).toBeLessThan(m.vh);
      }
      // Never taller than the space below the sticky bar; its head and Close button in sight.
      expect(m.height).toBeLessThanOrEqual(m.vh - m.sticky + 1);
      const closeBox = (await page
        .getByRole('button', { name: 'Close the inspector' })
        .boundingBox())!;
      expect(closeBox.y).toBeGreaterThanOrEqual(m.sticky - 1);
      expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(m.vh);
      await page.screenshot({ path: `artifacts/inspector-${device.viewport.width}.png` });
      await page.keyboard.press('Escape');
      await expect.poll(() => inspector.count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);
  }
});
