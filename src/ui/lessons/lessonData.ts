/**
 * The lessons. Each scenario was chosen (with `npm run sim`) so that its point is unmistakable,
 * and each moment is a notable event of that run; tests/unit/lessons.test.ts runs every
 * scenario in Node and checks the figures and moments quoted here.
 */
import type { Lesson, LessonContext } from './types';
import { mbps, metricFigure, num, pct } from './types';
import { latestDropRow, sumUntil } from './readings';

/** S0's testbed with 725 cells of buffer (below one TCP window), plain UBR, 20 s. */
export const UBR_725 = 'preset=s0-small-buffer&policy=tail-drop&duration=20';
/** S0's testbed with two near (0.5 ms) and two far (40 ms) connections, EPD b = 1. */
export const EPD_RTT = 'preset=s0-testbed&rttMs=0.5,0.5,40,40&duration=20';
/** S0's testbed with 3000 cells, UBR+ (Selective Drop above R = 0.5 K). */
export const UBR_PLUS_BASE = 'preset=s0-testbed&bufferCells=3000&sdR=0.5&duration=20';
export const GFR = 'preset=s3-gfr-lan-two-threshold&duration=20';

/** The buffer view's X at the pause, "X of K cells" as its caption says. */
export const bufferNow = (K: number) => ({
  label: 'Buffer now (X)',
  read: (c: LessonContext) => c.store.buffer?.X ?? null,
  format: (v: number) => `${num(v)} of K = ${K} cells`,
});

/** The cells of the latest drop (of `vc`, as the label says): the buffer view's drop label. */
export const latestDrop = (vc: string) => ({
  label: `Latest drop, ${vc}`,
  read: (c: LessonContext) => latestDropRow(c.store)?.cells ?? null,
  format: (v: number) => `${num(v)} cell${v === 1 ? '' : 's'}`,
});

const efficiency = metricFigure('Efficiency so far', (m) => m.efficiency);
const timeouts = metricFigure('Timeouts so far', (m) => m.timeouts, num);
const fairness = metricFigure(
  'Fairness (Jain)',
  (m) => m.fairness,
  (v) => v.toFixed(3),
);

/** Goodput of the long VCs (0 and 3) over that of the local ones, on the parking lot. */
export function longOverLocal(goodput: number[]): number {
  const long = goodput.filter((_, i) => i % 3 === 0);
  const local = goodput.filter((_, i) => i % 3 !== 0);
  const mean = (a: number[]) => a.reduce((s, x) => s + x, 0) / a.length;
  return mean(long) / mean(local);
}

