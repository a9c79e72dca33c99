import type { Metrics } from '../../src/sim';
import { parseScenario, runScenario } from '../../src/sim';

/** Mean of each metric over `seeds` runs of a scenario query. Fails on an invalid query. */
export function meanOverSeeds(query: string, seeds: number[]): Metrics & { dropped: number } {
  const runs = seeds.map((seed) => {
    const { scenario, errors } = parseScenario(`${query}&seed=${seed}`);
    if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
    return runScenario(scenario);
  });
  const mean = (f: (m: Metrics) => number) =>
    runs.reduce((a, r) => a + f(r.metrics), 0) / runs.length;
  return {
    ...runs[0].metrics,
    efficiency: mean((m) => m.efficiency),
    fairness: mean((m) => m.fairness),
    goodputMbps: mean((m) => m.goodputMbps),
    clr: mean((m) => m.clr),
    fer: mean((m) => m.fer),
    deadCellRatio: mean((m) => m.deadCellRatio),
    timeouts: mean((m) => m.timeouts),
    fastRetransmits: mean((m) => m.fastRetransmits),
    clrClp0: mean((m) => m.clrClp0),
    clrClp1: mean((m) => m.clrClp1),
    dropped: runs.reduce((a, r) => a + r.cells.dropped, 0) / runs.length,
  };
}
