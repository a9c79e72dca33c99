// Runs in real Chromium (Vitest browser mode): the sweep panel with its pool of real Web
// Workers. Its numbers must equal the sweep core's (the CLI's) for the same points and seeds.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { version } from '../../package.json';
import { parseScenario } from '../../src/sim';
import type { SweepResult } from '../../src/sweep';
import { enumeratePoints, makeResult, makeSpec, runPoint, toJson } from '../../src/sweep';
import { SweepPanel } from '../../src/ui/sweep';

let container: HTMLDivElement;
let root: Root;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // Finished points are kept across reloads (localStorage): each test starts without any.
  localStorage.clear();
  consoleError = vi.spyOn(console, 'error');
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error must not be called').toEqual([]);
});

function render(query: string, onResult?: (r: SweepResult) => void): HTMLElement {
  root = createRoot(container);
  root.render(
    <StrictMode>
      <SweepPanel query={query} onResult={onResult} />
    </StrictMode>,
  );
  return container;
}

const panel = () => container.querySelector<HTMLElement>('[data-testid="sweep-panel"]')!;
const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;

async function setRange(from: string, to: string, step: string) {
  await userEvent.fill(input('from'), from);
  await userEvent.fill(input('to'), to);
  await userEvent.fill(input('step'), step);
}

