// Accessibility: axe-core's rules run against the real page (Vite dev server, headless Chromium)
// once the simulation streams and the views have drawn, in the default, dark and presenter
// presentations. Serious and critical violations fail the test; moderate and minor ones are
// printed for information.
import axe from 'axe-core';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { dataAttr, openPage, simTime, startHarness } from './harness';
import type { Finding } from './axe';
import { auditWcag, describeFinding } from './axe';
import { readFile } from 'node:fs/promises';
import { READY_CHALLENGES, readyLink } from '../../src/ui/challenges/library';
import { TABLE_CAP, TABLE_NUMBER, TABLE_VIEWS } from '../../src/ui/export/dataTable';
import { parseCsv, readCsvTable } from '../helpers/exportCsv';
import { splitComments } from '../../src/io/csv';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

/** Waits until the clock has moved past 0 and the views have drawn a batch. */
async function waitUntilDrawn(page: Page) {
  await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('tal:first-frame').length), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => dataAttr(page, 'view-occupancy', 'points'), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(() => dataAttr(page, 'view-timeseq', 'points'), { timeout: 60_000 })
    .toBeGreaterThan(0);
}

async function audit(page: Page): Promise<Finding[]> {
  // The page's CSP (`script-src 'self'`, a <meta> in index.html) blocks inline <script>
  // elements, so `page.addScriptTag({ content: axe.source })` would be refused. We evaluate the
  // source through the DevTools protocol instead (`page.evaluate`), which CSP does not govern.
  // This keeps the CSP in force for everything else, so the page is audited exactly as it runs
  // for users; `bypassCSP: true` on the context would also work but turns the whole policy off.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const w = window as unknown as { axe: typeof import('axe-core') };
    const r = await w.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')),
      summary: v.nodes[0]?.failureSummary ?? '',
    }));
  });
}

describe('accessibility (axe-core)', () => {
  for (const [name, path] of [
    ['default', '/'],
    ['dark theme', '/?theme=dark'],
    ['presenter mode', '/?presenter=1'],
    ['a lesson asking for a prediction', '/?lesson=ubr-collapse&step=2'],
    ['a lesson at its moment, dark theme', '/?lesson=deadlock&step=1&theme=dark'],
  ] as const) {
    it(`${name}: no serious or critical violations while the run streams`, async () => {
      const { page, close } = await openPage(h, path);
      try {
        await waitUntilDrawn(page);
        const findings = await audit(page);
        const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
        const other = findings.filter((f) => !blocking.includes(f));
        if (other.length)
          console.info(`[a11y ${name}] non-blocking:\n${other.map(describeFinding).join('\n')}`);
        expect(
          blocking,
          `${blocking.length} serious/critical axe violation(s) on ${path}:\n` +
            blocking.map(describeFinding).join('\n'),
        ).toEqual([]);
      } finally {
        await close();
      }
    }, 180_000);
  }
});

// Challenges (src/ui/challenges): a challenge link (its card, locked settings, the check after
// the run), the "Make a challenge" dialog and the teacher notes page.
describe('accessibility of challenges (axe-core)', () => {
  const blockingOf = (findings: Finding[]) =>
    findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  for (const [name, path, prepare] of [
    [
      'a challenge link, checked',
      readyLink(READY_CHALLENGES[0]),
      (p: Page) =>
        p.locator('[data-testid=challenge-result] [data-pass]').waitFor({ timeout: 60_000 }),
    ],
    [
      'the Make a challenge dialog (dark)',
      '/?preset=s0-testbed&theme=dark',
      async (p: Page) => {
        await p.getByTestId('open-challenge-builder').click();
        await p.getByTestId('challenge-builder').waitFor();
      },
    ],
    [
      'the teacher notes',
      '/?page=teacher',
      (p: Page) => p.getByTestId('teacher-page').waitFor({ timeout: 60_000 }),
    ],
  ] as const) {
    it(`${name}: no serious or critical violations`, async () => {
      const { page, close } = await openPage(h, path);
      try {
        await prepare(page);
        const blocking = blockingOf(await audit(page));
        expect(
          blocking,
          `${blocking.length} serious/critical axe violation(s) on ${name}:\n` +
            blocking.map(describeFinding).join('\n'),
        ).toEqual([]);
      } finally {
        await close();
      }
    }, 180_000);
  }
});

