// End-to-end: the built page, in real headless Chromium (playwright-core).
// Assertions read what a person sees (text, the URL) and the views' data attributes (counts of
// drawn items), never pixels. Screenshots are written to artifacts/ to be looked at.
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness';

// The built app from the shared static server (globalSetup.ts): a production bundle, as a
// deployment serves it. The dev server (`npm start`) is checked in deploy.test.ts.
let h: Harness;
let base = '';

beforeAll(async () => {
  mkdirSync('artifacts', { recursive: true });
  h = await startHarness();
  base = h.base;
}, 120_000);

afterAll(async () => {
  await h?.close();
});

async function open(
  path: string,
  viewport = { width: 1280, height: 720 },
): Promise<{ page: Page; errors: string[] }> {
  // A context of its own (service workers blocked: a returning visitor, startHarness).
  const context = await h.browser.newContext({ viewport });
  const page = await context.newPage();
  // The page's context goes with it. A page still open when the file ends is closed by the
  // browser's own close (afterAll): its context is then closed already, and the rejection of
  // this second close is expected (left unhandled, it failed a stressed CI run after every test
  // had passed: "Target page, context or browser has been closed").
  page.on('close', () => {
    context.close().catch(() => {});
  });
  // Record every Content-Security-Policy violation the page reports.
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + path);
  return { page, errors };
}

const metric = (page: Page, key: string) =>
  page.locator(`[data-metric="${key}"] .metric-value`).textContent();
const metricValue = async (page: Page, key: string) =>
  Number(await page.locator(`[data-metric="${key}"]`).getAttribute('data-value'));
const attr = async (page: Page, testId: string, name: string) =>
  Number(await page.getByTestId(testId).getAttribute(`data-${name}`));
const simTime = async (page: Page) => Number(await page.getByTestId('sim-time').textContent());