describe('sweep panel', () => {
  it('runs a sweep on Web Workers with the same numbers as the core, and plots them', async () => {
    const query = 'preset=s0-testbed&duration=0.5';
    const onResult = vi.fn<(r: SweepResult) => void>();
    render(query, onResult);
    await expect.poll(() => panel()).toBeTruthy();
    expect(panel().dataset.state).toBe('idle');
    // Prefilled from the base scenario and the schema: bufferCells, EPD (the base's policy).
    expect(container.querySelector('select')!.value).toBe('bufferCells');
    expect(input('duration').value).toBe('0.5');
    const policies = [...container.querySelectorAll<HTMLInputElement>('input[name="policies"]')];
    expect(policies.filter((c) => c.checked).map((c) => c.value)).toEqual(['epd']);

    // A bad step is reported by key and blocks the run.
    await setRange('1088', '2176', '0');
    await expect
      .poll(() => container.querySelector('[role="alert"]')?.textContent)
      .toMatch(/^bufferCells: step must be > 0/);
    expect(button('Run sweep').disabled).toBe(true);

    await userEvent.fill(input('step'), '1088');
    await expect.poll(() => container.querySelector('[role="alert"]')).toBeNull();
    expect(container.textContent).toContain('2 runs = 2 values × 1 series × 1 seed');
    // Keyboard: Enter in a field submits the form (Run).
    input('step').focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => panel().dataset.state, { timeout: 60_000 }).toBe('done');
    expect(panel().dataset.done).toBe('2');
    expect(container.querySelector('[data-testid="sweep-progress-text"]')!.textContent).toMatch(
      /^2 \/ 2 points · done in /,
    );

    // The core (what the CLI runs) for the same points and seeds.
    const spec = makeSpec({
      base: parseScenario(query).scenario,
      preset: 's0-testbed',
      param: 'bufferCells=1088:2176:1088',
      policies: 'epd',
      seeds: 1,
    });
    const expected = makeResult(
      spec,
      enumeratePoints(spec).map((p) => runPoint(spec, p)),
      { appVersion: version },
    );
    expect(onResult).toHaveBeenCalledTimes(1);
    const got = onResult.mock.calls[0][0];
    expect(got).toEqual(expected);
    expect(toJson(got)).toBe(toJson(expected));
    // And the table shows exactly those numbers.
    const cells = [
      ...container.querySelectorAll<HTMLElement>('[data-testid="sweep-table"] td[data-metric]'),
    ];
    expect(cells.map((c) => [c.dataset.metric, Number(c.dataset.mean)])).toEqual(
      expected.summary!.flatMap((r) => spec.metrics.map((m) => [m, r.metrics[m]!.mean])),
    );

    // The plot: one point per value in each metric's plot, and the published overlay
    // (S0 Fig. 2: EPD efficiency ≈ 0.93 at 1088 cells; fairness > 0.95 at 1088, 1360 and 2176).
    const plots = container.querySelector<HTMLElement>('[data-testid="sweep-plot"]')!;
    expect(plots.dataset.points).toBe('2');
    expect(plots.dataset.published).toBe('4');
    const eff = container.querySelector<SVGSVGElement>(
      '[data-testid="sweep-plot-efficiency"] svg',
    )!;
    expect(eff.dataset.points).toBe('2');
    expect(eff.dataset.published).toBe('1');
    const dots = [...eff.querySelectorAll<SVGCircleElement>('circle.sweep-point')];
    expect(dots.map((d) => [Number(d.dataset.x), Number(d.dataset.y)])).toEqual(
      expected.summary!.map((r) => [r.value, r.metrics.efficiency!.mean]),
    );
    expect(eff.querySelector('path.sweep-line')!.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(eff.querySelectorAll('.sweep-axis .tick').length).toBeGreaterThan(3);
    const marker = eff.querySelector<SVGGElement>('.sweep-published')!;
    expect(marker.dataset.publishedId).toBe('s0-fig2-epd-1088');
    expect(marker.getAttribute('aria-label')).toMatch(/S0 Fig\. 2: Efficiency ≈ 0\.93 .*Jaussi/);
    const fair = container.querySelector<SVGSVGElement>('[data-testid="sweep-plot-fairness"] svg')!;
    expect(fair.dataset.published).toBe('3');
    expect(container.textContent).toContain('Published values overlaid (4)');
    expect(button('Download JSON').disabled).toBe(false);
    expect(button('Download CSV').disabled).toBe(false);
  });

  it('cancel stops the workers and keeps the points done so far', async () => {
    const onResult = vi.fn();
    render('preset=s0-testbed&duration=20', onResult);
    await expect.poll(() => panel()).toBeTruthy();
    await setRange('500', '3000', '250');
    await userEvent.fill(input('seeds'), '3');
    await expect.poll(() => container.textContent).toContain('33 runs = 11 values');
    await userEvent.click(button('Run sweep'));
    await expect.poll(() => panel().dataset.state).toBe('running');
    expect(button('Run sweep').disabled).toBe(true);
    expect(input('from').disabled).toBe(true);
    await userEvent.click(button('Cancel'));
    await expect.poll(() => panel().dataset.state).toBe('cancelled');
    const done = Number(panel().dataset.done);
    expect(done).toBeLessThan(33);
    expect(panel().dataset.total).toBe('33');
    await new Promise((r) => setTimeout(r, 800));
    expect(Number(panel().dataset.done)).toBe(done);
    expect(panel().dataset.state).toBe('cancelled');
    expect(onResult).not.toHaveBeenCalled();
    expect(container.querySelector('[data-testid="sweep-progress-text"]')!.textContent).toMatch(
      /cancelled$/,
    );
    expect(button('Run sweep').disabled).toBe(false);
  });

  it('a screen reader hears the start, at most one word per 5 s while points come in, and the end (WCAG 4.1.3)', async () => {
    render('preset=s0-testbed&duration=0.5');
    await expect.poll(() => panel()).toBeTruthy();
    await setRange('500', '2250', '250');
    await expect.poll(() => container.textContent).toContain('8 runs = 8 values');
    const live = container.querySelector<HTMLElement>('[data-testid="sweep-announce"]')!;
    expect(live.getAttribute('role')).toBe('status');
    // The visible progress line is no live region: it changes with every point.
    const heard: { t: number; text: string }[] = [];
    const watch = new MutationObserver(() =>
      heard.push({ t: performance.now(), text: live.textContent ?? '' }),
    );
    watch.observe(live, { childList: true, characterData: true, subtree: true });
    await userEvent.click(button('Run sweep'));
    await expect.poll(() => panel().dataset.state, { timeout: 60_000 }).toBe('done');
    const end = container.querySelector('[data-testid="sweep-progress-text"]')!.textContent;
    await expect.poll(() => live.textContent).toBe(end);
    watch.disconnect();
    expect(
      container.querySelector('[data-testid="sweep-progress-text"]')!.closest('[aria-live]'),
    ).toBeNull();
    expect(heard[0].text).toBe('0 of 8 points');
    expect(heard.at(-1)!.text).toMatch(/^8 \/ 8 points · done in /);
    // While running: each word at least 5 s after the one before (the end is said at once).
    const running = heard.slice(0, -1);
    for (let i = 1; i < running.length; i++)
      expect(running[i].t - running[i - 1].t).toBeGreaterThanOrEqual(4999);
    expect(new Set(heard.map((h) => h.text)).size).toBe(heard.length);
  });
});
