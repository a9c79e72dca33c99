/**
 * S0: Jaussi, Lorang, Nelissen, "A Detailed Experimental Performance Evaluation on TCP over
 * UBR" — testbed of §3.1 (4 sources, 37.44 Mbit/s, per-VC round robin, MTU 4352, window
 * 52,224 bytes, Solaris 2.6 senders with their retransmission timer), results of §4.1 /
 * Fig. 2: at K = 1088 cells efficiency is about 87% plain UBR, 91.5% PPD and 93% EPD (b = 1);
 * all saturate as K grows past about one window (1088 cells); K = 2176 gives 99.5% of the
 * loss-free efficiency.
 * Like S0 (10 runs of 180 s), each point averages several seeds of 180 s.
 */
import { describe, expect, it } from 'vitest';
import { meanOverSeeds } from './helpers';

const SEEDS = [1, 2, 3];
const at = (K: number, policy: string) =>
  meanOverSeeds(`?preset=s0-testbed&policy=${policy}&bufferCells=${K}&duration=180`, SEEDS);

describe('S0 Fig. 2: efficiency of plain UBR, PPD and EPD (b = 1) against switch buffer', () => {
  for (const K of [1088, 725]) {
    it(`K = ${K}: EPD ≥ PPD ≥ plain UBR`, () => {
      const ubr = at(K, 'tail-drop');
      const ppd = at(K, 'ppd');
      const epd = at(K, 'epd');
      expect(epd.efficiency).toBeGreaterThanOrEqual(ppd.efficiency);
      expect(ppd.efficiency).toBeGreaterThanOrEqual(ubr.efficiency);
      // EPD cleans the loss process: fewer dead cells than plain UBR (S0 §5.1, Fig. 13).
      expect(epd.deadCellRatio).toBeLessThan(ubr.deadCellRatio);
      // S0 §4.1 measured EPD b = 1 fairness above 0.95 at every buffer of Fig. 2. With the
      // Solaris 2.6 timer single runs give 0.96–1.00 (with the BSD 200 ms tick: 0.82–0.99).
      expect(epd.fairness).toBeGreaterThan(0.95);
      if (K === 1088) {
        // Within ±0.05 of S0 Fig. 2's EPD (0.93) and PPD (0.915). Seeds 1–3 give
        // 0.951 and 0.872. Plain UBR (0.87 measured) is not: 0.78 here, see the s0-plain-ubr
        // preset.
        expect(Math.abs(epd.efficiency - 0.93)).toBeLessThan(0.05);
        expect(Math.abs(ppd.efficiency - 0.915)).toBeLessThan(0.05);
      }
    });
  }

  it('saturates once K grows past about one window: K = 2176 is within 1% of loss-free for EPD, and 4352 cells (Σ windows) is loss-free', () => {
    for (const policy of ['tail-drop', 'ppd', 'epd']) {
      const small = at(725, policy);
      const window2 = at(2176, policy);
      const lossFree = at(4352, policy);
      expect(lossFree.dropped).toBe(0);
      expect(window2.efficiency).toBeGreaterThan(small.efficiency);
      // S0 measured 99.5% of loss-free at K = 2176; this model gets there with EPD (0.997) and
      // PPD (0.99), but plain UBR stops at ≈ 96.6% of it (seeds 1–5; 0.928 with the BSD
      // 200 ms tick instead of the Solaris 2.6 timer).
      expect(window2.efficiency).toBeGreaterThan(0.95 * lossFree.efficiency);
      if (policy === 'epd') expect(window2.efficiency).toBeGreaterThan(0.99 * lossFree.efficiency);
    }
  });
});
