/**
 * The estimated cost of one claim run, so that the scorecard's pool starts the longest runs
 * first (on many cores the last long run to start sets the wall time). A run's cost is its cell
 * slots (the bottleneck link's cell rate times the simulated time, at every switch of a network)
 * times the engine's measured wall time per slot for its preset's family (`s1-lan`, `s0-sim`,
 * ...), or for a scenario of no known family, per slot of its port configuration. The figures
 * are the medians over every run of `npm run reproduce -- --timings FILE` (two worker threads
 * on two shared cores): they order the runs, so only their ratios matter. Against the measured
 * times the estimate correlates at r = 0.51 (Spearman 0.50) on the run it was fitted on and 0.44
 * (0.56) on a later one, where cell slots weighted by the connections (the estimate before)
 * gave 0.23 (0.31) and 0.14 (0.28).
 */
import { derive } from '../sim';
import type { RunRequest } from './summary';
import { claimScenario, runKey } from './summary';

/** The port configurations whose slots cost alike: random arrival order into a FIFO (its fused
 * kernel), another FIFO (windows of slots), per-VC cell lists under a scheduler, and networks
 * of several switches. */
type CostFamily = 'random-fifo' | 'fifo' | 'lists' | 'network';

/** Measured nanoseconds of wall time per cell slot, by preset family (the first two words of
 * the preset's name). */
const NS_PER_SLOT: Readonly<Record<string, number>> = {
  's0-dupack': 43,
  's0-plain': 71,
  's0-ppd': 99,
  's0-sim': 127,
  's0-stretch': 151,
  's0-testbed': 96,
  's1-dfba': 194,
  's1-fifo': 397,
  's1-guaranteed': 179,
  's1-integer': 500,
  's1-lan': 272,
  's1-sack': 359,
  's1-satellite': 137,
  's1-wan': 283,
  's2-deadlock': 99,
  's2-romanow': 189,
  's3-gfr': 374,
  's4-chain': 502,
  's4-epd': 99,
  's4-eubr': 97,
  's4-ubr': 46,
};

/** The same, by port configuration, for a scenario of no family above. */
const NS_PER_SLOT_BY_CONFIG: Readonly<Record<CostFamily, number>> = {
  'random-fifo': 284,
  fifo: 161,
  lists: 111,
  network: 312,
};

/** A run's family, cell slots and estimated cost (ns). */
export function runCostParts(r: RunRequest): { family: string; slots: number; cost: number } {
  const s = claimScenario(r.query, r.seed);
  const d = derive(s);
  const network = s.topology !== 'single';
  const preset = /(?:^|&)preset=([^&]*)/.exec(r.query)?.[1] ?? '';
  const byPreset = preset.split('-').slice(0, 2).join('-');
  const config: CostFamily = network
    ? 'network'
    : s.scheduler !== 'fifo'
      ? 'lists'
      : s.arrivalOrder === 'random'
        ? 'random-fifo'
        : 'fifo';
  const family = Object.hasOwn(NS_PER_SLOT, byPreset) ? byPreset : config;
  const ns = NS_PER_SLOT[family] ?? NS_PER_SLOT_BY_CONFIG[config];
  const slots = (d.duration / 1e12) * d.linkCellRate * (network ? s.hops : 1);
  return { family, slots: Math.round(slots), cost: slots * ns };
}

/** A run's estimated cost (ns): the pool starts the longest runs first. */
function runCost(r: RunRequest): number {
  return runCostParts(r).cost;
}

/** The runs in the order the pool starts them: longest (estimated) first, ties by key. */
export function longestFirst(runs: readonly RunRequest[]): RunRequest[] {
  const cost = new Map(runs.map((r) => [runKey(r.query, r.seed), runCost(r)]));
  const at = (r: RunRequest) => cost.get(runKey(r.query, r.seed))!;
  return [...runs].sort(
    (a, b) =>
      at(b) - at(a) ||
      (runKey(a.query, a.seed) < runKey(b.query, b.seed)
        ? -1
        : runKey(a.query, a.seed) > runKey(b.query, b.seed)
          ? 1
          : 0),
  );
}

/** Shard `index` of `count` (1-based) of the runs: every count-th run, longest first, from the
 * index-th, so that the shards' estimated costs come out close. */
export function shardRuns(runs: readonly RunRequest[], index: number, count: number): RunRequest[] {
  return longestFirst(runs).filter((_, i) => i % count === index - 1);
}
