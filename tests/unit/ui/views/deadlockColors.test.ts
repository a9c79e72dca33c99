// One colour per kind of throughput deadlock (Nakanishi et al., "Analysis of TCP Throughput
// Anomaly over Congested ATM Networks", §2.3 and §4): (b), rescued only by a retransmission
// timeout, in the timeout's red; (a), stop-and-go, rescued by the delayed-ACK timer, in
// purple; the same on the timeline (its ticks and its list), in the time-sequence legend and in
// the bands the time-sequence view paints, in both themes.
import { describe, expect, it } from 'vitest';
import {
  colorOfMark,
  computeMarks,
  legendOfMarks,
  markTarget,
} from '../../../../src/ui/timeline/marks';
import { legendItems } from '../../../../src/ui/views/legend';
import { deadlockColor, markColors } from '../../../../src/ui/views/palette';
import { storeFromSim } from '../../../helpers/storeFromSim';

const staircase = storeFromSim('?preset=s2-deadlock&duration=3');
const stopAndGo = storeFromSim('?preset=s2-stop-and-go&duration=1.2');

describe('deadlock colours', () => {
  it('are two, one per kind: (b) the timeout red, (a) purple', () => {
    for (const dark of [false, true]) {
      expect(deadlockColor('b', dark)).toBe(markColors(dark).timeout);
      expect(deadlockColor('a', dark)).toBe(markColors(dark).stopAndGo);
      expect(deadlockColor('a', dark)).not.toBe(deadlockColor('b', dark));
    }
  });

  it('the timeline paints each deadlock in its kind’s colour, as the legend under the plot', () => {
    const b = computeMarks(staircase).filter((m) => m.kind === 'deadlock');
    const a = computeMarks(stopAndGo).filter((m) => m.kind === 'deadlock');
    expect(b.length).toBe(2);
    expect(a.length).toBeGreaterThan(0);
    expect(b.every((m) => m.deadlock === 'b')).toBe(true);
    expect(a.every((m) => m.deadlock === 'a')).toBe(true);
    for (const dark of [false, true]) {
      const legend = legendItems('timeseq', staircase.info, {
        dark,
        stalls: { timeout: true, stopAndGo: true },
      });
      const band = (p: string) => legend.find((i) => i.mark === 'band' && i.label.startsWith(p));
      expect(colorOfMark(b[0], dark)).toBe(band('deadlock (b)')!.color);
      expect(colorOfMark(a[0], dark)).toBe(band('stop-and-go')!.color);
      // The timeline's list of kinds names them as the plot's legend does.
      expect(legendOfMarks([...b, ...a], dark).filter((k) => k.key.startsWith('deadlock'))).toEqual(
        [
          { key: 'deadlock-b', name: 'deadlock (b), ends by RTO', color: deadlockColor('b', dark) },
          { key: 'deadlock-a', name: 'stop-and-go deadlock (a)', color: deadlockColor('a', dark) },
        ],
      );
    }
  });

  it('a deadlock picked in Moments goes to its end, zoomed to show it whole', () => {
    const [, second] = computeMarks(staircase).filter((m) => m.kind === 'deadlock');
    // Deadlock (b) from 1.511 s to 2.810 s: the run goes to 2.810 s, when it is flagged.
    expect(second.t).toBeCloseTo(1.5113, 4);
    expect(second.t1).toBeCloseTo(2.8096, 4);
    const to = markTarget(second, 10);
    expect(to.t - second.t1!).toBeCloseTo(1e-6, 12);
    // There the run holds it: flagged (both stalls of the staircase) and counted.
    const at = storeFromSim('?preset=s2-deadlock', 50, to.t);
    expect(at.tables.stalls.rows).toBe(2);
    expect(at.metrics!.deadlockSecondsMean).toBeGreaterThan(2);
    expect(storeFromSim('?preset=s2-deadlock', 50, second.t1).tables.stalls.rows).toBe(0);
    expect(to.zoom[0]).toBeLessThan(second.t);
    expect(to.zoom[1]).toBeGreaterThan(second.t1!);
    // A moment without a span goes to its time.
    const first = computeMarks(staircase).find((m) => m.kind === 'first-timeout')!;
    expect(markTarget(first, 10).t).toBe(first.t);
  });
});
