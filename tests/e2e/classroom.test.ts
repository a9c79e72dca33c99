// Classroom-ready, as a person sees it in real Chromium: the first visit (a named preset, its
// description, a welcome that is remembered and never embedded), a preset with changes, the
// phone and tablet layouts with touch, presenter mode on a 1280×720 projector, and the deadlock
// time reported per connection.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { dataAttr, openPage, simTime, startHarness, stillLayout } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const VIEWS = [
  'view-queue',
  'view-pervc',
  'view-timeseq',
  'view-cwnd',
  'view-occupancy',
  'view-loss',
] as const;

/** The rectangles of the elements matched by `selector`, with a label for messages. */
/**
 * A press released in place with no click after it, as the page receives it: a finger's
 * pointerdown and pointerup at `at`, or a mouse's main button's, one pixel to its right (not
 * exactly where a tap would be).
 */
async function pressInPlace(page: Page, at: { x: number; y: number }, kind: 'touch' | 'mouse') {
  await page.evaluate(
    ({ x, y, kind }) => {
      const target = document.elementFromPoint(x, y)!;
      const mouse = kind === 'mouse';
      for (const type of ['pointerdown', 'pointerup'])
        target.dispatchEvent(
          new PointerEvent(type, {
            bubbles: true,
            clientX: mouse ? x + 1 : x,
            clientY: y,
            ...(mouse ? { button: 0 } : {}),
            pointerId: mouse ? 1 : 7,
            pointerType: kind,
            isPrimary: true,
          }),
        );
    },
    { ...at, kind },
  );
}

