// The timeline's notable moments, from stores filled the way the app fills
// them (batches of a real run), checked against the raw probe tables of the same run.
import { describe, expect, it } from 'vitest';
import { ALL_PROBES, Simulation, StallKind, parseScenario } from '../../../../src/sim';
import { computeMarks, zoomAround } from '../../../../src/ui/timeline/marks';
import { findMark } from '../../../helpers/marks';
import { mergeMarks } from '../../../../src/ui/timeline/useTimeline';
import { storeFromSim } from '../../../helpers/storeFromSim';

/** The whole run's probe tables in one drain (never thinned, not batched). */
function raw(query: string) {
  const sim = new Simulation(parseScenario(query).scenario, { probes: ALL_PROBES });
  sim.run();
  return sim.probes.drain();
}

describe('timeline marks', () => {
  it('marks the first drop of each kind and each connection’s first FR and timeout', () => {
    const q = '?preset=s0-testbed&duration=5'; // EPD, 4 TCPs
    const marks = computeMarks(storeFromSim(q));
    const r = raw(q);
    const loss = r.loss!.columns;
    const firstOf = (pred: (i: number) => boolean) => {
      for (let i = 0; i < r.loss!.rows; i++) if (pred(i)) return loss.t[i];
      return undefined;
    };
    expect(findMark(marks, 'first-drop')!.t).toBe(loss.t[0]);
    expect(findMark(marks, 'first-epd')!.t).toBe(firstOf((i) => loss.reason[i] === 3));
    expect(findMark(marks, 'first-overflow')!.t).toBe(firstOf((i) => loss.reason[i] === 1));
    expect(findMark(marks, 'first-ppd')!.t).toBe(firstOf((i) => loss.reason[i] === 2));
    // Under EPD the first drop is a refused frame, before the buffer ever fills.
    expect(findMark(marks, 'first-drop')!.label).toMatch(/EPD/);
    expect(findMark(marks, 'first-epd')!.t).toBeLessThan(findMark(marks, 'first-overflow')!.t);

    const ev = r.tcpEvents!.columns;
    for (let c = 0; c < 4; c++) {
      for (const [kind, code] of [
        ['first-timeout', 1],
        ['first-fr', 2],
      ] as const) {
        let want: number | undefined;
        for (let i = 0; i < r.tcpEvents!.rows && want === undefined; i++)
          if (ev.conn[i] === c && ev.kind[i] === code) want = ev.t[i];
        expect(findMark(marks, kind, c)?.t).toBe(want);
        if (want !== undefined) expect(findMark(marks, kind, c)!.label).toContain(`TCP ${c + 1}`);
      }
    }
    // In time order, and each kind of "first" at most once (per connection for FR/RTO).
    for (let i = 1; i < marks.length; i++)
      expect(marks[i].t).toBeGreaterThanOrEqual(marks[i - 1].t);
    const keys = marks.map(
      (m) =>
        `${m.kind}|${m.kind.startsWith('first-') && (m.kind === 'first-fr' || m.kind === 'first-timeout') ? m.conn : ''}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has no EPD mark without EPD, and the first drop is an overflow', () => {
    const marks = computeMarks(storeFromSim('?preset=s0-plain-ubr&duration=3'));
    expect(findMark(marks, 'first-epd')).toBeUndefined();
    expect(findMark(marks, 'first-drop')!.t).toBe(findMark(marks, 'first-overflow')!.t);
  });

  it('marks each deadlock of the S2 staircase, each ended by a timeout', () => {
    const q = '?preset=s2-deadlock';
    const marks = computeMarks(storeFromSim(q));
    const dl = marks.filter((m) => m.kind === 'deadlock');
    const r = raw(q);
    const st = r.stalls!.columns;
    expect(r.stalls!.rows).toBeGreaterThanOrEqual(3);
    // One connection: a stall that starts where the previous one ended (a second timeout
    // with no progress in between) continues the same deadlock; the others start new ones.
    const episodes: [number, number][] = [];
    for (let i = 0; i < r.stalls!.rows; i++) {
      const last = episodes[episodes.length - 1];
      if (last && st.t0[i] <= last[1]) last[1] = st.t[i];
      else episodes.push([st.t0[i], st.t[i]]);
    }
    expect(episodes.length).toBeGreaterThanOrEqual(3);
    expect(episodes.length).toBeLessThan(r.stalls!.rows); // the S2 run has such a chain
    expect(dl.map((m) => [m.t, m.t1])).toEqual(episodes);
    const rto = new Set(
      [...r.tcpEvents!.columns.t].filter((_, i) => r.tcpEvents!.columns.kind[i] === 1),
    );
    for (const m of dl) {
      expect(rto.has(m.t1!)).toBe(true); // rescued by a retransmission timeout
      expect(m.label).toMatch(/^Deadlock \(b\)/);
      expect(m.conns).toEqual([0]);
    }
    expect(findMark(marks, 'deadlock', 0, 2)).toBe(dl[1]);
    // The staircase's first timeout is the first deadlock's rescue.
    expect(findMark(marks, 'first-timeout')!.t).toBe(dl[0].t1);
  });

  it('names the stop-and-go deadlock (a) by its rescue', () => {
    const marks = computeMarks(storeFromSim('?preset=s2-stop-and-go&duration=3'));
    const r = raw('?preset=s2-stop-and-go&duration=3');
    expect(r.stalls!.columns.kind[0]).toBe(StallKind.DELAYED_ACK);
    expect(findMark(marks, 'deadlock')!.label).toMatch(/^Stop-and-go deadlock \(a\)/);
    expect(findMark(marks, 'first-drop')).toBeUndefined(); // no loss at all
  });

  it('keeps the moments past a backward seek: the same run, merged', () => {
    const full = computeMarks(storeFromSim('?preset=s2-deadlock'));
    // The store after a seek back to 1.6 s holds the run up to there only.
    const early = computeMarks(storeFromSim('?preset=s2-deadlock&duration=1.6'));
    expect(early.length).toBeLessThan(full.length);
    expect(mergeMarks(full, early)).toEqual(full);
    expect(mergeMarks(early, full)).toEqual(full);
    expect(mergeMarks(full, full)).toEqual(full);
  });

  it('zooms around a moment: it lies inside, mostly what led there', () => {
    for (const [t, d] of [
      [0.064, 5],
      [2.5, 5],
      [179, 180],
      [0, 1],
      [1, 1],
    ]) {
      const [a, b] = zoomAround(t, d);
      expect(a).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThanOrEqual(d);
      expect(a).toBeLessThanOrEqual(t);
      expect(b).toBeGreaterThanOrEqual(t);
      expect(b).toBeGreaterThan(a);
    }
    expect(zoomAround(2.5, 5)).toEqual([2.2, 2.6]);
  });
});
