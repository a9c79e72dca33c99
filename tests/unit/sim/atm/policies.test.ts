import { describe, expect, it } from 'vitest';
import { RULE_INPUTS } from '../../../../src/sim/atm/dropReasons';
import { DROP_REASONS } from '../../../../src/sim/atm/policies';
import { FrameGcra, gcraParams } from '../../../../src/sim/atm/gfr';
import { Dfba, dfbaProbability } from '../../../../src/sim/atm/policies/dfba';
import { EnhancedUbrPlus } from '../../../../src/sim/atm/policies/eubr';
import { FairBufferAllocation, fbaW } from '../../../../src/sim/atm/policies/fairBufferAllocation';
import { FifoThresholds } from '../../../../src/sim/atm/policies/fifoThresholds';
import { SelectiveDrop } from '../../../../src/sim/atm/policies/selectiveDrop';
import { PerVcThreshold, TwoThreshold } from '../../../../src/sim/atm/policies/twoThreshold';
import type { BufferPolicy, PortState } from '../../../../src/sim/atm/policies/types';
import { Random } from '../../../../src/sim/core/random';

/** A hand-built buffer state: occupancy X, X_i of VC 0, and N_a. */
function state(K: number, X: number, x0: number, na: number, nVc = 4): PortState {
  const xi = new Int32Array(nVc + 1);
  xi[0] = x0;
  return { K, nVc, X, xi, na };
}

function decide(p: BufferPolicy, s: PortState, clp = 0, now = 0) {
  const rule = new Float64Array(RULE_INPUTS);
  const reason = DROP_REASONS[p.decide(s, 0, clp, now, rule)];
  return { reason, rule: Array.from(rule) };
}

describe('Selective Drop: X > R and X_i·N_a/X > Z (S1)', () => {
  const sd = new SelectiveDrop(900, 0.8);
  it('fires just above the load threshold', () => {
    // 361·2/901 = 0.8013 > 0.8
    const r = decide(sd, state(1000, 901, 361, 2));
    expect(r.reason).toBe('selective');
    expect(r.rule[0]).toBe(901);
    expect(r.rule[1]).toBe(361);
    expect(r.rule[2]).toBe(2);
    expect(r.rule[3]).toBe(900);
    expect(r.rule[4]).toBeCloseTo((361 * 2) / 901, 12);
  });
  it('does not fire at or below the load threshold', () => {
    expect(decide(sd, state(1000, 901, 360, 2)).reason).toBe('none'); // 0.7991
    expect(decide(sd, state(1000, 1000, 400, 2)).reason).toBe('none'); // exactly 0.8
  });
  it('does not fire while X ≤ R, whatever the load', () => {
    expect(decide(sd, state(1000, 900, 900, 1)).reason).toBe('none');
  });
});

describe('Fair Buffer Allocation: X > R and X_i·N_a/X > Z·(K − R)/(X − R) (S1)', () => {
  const fba = new FairBufferAllocation(1000, 500, 0.8);
  it('W(X) = Z·(K − R)/(X − R)', () => {
    expect(fbaW(1000, 500, 0.8, 600)).toBeCloseTo(4, 12);
    expect(fbaW(1000, 500, 0.8, 1000)).toBeCloseTo(0.8, 12);
  });
  it('at X = 600 with N_a = 5 the limit is X_i = 480 cells', () => {
    // 481·5/600 = 4.0083 > W = 4; 480·5/600 = 4 is not above it.
    const r = decide(fba, state(1000, 600, 481, 5));
    expect(r.reason).toBe('fba');
    expect(r.rule[4]).toBeCloseTo(4, 12);
    expect(decide(fba, state(1000, 600, 480, 5)).reason).toBe('none');
  });
  it('does not fire while X ≤ R', () => {
    expect(decide(fba, state(1000, 500, 500, 1)).reason).toBe('none');
  });
});

describe('two-threshold GFR buffer management (S3)', () => {
  const tt = new TwoThreshold(500, 800);
  it('refuses CLP=1 frames from LBO on', () => {
    expect(decide(tt, state(1000, 499, 0, 1), 1).reason).toBe('none');
    expect(decide(tt, state(1000, 500, 0, 1), 1).reason).toBe('clp1-threshold');
    expect(decide(tt, state(1000, 500, 0, 1), 0).reason).toBe('none');
  });
  it('refuses every frame from HBO on', () => {
    expect(decide(tt, state(1000, 799, 0, 1), 0).reason).toBe('none');
    const r = decide(tt, state(1000, 800, 0, 1), 0);
    expect(r.reason).toBe('high-threshold');
    expect(r.rule[3]).toBe(800);
  });
});

