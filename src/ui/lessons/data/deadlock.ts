import type { Lesson } from '../types';
import { metricFigure } from '../types';
import { efficiency, efficiencyGuess, timeouts } from './shared';

/**
 * When a change breaks S2's deadlock: both figures decide, its deadlock time and the
 * efficiency. The deadlock time alone does not: at K = 1750 cells the flow has 0.00 s of
 * deadlock yet 27.35 % efficiency and 6 timeouts; at 2000 cells 99.22 %, with EPD at 1000 cells
 * 83.92 % (`npm run sim -- --preset s2-deadlock --set bufferCells=1750`, seed 1, 10 s).
 */
export const DEADLOCK_BROKEN = {
  deadlockSeconds: 0,
  efficiency: 0.8,
  text: 'deadlock time 0 and efficiency ≥ 80 %',
} as const;

/** Whether a run's metrics say the deadlock is broken (DEADLOCK_BROKEN). */
export const deadlockBroken = (m: { deadlockSecondsMean: number; efficiency: number }): boolean =>
  m.deadlockSecondsMean <= DEADLOCK_BROKEN.deadlockSeconds &&
  m.efficiency >= DEADLOCK_BROKEN.efficiency;

/** The lesson "deadlock": The throughput deadlock and its two kinds. */
export const deadlock: Lesson = {
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
      predict: efficiencyGuess(
        'deadlock-efficiency',
        'The flow has 90 Mbit/s left by the CBR traffic. What share of it will it get in 10 s?',
        'Every window loses several cells; a partial ACK ends fast recovery with the window full, no duplicate ACKs come back, and only the retransmission timer moves the flow on: one window per timeout.',
      ),
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
      text: `“If we turned on the EPD option implemented in the ATM switch, TCP throughput is recovered” (§4.3). Broken means both figures say so: ${DEADLOCK_BROKEN.text}; a deadlock time of 0 alone can still leave the flow losing most of the link to timeouts.`,
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
};