export const LESSONS: Lesson[] = [
  {
    id: 'cells',
    title: 'Cells and AAL5: one lost cell ruins a frame',
    claim: 'A frame is useful only if all of its cells arrive; cells of a damaged frame are dead.',
    source:
      'Jaussi, Lorang & Nelissen, “A Detailed Experimental Performance Evaluation on TCP over UBR”, §2.2',
    scenario: UBR_725,
    steps: [
      {
        title: 'The buffer is full',
        text: 'Each 4352-byte IP packet travels as one AAL5 frame of 91 cells. At 0.031 s the switch buffer is full (K = 725 cells) and the next cells of VC 1 (TCP 2) find no room: the red flash at the tail is an overflow drop, named under the buffer.',
        view: 'queue',
        conn: 1,
        threshold: 'K',
        zoom: [0.025, 0.045],
        run: { until: 0.031, speed: 0.01, moment: { kind: 'first-drop', reason: 'overflow' } },
        // What the buffer view shows at the pause: its caption's X and its latest drop.
        figures: [bufferNow(725), latestDrop('VC 1')],
      },
      {
        title: 'Dead cells',
        text: '“When an ATM cell is dropped at a switch, the rest of a higher layer packet is still transmitted to the destination thus wasting bandwidth” (§2.2). The hollow marks in the loss raster, in the lower half of VC 1’s row, are those cells: they cross the link, and the receiver throws their frame away.',
        view: 'loss',
        conn: 1,
        zoom: [0.025, 0.045],
        predict: {
          kind: 'choice',
          id: 'cells-rest',
          question:
            'Plain UBR dropped a few cells of VC 1’s frames. What becomes of the other cells of those frames?',
          options: [
            { id: 'used', label: 'They reach the receiver and TCP uses them' },
            { id: 'dead', label: 'They cross the link, but the receiver discards the frame' },
            { id: 'dropped', label: 'The switch drops them too' },
          ],
          answer: (c) =>
            sumUntil(c.store, 'dead', 'cells', c.store.t, 1) > 0 ? 'dead' : 'dropped',
          measured: (c) =>
            `${num(sumUntil(c.store, 'dead', 'cells', c.store.t, 1))} dead cells of VC 1 crossed the link`,
          why: 'AAL5 checks a frame only at its last cell: a frame missing one cell fails the CRC and is dropped whole, after its other cells have used the link.',
        },
        // The last 2.5 ms before the first dead cells at 1/1000×: they appear one by one.
        run: {
          until: 0.0395,
          speed: 0.01,
          slow: { from: 0.037, speed: 0.001 },
          moment: { kind: 'first-dead', vc: 1 },
        },
        // The loss view's legend counts the dead cells so far (all of them VC 1's here).
        figures: [
          {
            label: 'Dead cells so far',
            read: (c) => sumUntil(c.store, 'dead', 'cells', c.store.t),
            format: num,
          },
        ],
      },
      {
        title: 'PPD stops the rest',
        text: 'Partial Packet Discard: “if a cell of an AAL5 frame must be dropped because of buffer overflow, there is no reason for transmitting subsequent cells of this corrupted frame” (§2.2). B runs the same seed with PPD; compare the dead cell ratio.',
        view: 'metrics',
        compare: {
          b: 'policy=ppd',
          label: 'B: Partial Packet Discard',
          rows: ['deadCellRatio', 'efficiency', 'clr'],
        },
      },
    ],
  },
  {
    id: 'ubr-collapse',
    title: 'Plain UBR collapses; PPD and EPD recover',
    claim: 'With less than one window of buffer, plain UBR wastes the link; EPD keeps it busy.',
    source:
      'Jaussi, Lorang & Nelissen, “A Detailed Experimental Performance Evaluation on TCP over UBR”, §4.1, Fig. 2',
    scenario: UBR_725,
    steps: [
      {
        title: 'The first timeout',
        text: 'Four TCP connections share a 37.44 Mbit/s port with 725 cells of buffer, less than one TCP window. Each overflow damages frames; with several losses in a window Reno cannot fast-retransmit them all, and TCP 2 waits for its timer (dotted red line at 0.26 s).',
        view: 'timeseq',
        conn: 1,
        zoom: [0, 0.6],
        run: { until: 0.261, speed: 0.1, moment: { kind: 'first-timeout' } },
        figures: [efficiency, timeouts],
      },
      {
        title: 'Twenty seconds of plain UBR',
        text: '“PPD and EPD significantly improve the efficiency for small buffers” (§4.1). First, plain UBR alone.',
        view: 'metrics',
        predict: {
          kind: 'scale',
          id: 'ubr-efficiency',
          question:
            'Where will plain UBR’s efficiency (goodput over the link’s payload rate) land after 20 s?',
          min: 0,
          max: 1,
          step: 0.01,
          initial: 0.5,
          format: pct,
          answer: (c) => (c.metrics ? c.metrics.efficiency : null),
          tolerance: 0.1,
          why: 'The link idles while senders wait for timeouts (see the idle cell ratio), and the cells of damaged frames still take their slots (dead cell ratio).',
        },
        run: { until: 20, speed: 2, moment: { kind: 'end' } },
        figures: [
          efficiency,
          metricFigure('Idle cell ratio', (m) => m.idleCellRatio),
          metricFigure('Dead cell ratio', (m) => m.deadCellRatio),
        ],
      },
      {
        title: 'EPD on the same seed',
        text: 'Early Packet Discard “drop[s] entire frames prior to overflow” (§2.2): above R = K − MTU the switch refuses new frames whole, so losses fall on fewer frames and fewer windows. S0 measured the order plain UBR < PPD < EPD at small buffers.',
        view: 'metrics',
        compare: {
          b: 'policy=epd',
          label: 'B: Early Packet Discard',
          rows: ['efficiency', 'idleCellRatio', 'deadCellRatio', 'timeouts'],
        },
      },
      {
        title: 'And PPD',
        text: 'PPD only stops the rest of a damaged frame; the cells already sent still cross as dead cells, so it lands between the two.',
        view: 'metrics',
        compare: {
          b: 'policy=ppd',
          label: 'B: Partial Packet Discard',
          rows: ['efficiency', 'idleCellRatio', 'deadCellRatio', 'timeouts'],
        },
      },
    ],
  },
  {
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
  },
  {
    id: 'deadlock',
    title: 'The throughput deadlock and its two kinds',
    claim: 'With a small buffer next to CBR, one Reno flow gets under 2% of the link.',
    source:
      'Nakanishi et al., “Analysis of TCP Throughput Anomaly over Congested ATM Networks”, §4, Fig. 3 and 5',
    scenario: 'preset=s2-deadlock',
    steps: [
      {
        title: 'The first step of the staircase',
        text: '“Here sender is waiting for the new ACK while receiver is waiting for new segment to come. Both are waiting and not sending anything” (§4.3). The flat stretch ends at 1.31 s with a timeout (dotted red): the first step of the staircase.',
        view: 'timeseq',
        conn: 0,
        zoom: [0, 1.6],
        // The end of the flat stretch (0.28 s to 1.31 s) plays at 1/10×: about four seconds of
        // nothing on screen, then the timeout.
        run: {
          until: 1.31,
          speed: 1,
          slow: { from: 1, speed: 0.1 },
          moment: { kind: 'first-timeout' },
        },
        figures: [efficiency, timeouts],
      },
      {
        title: 'Ten seconds of it',
        text: '“When cell buffer is 50 K[bytes] (1 K cell) or less, UBR traffic throughput is less than 2% of the available bandwidth” (§4.1).',
        view: 'timeseq',
        conn: 0,
        predict: {
          kind: 'scale',
          id: 'deadlock-efficiency',
          question:
            'The flow has 90 Mbit/s left by the CBR traffic. What share of it will it get in 10 s?',
          min: 0,
          max: 1,
          step: 0.01,
          initial: 0.5,
          format: pct,
          answer: (c) => (c.metrics ? c.metrics.efficiency : null),
          tolerance: 0.1,
          why: 'Every window loses several cells; a partial ACK ends fast recovery with the window full, no duplicate ACKs come back, and only the retransmission timer moves the flow on: one window per timeout.',
        },
        run: { until: 10, speed: 1, moment: { kind: 'end' } },
        figures: [
          efficiency,
          metricFigure(
            'Worst deadlock',
            (m) => m.deadlockSecondsWorst,
            (v) => `${v.toFixed(2)} s`,
          ),
        ],
      },
      {
        title: 'EPD breaks it',
        text: '“If we turned on the EPD option implemented in the ATM switch, TCP throughput is recovered” (§4.3).',
        view: 'metrics',
        compare: {
          b: 'policy=epd',
          label: 'B: EPD at the switch',
          rows: ['efficiency', 'deadlockSecondsMean', 'timeouts'],
        },
      },
      {
        title: 'The other kind: stop-and-go',
        text: 'A deadlock “broken up by the 200 ms timer generated TCP acknowledgment … TCP behave[s] as a stop-and-go protocol with one or two data segments sent every 200 ms” (§2.3). No cell is lost: a send buffer of less than two segments and delayed ACKs wait for each other, 200 ms at a time. Purple bands mark these stalls.',
        view: 'timeseq',
        conn: 0,
        zoom: [0, 1.2],
        scenario: 'preset=s2-stop-and-go',
        // A stall is flagged when the next one confirms the staircase (at 0.68 s).
        run: {
          until: 0.7,
          speed: 0.1,
          moment: { kind: 'first-stall', stallKind: 2 },
          within: 0.25,
        },
        // The tile's deadlock time: the purple band's length, 0.28 s to 0.68 s.
        figures: [
          efficiency,
          metricFigure(
            'Deadlock time per conn.',
            (m) => m.deadlockSecondsMean,
            (v) => `${v.toFixed(2)} s`,
          ),
        ],
      },
    ],
  },
];