async function rects(page: Page, selector: string) {
  return page.evaluate((sel) => {
    return [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((e) => e.offsetParent !== null)
      .map((e) => {
        const r = e.getBoundingClientRect();
        const label = (e.getAttribute('aria-label') || e.textContent || e.tagName).trim();
        return { label: label.slice(0, 40), l: r.left, r: r.right, t: r.top, b: r.bottom };
      });
  }, selector);
}
type Rect = Awaited<ReturnType<typeof rects>>[number];
const overlaps = (a: Rect, b: Rect) =>
  a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
const inside = (a: Rect, box: Rect) =>
  a.l >= box.l - 0.5 && a.r <= box.r + 0.5 && a.t >= box.t - 0.5 && a.b <= box.b + 0.5;

describe('a first visit', () => {
  it('the bare URL opens S0’s testbed by name, with its description and a welcome', async () => {
    const { page, errors, close } = await openPage(h, '/');
    const picker = page.getByLabel('Preset', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe('s0-testbed');
    const chosen = await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text);
    expect(chosen).toBe('S0 testbed: EPD (b = 1) at one window of buffer');
    // The description is one line until asked for; opened, it says what the preset stands for.
    await page.getByTestId('about-toggle').click();
    const desc = page.getByTestId('preset-description');
    await expect.poll(() => desc.textContent()).toContain('S0 Fig. 2');
    expect(await desc.textContent()).toMatch(
      /^S0 testbed: EPD \(b = 1\) at one window of buffer\./,
    );
    const welcome = page.getByTestId('welcome');
    expect(await welcome.textContent()).toContain('lesson');
    // Its button opens the lessons, and the welcome stays dismissed.
    await welcome.getByRole('button', { name: 'Start a lesson' }).click();
    await expect.poll(() => page.getByTestId('welcome').count()).toBe(0);
    expect(await page.getByTestId('open-gallery').getAttribute('aria-expanded')).toBe('true');
    await page.reload();
    await expect.poll(() => picker.inputValue()).toBe('s0-testbed');
    expect(await page.getByTestId('welcome').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('"Got it" dismisses the welcome for good; embed=1 never shows it', async () => {
    const first = await openPage(h, '/?preset=s2-deadlock');
    await first.page.getByTestId('welcome').getByRole('button', { name: 'Got it' }).click();
    expect(await first.page.getByTestId('welcome').count()).toBe(0);
    await first.page.goto(h.base + '/?preset=s1-lan-sd');
    await first.page.getByLabel('Preset', { exact: true }).waitFor();
    expect(await first.page.getByTestId('welcome').count()).toBe(0);
    await first.close();
    const embed = await openPage(h, '/?embed=1');
    await embed.page.getByTestId('view-queue').waitFor();
    expect(await embed.page.getByTestId('welcome').count()).toBe(0);
    expect(await embed.page.getByTestId('preset-description').count()).toBe(0);
    expect(embed.errors).toEqual([]);
    await embed.close();
  });
});

describe('a preset with changes', () => {
  it('keeps its name and description, names the changed keys, and resets to the preset', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock&duration=5');
    const picker = page.getByLabel('Preset', { exact: true });
    await expect.poll(() => picker.inputValue()).toBe('s2-deadlock');
    expect(await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)).toBe(
      'S2: the CBR throughput deadlock (modified)',
    );
    await page.getByTestId('about-toggle').click();
    const desc = page.getByTestId('preset-description');
    expect(await desc.textContent()).toContain('S2 Fig. 3');
    const changes = page.getByTestId('preset-changes');
    expect(await changes.textContent()).toContain('Duration duration 5 s (preset 10 s)');
    // The URL keeps the scenario whole and names the preset it came from.
    await expect.poll(() => page.url()).toContain('from=s2-deadlock');
    expect(page.url()).toContain('duration=5');
    // A change in the settings adds to the list.
    await page.getByLabel('Buffer size K value in cells').fill('3000');
    await page.getByLabel('Buffer size K value in cells').press('Enter');
    await expect.poll(() => changes.textContent()).toContain('bufferCells 3000 cells');
    // A fresh tab given the link shows the same.
    await expect.poll(() => page.url()).toContain('bufferCells=3000');
    const shared = await openPage(h, new URL(page.url()).pathname + new URL(page.url()).search);
    await expect
      .poll(() => shared.page.getByTestId('preset-changes').textContent())
      .toContain('bufferCells 3000 cells');
    await shared.close();
    // Reset to preset: the preset itself, unmodified, and the URL without from=.
    await page.getByRole('button', { name: 'Reset to preset' }).click();
    expect(await page.getByTestId('preset-changes').count()).toBe(0);
    expect(await picker.evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)).toBe(
      'S2: the CBR throughput deadlock',
    );
    await expect.poll(() => page.url()).not.toContain('from=');
    expect(page.url()).not.toContain('duration=5');
    expect(errors).toEqual([]);
    await close();
  });

  it('the picker lists every preset by paper, with full titles', async () => {
    const { page, close } = await openPage(h, '/?preset=s4-ubr-plus');
    const groups = await page
      .getByLabel('Preset', { exact: true })
      .evaluate((s: HTMLSelectElement) =>
        [...s.querySelectorAll('optgroup')].map((g) => [g.label.slice(0, 2), g.children.length]),
      );
    expect(groups.map((g) => g[0])).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'Cl']);
    // The chosen title, 60 characters, is shown whole.
    const picker = page.getByLabel('Preset', { exact: true });
    const fits = await picker.evaluate((s: HTMLSelectElement) => {
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(s).font;
      probe.style.whiteSpace = 'pre';
      probe.textContent = s.selectedOptions[0].text;
      document.body.append(probe);
      const w = probe.getBoundingClientRect().width;
      probe.remove();
      return { text: s.selectedOptions[0].text, need: w, have: s.clientWidth };
    });
    expect(fits.text).toBe('S4: 7 staggered sources on 1.5 Mbit/s: UBR+ (Selective Drop)');
    expect(fits.have).toBeGreaterThan(fits.need);
    await close();
  });
});

