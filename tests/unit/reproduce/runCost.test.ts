import { describe, expect, it } from 'vitest';
import { plannedRuns } from '../../../src/reproduce/evaluate';
import { CLAIMS } from '../../../src/reproduce/claims';
import { longestFirst, runCostParts, shardRuns } from '../../../src/reproduce/runCost';
import { runKey } from '../../../src/reproduce/summary';

// The scorecard's pool starts the longest runs first, by an estimate from each run's cell slots
// and the measured cost per slot of its family; shards split the same order.
const req = (query: string, seed = 1) => ({ query, seed, needs: [], vcQueue: false });

describe('run cost estimate', () => {
  it('is the cell slots times the cost per slot of the preset family or configuration', () => {
    const wan = runCostParts(req('preset=s1-wan-sd'));
    expect(wan.family).toBe('s1-wan');
    // 15 s of 149.76 Mbit/s cells (353,207.5 a second).
    expect(wan.slots).toBe(Math.round(15 * (149.76e6 / 424)));
    expect(wan.cost).toBeCloseTo(15 * (149.76e6 / 424) * 283, 0);
    // No preset: the port configuration decides (random order into a FIFO, round robin).
    expect(runCostParts(req('arrivalOrder=random&scheduler=fifo')).family).toBe('random-fifo');
    expect(runCostParts(req('scheduler=rr')).family).toBe('lists');
    expect(runCostParts(req('topology=chain&hops=3')).family).toBe('network');
    // An S1 WAN run costs more than a short S4 one.
    expect(wan.cost).toBeGreaterThan(runCostParts(req('preset=s4-epd')).cost);
  });

  it('shards split the planned runs, longest first, into parts of equal count', () => {
    const runs = plannedRuns(CLAIMS.filter((c) => c.paper === 'S2'));
    const order = longestFirst(runs).map((r) => runKey(r.query, r.seed));
    const costs = longestFirst(runs).map((r) => runCostParts(r).cost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const shards = [1, 2, 3].map((i) => shardRuns(runs, i, 3).map((r) => runKey(r.query, r.seed)));
    expect(shards.flat().sort()).toEqual([...order].sort());
    expect(new Set(shards.flat()).size).toBe(runs.length);
    for (const s of shards) expect(Math.abs(s.length - runs.length / 3)).toBeLessThan(1);
    // Shard 1 starts with the longest run.
    expect(shards[0][0]).toBe(order[0]);
  });
});
