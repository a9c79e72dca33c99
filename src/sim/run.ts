import type { CellCounts, Metrics } from './metrics/metrics';
import { toQuery } from './scenario/codec';
import type { Scenario } from './scenario/schema';
import { Simulation } from './simulation';

export interface RunResult {
  scenario: Scenario & { query: string };
  metrics: Metrics;
  cells: CellCounts;
}

/** Runs a scenario to its end and returns the normalised scenario, metrics and cell counts
 * (the CLI's --json payload, minus wall-clock figures). */
export function runScenario(scenario: Scenario): RunResult {
  const sim = new Simulation(scenario).run();
  return {
    scenario: { ...scenario, query: toQuery(scenario) },
    metrics: sim.metrics(),
    cells: sim.cellCounts(),
  };
}
