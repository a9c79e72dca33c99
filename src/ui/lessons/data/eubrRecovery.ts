import type { Lesson } from '../types';
import { metricFigure } from '../types';
import { timeouts, UBR_PLUS, EUBR, fastRtx } from './shared';

/** The lesson "eubr-recovery": EUBR+: a recovery zone against timeouts. */
export const eubrRecovery: Lesson = {
  id: 'eubr-recovery',
  title: 'EUBR+: a recovery zone against timeouts',
  claim:
    'Letting a VC that just lost a frame use the zone between R and P avoids a second loss in its window, and the timeout that follows.',
  source:
    'Kim & Kim, “An Enhanced UBR+ (EUBR+) scheme to improve the performance of TCP-over-ATM”, §II–IV',
  scenario: UBR_PLUS,
  steps: [
    {
      title: 'UBR+ and the timeout problem',
      text: 'Four TCPs, 3000 cells, UBR+ (Selective Drop above R = 0.5 K). “If multiple packet-losses occur in the same TCP sliding window … the retransmission time of the partially corrupted TCP segment is delayed, in worst-case to the time-out period” (§II). TCP 2 times out at 0.33 s.',
      view: 'cwnd',
      conn: 1,
      zoom: [0, 0.5],
      run: { until: 0.331, speed: 0.1, moment: { kind: 'first-timeout' } },
      figures: [timeouts, fastRtx],
    },
    {
      title: 'Twenty seconds of UBR+',
      text: 'UBR+ keeps the link full and the shares fair; count the timeouts.',
      view: 'metrics',
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [timeouts, fastRtx, metricFigure('Efficiency', (m) => m.efficiency)],
    },
    {
      title: 'EUBR+',
      text: '“If UBR+ scheme drops a cell … the VC is marked damaged_VC … Because this damaged_VC has a chance to use the recovery zone, between R and P, it is protected from the multiple cell losses” (§III). Same seed, policy EUBR+ (P = 0.7 K).',
      view: 'cwnd',
      scenario: EUBR,
      predict: {
        kind: 'choice',
        id: 'eubr-timeouts',
        question: 'UBR+ timed out about 100 times in 20 s. How many timeouts will EUBR+ have?',
        options: [
          { id: 'same', label: 'About as many' },
          { id: 'half', label: 'About half' },
          { id: 'few', label: 'Almost none (under 10)' },
        ],
        answer: (c) => {
          const m = c.metrics;
          if (!m) return null;
          return m.timeouts < 10 ? 'few' : m.timeouts < 75 ? 'half' : 'same';
        },
        measured: (c) => (c.metrics ? `EUBR+: ${c.metrics.timeouts} timeouts` : ''),
        why: 'A damaged VC gets its next frames in, so it loses at most one segment per window and recovers by fast retransmit instead of waiting for its timer.',
      },
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [timeouts, fastRtx],
    },
    {
      title: 'Side by side',
      text: 'A is EUBR+, B the same seed under UBR+: the efficiency is the same, the timeouts are not.',
      view: 'metrics',
      scenario: EUBR,
      compare: {
        b: 'policy=sd',
        label: 'B: UBR+ (Selective Drop)',
        rows: ['timeouts', 'fastRetransmits', 'efficiency'],
      },
    },
  ],
};
