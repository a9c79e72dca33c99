import type { Lesson } from '../types';
import { mbps, metricFigure } from '../types';
import { bufferNow, latestDrop, longOverLocal, CONGESTED } from './shared';

/** The lesson "parking-lot": Parking lot: the long VCs lose. */
export const parkingLot: Lesson = {
  id: 'parking-lot',
  title: 'Parking lot: the long VCs lose',
  claim:
    'Under plain UBR the VCs that cross every congested switch get about half of the local VCs’ goodput; FBA at every port restores their share.',
  source:
    'The ATM Forum’s parking-lot configuration; Jain & Goyal, “TCP over UBR: Issues to Study”, “Drop Policies: Results”',
  scenario: 'preset=parking-lot-tail-drop',
  steps: [
    {
      title: 'Three switches in a row',
      text: 'VCs 0 and 3 (TCP 1 and 4) enter at the first switch and cross all three; the others join for one hop. At 0.08 s the buffer of sw2’s port to sw3 is full: long VC 3 loses its first cells there, local VC 1 right after (the drop named under the buffer). A long VC’s frame arrives only if no cell is lost at any hop.',
      view: 'network',
      port: CONGESTED,
      conn: 3,
      // The last 30 ms before the first drop play at 1/100×: three seconds to see sw2 fill.
      run: {
        until: 0.081,
        speed: 0.1,
        slow: { from: 0.05, speed: 0.01 },
        moment: { kind: 'first-drop', reason: 'overflow' },
      },
      figures: [bufferNow(1088), latestDrop('VC 1')],
    },
    {
      title: 'Long against local',
      text: 'S1: “Low efficiency and fairness for TCP over UBR”. TCP 1, a long VC, stalls on timeout after timeout (dotted red lines); the Connections table below lists every goodput.',
      view: 'timeseq',
      port: CONGESTED,
      conn: 0,
      predict: {
        kind: 'scale',
        id: 'parking-long',
        question: 'After 20 s, the long VCs’ mean goodput will be what fraction of the local VCs’?',
        min: 0,
        max: 1.5,
        step: 0.05,
        initial: 1,
        format: (v) => `${v.toFixed(2)}×`,
        answer: (c) =>
          c.metrics ? longOverLocal(c.metrics.perConnection.map((p) => p.goodputMbps)) : null,
        tolerance: 0.15,
        why: 'The long VCs lose cells at two congested ports and their round trip is 20 ms longer, so they time out more and recover more slowly: the beat-down problem.',
      },
      run: { until: 20, speed: 2, moment: { kind: 'end' } },
      figures: [
        metricFigure('TCP 1 (long)', (m) => m.perConnection[0]?.goodputMbps ?? 0, mbps),
        metricFigure('TCP 2 (local)', (m) => m.perConnection[1]?.goodputMbps ?? 0, mbps),
        metricFigure('Efficiency', (m) => m.efficiency),
      ],
    },
    {
      title: 'FBA at every port',
      text: 'S1: “Fair Buffer Allocation improves both efficiency and fairness”. B runs FBA at every port, same seed: the goodput of the long TCP 1 and TCP 4, then of a local one, TCP 2, head the table.',
      view: 'metrics',
      port: CONGESTED,
      compare: {
        b: 'policy=fba',
        label: 'B: FBA at every port',
        rows: ['goodput:0', 'goodput:3', 'goodput:1', 'fairness'],
      },
    },
  ],
};
