import { describe, expect, it } from 'vitest';
import { DeadlockDetector, StallKind } from '../../../../src/sim/metrics/deadlock';

const S = 1e12; // ps per second

/** Port slot counters advanced by hand: `busy` slots carried UBR cells, `idle` were idle. */
class Port {
  slotIndex = 0;
  idleSlots = 0;
  readonly c = { bgDeparted: 0 };
  run(busy: number, idle: number, bg = 0) {
    this.slotIndex += busy + idle + bg;
    this.idleSlots += idle;
    this.c.bgDeparted += bg;
  }
}

describe('throughput-deadlock detector (the stalls of S2 §3)', () => {
  it('flags a staircase of two idle-link stalls, and later stalls of the chain at once', () => {
    const d = new DeadlockDetector(1);
    const p = new Port();
    d.progress(0, 0, p); // start
    p.run(1000, 0);
    d.progress(0, 0.1 * S, p); // progress until 0.1 s, then the link idles (CBR busy)
    p.run(0, 900, 600);
    // First timeout at 1.0 s: stalled 0.9 of the 1.0 s since the start, link idle → pending.
    expect(d.timeout(0, 1.0 * S, p)).toEqual([]);
    expect(d.count).toBe(0);
    d.progress(0, 1.02 * S, p); // brief progress after the retransmission
    p.run(0, 950, 600);
    // Second at 2.0 s: stalled 0.98 of the 1.0 s cycle → both flagged.
    const flagged = d.timeout(0, 2.0 * S, p);
    expect(flagged.map((s) => [s.t0 / S, s.t1 / S])).toEqual([
      [0.1, 1.0],
      [1.02, 2.0],
    ]);
    expect(flagged[1].idle).toBe(1); // 950 idle of 950 UBR slots (600 went to background)
    expect(d.count).toBe(2);
    expect(d.flaggedTime[0] / S).toBeCloseTo(0.9 + 0.98, 12);
    // A back-to-back timeout with no progress extends the stall by exactly its length; the
    // row covers the extension only.
    p.run(0, 500, 0);
    expect(d.timeout(0, 3.0 * S, p).map((s) => [s.t0 / S, s.t1 / S])).toEqual([[2.0, 3.0]]);
    expect(d.count).toBe(2);
    expect(d.flaggedTime[0] / S).toBeCloseTo(0.9 + 0.98 + 1.0, 12);
    // In the chain, the next qualifying stall counts at once.
    d.progress(0, 3.01 * S, p);
    p.run(0, 500, 0);
    expect(d.timeout(0, 4.0 * S, p)).toHaveLength(1);
    expect(d.count).toBe(3);
  });

  it('does not flag a stall while other traffic keeps the link busy, nor one after long progress', () => {
    const d = new DeadlockDetector(2);
    const p = new Port();
    d.progress(0, 0, p);
    d.progress(1, 0, p);
    // Connection 0 stalls for 1 s while connection 1 keeps 80 % of the link busy.
    p.run(800, 200);
    expect(d.timeout(0, 1 * S, p)).toEqual([]);
    d.progress(0, 1.01 * S, p);
    p.run(800, 200);
    expect(d.timeout(0, 2 * S, p)).toEqual([]);
    // Idle exactly at the threshold (90 %) counts; just below does not.
    const e = new DeadlockDetector(1);
    const q = new Port();
    e.progress(0, 0, q);
    q.run(101, 899);
    expect(e.timeout(0, 1 * S, q)).toEqual([]); // 89.9 % idle
    expect(e.count).toBe(0);
    // Long progress (0.5 s) before a 0.5 s stall: share 0.5 < 0.75, an ordinary timeout.
    const f = new DeadlockDetector(1);
    const r = new Port();
    f.progress(0, 0, r);
    f.progress(0, 0.5 * S, r);
    r.run(0, 1000);
    expect(f.timeout(0, 1 * S, r)).toEqual([]);
    f.progress(0, 1.5 * S, r);
    r.run(0, 1000);
    expect(f.timeout(0, 2 * S, r)).toEqual([]);
    expect(f.count).toBe(0);
  });

  it('flags stop-and-go: two stalls in a row that only the delayed-ACK timer ends (deadlock a)', () => {
    const d = new DeadlockDetector(1);
    const p = new Port();
    d.progress(0, 0, p);
    // One segment (a few busy slots), then the link idles until the 200 ms tick's ACK.
    for (let k = 1; k <= 3; k++) {
      p.run(20, 9980);
      const got = d.rescued(0, k * 200e9, p, StallKind.DELAYED_ACK);
      if (k === 1) expect(got).toEqual([]);
      else
        expect(got.map((s) => [s.t0 / S, s.t1 / S, s.kind])).toEqual(
          k === 2
            ? [
                [0, 0.2, StallKind.DELAYED_ACK],
                [0.2, 0.4, StallKind.DELAYED_ACK],
              ]
            : [[0.4, 0.6, StallKind.DELAYED_ACK]],
        );
      d.progress(0, k * 200e9, p);
    }
    expect(d.count).toBe(3);
    expect(d.flaggedTime[0] / S).toBeCloseTo(0.6, 12);
  });

  it("the delayed ACK of a timeout's retransmission continues the same stall, not a second one", () => {
    const d = new DeadlockDetector(1);
    const p = new Port();
    d.progress(0, 0, p);
    d.progress(0, 0.1 * S, p);
    p.run(0, 1000);
    expect(d.timeout(0, 1.0 * S, p)).toEqual([]); // pending
    p.run(0, 100);
    // No progress since 0.1 s: the retransmission's delayed ACK ends the same stall.
    expect(d.rescued(0, 1.2 * S, p, StallKind.DELAYED_ACK)).toEqual([]);
    expect(d.count).toBe(0);
    d.progress(0, 1.2 * S, p);
    // The next cycle confirms it, with the pending stall extended to its delayed ACK.
    p.run(0, 1000);
    const got = d.timeout(0, 2.2 * S, p);
    expect(got.map((s) => [s.t0 / S, s.t1 / S, s.kind])).toEqual([
      [0.1, 1.2, StallKind.TIMEOUT],
      [1.2, 2.2, StallKind.TIMEOUT],
    ]);
    expect(d.flaggedTime[0] / S).toBeCloseTo(1.1 + 1.0, 12);
  });

  it('two timeouts in a row with no progress confirm one continuous stall, counted once in time', () => {
    const d = new DeadlockDetector(1);
    const p = new Port();
    d.progress(0, 0, p);
    p.run(0, 1000);
    expect(d.timeout(0, 1 * S, p)).toEqual([]); // pending
    p.run(0, 2000);
    const got = d.timeout(0, 3 * S, p); // the backed-off RTO, still no progress
    expect(got.map((s) => [s.t0 / S, s.t1 / S])).toEqual([
      [0, 1],
      [1, 3],
    ]);
    expect(d.count).toBe(2);
    expect(d.flaggedTime[0] / S).toBe(3);
  });
});
