// Runs in real Chromium (Vitest browser mode): the sweep panel opened from a link's settings,
// its finished points kept across a remount (a reload: localStorage per spec and commit), the
// published labels on its plots, and its PNG/SVG export with title, legend and caption.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { userEvent } from 'vitest/browser';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { version } from '../../package.json';
import { parseScenario } from '../../src/sim';
import type { SweepResult } from '../../src/sweep';
import { enumeratePoints, makeResult, makeSpec, runPoint } from '../../src/sweep';
import { SweepPanel } from '../../src/ui/sweep';
import { sweepStorageKey } from '../../src/ui/sweep/persist';
import type { SweepSettings } from '../../src/ui/sweep/urlState';
import { readSweepUrl, sweepParams } from '../../src/ui/sweep/urlState';
import { APP_COMMIT } from '../../src/version';
import { waitFor } from '../helpers/waitFor';

let container: HTMLDivElement;
let root: Root | null = null;
let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  localStorage.clear();
  consoleError = vi.spyOn(console, 'error');
  container = document.createElement('div');
  container.style.width = '1100px';
  document.body.append(container);
});

afterEach(() => {
  root?.unmount();
  root = null;
  container.remove();
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  expect(calls, 'console.error must not be called').toEqual([]);
});

const QUERY = 'preset=s0-testbed&duration=0.3';
const LINK =
  'sweep=1&sweep.param=bufferCells:1088:2176:544&sweep.policies=epd,tail-drop&sweep.metrics=efficiency,fairness&sweep.seeds=1';

function mount(
  search: string,
  onResult?: (r: SweepResult) => void,
  onChange?: (s: SweepSettings) => void,
) {
  root?.unmount();
  root = createRoot(container);
  root.render(
    <StrictMode>
      <SweepPanel
        query={QUERY}
        initial={readSweepUrl(search)}
        onResult={onResult}
        onChange={onChange}
      />
    </StrictMode>,
  );
}

const panel = () => container.querySelector<HTMLElement>('[data-testid="sweep-panel"]')!;
const input = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const button = (text: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === text)!;
const progress = () =>
  container.querySelector('[data-testid="sweep-progress-text"]')?.textContent ?? '';

/** The core's result for the link's sweep (what the CLI gives). */
function expected(duration = '0.3'): SweepResult {
  const spec = makeSpec({
    base: parseScenario(`preset=s0-testbed&duration=${duration}`).scenario,
    param: 'bufferCells=1088:2176:544',
    policies: 'epd,tail-drop',
    seeds: 1,
  });
  return makeResult(
    spec,
    enumeratePoints(spec).map((p) => runPoint(spec, p)),
    { appVersion: version },
  );
}