describe('per-VC GFR buffer management: T_i = max(2·MFS, K/N) (S3)', () => {
  // MFS = 12 cells, K = 1000, N = 4: T = max(24, 250) = 250.
  const pv = new PerVcThreshold(500, 800, Math.max(2 * 12, 1000 / 4));
  it('refuses a VC holding T_i cells once X ≥ LBO', () => {
    expect(decide(pv, state(1000, 500, 249, 2)).reason).toBe('none');
    const r = decide(pv, state(1000, 500, 250, 2));
    expect(r.reason).toBe('per-vc-threshold');
    expect(r.rule[3]).toBe(250);
  });
  it('does not apply the per-VC limit below LBO', () => {
    expect(decide(pv, state(1000, 499, 400, 2)).reason).toBe('none');
  });
  it('keeps the two thresholds', () => {
    expect(decide(pv, state(1000, 800, 0, 1)).reason).toBe('high-threshold');
    expect(decide(pv, state(1000, 600, 0, 1), 1).reason).toBe('clp1-threshold');
  });
});

describe('per-VC thresholds in a FIFO: one frame per crossing (S1)', () => {
  it('drops one frame when X_i first exceeds R_i and re-arms only below R_i', () => {
    const ft = new FifoThresholds(Float64Array.from([100]));
    expect(decide(ft, state(1000, 300, 100, 3)).reason).toBe('none'); // not above R_i
    expect(decide(ft, state(1000, 300, 101, 3)).reason).toBe('fifo-threshold');
    expect(decide(ft, state(1000, 300, 150, 3)).reason).toBe('none'); // already dropped one
    ft.onDeparture(0, 100); // back to R_i: still not re-armed
    expect(decide(ft, state(1000, 300, 101, 3)).reason).toBe('none');
    ft.onDeparture(0, 99); // below R_i: re-armed
    expect(decide(ft, state(1000, 300, 101, 3)).reason).toBe('fifo-threshold');
  });
});

class FixedRandom extends Random {
  constructor(private readonly v: number) {
    super(0);
  }
  override next(): number {
    return this.v;
  }
}

describe('DFBA (S1; ATM Forum 98-0405)', () => {
  it('p = Z·(α·(X_i − X·W_i/W)/(X·(1 − W_i/W)) + (1 − α)·(X − L)/(H − L))', () => {
    // X = 600, X_i = 300, W_i/W = 0.25 (fair share 150), L = 500, H = 900, α = 0.5, Z = 1:
    // fairness term 150/450 = 1/3, efficiency term 100/400 = 1/4, p = 7/24.
    expect(dfbaProbability(600, 300, 0.25, 500, 900, 0.5, 1)).toBeCloseTo(7 / 24, 12);
    expect(dfbaProbability(600, 300, 0.25, 500, 900, 0.5, 0.5)).toBeCloseTo(7 / 48, 12);
    expect(dfbaProbability(890, 890, 0.25, 500, 900, 0.5, 1)).toBeCloseTo(0.9875, 12);
    expect(dfbaProbability(890, 890, 0.25, 500, 900, 0.5, 2)).toBe(1); // capped
  });

  const make = (u: number) =>
    new Dfba(
      500,
      900,
      0.5,
      Float64Array.from([0.25, 0.75]),
      Float64Array.from([1, 1]),
      new FixedRandom(u),
    );

  it('accepts below L, refuses from H on, refuses CLP=1 between them', () => {
    expect(decide(make(0), state(1000, 499, 499, 1)).reason).toBe('none');
    expect(decide(make(0.99), state(1000, 900, 0, 1)).reason).toBe('dfba');
    expect(decide(make(0.99), state(1000, 600, 0, 1), 1).reason).toBe('dfba');
  });

  it('accepts a VC at or below its weighted share X·W_i/W', () => {
    expect(decide(make(0), state(1000, 600, 150, 2)).reason).toBe('none');
  });

  it('above its share, drops with probability p', () => {
    const p = 7 / 24;
    const hit = decide(make(p - 1e-9), state(1000, 600, 300, 2));
    expect(hit.reason).toBe('dfba');
    expect(hit.rule[4]).toBeCloseTo(p, 12);
    expect(hit.rule[3]).toBe(150); // the share
    expect(decide(make(p + 1e-9), state(1000, 600, 300, 2)).reason).toBe('none');
  });
});

