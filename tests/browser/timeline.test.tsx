// Runs in real Chromium (Vitest browser mode): the scrubbable timeline over a run store filled
// from a real simulation, and the time cursor in a time plot.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { RunStore } from '../../src/ui/data/runStore';
import type { Mark } from '../../src/ui/timeline/marks';
import { computeMarks, zoomAround } from '../../src/ui/timeline/marks';
import { findMark } from '../helpers/marks';
import { Timeline, groupTicks } from '../../src/ui/timeline/Timeline';
import { CwndView } from '../../src/ui/views/timeViews';
import { ViewState } from '../../src/ui/views/viewState';
import { storeFromSim } from '../helpers/storeFromSim';
import { waitFor } from '../helpers/waitFor';

const QUERY = '?preset=s0-testbed&duration=5';
let store: RunStore;
let container: HTMLDivElement;
let root: Root;
let view: ViewState;
let onSeek: Mock<(t: number) => void>;

beforeAll(() => {
  store = storeFromSim(QUERY);
});

beforeEach(async () => {
  container = document.createElement('div');
  container.style.width = '800px';
  document.body.append(container);
  view = new ViewState({ selectedConn: 0 });
  // As the worker answers: the run stands at t, paused.
  onSeek = vi.fn((t: number) => {
    store.t = t;
    store.done = t >= 5;
    store.bump();
  });
  root = createRoot(container);
  root.render(
    <StrictMode>
      <Timeline store={store} view={view} onSeek={onSeek} />
      <CwndView store={store} view={view} height={200} />
    </StrictMode>,
  );
  await waitFor(() => expect(container.querySelector('[role="slider"]')).not.toBeNull());
});

afterEach(() => {
  root.unmount();
  container.remove();
  store.done = true;
  store.t = 5;
});

const slider = () => container.querySelector<HTMLElement>('[role="slider"]')!;
const track = () => container.querySelector<HTMLElement>('.tl-track')!;

