// What a screen reader is told of the run at fixed instants of three presets, compared whole:
// the screen summary and every view's description (the text its aria-describedby names), at
// S0's first drop (EPD refusing a frame at 0.064 s), inside S2's first deadlock (TCP 1 stalled
// from 0.282 s to 1.310 s, seen at 1 s: its ACK "not moved for 0.72 s") and in the parking
// lot at 2 s. The words are the model's figures at those instants (describe.test.ts checks
// the wording on fixed rows), so a change here is a change of what a blind student learns.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { openPage, simTime, startHarness } from './harness';
import { PRESETS } from '../../src/sim';
import { LESSONS } from '../../src/ui/lessons/lessons';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The summary and each described element's description, by the view (or part) it is in. */
async function described(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    out.summary = document.querySelector('[data-testid=screen-summary]')?.textContent ?? '';
    for (const el of document.querySelectorAll<HTMLElement>('main [aria-describedby]')) {
      const host = el.closest<HTMLElement>('[data-testid^="view-"], [data-testid="metrics"]');
      if (!host) continue;
      const text = (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
        .trim();
      out[host.dataset.testid!] = text;
    }
    return out;
  });
}

const CASES: { name: string; link: string; t: number }[] = [
  { name: 'S0 testbed at its first drop', link: '/?preset=s0-testbed&t=0.064', t: 0.064 },
  { name: 'S2 deadlock inside its first episode', link: '/?preset=s2-deadlock&t=1', t: 1 },
  { name: 'the parking lot at 2 s', link: '/?preset=parking-lot-tail-drop&t=2', t: 2 },
];

