/** The lessons on GFR tagging, EUBR+ and the parking lot (see lessonData.ts). */
import type { Lesson } from './types';
import { mbps, metricFigure, num, pct2 } from './types';
import { bufferNow, latestDrop, longOverLocal, GFR, UBR_PLUS_BASE } from './lessonData';

/** The parking lot's congested port: sw2's output to sw3, where local and long VCs meet. */
const CONGESTED = 'sw2-sw3';

const UBR_PLUS = `${UBR_PLUS_BASE}&policy=sd`;
const EUBR = `${UBR_PLUS_BASE}&policy=eubr`;

const timeouts = metricFigure('Timeouts so far', (m) => m.timeouts, num);
const fastRtx = metricFigure('Fast retransmits', (m) => m.fastRetransmits, num);
const clr0 = metricFigure('CLR of untagged cells (CLP0)', (m) => m.clrClp0, pct2);
const clr1 = metricFigure('CLR of tagged cells (CLP1)', (m) => m.clrClp1, pct2);

export const MORE_LESSONS: Lesson[] = [
  {
    id: 'gfr-tagging',
    title: 'GFR: tagged frames go first',
    claim: 'Two thresholds protect the untagged (CLP0) stream: tagged frames are refused first.',
    source:
      'Puangpronpitag, Kara & Djemame, “A Performance Evaluation of Buffer Management and Scheduling for ATM-GFR Using TCP”, §5, Fig. 3',
    scenario: GFR,
    steps: [
      {
        title: 'Above LBO, tagged frames are refused',
        text: 'Sixteen TCPs through one OC-3 port; every second VC is tagged CLP = 1 at the source. Two-threshold buffer management: above LBO = 0.5 K the buffer refuses CLP1 frames, above HBO = 0.8 K all frames. At 6.1 ms the first tagged frame (VC 7) is refused at LBO: the drop named under the buffer.',
        view: 'queue',
        conn: 7,
        threshold: 'LBO',
        zoom: [0, 0.02],
        // Before the next refusal (VC 5's, 8 µs later), so the buffer view names VC 7's.
        run: {
          until: 0.00613,
          speed: 0.001,
          moment: { kind: 'first-drop', reason: 'clp1-threshold' },
        },
        figures: [bufferNow(2400), latestDrop('VC 7')],
      },
      {
        title: 'Who loses cells',
        text: '“Two-threshold buffer management and per-VC buffer management algorithms have consistently achieved the lowest CLR for high priority bandwidth (CLP0 stream)” (§5).',
        view: 'metrics',
        predict: {
          kind: 'choice',
          id: 'gfr-clp0',
          question:
            'After 20 s, how will the cell loss ratio of the untagged cells compare with that of the tagged ones?',
          options: [
            { id: 'same', label: 'About the same' },
            { id: 'less', label: 'Lower, but not zero' },
            { id: 'none', label: 'No untagged cell lost at all' },
          ],
          answer: (c) => {
            const m = c.metrics;
            if (!m) return null;
            if (m.clrClp0 === 0) return 'none';
            return m.clrClp0 < m.clrClp1 / 3 ? 'less' : 'same';
          },
          measured: (c) =>
            c.metrics
              ? `CLP0 CLR ${pct2(c.metrics.clrClp0)}, CLP1 CLR ${pct2(c.metrics.clrClp1)}`
              : '',
          why: 'The untagged sources never raise the queue to HBO on their own, so every refusal falls on tagged frames at LBO.',
        },
        run: { until: 20, speed: 2, moment: { kind: 'end' } },
        figures: [clr0, clr1, metricFigure('Efficiency', (m) => m.efficiency)],
      },
      {
        title: 'Without the thresholds',
        text: '“Plain UBR, UBR-EPD and WFQ have similar CLR for both CLP0 and CLP1 streams” (§5). B is the same run under plain UBR: untagged cells now lose as much as tagged ones.',
        view: 'metrics',
        compare: {
          b: 'policy=tail-drop',
          label: 'B: plain UBR',
          rows: ['clrClp0', 'clrClp1', 'clr'],
        },
      },
    ],
  },
  {
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
  },
  {
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
          question:
            'After 20 s, the long VCs’ mean goodput will be what fraction of the local VCs’?',
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
  },
];
