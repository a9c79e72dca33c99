/**
 * The estimated cost of one claim run, so that the scorecard's pool starts the longest runs
 * first (on many cores the last long run to start sets the wall time). A run's cost is its cell
 * slots (the bottleneck link's cell rate times the simulated time, at every switch of a network)
 * times the engine's measured cost per slot for its port configuration, plus a fixed cost per
 * run. The figures per slot were measured on `npm run reproduce -- --timings FILE` (every
 * claim run, their wall times fitted per configuration by least squares); they order the runs,
 * so only their ratios matter.
 */
import { derive } from '../sim';
import type { RunRequest } from './summary';
import { claimScenario, runKey } from './summary';

/** The port configurations whose slots cost alike: random arrival order into a FIFO (its fused
 * kernel), another FIFO (windows of slots), per-VC cell lists under a scheduler, and networks
 * of several switches. */
export type CostFamily = 'random-fifo' | 'fifo' | 'lists' | 'network';

/** Measured nanoseconds per cell slot, by configuration, and per run. */
export const NS_PER_SLOT: Readonly<Record<CostFamily, number>> = {
  'random-fifo': 100,
  fifo: 60,
  lists: 60,
  network: 120,
};
export const NS_PER_RUN = 50e6;

/** A run's configuration, cell slots and estimated cost (ns). */
export function runCostParts(r: RunRequest): { family: CostFamily; slots: number; cost: number } {
  const s = claimScenario(r.query, r.seed);
  const d = derive(s);
  const network = s.topology !== 'single';
  const family: CostFamily = network
    ? 'network'
    : s.scheduler !== 'fifo'
      ? 'lists'
      : s.arrivalOrder === 'random'
        ? 'random-fifo'
        : 'fifo';
  const slots = (d.duration / 1e12) * d.linkCellRate * (network ? s.hops : 1);
  return { family, slots: Math.round(slots), cost: slots * NS_PER_SLOT[family] + NS_PER_RUN };
}

/** A run's estimated cost (ns): the pool starts the longest runs first. */
export function runCost(r: RunRequest): number {
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
