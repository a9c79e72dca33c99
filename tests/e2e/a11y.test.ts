// Accessibility: axe-core's rules run against the real page (Vite dev server, headless Chromium)
// once the simulation streams and the views have drawn, in the default, dark and presenter
// presentations. Serious and critical violations fail the test; moderate and minor ones are
// printed for information.
import axe from 'axe-core';
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { dataAttr, openPage, simTime, startHarness } from './harness';
import { READY_CHALLENGES, readyLink } from '../../src/ui/challenges/library';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

interface Finding {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: number;
  targets: string[];
  summary: string;
}

/** Waits until the clock has moved past 0 and the views have drawn a batch. */
async function waitUntilDrawn(page: Page) {
  await expect.poll(() => simTime(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('tal:first-frame').length), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await expect
    .poll(() => dataAttr(page, 'view-occupancy', 'points'), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expect
    .poll(() => dataAttr(page, 'view-timeseq', 'points'), { timeout: 30_000 })
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

const describeFinding = (f: Finding) =>
  `- ${f.id} [${f.impact}] ${f.help} (${f.nodes} element${f.nodes === 1 ? '' : 's'})\n` +
  `    ${f.helpUrl}\n` +
  f.targets.map((t) => `    at ${t}`).join('\n') +
  (f.summary ? `\n    ${f.summary.replace(/\n/g, '\n    ')}` : '');

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
    }, 90_000);
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
      (p: Page) => p.getByTestId('teacher-page').waitFor({ timeout: 30_000 }),
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
    }, 90_000);
  }
});
