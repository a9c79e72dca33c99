/**
 * What the lessons share: their scenarios, the figures several cards show, and the parking
 * lot's measure of the long VCs' share.
 */
import type { LessonContext, ScalePrediction } from '../types';
import { metricFigure, num, pct, pct2 } from '../types';

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
  read: (c: LessonContext) => c.store.latestDrop()?.cells ?? null,
  format: (v: number) => `${num(v)} cell${v === 1 ? '' : 's'}`,
});

export const efficiency = metricFigure('Efficiency so far', (m) => m.efficiency);
export const timeouts = metricFigure('Timeouts so far', (m) => m.timeouts, num);
export const fairness = metricFigure(
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

/** The parking lot's congested port: sw2's output to sw3, where local and long VCs meet. */
export const CONGESTED = 'sw2-sw3';

export const UBR_PLUS = `${UBR_PLUS_BASE}&policy=sd`;
export const EUBR = `${UBR_PLUS_BASE}&policy=eubr`;

export const fastRtx = metricFigure('Fast retransmits', (m) => m.fastRetransmits, num);
export const clr0 = metricFigure('CLR of untagged cells (CLP0)', (m) => m.clrClp0, pct2);
export const clr1 = metricFigure('CLR of tagged cells (CLP1)', (m) => m.clrClp1, pct2);

/** A guess of the run's efficiency on a 0–100 % scale, marked right within 10 points. While
 * it is open, the efficiency and the goodput (the efficiency in Mbit/s) are hidden. */
export function efficiencyGuess(id: string, question: string, why: string): ScalePrediction {
  return {
    kind: 'scale',
    id,
    question,
    min: 0,
    max: 1,
    step: 0.01,
    initial: 0.5,
    format: pct,
    answer: (c) => (c.metrics ? c.metrics.efficiency : null),
    tolerance: 0.1,
    why,
    hides: ['efficiency', 'goodputMbps'],
  };
}
