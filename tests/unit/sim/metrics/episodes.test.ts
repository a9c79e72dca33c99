import { describe, expect, it } from 'vitest';
import { EmptyEpisodes, ReceiveGaps } from '../../../../src/sim/metrics/episodes';
import { Simulation, parseScenario } from '../../../../src/sim';

const S = 1e12; // ps per second

describe('buffer-empty episodes (S4 Fig. 5)', () => {
  it('counts an emptying only after the buffer held at least the level since it last emptied', () => {
    const e = new EmptyEpisodes(100);
    e.emptied(1 * S, 3); // a lightly loaded buffer flickering at zero: not an episode
    e.emptied(2 * S, 99);
    expect(e.count).toBe(0);
    e.emptied(3 * S, 100);
    e.emptied(4 * S, 5000);
    expect(e.count).toBe(2);
    expect(e.times).toEqual([3 * S, 4 * S]);
  });

  it('is fed by the port: the peak resets each time the buffer empties', () => {
    // S2's deadlock run: the buffer fills, then empties while the sender waits for its RTO.
    const { scenario } = parseScenario('?preset=s2-deadlock&duration=3&seed=1');
    const sim = new Simulation(scenario).run();
    const m = sim.metrics();
    expect(m.bufferEmptyEpisodes).toBeGreaterThan(0);
    expect(m.bufferEmptyEpisodes).toBe(sim.emptyEpisodes.times.length);
    expect(sim.port.c.peakSinceEmpty).toBeLessThanOrEqual(sim.port.K);
  });
});

describe('receive gaps (S4 Fig. 9)', () => {
  it('counts silences of at least minGap between arrivals, from the start and up to the end', () => {
    const g = new ReceiveGaps(1 * S, 100 * S);
    g.arrive(100.5 * S); // 0.5 s after the start: no gap
    g.arrive(101 * S);
    g.arrive(103.5 * S); // 2.5 s
    g.arrive(104 * S);
    g.arrive(105 * S); // exactly minGap counts
    expect(g.summary(105.2 * S)).toEqual({ count: 2, seconds: 3.5, longestSeconds: 2.5 });
    // A silence still open at the end counts; summary does not change the state.
    expect(g.summary(110 * S)).toEqual({ count: 3, seconds: 8.5, longestSeconds: 5 });
    expect(g.summary(105.2 * S).count).toBe(2);
  });

  it('a silence before the first arrival counts from the first start', () => {
    const g = new ReceiveGaps(1 * S, 10 * S);
    g.arrive(12 * S);
    expect(g.summary(12 * S)).toEqual({ count: 1, seconds: 2, longestSeconds: 2 });
  });
});

describe('largest RTO (S4 Fig. 4b)', () => {
  it('is at least the initial RTO and counts the backed-off values', () => {
    const { scenario } = parseScenario('?preset=s2-deadlock&duration=3&seed=1');
    const m = new Simulation(scenario).run().metrics();
    expect(m.maxRtoSeconds).toBeGreaterThanOrEqual(scenario.rtoInitialMs / 1000);
    expect(m.maxRtoSampledSeconds).toBeLessThanOrEqual(m.maxRtoSeconds);
    expect(m.maxRtoSeconds).toBe(Math.max(...m.perConnection.map((c) => c.maxRtoSeconds)));
  });
});
