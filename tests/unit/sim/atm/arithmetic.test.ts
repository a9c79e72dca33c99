import { describe, expect, it } from 'vitest';
import { cellsFor, goodputCeiling, mssFromMtu } from '../../../../src/sim/atm/aal5';
import { epdThresholdFromB } from '../../../../src/sim/atm/policies/epd';
import { cellRate, nextTick, slotTime } from '../../../../src/sim/core/time';
import { jainIndex } from '../../../../src/sim/metrics/metrics';

// AAL5 with LLC/SNAP encapsulation (RFC 2684): cells(L) = ceil((L + 8 + 8) / 48).
describe('AAL5 framing', () => {
  it.each([
    [40, 2],
    [552, 12],
    [1500, 32],
    [4352, 91],
    [9180, 192],
    [9220, 193],
  ])('cells(%i) = %i with LLC/SNAP', (L, cells) => {
    expect(cellsFor(L)).toBe(cells);
  });

  it('VC multiplexing drops the 8-byte LLC/SNAP header', () => {
    expect(cellsFor(40, 'vcmux')).toBe(1); // 48 bytes exactly
    expect(cellsFor(1500, 'vcmux')).toBe(32); // ceil(1508/48)
    expect(cellsFor(9180, 'vcmux')).toBe(192); // ceil(9188/48) = 192
    expect(cellsFor(4352, 'vcmux')).toBe(91); // ceil(4360/48) = 91
    expect(cellsFor(88, 'vcmux')).toBe(2); // 96 bytes: exactly 2
    expect(cellsFor(88)).toBe(3); // 104 bytes with LLC/SNAP
  });

  it('MSS = MTU − 40', () => {
    expect(mssFromMtu(9180)).toBe(9140);
    expect(mssFromMtu(4352)).toBe(4312);
  });
});

describe('link rates and the goodput ceiling G_max (S0, S1)', () => {
  it('OC-3c payload 149.76 Mbit/s is 353,207.5 cells/s, slot 2.8312 µs', () => {
    expect(cellRate(149.76)).toBeCloseTo(353207.547, 2);
    expect(slotTime(149.76)).toBe(2831197); // ps: 1e12 / 353,207.547 rounded
  });

  it("S0's 37.44 Mbit/s is 88,302 cells/s, slot 11.325 µs", () => {
    expect(Math.round(cellRate(37.44))).toBe(88302);
    expect(slotTime(37.44)).toBe(11324786);
  });

  it('OC-3 with MSS 512 gives 120.6 Mbit/s', () => {
    const g = goodputCeiling(cellRate(149.76), 512) / 1e6;
    expect(cellsFor(552)).toBe(12);
    expect(g).toBeCloseTo((353207.547 * 8 * 512) / 12 / 1e6, 3);
    expect(g.toFixed(1)).toBe('120.6');
  });

  it("OC-3 with MSS 1024 gives 125.8 Mbit/s (S1's µ = 126)", () => {
    const g = goodputCeiling(cellRate(149.76), 1024) / 1e6;
    expect(cellsFor(1064)).toBe(23);
    expect(g.toFixed(1)).toBe('125.8');
  });

  it('37.44 Mbit/s with MTU 4352 gives 33.47 Mbit/s', () => {
    const g = goodputCeiling(cellRate(37.44), mssFromMtu(4352)) / 1e6;
    expect(g.toFixed(2)).toBe('33.47');
  });
});

describe('EPD threshold from b (S0 §3.2)', () => {
  it('R = K − b·MTU*', () => {
    expect(epdThresholdFromB(1088, 1, 91)).toBe(997);
    expect(epdThresholdFromB(1088, 2, 91)).toBe(906);
    expect(epdThresholdFromB(725, 0, 91)).toBe(725); // b = 0 is PPD
    expect(epdThresholdFromB(100, 2, 192)).toBe(0); // never negative
  });
});

describe('Jain fairness index', () => {
  it('is 1 for equal shares, 1/N for one hog', () => {
    expect(jainIndex([5, 5, 5, 5])).toBe(1);
    expect(jainIndex([7, 0, 0, 0])).toBe(0.25);
  });
  it('(Σx)²/(N·Σx²) for unequal shares', () => {
    expect(jainIndex([1, 2, 3, 4])).toBeCloseTo(100 / 120, 12);
    expect(jainIndex([10, 30])).toBeCloseTo(1600 / (2 * 1000), 12);
  });
  it('treats no connection or all-zero goodput as fair', () => {
    expect(jainIndex([])).toBe(1);
    expect(jainIndex([0, 0])).toBe(1);
  });
});

describe('free-running clock ticks', () => {
  it('returns the next boundary strictly after t', () => {
    expect(nextTick(0, 200, 50)).toBe(50);
    expect(nextTick(50, 200, 50)).toBe(250);
    expect(nextTick(249, 200, 50)).toBe(250);
    expect(nextTick(10, 200, 0)).toBe(200);
  });
});
