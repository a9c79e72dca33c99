/**
 * S3: Puangpronpitag, Kara, Djemame, "A Performance Evaluation of Buffer Management and
 * Scheduling for ATM-GFR Using TCP", §5.1 / Fig. 3: with half the VCs tagged, two-threshold
 * buffer management keeps the CLP0 cell loss below plain UBR's, checked at both ends of S3's
 * range, K = 2400 and 4800 cells. With F-GCRA network tagging (§3.2) the untagged stream is
 * protected entirely.
 *
 * S4: Kim & Kim, "An Enhanced UBR+ (EUBR+) scheme", Fig. 4 and 6–7, §V: EUBR+ loses fewer cells
 * than UBR+ and EPD, and "reduces the probability of timeout than EPD and UBR+".
 */
import { describe, expect, it } from 'vitest';
import { Simulation, parseScenario } from '../../src/sim';
import { TcpEvent } from '../../src/sim/tcp/sender';
import { meanOverSeeds } from './helpers';

describe('S3: CLP0 protection by two thresholds', () => {
  // Seeds 1–6, CLP0 CLR tail drop vs two thresholds: K = 2400 2.5e-3 vs 1.3e-3, K = 4800
  // 1.1e-3 vs 4.7e-4 (lower in every seed). S3 finds CLP0 loss ≈ 0; here it is halved, not
  // removed. At K = 2400 the order used to be reversed (1.2e-3 vs 1.4e-3) while equal-rate VCs
  // arrived on the slot grid in a fixed order: VC 0, untagged, won every freed buffer place.
  for (const K of [2400, 4800]) {
    it(`K = ${K}, 10 sources, half tagged: CLP0 loss under two-threshold is below tail drop`, () => {
      const q = (p: string) => `?preset=s3-gfr-lan-${p}&sources=10&bufferCells=${K}`;
      const tail = meanOverSeeds(q('tail-drop'), [1, 2, 3]);
      const two = meanOverSeeds(q('two-threshold'), [1, 2, 3]);
      expect(two.clrClp0).toBeLessThan(tail.clrClp0);
      // Tagged traffic pays instead.
      expect(two.clrClp1).toBeGreaterThan(tail.clrClp1);
    });
  }

  it('with F-GCRA tagging at the switch, the CLP0 stream loses no cell', () => {
    const r = meanOverSeeds('?preset=s3-gfr-fgcra', [1, 2]);
    expect(r.clrClp0).toBe(0);
    expect(r.clrClp1).toBeGreaterThan(0);
  });
});

/**
 * Mean number of timeouts per run that a connection takes after its first RTT sample. The
 * earlier ones are start-up timeouts: a source starting at 110 or 120 s meets 5–9 s of
 * queueing on the 1.5 Mbit/s link while its RTO is still the initial 3 s, under every policy
 * alike (8–10 of them per run). S4's timeouts are those that several losses from one window
 * cause, once the RTO tracks the path.
 */
function timeoutsAfterFirstSample(query: string, seeds: number[]): number {
  let total = 0;
  for (const seed of seeds) {
    const { scenario, errors } = parseScenario(`${query}&seed=${seed}`);
    if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
    const sim = new Simulation(scenario, { probes: { tcpEvents: true } });
    while (!sim.done) {
      const sampled = sim.senders.map((s) => s.est.samples > 0);
      sim.runUntil(sim.now + 1e10); // 10 ms
      const e = sim.probes.drain().tcpEvents!.columns;
      for (let i = 0; i < e.t.length; i++) {
        if (e.kind[i] === TcpEvent.TIMEOUT && sampled[e.conn[i]]) total++;
      }
    }
  }
  return total / seeds.length;
}

describe('S4: EUBR+', () => {
  it('loses fewer cells than EPD and UBR+ (Selective Drop)', () => {
    const eubr = meanOverSeeds('?preset=s4-eubr', [1, 2]);
    const epd = meanOverSeeds('?preset=s4-epd', [1, 2]);
    const ubrPlus = meanOverSeeds('?preset=s4-ubr-plus', [1, 2]);
    expect(eubr.clr).toBeLessThan(epd.clr);
    expect(eubr.clr).toBeLessThan(ubrPlus.clr);
  });

  it('has fewer timeouts than EPD and UBR+ once the start-up is over (S4 §V)', () => {
    // Seeds 1–6: EUBR+ 0 2 1 4 1 0 (mean 1.33), EPD 2 2 4 2 2 2 (2.33), UBR+ 2 2 2 2 2 5
    // (2.5). All timeouts, start-up included: 11.3, 10.3 and 10.5; EUBR+ has the most start-up
    // timeouts because its recovery zone lets the queue the late starters meet grow past R.
    const seeds = [1, 2, 3, 4, 5, 6];
    const eubr = timeoutsAfterFirstSample('?preset=s4-eubr', seeds);
    expect(eubr).toBeLessThan(timeoutsAfterFirstSample('?preset=s4-epd', seeds));
    expect(eubr).toBeLessThan(timeoutsAfterFirstSample('?preset=s4-ubr-plus', seeds));
  });
});
