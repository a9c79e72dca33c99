// The worker's batches walk every queue to check the model's invariants only in development and
// test builds: here (vitest) a batch of a corrupted run throws; a production build skips it.
import { describe, expect, it } from 'vitest';
import { ALL_PROBES, Simulation, parseScenario } from '../../../src/sim';
import { buildBatch, invariantChecksOn } from '../../../src/worker/viewData';

describe('invariant walks on batches', () => {
  it('run in tests and development builds, not in the production build', () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(invariantChecksOn(import.meta.env)).toBe(true);
    expect(invariantChecksOn({ DEV: false })).toBe(false);
    expect(invariantChecksOn(undefined)).toBe(false); // Node without Vite: the CLI
  });

  it('a batch of a run whose counters broke conservation throws here', () => {
    const { scenario } = parseScenario('?duration=0.05');
    const sim = new Simulation(scenario, { probes: ALL_PROBES });
    sim.runUntil(0.02e12);
    const source = { id: 1, sim, playing: false, focus: 0, watch: null };
    expect(buildBatch(source).batch.t).toBeCloseTo(0.02, 12);
    sim.port.c.dropped += 1; // corrupt a counter as a bug would
    expect(() => buildBatch(source)).toThrow(/offered .* ≠ delivered/);
  });
});