describe('the described state at fixed instants', () => {
  for (const c of CASES)
    it(
      c.name,
      async () => {
        const { page, errors, close } = await openPage(h, c.link);
        try {
          await expect.poll(() => simTime(page), { timeout: 60_000 }).toBe(c.t);
          // Every part tells the same instant once it has settled: compared whole.
          await expect.poll(() => described(page), { timeout: 60_000 }).toEqual(EXPECTED[c.name]);
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      },
      90_000,
    );
});

const EXPECTED: Record<string, Record<string, string>> = {
  'S0 testbed at its first drop': {
    summary:
      'S0 testbed: EPD (b = 1) at one window of buffer. Policy: Early Packet Discard (EPD). Paused at 0.064 s of 180 s.',
    metrics:
      'Metrics at 0.064 s: Efficiency 83.73 %; Fairness 0.281; Goodput 28.03 Mbit/s; CLR 0.26 %; FER 0.00 %; Dead cells 0.00 %; Idle cells 14.60 %; PRR 0.00 %; Deadlock time per conn. 0.00 s; Timeouts 0; Fast retransmits 0; Buffer emptied 2; Receive gaps 0; Max RTO 0.39 s.',
    'view-queue':
      'X = 997 of K = 1088 cells, 92 %. All in VC 1. EPD threshold R = 997 reached. Last drop just now: VC 3, 15 cells, EPD (R exceeded).',
    'view-pervc':
      'Cells per VC: VC 0 0, VC 1 997, VC 2 0, VC 3 0. Fair share X/N_a = 997 with 1 active VC.',
    'view-timeseq':
      'TCP 1. From 0.000 s to 0.064 s: 0 retransmissions, 0 timeouts and 0 fast retransmits. Since the start: 1 segment sent, 0 retransmitted.',
    'view-cwnd':
      'cwnd at 0.064 s: TCP 1 4.3 kB (ssthresh 52.2 kB), TCP 2 60.2 kB (ssthresh 52.2 kB), TCP 3 4.3 kB (ssthresh 52.2 kB), TCP 4 8.6 kB (ssthresh 52.2 kB). From 0.000 s to 0.064 s: 0 timeouts (cwnd to one segment), 0 fast retransmits (cwnd halved).',
    'view-occupancy':
      'From 0.000 s to 0.064 s: X between 0 and 997 of K = 1088 cells; 997 at 0.064 s. Reached EPD threshold R = 997.',
    'view-loss':
      'From 0.000 s to 0.064 s: 1 drop, 15 cells. By VC: VC 3 1. By rule: EPD (R exceeded) 1. Last drop just now: VC 3, 15 cells, EPD (R exceeded).',
  },
  'S2 deadlock inside its first episode': {
    summary:
      'S2: the CBR throughput deadlock. Policy: Plain UBR (tail drop). Paused at 1.000 s of 10 s.',
    metrics:
      'Metrics at 1.000 s: Efficiency 1.45 %; Fairness 1.000; Goodput 1.17 Mbit/s; CLR 6.66 %; FER 23.81 %; Dead cells 25.47 %; Idle cells 58.81 %; PRR 0.00 %; Deadlock time per conn. 0.00 s; Timeouts 0; Fast retransmits 0; Buffer emptied 1; Receive gaps 0; Max RTO 1.50 s.',
    'view-queue':
      'Switch buffer empty, K = 1000 cells. Last drop 0.91 s ago: VC 0, 45 cells, buffer overflow.',
    'view-pervc': 'No VC holds a cell (1 VC).',
    'view-timeseq':
      'TCP 1. From 0.000 s to 1.000 s: 0 retransmissions, 0 timeouts and 0 fast retransmits. ACK at 146.2 kB, not moved for 0.72 s. Since the start: 23 segments sent, 0 retransmitted.',
    'view-cwnd':
      'cwnd at 1.000 s: TCP 1 75.4 kB (ssthresh 65.5 kB). From 0.000 s to 1.000 s: 0 timeouts (cwnd to one segment), 0 fast retransmits (cwnd halved).',
    'view-occupancy':
      'From 0.000 s to 1.000 s: X between 0 and 1000 of K = 1000 cells; 0 at 1.000 s. Reached K.',
    'view-loss':
      'From 0.000 s to 1.000 s: 6 drops, 294 cells. By VC: VC 0 6. By rule: buffer overflow 6. Dead cells: 1,050 cells of 5 damaged frames crossed the link. Last drop 0.91 s ago: VC 0, 45 cells, buffer overflow.',
  },
  'the parking lot at 2 s': {
    summary:
      'Parking lot, 3 switches, long and local VCs: plain UBR (tail drop). Policy: Plain UBR (tail drop). Paused at 2.000 s of 20 s.',
    metrics:
      'Metrics at 2.000 s: Efficiency 55.13 %; Fairness 0.549; Goodput 37.81 Mbit/s; CLR 0.52 %; FER 1.21 %; Dead cells 1.21 %; Idle cells 43.62 %; PRR 1.54 %; Deadlock time per conn. 0.00 s; Timeouts 13; Fast retransmits 17; Buffer emptied 4; Receive gaps 0; Max RTO 2.17 s.',
    'view-topology':
      '3 switches, 3 output ports. Port sw1→sw2: Plain UBR (tail drop), K = 1088, 37.44 Mbit/s, 2 VCs, X = 0, link 16 % busy. Port sw2→sw3: Plain UBR (tail drop), K = 1088, 37.44 Mbit/s, 4 VCs, X = 866, link 75 % busy, 461 cells dropped. Port sw3→receivers (the bottleneck, shown in the buffer views): Plain UBR (tail drop), K = 1088, 37.44 Mbit/s, 4 VCs, X = 946, link 56 % busy, 618 cells dropped.',
    'view-queue':
      'X = 946 of K = 1088 cells, 87 %. All in VC 5. Last drop 0.49 s ago: VC 5, 36 cells, buffer overflow.',
    'view-pervc':
      'Cells per VC: VC 0 0, VC 1 0, VC 2 0, VC 3 0, VC 4 0, VC 5 946. Fair share X/N_a = 946 with 1 active VC.',
    'view-timeseq':
      'TCP 1. From 0.000 s to 2.000 s: 5 retransmissions, 3 timeouts and 2 fast retransmits. ACK at 414.0 kB, not moved for 0.25 s. Since the start: 103 segments sent, 5 retransmitted.',
    'view-cwnd':
      'cwnd at 2.000 s: TCP 1 8.6 kB (ssthresh 8.6 kB), TCP 2 17.2 kB (ssthresh 17.2 kB), TCP 3 17.2 kB (ssthresh 17.2 kB), TCP 4 14.0 kB (ssthresh 8.6 kB), TCP 5 48.7 kB (ssthresh 8.6 kB), TCP 6 62.6 kB (ssthresh 12.9 kB). From 0.000 s to 2.000 s: 13 timeouts (cwnd to one segment), 17 fast retransmits (cwnd halved).',
    'view-occupancy':
      'From 0.000 s to 2.000 s: X between 0 and 1088 of K = 1088 cells; 946 at 2.000 s. Reached K.',
    'view-loss':
      'From 0.000 s to 2.000 s: 16 drops, 618 cells. By VC: VC 5 6, VC 0 4, VC 2 4, VC 3 2. By rule: buffer overflow 16. Dead cells: 2,470 cells of 27 damaged frames crossed the link. Last drop 0.49 s ago: VC 5, 36 cells, buffer overflow.',
  },
};

describe('the document’s title says where the student is (WCAG 2.4.2)', () => {
  it('the scenario, a lesson’s step, Papers, the teacher notes, Compare, the sweep, the lesson writer, this browser’s classes; in the page’s language', async () => {
    const { page, errors, close } = await openPage(h, '/?preset=s2-deadlock');
    const go = (u: string) =>
      page.evaluate((u) => {
        history.pushState(null, '', u);
        dispatchEvent(new PopStateEvent('popstate'));
      }, u);
    const title = (want: string) => expect.poll(() => page.title()).toBe(want);
    try {
      const s2 = PRESETS.find((p) => p.name === 's2-deadlock')!.title;
      await title(`${s2} · TCP-over-ATM Lab`);
      const cells = LESSONS.find((l) => l.id === 'cells')!;
      await go('/?lesson=cells&step=2');
      await title(`Lesson: ${cells.title}, step 2 of ${cells.steps.length} · TCP-over-ATM Lab`);
      await go('/?preset=s2-deadlock&page=reproduce');
      await title('Papers: published results against the model · TCP-over-ATM Lab');
      await go('/?preset=s2-deadlock&page=teacher');
      await title('Teacher notes · TCP-over-ATM Lab');
      await go('/?preset=s2-deadlock&compare=1');
      await title(`Compare A and B: ${s2} · TCP-over-ATM Lab`);
      await go('/?preset=s2-deadlock&sweep=1');
      await title(`Parameter sweep: ${s2} · TCP-over-ATM Lab`);
      // The lesson writer, opened from the gallery.
      await go('/?preset=s2-deadlock');
      await page.getByRole('button', { name: 'Lessons', exact: true }).click();
      await page.getByTestId('write-lesson').click();
      await title('Write a lesson · TCP-over-ATM Lab');
      await page.getByTestId('writer').getByRole('button', { name: '✕ Close' }).click();
      await title(`${s2} · TCP-over-ATM Lab`);
      // A changed setting: the scenario is the student's own.
      await go('/?preset=s2-deadlock&duration=1');
      await title('your own scenario · TCP-over-ATM Lab');
      // In the page's language (the picker writes lang= into the link; the page reloads it).
      await page.goto(`${h.base}/?preset=s2-deadlock&page=teacher&lang=es`);
      await title('Notas para el docente · TCP-over-ATM Lab');
      // A page of its own (this browser's classes), in the language this browser chose.
      await page.goto(`${h.base}/?class=rooms`);
      await title('Tus clases · TCP-over-ATM Lab');
    } finally {
      await close();
    }
    expect(errors.filter((e) => !/class server|Failed to fetch|ERR_CONNECTION/i.test(e))).toEqual(
      [],
    );
  }, 120_000);
});