// WCAG 2.2 A and AA: axe's rules of those tags only, every finding counts, on the
// main page (its run drawn), the Papers page and the teacher notes, in both themes, on a
// projector's 1366×768 and a phone's 390×844.
describe('WCAG 2.2 AA (axe-core, wcag2a/2aa/21aa/22aa tags): 0 violations', () => {
  const screens = [
    { name: '1366×768', options: { viewport: { width: 1366, height: 768 } } },
    {
      name: '390×844',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ];
  const pages: [string, string, (p: Page) => Promise<unknown>][] = [
    // The main page: paused at t = 2 s, before and after its tables open (below); streaming,
    // in the first block.
    [
      'Papers page',
      '/?page=reproduce',
      (p) => p.getByTestId('papers-picture').waitFor({ timeout: 60_000 }),
    ],
    [
      'teacher page',
      '/?page=teacher',
      (p) => p.getByTestId('teacher-page').waitFor({ timeout: 60_000 }),
    ],
  ];
  for (const [name, path, ready] of pages)
    for (const theme of ['light', 'dark'])
      for (const s of screens)
        it(`${name}, ${theme}, ${s.name}`, async () => {
          const { page, close } = await openPage(h, `${path}&theme=${theme}`, s.options);
          try {
            await ready(page);
            const findings = await auditWcag(page);
            console.info(
              `[axe wcag] ${name}, ${theme}, ${s.name}: ${findings.length} rule(s) violated, ` +
                `${findings.reduce((n, f) => n + f.nodes, 0)} element(s)` +
                (findings.length
                  ? ` (${findings.map((f) => `${f.id}×${f.nodes}`).join(', ')})`
                  : ''),
            );
            expect(findings, findings.map(describeFinding).join('\n')).toEqual([]);
          } finally {
            await close();
          }
        }, 180_000);
});

// The described simulation: each view's state in words as its accessible
// description, read here from Chromium's accessibility tree (the DevTools protocol's
// Accessibility domain, as a screen reader gets it); the screen summary; the live region's
// announcements while a run plays.
describe('the described simulation', () => {
  /** The accessible name and description Chromium computes for the element `selector`. */
  async function axOf(page: Page, selector: string) {
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('Accessibility.enable');
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
      if (!nodeId) return null;
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
        nodeId,
        fetchRelatives: false,
      });
      const n = nodes[0];
      return {
        role: String(n?.role?.value ?? ''),
        name: String(n?.name?.value ?? ''),
        description: String(n?.description?.value ?? ''),
      };
    } finally {
      await cdp.detach();
    }
  }

  it('a link paused at t = 2 s: the buffer view’s description and the screen summary, exactly', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&t=2', {
      viewport: { width: 1366, height: 768 },
    });
    try {
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
      // The words unit-tested on the same run in Node (tests/unit/ui/views/describe.test.ts).
      const want =
        'X = 735 of K = 1088 cells, 68 %. VC 0 holds 482, above its fair share of 368. EPD threshold R = 997 not reached. Last drop 0.07 s ago: VC 1, 90 cells, EPD (R exceeded).';
      await expect
        .poll(async () => (await axOf(page, '[data-testid=view-queue] canvas'))?.description, {
          timeout: 30_000,
        })
        .toBe(want);
      expect(await axOf(page, '[data-testid=view-queue] canvas')).toEqual({
        role: 'image',
        name: 'The switch output buffer: each square is a cell, coloured by VC, oldest at the right next to the link',
        description: want,
      });
      // Every view of the page has a description in words.
      for (const sel of [
        '[data-testid=view-pervc] svg',
        '[data-testid=view-timeseq] canvas',
        '[data-testid=view-cwnd] canvas',
        '[data-testid=view-occupancy] canvas',
        '[data-testid=view-loss] canvas',
        '[data-testid=metrics]',
      ]) {
        const ax = await axOf(page, sel);
        expect(ax?.description, sel).toMatch(/\S{3,}.*\./);
      }
      expect(await page.getByTestId('screen-summary').textContent()).toBe(
        'S0 testbed: EPD (b = 1) at one window of buffer. Policy: Early Packet Discard (EPD). Paused at 2.000 s of 180 s.',
      );
      // The default setting ("On pause only") tells the paused state once it settles.
      await expect
        .poll(() => page.getByTestId('live-region').textContent(), { timeout: 60_000 })
        .toBe(`Paused at 2.000 s. ${want}`);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it('while a run plays for 12 s with "While playing", the live region changes at most 3 times, and does change', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed', {
      viewport: { width: 1366, height: 768 },
    });
    try {
      // The setting, as a person sets it (kept in the browser).
      await page.getByTestId('announce-mode').selectOption('playing');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('tal:announce')))
        .toBe('playing');
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
      // Count the live region's changes over 12 s of wall time, while the run plays.
      const start = await page.evaluate(() => {
        const el = document.querySelector('[data-testid=live-region]')!;
        const w = window as unknown as { liveChanges: string[]; liveFrom: number };
        w.liveChanges = [];
        w.liveFrom = performance.now();
        new MutationObserver(() => w.liveChanges.push(el.textContent ?? '')).observe(el, {
          childList: true,
          characterData: true,
          subtree: true,
        });
        return w.liveFrom;
      });
      const t0 = await simTime(page);
      await page.waitForFunction((from) => performance.now() - from >= 12_000, start, {
        timeout: 30_000,
        polling: 250,
      });
      const changes = await page.evaluate(
        () => (window as unknown as { liveChanges: string[] }).liveChanges,
      );
      expect(await simTime(page)).toBeGreaterThan(t0);
      console.info(`[live region] ${changes.length} change(s) in 12 s:\n${changes.join('\n')}`);
      expect(changes.length, changes.join('\n')).toBeGreaterThanOrEqual(1);
      expect(changes.length, changes.join('\n')).toBeLessThanOrEqual(3);
      // Only news: drops, timeouts, thresholds, deadlocks (no "Paused" while it plays).
      for (const c of changes) expect(c).toMatch(/drop|Timeout|timeouts|reached|Deadlock|stall/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});