describe('EUBR+ recovery zone (S4)', () => {
  // K = 50,000, R = 0.5K, P = 0.7K, T_g = 1 s, SD test with Z = 0.8.
  const s = 1e12;
  const make = () => new EnhancedUbrPlus(50000, 25000, 35000, s, 'sd', 0.8, false, 4);

  it('accepts below R; above R applies the UBR+ test and marks the VC damaged', () => {
    const e = make();
    expect(decide(e, state(50000, 24999, 24999, 1), 0, 0).reason).toBe('none');
    // Above R, a VC within its share passes the SD test (5000·4/30000 = 0.67 ≤ 0.8)...
    expect(decide(e, state(50000, 30000, 5000, 4), 0, 0).reason).toBe('none');
    expect(e.damagedUntil[0]).toBe(-Infinity);
    // ...one above it is refused (20000·4/30000 = 2.67).
    expect(decide(e, state(50000, 30000, 20000, 4), 0, 0).reason).toBe('eubr');
  });

  it('lets a damaged VC into the zone R..P for the guaranteed period, and never above P', () => {
    const e = make();
    // VC 0 above R with load 20000·2/30000 = 1.33 > 0.8: refused, damaged until 1 s.
    const r = decide(e, state(50000, 30000, 20000, 2), 0, 0);
    expect(r.reason).toBe('eubr');
    expect(r.rule[4]).toBe(1); // protected until t = 1 s
    expect(e.damagedUntil[0]).toBe(s);
    // Within the period, in the zone: accepted despite the same load.
    expect(decide(e, state(50000, 34999, 20000, 2), 0, 0.5 * s).reason).toBe('none');
    // At P: refused even when damaged.
    expect(decide(e, state(50000, 35000, 20000, 2), 0, 0.5 * s).reason).toBe('eubr');
    // After the period, the UBR+ test applies again.
    expect(decide(e, state(50000, 30000, 20000, 2), 0, 2 * s).reason).toBe('eubr');
  });
});

describe('F-GCRA frame tagging (S3; ITU-T I.371.1)', () => {
  /** Frames of `n` cells sent back-to-back at PCR = 10·MCR, one every `gap` cell times of MCR. */
  function taggedFraction(rateFactor: number, frames = 1000) {
    const mcr = 10000; // cells/s
    const pcr = 10 * mcr;
    const n = 10;
    const { T, tau } = gcraParams(mcr, pcr, n, 0);
    const g = new FrameGcra(Float64Array.from([T]), Float64Array.from([tau]));
    const frameGap = (n * T) / rateFactor;
    let tagged = 0;
    for (let f = 0; f < frames; f++) {
      const t0 = f * frameGap;
      if (!g.firstCell(0, t0, 0)) tagged++;
      for (let k = 1; k < n; k++) g.laterCell(0, t0 + (k * 1e12) / pcr);
    }
    return tagged / frames;
  }

  it('T = 1/MCR and τ = (MBS − 1)(1/MCR − 1/PCR) + CDVT', () => {
    const { T, tau } = gcraParams(10000, 100000, 10, 5e6);
    expect(T).toBe(1e8);
    expect(tau).toBe(9 * (1e8 - 1e7) + 5e6);
  });

  it('a VC sending at exactly its MCR stays untagged', () => {
    expect(taggedFraction(1)).toBe(0);
  });

  it('at twice its MCR about half its frames are tagged', () => {
    const f = taggedFraction(2);
    expect(f).toBeGreaterThan(0.48);
    expect(f).toBeLessThan(0.52);
  });

  it('a frame already CLP=1 is never eligible, and does not advance TAT', () => {
    const { T, tau } = gcraParams(10000, 100000, 10, 0);
    const g = new FrameGcra(Float64Array.from([T]), Float64Array.from([tau]));
    expect(g.firstCell(0, 0, 1)).toBe(false);
    expect(g.tat[0]).toBe(0);
  });
});