describe('phone and tablet', () => {
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['tablet', { width: 768, height: 1024 }],
  ] as const) {
    it(`${name} ${viewport.width}×${viewport.height}: no sideways scroll, every view full width`, async () => {
      const { page, errors, close } = await openPage(h, '/?preset=s1-dfba-50&duration=2', {
        viewport,
        hasTouch: true,
        isMobile: true,
      });
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0.1);
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]);
      const main = (await page.locator('main.main').boundingBox())!;
      for (const v of VIEWS) {
        const b = (await page.getByTestId(v).boundingBox())!;
        expect(b.width, v).toBeGreaterThan(0);
        expect(b.height, v).toBeGreaterThan(0);
        expect(b.x + b.width, v).toBeLessThanOrEqual(viewport.width);
      }
      // On a phone each view takes the main column's width (one column of views).
      if (name === 'phone') {
        for (const v of VIEWS) {
          const b = (await page.getByTestId(v).boundingBox())!;
          expect(b.width, v).toBeGreaterThan(main.width * 0.8);
        }
        // The settings column does not sit beside the views.
        const side = (await page.locator('aside.sidebar').boundingBox())!;
        expect(side.width).toBeGreaterThan(main.width * 0.9);
      }
      // The header's tools: behind a menu on the phone, reachable and inside the screen.
      const menu = page.getByRole('button', { name: '☰ Menu' });
      if (name === 'phone') {
        expect(await page.getByTestId('open-gallery').isVisible()).toBe(false);
        await menu.click();
      }
      for (const r of await rects(page, '.header-tools button')) {
        expect(r.r, r.label).toBeLessThanOrEqual(viewport.width);
        expect(r.l, r.label).toBeGreaterThanOrEqual(0);
      }
      await page.getByTestId('open-gallery').click();
      await expect.poll(() => page.getByText('Plain UBR collapses').count()).toBeGreaterThan(0);
      const after = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(after).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it('touch: a drag zooms the time plots, a tap on a drop opens the inspector', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s1-lan-sd&duration=0.5&speed=max', {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.5);
    const chart = page.getByTestId('view-timeseq');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.locator('svg').first().boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const at = (f: number) => [{ x: box.x + box.width * f, y, id: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.3) });
    for (let i = 1; i <= 8; i++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: at(0.3 + i * 0.05),
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const reset = page.getByTestId('reset-zoom');
    await expect.poll(() => reset.count()).toBe(1);
    const [z0, z1] = (await reset.textContent())!.match(/[\d.]+/g)!.map(Number);
    expect(z0).toBeGreaterThan(0.05);
    expect(z1).toBeLessThan(0.45);
    expect(z1 - z0).toBeGreaterThan(0.1);
    await reset.click();
    await expect.poll(() => reset.count()).toBe(0);
    // Tap the first drop in the loss raster, once the un-zoomed drawing and the
    // scrolled page (the phone's sticky bar and sheet) have settled: the same
    // drop position and canvas box on two reads a frame apart.
    const loss = page.getByTestId('view-loss');
    await loss.scrollIntoViewIfNeeded();
    const where = async () => {
      const b = await loss.locator('canvas').boundingBox();
      const fx = await dataAttr(page, 'view-loss', 'first-drop-x');
      const fy = await dataAttr(page, 'view-loss', 'first-drop-y');
      if (!b || fx < 0) return null;
      const p = { x: b.x + fx, y: b.y + fy };
      // Nothing (a sticky bar, the sheet, a toast) lies over the drop.
      const hit = await page.evaluate(
        ({ x, y }) =>
          (document.elementFromPoint(x, y)?.closest('[data-testid="view-loss"]') ?? null) !== null,
        p,
      );
      return hit ? p : null;
    };
    /** The drop's place once it stands still: the same on two reads a frame apart. */
    const settled = async () => {
      let at: { x: number; y: number } | null = null;
      await expect
        .poll(async () => {
          const a = await where();
          await page.evaluate(
            () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          );
          const b = await where();
          at = a && b && a.x === b.x && a.y === b.y ? a : null;
          return at !== null;
        })
        .toBe(true);
      return at as unknown as { x: number; y: number };
    };
    const tapAt = await settled();
    await page.touchscreen.tap(tapAt.x, tapAt.y);
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(1);
    expect(await page.getByTestId('inspect-seq').textContent()).toMatch(/^\d+$/);
    // A tap the browser makes no click of (it does not when it takes the touch for the end of
    // a fling, or on a busy phone): the finger's pointerdown and pointerup alone pick the drop.
    await page.getByRole('button', { name: 'Close the inspector' }).click();
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(0);
    // Where the drop is once the page has settled after the inspector (closing it gives the
    // focus back, which may scroll the page): the same place on two reads a frame apart.
    const pressAt = await settled();
    await pressInPlace(page, pressAt, 'touch');
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(1);
    // So does a mouse press released in place with no click after it (the brush eats the
    // click when a move comes between, as Chromium's own move after a scroll does).
    await page.getByRole('button', { name: 'Close the inspector' }).click();
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(0);
    await pressInPlace(page, pressAt, 'mouse');
    await expect.poll(() => page.getByTestId('inspector').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the time plots’ labels', () => {
  // A tick's label never runs under the time axis's title ("time (s)", at its right end), and
  // a threshold's label is whole inside its plot (K at the top goes under its line), on a
  // phone and on a projector.
  for (const [name, viewport, extra] of [
    ['a 390×844 phone', { width: 390, height: 844 }, ''],
    ['a 1280×720 projector', { width: 1280, height: 720 }, '&presenter=1'],
  ] as const)
    it(`are clear of each other on ${name}`, async () => {
      const { page, errors, close } = await openPage(
        h,
        `/?preset=parking-lot-fba&duration=30&t=12${extra}`,
        { viewport },
      );
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(12);
      const charts = page.locator('.chart');
      await expect.poll(() => page.locator('.chart .x-axis .tick').count()).toBeGreaterThan(8);
      let ticks = 0;
      for (let i = 0; i < (await charts.count()); i++) {
        const chart = charts.nth(i);
        await chart.scrollIntoViewIfNeeded();
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const box = await chart.evaluate((c) => {
          const rect = (e: Element, label: string) => {
            const r = e.getBoundingClientRect();
            return { label, l: r.left, r: r.right, t: r.top, b: r.bottom };
          };
          const title = [...c.querySelectorAll('text.axis-label')].find(
            (t) => t.textContent === 'time (s)',
          )!;
          return {
            chart: rect(c.querySelector('svg')!, 'svg'),
            title: rect(title, 'time (s)'),
            ticks: [...c.querySelectorAll('.x-axis .tick text')].map((t) =>
              rect(t, t.textContent ?? ''),
            ),
            thresholds: [...c.querySelectorAll('.threshold-label')].map((t) =>
              rect(t, t.textContent ?? ''),
            ),
          };
        });
        for (const t of box.ticks) {
          ticks++;
          expect(overlaps(t, box.title), `tick ${t.label} under "time (s)"`).toBe(false);
        }
        for (const t of box.thresholds) expect(inside(t, box.chart), t.label).toBe(true);
        for (const [i, a] of box.thresholds.entries())
          for (const b of box.thresholds.slice(i + 1))
            expect(overlaps(a, b), `${a.label} over ${b.label}`).toBe(false);
      }
      expect(ticks).toBeGreaterThan(8);
      expect(errors).toEqual([]);
      await close();
    }, 180_000);
});