// Every plot as data: each view panel's "Table" shows the view's data at the
// instant shown with the columns of its CSV export, the last TABLE_CAP rows of the plot's
// window; reached by Tab, opened by Enter, kept for the session, and axe-clean on a projector
// and a phone (where the table scrolls inside its own box, not the page).
describe('the views’ data tables', () => {
  /** The CSV that view `id`'s Export menu saves, as text. */
  async function exportCsv(page: Page, id: string): Promise<string> {
    await page.locator(`[data-testid=export-${id}] .export-button`).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`[data-testid=export-${id}] [data-format=csv]`).click(),
    ]);
    return readFile(await download.path(), 'utf8');
  }
  const cellsOf = (page: Page, sel: string) =>
    page.locator(sel).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  /** A CSV field as the table writes it. */
  const shown = (f: string) =>
    f === '' ? '' : Number.isNaN(Number(f)) ? f : TABLE_NUMBER.format(Number(f));

  it('Tab reaches the switch buffer’s Table, Enter opens it: its caption and first row are the CSV export’s at t = 2 s; every view’s header is its CSV header', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed&t=2', {
      viewport: { width: 1366, height: 768 },
    });
    try {
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
      const toggle = page.getByTestId('table-toggle-queue');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      let tabs = 0;
      while (!(await toggle.evaluate((el) => el === document.activeElement))) {
        await page.keyboard.press('Tab');
        if (++tabs > 300) throw new Error('Tab never reached the switch buffer’s Table button');
      }
      console.info(`[tables] ${tabs} Tab presses to the switch buffer's Table button`);
      expect(await toggle.getAttribute('aria-label')).toBe('Table of Switch buffer');
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const controls = await toggle.getAttribute('aria-controls');
      const table = page.locator(`[id="${controls}"] table`);
      await table.locator('caption').waitFor();
      const caption = await table.locator('caption').textContent();
      const head = await cellsOf(page, '[data-testid=table-queue] thead th');
      const first = await cellsOf(page, '[data-testid=table-queue] tbody tr:first-child td');
      const rows = await table.locator('tbody tr').count();
      expect(await table.locator('thead th[scope=col]').count()).toBe(head.length);

      const csv = await exportCsv(page, 'queue');
      const { names, rows: total, fields } = readCsvTable(splitComments(csv).body);
      const { meta } = parseCsv(csv);
      expect(meta.simulatedSeconds).toBe(2);
      expect(head).toEqual(names);
      expect(total).toBeGreaterThan(TABLE_CAP);
      expect(rows).toBe(TABLE_CAP);
      expect(caption).toBe(
        `Switch buffer at 2.000 s: last ${TABLE_CAP} of ${total.toLocaleString('en-US')} rows, up to 2.000 s; Export gives them all.`,
      );
      // The rows up to t = 2 s (the plot's window ends there), the last TABLE_CAP of them.
      const t = names.indexOf('t');
      const upTo = fields.filter((f) => Number(f[t]) <= 2);
      expect(first).toEqual(upTo[upTo.length - TABLE_CAP].map(shown));
      console.info(`[tables] caption: ${caption}\n[tables] first row: ${first.join(' | ')}`);

      // Every view's table has the columns of its CSV export.
      for (const id of TABLE_VIEWS) {
        if (id !== 'queue') await page.getByTestId(`table-toggle-${id}`).click();
        await page.locator(`[data-testid=table-${id}] caption`).waitFor();
        const th = await cellsOf(page, `[data-testid=table-${id}] thead th`);
        const header = readCsvTable(splitComments(await exportCsv(page, id)).body).names;
        expect(th, id).toEqual(header);
      }
      // Kept for the session: a reload opens them again.
      await page.reload();
      await page.getByTestId('table-queue').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('table-toggle-loss').getAttribute('aria-expanded')).toBe(
        'true',
      );
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 240_000);

  it('while the run plays, a table is rebuilt at most once a second, and is rebuilt', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s0-testbed', {
      viewport: { width: 1366, height: 768 },
    });
    try {
      await expect.poll(() => simTime(page), { timeout: 60_000 }).toBeGreaterThan(0);
      await page.getByTestId('table-toggle-queue').click();
      await page.locator('[data-testid=table-queue] caption').waitFor();
      const start = await page.evaluate(() => {
        const el = document.querySelector('[data-testid=table-queue] caption')!;
        const w = window as unknown as { captions: string[]; at: number[]; from: number };
        w.captions = [];
        w.at = [];
        w.from = performance.now();
        new MutationObserver(() => {
          w.captions.push(el.textContent ?? '');
          w.at.push(performance.now());
        }).observe(el, {
          childList: true,
          characterData: true,
          subtree: true,
        });
        return w.from;
      });
      const t0 = await simTime(page);
      await page.waitForFunction((from) => performance.now() - from >= 5_000, start, {
        timeout: 30_000,
        polling: 250,
      });
      const { captions, at } = await page.evaluate(() => {
        const w = window as unknown as { captions: string[]; at: number[] };
        return { captions: w.captions, at: w.at };
      });
      expect(await simTime(page)).toBeGreaterThan(t0);
      // At most once a second: the gaps between rebuilds, as the page's clock measured them (a
      // count in a window of wall time also counts what a loaded machine delayed into it).
      const gaps = at.slice(1).map((t, i) => t - at[i]);
      console.info(
        `[tables] ${captions.length} caption change(s); gaps ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`,
      );
      expect(captions.length).toBeGreaterThanOrEqual(1);
      // The throttle's clock is the run's; a rebuild's commit may land a frame or a loaded
      // task later than its turn, shortening the next gap by as much (887 ms was seen): every
      // gap well above a frame's, and on average a second.
      for (const g of gaps) expect(g).toBeGreaterThanOrEqual(500);
      if (gaps.length > 0)
        expect(gaps.reduce((a, b) => a + b, 0) / gaps.length).toBeGreaterThanOrEqual(900);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  for (const s of [
    { name: '1366×768', options: { viewport: { width: 1366, height: 768 } } },
    {
      name: '390×844',
      options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
  ])
    for (const theme of ['light', 'dark'])
      it(`axe (WCAG 2.2 AA tags) finds nothing on the main page, then with the switch buffer's and the time-sequence's tables open, ${theme}, ${s.name}; the page does not scroll sideways`, async () => {
        const { page, close } = await openPage(
          h,
          `/?preset=s0-testbed&t=2&theme=${theme}`,
          s.options,
        );
        try {
          await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(2);
          await waitUntilDrawn(page);
          const before = await auditWcag(page);
          console.info(
            `[axe wcag] main page, ${theme}, ${s.name}: ${before.length} rule(s) violated` +
              (before.length ? ` (${before.map((f) => `${f.id}×${f.nodes}`).join(', ')})` : ''),
          );
          expect(before, before.map(describeFinding).join('\n')).toEqual([]);
          for (const id of ['queue', 'timeseq']) {
            await page.getByTestId(`table-toggle-${id}`).click();
            await page.locator(`[data-testid=table-${id}] caption`).waitFor();
          }
          const findings = await auditWcag(page);
          console.info(
            `[axe wcag] tables open, ${theme}, ${s.name}: ${findings.length} rule(s) violated` +
              (findings.length ? ` (${findings.map((f) => `${f.id}×${f.nodes}`).join(', ')})` : ''),
          );
          expect(findings, findings.map(describeFinding).join('\n')).toEqual([]);
          const widths = await page.evaluate(() => {
            const box = document.querySelector('[data-testid=table-timeseq]')!;
            return {
              page: document.documentElement.scrollWidth,
              view: window.innerWidth,
              box: box.clientWidth,
              table: box.scrollWidth,
            };
          });
          expect(widths.page).toBeLessThanOrEqual(widths.view);
          if (s.name === '390×844') expect(widths.table).toBeGreaterThan(widths.box);
        } finally {
          await close();
        }
      }, 180_000);
});
