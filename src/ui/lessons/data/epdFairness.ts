import type { Lesson } from '../types';
import { mbps, metricFigure } from '../types';
import { EPD_RTT, efficiency, fairness } from './shared';

/** The lesson "epd-fairness": EPD is not fair; per-VC accounting is. */
export const epdFairness: Lesson = {
  id: 'epd-fairness',
  title: 'EPD is not fair; per-VC accounting is',
  claim: 'EPD improves efficiency but not fairness; FBA improves both.',
  source: 'Jain & Goyal, “TCP over UBR: Issues to Study” (Ohio State), “Drop Policies: Results”',
  scenario: EPD_RTT,
  steps: [
    {
      title: 'Near and far',
      text: 'Four TCPs under EPD: TCP 1 and 2 have a 0.5 ms round trip, TCP 3 and 4 40 ms. EPD looks only at the total X: whoever sends when the buffer is below R gets in. The near connections refill it first; see their bars in the per-VC view.',
      view: 'pervc',
      run: { until: 5, speed: 1 },
      figures: [
        metricFigure('TCP 1 goodput', (m) => m.perConnection[0]?.goodputMbps ?? 0, mbps),
        metricFigure('TCP 3 goodput', (m) => m.perConnection[2]?.goodputMbps ?? 0, mbps),
      ],
    },
    {
      title: 'Fairness after 20 s',
      text: 'Jain’s index is 1 when every connection gets the same goodput and 1/n when one takes all.',
      view: 'metrics',
      predict: {
        kind: 'scale',
        id: 'epd-fairness',
        question: 'Where will Jain’s fairness index of these four connections land after 20 s?',
        min: 0.25,
        max: 1,
        step: 0.01,
        initial: 0.9,
        format: (v) => v.toFixed(2),
        answer: (c) => (c.metrics ? c.metrics.fairness : null),
        tolerance: 0.1,
        why: 'EPD refuses frames by the total occupancy only, so the far connections, slower to grow their windows, lose frames as often as the near ones that hold most of the buffer.',
      },
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [fairness, efficiency],
    },
    {
      title: 'Fair Buffer Allocation',
      text: 'FBA counts each VC’s cells X_i and, above R, refuses a frame of VC i when X_i·N_a/X > Z·(K − R)/(X − R): a VC above its share is refused first. S1: “Fair Buffer Allocation improves both efficiency and fairness”; the far TCP 3 and TCP 4 get their share.',
      view: 'metrics',
      compare: {
        b: 'policy=fba',
        label: 'B: Fair Buffer Allocation',
        rows: ['fairness', 'efficiency', 'goodput:2', 'goodput:3'],
      },
    },
    {
      title: 'Selective Drop',
      text: 'Selective Drop applies the same per-VC test with a fixed Z above R = 0.9 K. S1: “Selective drop improves fairness”; here it lifts the far connections (the TCP 3 and TCP 4 goodput rows) far less than FBA did in the step before.',
      view: 'metrics',
      compare: {
        b: 'policy=sd',
        label: 'B: Selective Drop',
        rows: ['fairness', 'goodput:2', 'goodput:3', 'efficiency'],
      },
    },
  ],
};