describe('the app in Chromium', () => {
  it('boots the first-visit preset, plays it, and every view draws while the metrics update', async () => {
    const { page, errors } = await open('/');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(2);
    await expect
      .poll(() => metric(page, 'efficiency'), { timeout: 60_000 })
      .toMatch(/^\d+\.\d\d %$/);
    // The views drew what the run produced (counts the views report of what they drew).
    await expect
      .poll(() => attr(page, 'view-loss', 'drops'), { timeout: 60_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => attr(page, 'view-queue', 'drops-drawn')).toBeGreaterThan(0);
    expect(await attr(page, 'view-timeseq', 'points')).toBeGreaterThan(0);
    expect(await attr(page, 'view-cwnd', 'points')).toBeGreaterThan(0);
    expect(await attr(page, 'view-occupancy', 'points')).toBeGreaterThan(0);
    expect(await attr(page, 'view-pervc', 'vcs')).toBe(4);
    // Metrics move as the run goes on.
    const g1 = await metricValue(page, 'goodputMbps');
    const t1 = await simTime(page);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(t1 + 1);
    expect(await metricValue(page, 'goodputMbps')).not.toBe(g1);
    // The bare URL is S0's testbed (the first-visit preset), written out in full.
    const { parseScenario, toQuery } = await import('../../src/sim');
    expect(await page.getByTestId('scenario-query').textContent()).toBe(
      `?${toQuery(parseScenario('preset=s0-testbed').scenario)}`,
    );
    expect(await page.getByTestId('worker-failure').count()).toBe(0);
    expect(await page.getByTestId('url-issues').count()).toBe(0);
    // The Content-Security-Policy is in force (an inline script is refused) and the running
    // app, worker included, never trips it.
    const csp = await page.evaluate(async () => {
      const w = window as unknown as { cspViolations: string[]; inlineRan?: boolean };
      const before = [...w.cspViolations];
      const el = document.createElement('script');
      el.textContent = 'window.inlineRan = true';
      document.head.append(el);
      await new Promise((r) => setTimeout(r, 100));
      return { before, ran: w.inlineRan === true, after: w.cspViolations.slice(before.length) };
    });
    expect(csp.before).toEqual([]);
    expect(csp.ran).toBe(false);
    expect(csp.after).toEqual(['script-src-elem inline']);
    // Chromium logs the refusal as a console error: that one is expected.
    const refused = errors.findIndex((e) => e.startsWith('Executing inline script violates'));
    expect(refused).toBeGreaterThanOrEqual(0);
    errors.splice(refused, 1);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('pauses, single-steps by one event, one frame and 1 ms, and shows the cells of the buffer', async () => {
    const { page } = await open('/?preset=s0-testbed&speed=0.01');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0.05);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    // The pause answer carries the time the worker stopped at; then the clock stands still.
    await page.waitForTimeout(200);
    const t0 = await simTime(page);
    await page.waitForTimeout(400);
    expect(await simTime(page)).toBe(t0);
    await page.getByLabel('Step size').selectOption('ms');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => simTime(page)).toBeCloseTo(t0 + 0.001, 6);
    await page.getByLabel('Step size').selectOption('event');
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => page.getByTestId('last-step').textContent()).toMatch(/stepped: \w+/);
    // At slow speed the queue view draws the buffered cells one by one: once it has drawn the
    // stepped instant (both figures read from one drawing, in one evaluation), all X of them.
    const queue = () =>
      page.getByTestId('view-queue').evaluate((el) => {
        const drawn = Number(el.getAttribute('data-cells-drawn'));
        const x = Number(el.getAttribute('data-x'));
        return { drawn, x, same: drawn === x };
      });
    await expect.poll(async () => (await queue()).same).toBe(true);
    expect((await queue()).x).toBeGreaterThan(0);
    await page.close();
  }, 120_000);

  it('dragging a slider updates the URL, restarts the run and changes the metrics', async () => {
    const { page, errors } = await open('/?duration=4');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(4);
    const before = await metricValue(page, 'efficiency');
    const slider = page.locator('[data-key="bufferCells"] input[type="range"]');
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    // Drag the thumb from its place to near the left end of the track.
    const value = Number(await slider.inputValue());
    const min = Number(await slider.getAttribute('min'));
    const max = Number(await slider.getAttribute('max'));
    const xFrom = box.x + ((value - min) / (max - min)) * box.width;
    await page.mouse.move(xFrom, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.02, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.url(), { timeout: 60_000 }).toMatch(/bufferCells=\d+/);
    const k = Number(/bufferCells=(\d+)/.exec(page.url())![1]);
    expect(k).toBeLessThan(value);
    // The run restarted from 0 with the new buffer and finished with other metrics. (The link
    // changes first: until the new run has started, the old one's end still shows.)
    await expect
      .poll(() => page.getByTestId('scenario-query').textContent())
      .toContain(`bufferCells=${k}`);
    await expect
      .poll(
        async () =>
          (await simTime(page)) === 4 && (await metricValue(page, 'efficiency')) !== before,
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('brushing a time range on one plot zooms every time axis; Reset zoom undoes it', async () => {
    const { page } = await open('/?preset=s2-deadlock&speed=max');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(10);
    // S2's staircase is flagged and shaded as deadlock (b): timeouts, not delayed ACKs.
    expect(await attr(page, 'view-timeseq', 'stalls')).toBeGreaterThanOrEqual(4);
    expect(await attr(page, 'view-timeseq', 'stop-and-go')).toBe(0);
    const brush = page.locator('[data-testid="view-timeseq"] g.brush .overlay');
    await brush.scrollIntoViewIfNeeded();
    const box = (await brush.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => attr(page, 'view-timeseq', 't0')).toBeGreaterThan(2.5);
    const t0 = await attr(page, 'view-timeseq', 't0');
    const t1 = await attr(page, 'view-timeseq', 't1');
    expect(t0).toBeCloseTo(3, 0);
    expect(t1).toBeCloseTo(6, 0);
    for (const id of ['view-cwnd', 'view-occupancy', 'view-loss']) {
      expect(await attr(page, id, 't0'), id).toBe(t0);
      expect(await attr(page, id, 't1'), id).toBe(t1);
    }
    await page.getByTestId('reset-zoom').click();
    await expect.poll(() => attr(page, 'view-cwnd', 't0')).toBe(0);
    await page.close();
  }, 120_000);

  it('shades the stop-and-go deadlock (a) and reports its time in the metrics', async () => {
    const { page, errors } = await open('/?preset=s2-stop-and-go&speed=max');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(10);
    // A view out of sight draws the run's end in a later frame than the clock's (it read 0
    // once in a full run on a busy machine): wait for its bands.
    await expect.poll(() => attr(page, 'view-timeseq', 'stalls')).toBeGreaterThan(40); // one per 200 ms tick
    const bands = await attr(page, 'view-timeseq', 'stalls');
    expect(await attr(page, 'view-timeseq', 'stop-and-go')).toBe(bands);
    expect(await metricValue(page, 'deadlockSecondsMean')).toBeGreaterThan(8);
    expect(await metricValue(page, 'timeouts')).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('with Live on, a policy change applies to the running model without a restart', async () => {
    const { page } = await open('/?duration=60');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(1);
    await page.getByRole('checkbox', { name: 'Live', exact: true }).check();
    const before = await simTime(page);
    await page.locator('[data-key="policy"] select').selectOption('sd');
    await expect.poll(() => page.url()).toContain('policy=sd');
    await page.waitForTimeout(500);
    // The clock kept going from where it was (a restart would show ~0).
    expect(await simTime(page)).toBeGreaterThanOrEqual(before);
    await page.getByRole('checkbox', { name: 'Live', exact: true }).uncheck();
    await page.locator('[data-key="policy"] select').selectOption('fba');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeLessThan(before);
    await page.close();
  }, 120_000);

  it('clicking a drop opens the inspector with the rule inputs the model recorded for it', async () => {
    const query = '?preset=s1-lan-sd&duration=0.5';
    const { page, errors } = await open(`/${query}&speed=max`);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    const loss = page.getByTestId('view-loss');
    await loss.scrollIntoViewIfNeeded();
    // The view shows the run's end (a view out of sight when the run ended draws it in the
    // frames after those in sight).
    await expect.poll(() => attr(page, 'view-loss', 't1')).toBe(0.5);
    await expect.poll(() => attr(page, 'view-loss', 'first-drop-x')).toBeGreaterThanOrEqual(0);
    const fx = await attr(page, 'view-loss', 'first-drop-x');
    const fy = await attr(page, 'view-loss', 'first-drop-y');
    const box = (await loss.locator('canvas').boundingBox())!;
    await page.mouse.click(box.x + fx, box.y + fy);
    const inspector = page.getByTestId('inspector');
    await expect.poll(() => inspector.count()).toBe(1);
    const shown = async (id: string) => (await page.getByTestId(`inspect-${id}`).textContent())!;
    const t = Number((await shown('t')).replace(' s', ''));
    const seq = Number(await shown('seq'));
    // The same run in Node, with the loss probe: find that drop and explain it the same way.
    const { Simulation, parseScenario } = await import('../../src/sim');
    const { explainDrop } = await import('../../src/ui/inspect/explain');
    const { scenario } = parseScenario(query);
    const sim = new Simulation(scenario, { probes: { loss: true } });
    sim.run();
    const l = sim.probes.drain().loss!.columns;
    const i = Array.from(l.t).findIndex((ti, k) => Math.abs(ti - t) < 5e-7 && l.seq[k] === seq);
    expect(i).toBeGreaterThanOrEqual(0);
    const record = {
      t: l.t[i],
      vc: l.vc[i],
      conn: l.conn[i],
      seq: l.seq[i],
      reason: l.reason[i],
      cells: l.cells[i],
      X: l.X[i],
      Xi: l.Xi[i],
      Na: l.Na[i],
      threshold: l.threshold[i],
      extra: l.extra[i],
    };
    const expected = explainDrop(record, scenario);
    for (const v of expected.values) expect(await shown(v.testId), v.name).toBe(v.value);
    expect(expected.values.map((v) => v.testId)).toEqual(
      expect.arrayContaining(['X', 'Xi', 'Na', 'threshold', 'extra']),
    );
    // The segment is ringed in the time-sequence plot (it shows the inspected connection).
    await page
      .getByLabel('Connection shown in the time-sequence plot')
      .selectOption(String(record.conn));
    await expect.poll(() => attr(page, 'view-timeseq', 'highlighted')).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => inspector.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('← → page through a lesson, each step outlining what it names; embed mode keeps the lesson', async () => {
    // Every step's outline, zoom, connection and threshold at its pause: the lesson walk
    // (lessonWalk.test.ts, setupProblems); here the paging from the gallery, on one lesson.
    const { LESSONS } = await import('../../src/ui/lessons/lessons');
    const { page, errors } = await open('/?duration=1');
    const lesson = LESSONS.find((l) => l.id === 'deadlock')!;
    await page.getByTestId('open-gallery').click();
    await page.locator(`[data-lesson="${lesson.id}"]`).click();
    const card = page.getByTestId('lesson-card');
    await expect.poll(() => card.getAttribute('data-lesson')).toBe(lesson.id);
    await expect.poll(() => card.getAttribute('data-step')).toBe('0');
    for (let i = 0; i < lesson.steps.length; i++) {
      const step = lesson.steps[i];
      if (i > 0) await page.keyboard.press('ArrowRight');
      await expect.poll(() => card.getAttribute('data-step')).toBe(String(i));
      expect(await page.getByTestId('lesson-text').textContent()).toContain(step.title);
      if (step.view && !step.compare) {
        await expect
          .poll(() => page.locator(`[data-story-view="${step.view}"]`).getAttribute('class'))
          .toContain('story-focus');
        expect(await page.locator('.story-focus').count()).toBe(1);
      }
    }
    await page.getByRole('button', { name: 'End lesson' }).click();
    await expect.poll(() => page.getByTestId('lesson-card').count()).toBe(0);
    // A lesson opened from a link, in embed mode, resumes at its step.
    await page.goto(`${base}/?lesson=deadlock&step=2&embed=1`);
    await expect.poll(() => page.getByTestId('lesson-card').getAttribute('data-step')).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('lesson-card').getAttribute('data-step')).toBe('0');
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('A/B with identical scenarios gives identical sides; a branch shares A up to the branch time', async () => {
    const { page, errors } = await open('/?preset=s2-deadlock&duration=3&compare=1&speed=max');
    const cell = (side: 'a' | 'b', key: string) =>
      page.locator(`[data-testid="compare-diff"] tr[data-metric="${key}"] td[data-side="${side}"]`);
    await expect
      .poll(() => page.getByTestId('compare-time-a').textContent(), { timeout: 60_000 })
      .toBe('3.000');
    await expect
      .poll(() => page.getByTestId('compare-time-b').textContent(), { timeout: 60_000 })
      .toBe('3.000');
    for (const key of ['efficiency', 'goodputMbps', 'clr', 'timeouts', 'deadlockSecondsMean']) {
      const a = await cell('a', key).getAttribute('data-value');
      expect(a, key).not.toBe('');
      expect(await cell('b', key).getAttribute('data-value'), key).toBe(a);
    }
    // B = A with EPD from 1.5 s on: the sides differ, and the URL holds both.
    await page.getByLabel('B changes').fill('policy=epd');
    await page.getByLabel('Branch at (s)').fill('1.5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.url()).toContain('b.policy=epd');
    expect(page.url()).toContain('branchAt=1.5');
    await expect
      .poll(() => page.getByTestId('compare-time-b').textContent(), { timeout: 60_000 })
      .toBe('3.000');
    await expect
      .poll(async () => Number(await cell('b', 'goodputMbps').getAttribute('data-value')), {
        timeout: 30_000,
      })
      .toBeGreaterThan(Number(await cell('a', 'goodputMbps').getAttribute('data-value')));
    // The branch equals a run that switches policy live at 1.5 s (same state, then EPD).
    const { Simulation, parseScenario } = await import('../../src/sim');
    const a = parseScenario('?preset=s2-deadlock&duration=3').scenario;
    const sim = new Simulation(a, {});
    sim.runUntil(1.5e12);
    expect(sim.applyLive({ ...a, policy: 'epd' })).toBe(true);
    sim.run();
    await expect
      .poll(async () => Number(await cell('b', 'efficiency').getAttribute('data-value')))
      .toBe(sim.metrics().efficiency);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('a scenario URL gives exactly the metrics the CLI prints for the same query', async () => {
    const query = '?preset=s2-deadlock&seed=4&duration=2';
    const { page } = await open(`/${query}`);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'src/cli/sim.ts', '--url', `${base}/${query}`, '--json'],
      { maxBuffer: 1 << 24 },
    );
    const cli = JSON.parse(stdout).metrics as Record<string, number>;
    for (const key of ['efficiency', 'goodputMbps', 'clr', 'fer', 'timeouts', 'prr', 'fairness']) {
      expect(await metricValue(page, key), key).toBe(cli[key]);
    }
    // The app's own (canonical) link replays the same run.
    const canonical = page.url();
    const { page: again } = await open(canonical.slice(base.length));
    await expect.poll(() => simTime(again), { timeout: 60_000 }).toBe(2);
    expect(await metricValue(again, 'efficiency')).toBe(cli.efficiency);
    await again.close();
    await page.close();
  }, 180_000);

  it('a broken link shows a banner naming each rejected key, and the page still runs', async () => {
    const { page, errors } = await open('/?preset=s2-deadlock&duration=2&mtu=abc&bogus=1&embed=7');
    const banner = page.getByTestId('url-issues');
    await expect
      .poll(() => banner.textContent())
      .toContain('mtu: "abc" is not an integer from 128 to 65527 bytes');
    expect(await banner.textContent()).toContain('bogus: unknown parameter');
    expect(await banner.textContent()).toContain('embed: "7" is not 1 or 0');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
    expect(await metric(page, 'timeouts')).toMatch(/^\d+$/);
    expect(await attr(page, 'view-timeseq', 'points')).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('a crashed worker shows the recovery banner; Restart recovers and keeps the scenario', async () => {
    const { page } = await open('/?preset=s2-deadlock&duration=3');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
    const url = page.url();
    // Crash the worker from inside: an uncaught exception in its global scope.
    const [worker] = page.workers();
    await worker.evaluate(() => {
      setTimeout(() => {
        throw new Error('injected crash');
      });
    });
    const banner = page.getByTestId('worker-failure');
    await expect.poll(() => banner.count(), { timeout: 60_000 }).toBe(1);
    expect(await banner.textContent()).toContain('Your scenario is kept');
    expect(page.url()).toBe(url);
    await banner.getByRole('button', { name: 'Restart simulation' }).click();
    await expect.poll(() => banner.count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(3);
    expect(await metric(page, 'timeouts')).toMatch(/^\d+$/);
    await page.close();
  }, 120_000);

  it('embed mode drops the chrome; presenter mode enlarges the text', async () => {
    const { page } = await open('/?preset=s2-deadlock&duration=2&embed=1');
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
    expect(await page.locator('.app-header').count()).toBe(0);
    expect(await page.locator('.sidebar').count()).toBe(0);
    expect(await page.getByTestId('view-timeseq').count()).toBe(1);
    await page.goto(`${base}/?preset=s2-deadlock&duration=2&presenter=1`);
    const size = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(parseFloat(size)).toBeGreaterThanOrEqual(20);
    await page.close();
  }, 120_000);

  it('writes screenshots at projector (1280×720) and full-HD (1920×1080) sizes', async () => {
    // Each at the end of a 3 s run (the same picture every time, whatever the machine's load).
    for (const [w, h, path] of [
      [1280, 720, '/?preset=s2-deadlock&duration=3&speed=max'],
      [1920, 1080, '/?preset=s2-deadlock&duration=3&speed=max'],
      [1280, 720, '/?preset=s0-testbed&theme=dark&duration=3&speed=max'],
    ] as const) {
      const { page, errors } = await open(path, { width: w, height: h });
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(3);
      await expect
        .poll(() => page.getByRole('button', { name: 'Play', exact: true }).count())
        .toBe(1);
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
      );
      const name = path.includes('dark') ? `app-dark-${w}x${h}` : `app-${w}x${h}`;
      await page.screenshot({ path: `artifacts/${name}.png` });
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 240_000);
});
