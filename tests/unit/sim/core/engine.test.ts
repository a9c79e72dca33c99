import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../../../src/sim/core/eventQueue';
import { Random } from '../../../../src/sim/core/random';

describe('event queue', () => {
  it('orders by time, then by insertion (FIFO among equal times)', () => {
    const q = new EventQueue(2);
    q.push(5, 1, 0);
    q.push(3, 1, 1);
    q.push(5, 2, 2);
    q.push(3, 2, 3);
    q.push(1, 3, 4);
    const out: number[] = [];
    while (q.pop()) out.push(q.popArg);
    expect(out).toEqual([4, 1, 3, 0, 2]);
  });

  it('pops 10,000 random events in (time, sequence) order', () => {
    const r = new Random(7);
    const q = new EventQueue(4);
    const ref: [number, number][] = [];
    for (let i = 0; i < 10000; i++) {
      const t = Math.floor(r.next() * 500);
      q.push(t, 0, i);
      ref.push([t, i]);
      if (i % 3 === 0) {
        // interleave pops with pushes
        ref.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const [et, ei] = ref.shift()!;
        expect(q.pop()).toBe(true);
        expect([q.popTime, q.popArg]).toEqual([et, ei]);
      }
    }
    ref.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [et, ei] of ref) {
      expect(q.pop()).toBe(true);
      expect(q.popTime).toBe(et);
      expect(q.popArg).toBe(ei);
    }
    expect(q.pop()).toBe(false);
    expect(q.peekTime()).toBe(Infinity);
  });

  it('pops events pushed in runs (pushRun) in the same order as plain pushes', () => {
    const r = new Random(11);
    const a = new EventQueue(4);
    const b = new EventQueue(4);
    const last = new Float64Array(5);
    let now = 0;
    for (let i = 0; i < 20000; i++) {
      if (r.next() < 0.45) {
        const run = Math.floor(r.next() * 5);
        // Mostly later than the run's last event, sometimes earlier, sometimes the same time.
        const u = r.next();
        const t = u < 0.1 ? now + Math.floor(r.next() * 50) : u < 0.2 ? last[run] : last[run] + 7;
        last[run] = Math.max(last[run], t);
        a.pushRun(t, 3, run);
        b.push(t, 3, run);
      } else if (r.next() < 0.6) {
        const t = now + Math.floor(r.next() * 100);
        a.push(t, 1, i);
        b.push(t, 1, i);
      } else if (b.size > 0) {
        expect(a.pop()).toBe(true);
        expect(b.pop()).toBe(true);
        expect([a.popTime, a.popKind, a.popArg]).toEqual([b.popTime, b.popKind, b.popArg]);
        now = b.popTime;
        for (let k = 0; k < 5; k++) last[k] = Math.max(last[k], now);
      }
      expect(a.size).toBe(b.size);
    }
    while (b.pop()) {
      expect(a.pop()).toBe(true);
      expect([a.popTime, a.popKind, a.popArg]).toEqual([b.popTime, b.popKind, b.popArg]);
    }
    expect(a.pop()).toBe(false);
  });
});

describe('seeded random numbers', () => {
  it('repeats for a seed and differs across seeds', () => {
    const a = new Random(42);
    const b = new Random(42);
    const c = new Random(43);
    const xa = Array.from({ length: 8 }, () => a.nextU32());
    const xb = Array.from({ length: 8 }, () => b.nextU32());
    const xc = Array.from({ length: 8 }, () => c.nextU32());
    expect(xa).toEqual(xb);
    expect(xa).not.toEqual(xc);
  });

  it('is uniform enough on [0, 1)', () => {
    const r = new Random(1);
    const bins = new Array(10).fill(0);
    let lo = 1;
    let hi = 0;
    for (let i = 0; i < 100000; i++) {
      const x = r.next();
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      bins[Math.floor(x * 10)]++;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    for (const b of bins) expect(Math.abs(b - 10000)).toBeLessThan(500);
  });
});