describe('sweep panel: link, kept points, labels and images', () => {
  it('opens with the link’s settings, reports changes, and names bad keys', async () => {
    const onChange = vi.fn<(s: SweepSettings) => void>();
    mount(`?${LINK}&sweep.seeds=x&sweep.colour=red`, undefined, onChange);
    await expect.poll(() => panel()).toBeTruthy();
    expect(container.querySelector('select')!.value).toBe('bufferCells');
    expect([input('from').value, input('to').value, input('step').value]).toEqual([
      '1088',
      '2176',
      '544',
    ]);
    const checked = [...container.querySelectorAll<HTMLInputElement>('input[name="policies"]')]
      .filter((c) => c.checked)
      .map((c) => c.value);
    expect(checked).toEqual(['tail-drop', 'epd']);
    expect(container.textContent).toContain('6 runs = 3 values × 2 series × 1 seed');
    const issues = container.querySelector('[data-testid="sweep-url-issues"]')!.textContent;
    expect(issues).toContain('sweep.colour: unknown sweep setting');
    // sweep.seeds appears twice: the first value (1) counts, as URLSearchParams.get reads it.
    expect(onChange).toHaveBeenCalled();
    const last = () => onChange.mock.calls[onChange.mock.calls.length - 1][0];
    expect(sweepParams(true, last())).toBe(`&${LINK}`);
    await userEvent.fill(input('seeds'), '3');
    await expect.poll(() => last().seeds).toBe('3');
    expect(sweepParams(true, last())).toContain('sweep.seeds=3');
  });

  it('keeps finished points across a remount (reload) and resumes to the same result', async () => {
    const onResult = vi.fn<(r: SweepResult) => void>();
    // Runs of 1.5 s of model time, to cancel part-way: finished points are stored as they come.
    const link = `?${LINK}&sweep.duration=1.5`;
    // A link that names a sweep this browser kept nothing of runs it at once, no click.
    mount(link, onResult);
    await expect.poll(() => panel()?.dataset.state).toMatch(/running|done/);
    await expect.poll(() => Number(panel().dataset.done), { timeout: 60_000 }).toBeGreaterThan(0);
    button('Cancel').click();
    await expect.poll(() => panel().dataset.state).toMatch(/cancelled|done/);
    const done = Number(panel().dataset.done);

    // "Reload": a new panel from the same link finds the points of this spec and commit.
    mount(link, onResult);
    await expect.poll(() => panel()?.dataset.state).toMatch(/kept|done/);
    expect(Number(panel().dataset.done)).toBe(done);
    expect(panel().dataset.total).toBe('6');
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(6);
    expect(progress()).toBe(
      `${done} / 6 points · kept from an earlier session; Run sweep runs the other ${6 - done}`,
    );
    await userEvent.click(button('Run sweep'));
    await expect.poll(() => panel().dataset.state, { timeout: 60_000 }).toBe('done');
    expect(progress()).toContain(`(${done} kept from an earlier session)`);
    const want = expected('1.5');
    const got = onResult.mock.calls[onResult.mock.calls.length - 1][0];
    expect(got).toEqual(want);

    // Once more: everything is kept, nothing to run.
    mount(link);
    await expect.poll(() => panel()?.dataset.state).toBe('done');
    expect(progress()).toBe('6 / 6 points · done, kept from an earlier session');
    const cells = [
      ...container.querySelectorAll<HTMLElement>('[data-testid="sweep-table"] td[data-metric]'),
    ];
    expect(cells.map((c) => Number(c.dataset.mean))).toEqual(
      want.summary!.flatMap((r) => [r.metrics.efficiency!.mean, r.metrics.fairness!.mean]),
    );

    // Points stored by another build (commit) are not used.
    const key = sweepStorageKey(
      makeSpec({
        base: parseScenario(`preset=s0-testbed&duration=1.5`).scenario,
        param: 'bufferCells=1088:2176:544',
        policies: 'epd,tail-drop',
        seeds: 1,
      }),
    );
    expect(key).toContain(`:${APP_COMMIT}:`);
    const text = localStorage.getItem(key)!;
    localStorage.clear();
    localStorage.setItem(key.replace(`:${APP_COMMIT}:`, ':0000000:'), text);
    mount(link);
    // Nothing of this build kept: the link's sweep runs again from its first point.
    await expect.poll(() => panel()?.dataset.state).toMatch(/running|done/);
    expect(progress()).not.toContain('kept');
    button('Cancel')?.click();
    await expect.poll(() => panel().dataset.state).toMatch(/cancelled|done/);
  });

  it('labels each published source once, clear of the markers; exports PNG and SVG with title, legend, caption and link', async () => {
    mount(`?${LINK}`);
    await expect.poll(() => panel()).toBeTruthy();
    await expect.poll(() => panel().dataset.state, { timeout: 60_000 }).toBe('done');

    const fair = container.querySelector<SVGSVGElement>('[data-testid="sweep-plot-fairness"] svg')!;
    // S0 Fig. 2 gives fairness bounds at several buffer sizes: one label for its markers.
    const markers = [...fair.querySelectorAll('.sweep-published')].map(
      (g) => g.getAttribute('aria-label')!.split(':')[0],
    );
    expect(markers.filter((l) => l === 'S0 Fig. 2').length).toBeGreaterThanOrEqual(3);
    const labels = [...fair.querySelectorAll<SVGTextElement>('.sweep-published-labels text')];
    expect(labels.map((t) => t.textContent)).toEqual([...new Set(markers)]);
    expect(labels.filter((t) => t.textContent === 'S0 Fig. 2')).toHaveLength(1);
    const hit = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    for (const l of labels)
      for (const m of fair.querySelectorAll('.sweep-published path'))
        expect(hit(l.getBoundingClientRect(), m.getBoundingClientRect())).toBe(false);

    // Downloads go through an <a download> click: catch them.
    const clicks: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ name: this.download, href: this.href });
    });
    await userEvent.click(button('Download SVG'));
    await userEvent.click(button('Download PNG'));
    await waitFor(() => expect(clicks).toHaveLength(2));
    click.mockRestore();
    expect(clicks.map((c) => c.name)).toEqual(['sweep-bufferCells.svg', 'sweep-bufferCells.png']);
    const svgText = await (await fetch(clicks[0].href)).text();
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const frame = [...doc.querySelectorAll('g.frame text')].map((t) => t.textContent ?? '');
    expect(frame[0]).toBe(
      'TCP-over-ATM Lab sweep: Efficiency, Fairness (Jain) against Buffer size K',
    );
    expect(frame).toEqual(expect.arrayContaining(['policy epd', 'policy tail-drop']));
    expect(frame.some((t) => t.startsWith('S0 Fig. 2 (◆ value, ▲▼ bound): Jaussi'))).toBe(true);
    const caption = doc.querySelector('desc')!.textContent!;
    expect(caption).toContain('Run complete: 6 of 6 runs, 0.3 s simulated each');
    expect(caption).toContain(`commit ${APP_COMMIT}`);
    const link = container.querySelector<HTMLAnchorElement>('[data-testid="sweep-link"]')!.href;
    expect(caption).toContain(`Reopen the sweep: ${link}`);
    // The link reopens this sweep: the same settings.
    const reopened = readSweepUrl(new URL(link).search);
    expect(reopened.issues).toEqual([]);
    expect(reopened.settings).toMatchObject({
      param: 'bufferCells',
      from: '1088',
      to: '2176',
      step: '544',
      series: ['epd', 'tail-drop'],
      seeds: '1',
    });
    // Both plots are in the image, as SVG with their computed colours inlined.
    expect(doc.querySelectorAll('svg svg')).toHaveLength(2);
    const png = await createImageBitmap(await (await fetch(clicks[1].href)).blob());
    const width = Number(doc.documentElement.getAttribute('width'));
    const height = Number(doc.documentElement.getAttribute('height'));
    expect([png.width, png.height]).toEqual([width * 2, height * 2]);
    expect(height).toBeGreaterThan(container.querySelector('.sweep-plots')!.clientHeight);
  });
});
