import { describe, expect, it } from 'vitest';
import { addRttSample, backedOffRto, newEstimator } from '../../../../src/sim/tcp/rto';
import type { RtoParams } from '../../../../src/sim/tcp/rto';

const ms = (x: number) => x * 1e9;

describe('RFC 6298 retransmission timer', () => {
  const p: RtoParams = { G: ms(10), rtoMin: 0, rtoMax: ms(64000), rtoInitial: ms(3000) };

  it('starts at the initial RTO', () => {
    expect(newEstimator(p).rto).toBe(ms(3000));
  });

  it('(2.2) first sample: SRTT = R, RTTVAR = R/2, RTO = SRTT + max(G, 4·RTTVAR)', () => {
    const e = newEstimator(p);
    addRttSample(e, ms(100), p);
    expect(e.srtt).toBe(ms(100));
    expect(e.rttvar).toBe(ms(50));
    expect(e.rto).toBe(ms(300));
  });

  it('(2.3) later samples: RTTVAR = ¾RTTVAR + ¼|SRTT − R| with the old SRTT, then SRTT = ⅞SRTT + ⅛R', () => {
    const e = newEstimator(p);
    addRttSample(e, ms(100), p);
    addRttSample(e, ms(200), p);
    expect(e.rttvar).toBe(ms(62.5));
    expect(e.srtt).toBe(ms(112.5));
    expect(e.rto).toBe(ms(112.5 + 250));
    addRttSample(e, ms(112.5), p);
    expect(e.rttvar).toBeCloseTo(ms(46.875), 0);
    expect(e.srtt).toBe(ms(112.5));
  });

  it('the clock granularity G bounds the variance term', () => {
    const coarse = { ...p, G: ms(500) };
    const e = newEstimator(coarse);
    addRttSample(e, ms(1), coarse);
    expect(e.rto).toBe(ms(501));
  });

  it('(2.4) clamps to RTOmin and to the maximum', () => {
    const q = { ...p, rtoMin: ms(1000), rtoMax: ms(64000) };
    const e = newEstimator(q);
    addRttSample(e, ms(1), q);
    expect(e.rto).toBe(ms(1000));
    addRttSample(e, ms(100000), q);
    expect(e.rto).toBe(ms(64000));
  });

  it('(5.5) backoff doubles the RTO up to the maximum', () => {
    const q = { ...p, rtoMin: ms(1000) };
    const e = newEstimator(q);
    addRttSample(e, ms(1), q);
    expect(backedOffRto(e, 0, q)).toBe(ms(1000));
    expect(backedOffRto(e, 1, q)).toBe(ms(2000));
    expect(backedOffRto(e, 3, q)).toBe(ms(8000));
    expect(backedOffRto(e, 10, q)).toBe(ms(64000));
  });
});

describe('BSD RTO floor (rtoRule=bsd: tcp_xmit_timer, max(t_rttmin, rtt + 2) ticks)', () => {
  const bsd: RtoParams = {
    G: ms(500),
    rtoMin: ms(1000),
    rtoMax: ms(64000),
    rtoInitial: ms(3000),
    bsdFloor: true,
  };

  it('a LAN sample inside one tick (t_rtt = 1) gives 3 ticks, 1.5 s, above RFC 6298’s 1 s', () => {
    const e = newEstimator(bsd);
    addRttSample(e, ms(1), bsd, 1);
    expect(e.rto).toBe(ms(1500));
    const rfc = newEstimator({ ...bsd, bsdFloor: false });
    addRttSample(rfc, ms(1), { ...bsd, bsdFloor: false }, 1);
    expect(rfc.rto).toBe(ms(1000));
  });

  it('a sample that crossed one tick (t_rtt = 2) gives 4 ticks; the 64 s cap still holds', () => {
    const e = newEstimator(bsd);
    addRttSample(e, ms(300), bsd, 2);
    expect(e.rto).toBe(ms(2000));
    addRttSample(e, ms(300), bsd, 200);
    expect(e.rto).toBe(ms(64000));
  });

  it('does not lower an RTO that RFC 6298 puts above the floor', () => {
    const e = newEstimator(bsd);
    addRttSample(e, ms(2000), bsd, 5);
    // SRTT 2 s + max(G, 4·1 s) = 6 s > (5 + 2)·0.5 s = 3.5 s
    expect(e.rto).toBe(ms(6000));
  });
});