describe('the buffer plot’s threshold labels', () => {
  it('K and EPD’s R just under it keep clear of each other (1366×768 projector)', async () => {
    const { page, errors, close } = await openPage(
      h,
      '/?preset=s0-testbed&duration=0.3&bufferCells=900&presenter=1',
      { viewport: { width: 1366, height: 768 } },
    );
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(0.3);
    const chart = page.getByTestId('view-occupancy');
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.locator('.threshold-label').count()).toBe(2);
    const labels = await chart.locator('.threshold-label').evaluateAll((ts) =>
      ts.map((t) => {
        const r = t.getBoundingClientRect();
        return { label: t.textContent ?? '', l: r.left, r: r.right, t: r.top, b: r.bottom };
      }),
    );
    expect(labels.map((l) => l.label)).toEqual(['K = 900', 'EPD threshold R = 809']);
    // Before: "K = 900" below its line and "R = 809" above its own, 4 px apart, one over the other.
    expect(overlaps(labels[0], labels[1]), JSON.stringify(labels)).toBe(false);
    expect(errors).toEqual([]);
    await close();
  }, 120_000);
});

describe('presenter mode on a 1280×720 projector', () => {
  it('no control or label of the settings, header or switch buffer is clipped or overlaps another', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s1-dfba-50&presenter=1&speed=max', {
      viewport: { width: 1280, height: 720 },
    });
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Pause' }).click();
    // Presenter mode starts with the settings folded (the plots take the width); open them.
    await page.getByRole('button', { name: '▶ Settings' }).click();
    // The views take their new width on the next frames (their size observers), then measure.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await stillLayout(page, ['aside.sidebar', '[data-testid^="panel-"]']);
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    // The settings panel: every field inside the panel, and within a field's head the label,
    // the help button, the value and the reset icon do not overlap.
    const side = (await rects(page, 'aside.sidebar'))[0];
    const inner = { ...side, r: side.r - 8 }; // inside its scrollbar-free padding
    const fields = await page.locator('aside.sidebar .sc-field').count();
    expect(fields).toBeGreaterThan(10);
    for (const f of await rects(
      page,
      'aside.sidebar .sc-field input, aside.sidebar .sc-field select, aside.sidebar .sc-field button',
    ))
      expect(f.r, `${f.label} inside the settings panel`).toBeLessThanOrEqual(inner.r + 8.5);
    const heads = await page.evaluate(() =>
      [...document.querySelectorAll('aside.sidebar .sc-head')].map((head) =>
        [...head.children]
          .filter((c) => (c as HTMLElement).offsetParent !== null)
          .map((c) => {
            const r = c.getBoundingClientRect();
            return {
              label: (c.textContent || c.className).trim().slice(0, 30),
              l: r.left,
              r: r.right,
              t: r.top,
              b: r.bottom,
            };
          }),
      ),
    );
    let pairs = 0;
    for (const items of heads)
      for (let i = 0; i < items.length; i++)
        for (let j = i + 1; j < items.length; j++) {
          pairs++;
          expect(overlaps(items[i], items[j]), `${items[i].label} / ${items[j].label}`).toBe(false);
        }
    expect(pairs).toBeGreaterThan(20);
    // The header and playback controls: inside the page, none over another.
    const controls = [
      ...(await rects(page, '.app-header button, .app-header select')),
      ...(await rects(page, '.playback button, .playback select, .playback label')),
    ];
    const pageBox = { label: 'page', l: 0, r: 1280, t: -1e6, b: 1e6 };
    for (const c of controls) expect(inside(c, pageBox), c.label).toBe(true);
    const hdr = await rects(page, '.app-header button, .app-header select');
    for (let i = 0; i < hdr.length; i++)
      for (let j = i + 1; j < hdr.length; j++)
        expect(overlaps(hdr[i], hdr[j]), `${hdr[i].label} / ${hdr[j].label}`).toBe(false);
    // Under the switch buffer, the latest drop's label does not share the caption's line when
    // both do not fit: the view puts it on a line of its own.
    await page.getByTestId('view-queue').scrollIntoViewIfNeeded();
    expect(await dataAttr(page, 'view-queue', 'caption-lines')).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('a lesson at 1366×768', () => {
  it('the lesson card never covers the view a step points at', async () => {
    const { page, errors, close } = await openPage(h, '/?lesson=epd-fairness&step=2', {
      viewport: { width: 1366, height: 768 },
    });
    const card = page.getByTestId('lesson-card');
    await card.waitFor();
    await page.getByRole('button', { name: '‹ Previous' }).click();
    const pervc = page.locator('[data-story-view="pervc"]');
    await expect.poll(() => pervc.getAttribute('class')).toContain('story-focus');
    const c = (await card.boundingBox())!;
    const v = (await pervc.boundingBox())!;
    expect(c.x + c.width <= v.x || v.x + v.width <= c.x).toBe(true);
    expect(v.y + v.height).toBeLessThanOrEqual(768);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('deadlock time', () => {
  it('is shown per connection, mean and worst, never more than the run', async () => {
    const { page, errors, close } = await openPage(
      h,
      '/?preset=s1-lan-tail-drop&duration=5&speed=max',
    );
    await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(5);
    const card = page.locator('[data-metric="deadlockSecondsMean"]');
    const mean = Number(await card.getAttribute('data-value'));
    const text = (await card.textContent())!;
    const worst = Number(text.match(/worst ([\d.]+) s/)![1]);
    expect(text).toContain('Deadlock time per conn.');
    expect(mean).toBeGreaterThan(0);
    expect(worst).toBeGreaterThanOrEqual(mean - 0.005);
    expect(worst).toBeLessThanOrEqual(5);
    expect(await page.locator('[data-metric="deadlockSeconds"]').count()).toBe(0);
    // The shading: stalls of several connections that overlap or touch are one band.
    await page.getByLabel('Time window').selectOption('all');
    await page.getByLabel('Connection shown in the time-sequence plot').selectOption('-1');
    await expect.poll(() => dataAttr(page, 'view-timeseq', 'stalls')).toBeGreaterThan(3);
    // Both figures come from one redraw of every connection: wait until it has landed.
    await expect
      .poll(
        async () =>
          (await dataAttr(page, 'view-timeseq', 'stall-bands')) <
          (await dataAttr(page, 'view-timeseq', 'stalls')),
      )
      .toBe(true);
    const stalls = await dataAttr(page, 'view-timeseq', 'stalls');
    const bands = await dataAttr(page, 'view-timeseq', 'stall-bands');
    expect(bands).toBeGreaterThan(0);
    expect(bands).toBeLessThan(stalls);
    expect(errors).toEqual([]);
    await close();
  });
});