describe('Timeline', () => {
  it('is one row: an accessible slider at the reached time, and a tick per mark', async () => {
    const s = slider();
    await waitFor(() =>
      expect(s.getAttribute('aria-valuetext')).toBe('5.000 s of 5.000 s, paused'),
    );
    expect(s.getAttribute('aria-valuemax')).toBe('5.000');
    const marks = computeMarks(store);
    expect(marks.length).toBeGreaterThan(5);
    const r = track().getBoundingClientRect();
    const ticks = groupTicks(marks, 5, r.width);
    expect(ticks.length).toBeGreaterThan(3);
    expect(ticks.length).toBeLessThan(marks.length); // some marks share a tick
    await waitFor(() => expect(container.querySelectorAll('.tl-mark')).toHaveLength(ticks.length));
    expect(
      container.querySelector('.timeline')!.getBoundingClientRect().height,
    ).toBeLessThanOrEqual(32);
    // Each tick sits at the time of its first mark and names every mark it holds.
    const els = [...container.querySelectorAll<HTMLElement>('.tl-mark')];
    ticks.forEach((g, i) => {
      const x = els[i].getBoundingClientRect().left + 1 - r.left;
      expect(x / r.width).toBeCloseTo(g[0].t / 5, 2);
      expect(els[i].title).toBe(g.map((m) => m.label).join('\n'));
    });
    // Marks within a few pixels share a tick; the ticks are apart.
    for (let i = 1; i < ticks.length; i++)
      if (ticks[i][0].kind !== 'deadlock')
        expect(((ticks[i][0].t - ticks[i - 1][0].t) / 5) * r.width).toBeGreaterThanOrEqual(7);
  });

  it('seeks with the arrow keys, Home and End (once the keys settle)', async () => {
    slider().focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider().getAttribute('aria-valuenow')).toBe('4.900');
    await waitFor(() => expect(onSeek).toHaveBeenLastCalledWith(4.9));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(onSeek).toHaveBeenLastCalledWith(0));
    expect(view.get().cursor).toBe(0);
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await waitFor(() => expect(onSeek).toHaveBeenLastCalledWith(0.5));
  });

  it('Escape drops a key move not yet made, and hides the pointer’s time tip (WCAG 1.4.13)', async () => {
    slider().focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(container.querySelector('.tl-tip')?.textContent).toBe('go to 4.950 s');
    await userEvent.keyboard('{Escape}');
    expect(container.querySelector('.tl-tip')).toBeNull();
    await waitFor(() => expect(slider().getAttribute('aria-valuenow')).toBe('5.000'));
    // Longer than the keys take to settle (250 ms): the dropped move is never made.
    await new Promise((r) => setTimeout(r, 600));
    expect(onSeek).not.toHaveBeenCalled();

    // The time under the pointer: Escape hides it, and it stays hidden while the pointer moves
    // on the track; it comes back once the pointer has left and returns.
    const r = track().getBoundingClientRect();
    const at = (f: number) => ({ position: { x: Math.round(r.width * f), y: 4 } });
    await userEvent.hover(track(), at(0.9));
    await waitFor(() => expect(container.querySelector('.tl-tip')?.textContent).toMatch(/ s$/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(container.querySelector('.tl-tip')).toBeNull());
    await userEvent.hover(track(), at(0.8));
    expect(container.querySelector('.tl-tip')).toBeNull();
    await userEvent.unhover(track());
    await userEvent.hover(track(), at(0.85));
    await waitFor(() => expect(container.querySelector('.tl-tip')?.textContent).toMatch(/ s$/));
  });

  it('seeks where the track is clicked', async () => {
    const r = track().getBoundingClientRect();
    // A point between marks (none within 6 px).
    await userEvent.click(track(), { position: { x: Math.round(r.width * 0.9), y: 4 } });
    await waitFor(() => expect(onSeek).toHaveBeenCalledTimes(1));
    const t = onSeek.mock.calls[0][0];
    expect(t).toBeCloseTo((Math.round(r.width * 0.9) / r.width) * 5, 2);
    expect(view.get().cursor).toBe(t);
  });

  it('goes to a mark and zooms around it, from its tick and from the list', async () => {
    const marks = computeMarks(store);
    // A connection's first timeout that leads its tick.
    const els = [...container.querySelectorAll<HTMLElement>('.tl-mark')];
    const lead = (m: Mark) => els.find((el) => el.title.split('\n')[0] === m.label);
    const to = marks.find((m) => m.kind === 'first-timeout' && m.conn! > 0 && lead(m))!;
    const tick = lead(to)!;
    tick.click();
    expect(onSeek).toHaveBeenLastCalledWith(to.t);
    expect(view.get().timeDomain).toEqual(zoomAround(to.t, 5));
    expect(view.get().selectedConn).toBe(to.conn); // its connection in the time-sequence plot

    const epd = findMark(marks, 'first-epd')!;
    await userEvent.click(container.querySelector<HTMLElement>('.tl-marks-menu > button')!);
    const legend = container.querySelector('.tl-legend')!.textContent!;
    expect(legend).toContain('first EPD drop');
    expect(legend).toContain('first timeout');
    const item = [...container.querySelectorAll<HTMLButtonElement>('.tl-list button')].find((b) =>
      b.textContent!.includes(epd.label),
    )!;
    await userEvent.click(item);
    expect(onSeek).toHaveBeenLastCalledWith(epd.t);
    expect(view.get().timeDomain).toEqual(zoomAround(epd.t, 5));
    expect(container.querySelector('.tl-list')).toBeNull(); // the list closed
  });

  it('puts the cursor at the paused time and draws it in the time plots', async () => {
    store.done = false; // paused mid-run
    store.bump();
    await waitFor(() => expect(view.get().cursor).toBe(store.t));
    view.set({ cursor: 2.5, timeDomain: [2, 3] });
    const chart = container.querySelector<HTMLElement>('[data-testid="view-cwnd"]')!;
    await waitFor(() => expect(chart.dataset.cursor).toBe('2.500000'));
    const line = chart.querySelector<SVGLineElement>('line.time-cursor')!;
    // In plot coordinates, halfway across the plot area (the canvas covers exactly it).
    const pw = parseFloat(chart.querySelector('canvas')!.style.width);
    expect(Number(line.getAttribute('x1'))).toBeCloseTo(Math.round(pw / 2) + 0.5, 6);
    // Out of the window: no line.
    view.set({ timeDomain: [3, 4] });
    await waitFor(() => expect(chart.querySelector('line.time-cursor')).toBeNull());
  });
});
