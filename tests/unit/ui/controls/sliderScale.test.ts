import { describe, expect, it } from 'vitest';
import type { NumberParam } from '../../../../src/sim';
import { KEYS, SCHEMA, sliderScale } from '../../../../src/sim';
import { roundValues, scaleOf } from '../../../../src/ui/controls/sliderScale';

const numberDefs = KEYS.flatMap((k) => {
  const d = SCHEMA[k];
  return d.kind === 'int' || d.kind === 'number' ? [[k, d] as [string, NumberParam]] : [];
});

describe('slider scales from the schema', () => {
  it('puts a log slider on every range over more than two decades, over round values', () => {
    const log = numberDefs.filter(([, d]) => sliderScale(d) === 'log');
    expect(log.map(([k]) => k)).toEqual(
      expect.arrayContaining(['bufferCells', 'mtu', 'window', 'duration', 'rttMs']),
    );
    for (const [k, d] of log) {
      const v = roundValues(d);
      // From the range's start to its end, ascending, inside the range.
      expect(v[0], k).toBe(d.min > 0 ? d.min : 0);
      expect(v[v.length - 1], k).toBe(d.max);
      for (let i = 1; i < v.length; i++) expect(v[i], k).toBeGreaterThan(v[i - 1]);
      // Between the ends: round (two significant digits), integers for an integer key, and
      // never more than a factor 2 apart (1 → 2 is the widest, at the integers' start).
      for (let i = 1; i < v.length - 1; i++) {
        expect(Number(v[i].toPrecision(2)), `${k} ${v[i]}`).toBe(v[i]);
        if (d.kind === 'int') expect(Number.isInteger(v[i]), `${k} ${v[i]}`).toBe(true);
        if (v[i - 1] > 0) expect(v[i] / v[i - 1], `${k} ${v[i]}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('shows a typed value at the nearest round value and steps from it', () => {
    const s = scaleOf(SCHEMA.bufferCells as NumberParam);
    expect(s.fromPos(s.toPos(1088))).toBe(1000);
    expect(s.fromPos(s.toPos(1150))).toBe(1200);
    expect(s.next(1088, 1)).toBe(1200);
    expect(s.next(1088, -1)).toBe(1000);
    expect(s.next(1000, -1)).toBe(800);
    expect(s.next(600_000, 1)).toBe(600_000);
    expect(s.next(1, -1)).toBe(1);
    const mtu = scaleOf(SCHEMA.mtu as NumberParam);
    expect(mtu.next(4352, 1)).toBe(5000);
    expect(mtu.next(9180, -1)).toBe(8000);
    // A range from 0 keeps 0 at its first position.
    const rtt = scaleOf(SCHEMA.rttMs as NumberParam);
    expect(rtt.fromPos(0)).toBe(0);
    expect(rtt.next(0, 1)).toBe(0.01);
  });

  it('leaves linear ranges to the schema step', () => {
    const s = scaleOf(SCHEMA.sources as NumberParam);
    expect(s.kind).toBe('linear');
    expect([s.min, s.max, s.step]).toEqual([1, 64, 1]);
    expect(s.fromPos(4.4)).toBe(4);
  });
});
