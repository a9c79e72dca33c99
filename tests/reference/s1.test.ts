/**
 * S1: Jain/Goyal (Ohio State), "TCP over UBR issues to study" — DFBA "Simulation Results"
 * (50 TCPs on 5 VCs, 50% MCR allocation: every VC gets at least its MCR, lower MCRs get more
 * excess), "FIFO Buffer Management" (observed/expected throughput ratios 0.97–1.04), and
 * "Problem in TCP implementations" (the integer cwnd freezes at MSS² = 256 KB for MSS 512; the
 * every-N-ACKs fix removes the plateau), and the LAN rows of "UBR + EPD + FBA" (5 sources,
 * 1000 cells: 0.21 / 0.49 / 0.75 / 0.88).
 */
import { describe, expect, it } from 'vitest';
import { Simulation, parseScenario } from '../../src/sim';
import { meanOverSeeds } from './helpers';

function sim(query: string, probes = {}) {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  return new Simulation(scenario, { probes });
}

describe('S1 DFBA at 50% MCR allocation', () => {
  it('every VC gets at least 95% of its MCR, and excess/MCR falls as MCR rises', () => {
    for (const seed of [1, 2]) {
      const m = sim(`?preset=s1-dfba-50&seed=${seed}`).run().metrics();
      expect(m.perVc).toHaveLength(5);
      for (const v of m.perVc) expect(v.goodputMbps).toBeGreaterThanOrEqual(0.95 * v.mcrMbps);
      expect(m.perVc[0].mcrMbps).toBeCloseTo(4.608, 3); // 12 kcells/s of 48-byte payloads
      expect(m.perVc[0].excessOverMcr).toBeGreaterThan(m.perVc[4].excessOverMcr);
    }
  });
});

describe('S1 per-VC thresholds in a FIFO buffer', () => {
  it('observed/expected throughput (µ·R_i/ΣR) stays within 0.9–1.1 for all 15 sources', () => {
    const m = sim('?preset=s1-fifo-thresholds').run().metrics();
    for (const v of m.perVc) {
      expect(v.ratio).toBeGreaterThan(0.9);
      expect(v.ratio).toBeLessThan(1.1);
    }
    expect(m.weightedFairness).toBeGreaterThan(0.99);
  });
});

describe('S1 integer-cwnd bug', () => {
  const maxCwnd = (q: string) => {
    const s = sim(q, { cwnd: true });
    let max = 0;
    while (!s.done) {
      s.runUntil(s.now + 1e12);
      const c = s.probes.drain().cwnd!.columns.cwnd;
      for (let i = 0; i < c.length; i++) max = Math.max(max, c[i]);
    }
    return { max, m: s.metrics() };
  };

  it('with the bug cwnd freezes at MSS² + 1 = 262,145 bytes; with the fix it grows past it', () => {
    // cwnd += floor(512·512/cwnd) adds 1 up to cwnd = 262,144, then 0 for ever.
    const bug = maxCwnd('?preset=s1-integer-cwnd');
    expect(bug.max).toBe(512 * 512 + 1);
    const fixed = maxCwnd('?preset=s1-integer-cwnd-fixed');
    expect(fixed.max).toBeGreaterThan(2 * 512 * 512);
    expect(fixed.m.goodputMbps).toBeGreaterThan(1.3 * bug.m.goodputMbps);
  });
});

describe('S1 LAN, 5 sources, K = 1000 ("UBR + EPD + FBA" table)', () => {
  it('efficiency orders tail drop < EPD < SD ≤ FBA + 0.05, SD and FBA are fair (≥ 0.9) and at least as fair as EPD, SD and FBA within 0.1 of S1', () => {
    // The S1 presets: cells due in the same slot enter in random order and the RTO counts
    // from the last ACK (arrivalOrder=random, timerClock=armed). Seeds 1–4, 30 s: efficiency
    // UBR 0.40, EPD 0.60, SD 0.78, FBA 0.94 (S1 0.21 / 0.49 / 0.75 / 0.88); fairness 0.95,
    // 0.99, 1.00, 1.00 (S1 0.68 / 0.57 / 0.99 / 0.98).
    // Not reproduced: UBR's 0.21 and EPD's 0.49 (the model is 0.19 and 0.11 above), and the
    // unfairness of UBR and EPD, which here averages out over 30 s (in 2 s runs, seeds 1–6, it is 0.59
    // and 0.75 against SD 0.85 and FBA 0.96; S1 does not give its run length).
    const at = (p: string) => meanOverSeeds(`?preset=s1-lan-${p}`, [1, 2, 3, 4]);
    const ubr = at('tail-drop');
    const epd = at('epd');
    const sd = at('sd');
    const fba = at('fba');
    expect(ubr.efficiency).toBeLessThan(epd.efficiency);
    expect(epd.efficiency).toBeLessThan(sd.efficiency);
    expect(sd.efficiency).toBeLessThanOrEqual(fba.efficiency + 0.05);
    expect(sd.fairness).toBeGreaterThanOrEqual(0.9);
    expect(fba.fairness).toBeGreaterThanOrEqual(0.9);
    expect(sd.fairness).toBeGreaterThanOrEqual(epd.fairness);
    expect(Math.abs(sd.efficiency - 0.75)).toBeLessThan(0.1);
    expect(Math.abs(fba.efficiency - 0.88)).toBeLessThan(0.1);
  }, 300_000);

  it('with cells in order of arrival instant (arrivalOrder=time), tail drop locks out and beats EPD', () => {
    // The cause of the old gap: one VC's burst comes first in every slot and takes every place
    // a full buffer frees, so it loses nothing while the others lose every cell. Seeds 1–4:
    // tail drop 0.71 efficient, 0.62 fair, above EPD's 0.59.
    const at = (p: string) => meanOverSeeds(`?preset=s1-lan-${p}&arrivalOrder=time`, [1, 2, 3, 4]);
    const ubr = at('tail-drop');
    const epd = at('epd');
    expect(ubr.efficiency).toBeGreaterThan(epd.efficiency);
    expect(ubr.fairness).toBeLessThan(0.8);
  }, 300_000);
});
