// The golden runs: every single-switch preset (capped at GOLDEN_SECONDS) and GOLDEN_RANDOM random scenarios,
// each recorded as the CLI's JSON metrics and cell counts. tests/golden/single.json holds the
// output of the single-switch engine before the topology refactor (issue 14); the golden test
// recomputes it and compares byte for byte. Regenerate with `npx tsx scripts/golden.ts --write`
// only when a change of results is intended.
import { PRESETS, parseScenario, runScenario, toQuery } from '../../src/sim';
import { Random } from '../../src/sim/core/random';
import { randomScenario } from './randomScenario';

export const GOLDEN_FILE = 'tests/golden/single.json';
export const GOLDEN_SECONDS = 3;
export const GOLDEN_RANDOM = 50;

export interface GoldenRun {
  name: string;
  query: string;
  /** JSON.stringify of { metrics, cells }. */
  result: string;
}

/** The queries of the golden runs, in a fixed order. */
export function goldenQueries(): { name: string; query: string }[] {
  const out: { name: string; query: string }[] = [];
  for (const p of PRESETS) {
    const { scenario } = parseScenario(`preset=${p.name}`);
    // The single-switch presets only: the networks' presets came after the golden file.
    if (scenario.topology !== 'single') continue;
    scenario.duration = Math.min(scenario.duration, GOLDEN_SECONDS);
    out.push({ name: p.name, query: toQuery(scenario) });
  }
  const r = new Random(20140);
  for (let i = 0; i < GOLDEN_RANDOM; i++) {
    const s = randomScenario(r);
    out.push({ name: `random-${i}`, query: toQuery(s) });
  }
  return out;
}

export function goldenRun(name: string, query: string): GoldenRun {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  const { metrics, cells } = runScenario(scenario);
  return { name, query, result: JSON.stringify({ metrics, cells }) };
}
