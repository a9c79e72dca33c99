// The golden runs: every preset (capped at GOLDEN_SECONDS) and GOLDEN_RANDOM random
// scenarios (a quarter of them on networks of switches), each recorded as the CLI's JSON
// metrics, cell counts and per-port figures. tests/golden/engine.json holds the output of the
// engine before the fast FIFO path; the golden test recomputes every run and compares byte for
// byte. Regenerate with `npx tsx scripts/golden.ts --write` only when a change of results is
// intended, and say why in the commit.
import type { Policy, Scenario } from '../../src/sim';
import { PRESETS, Simulation, parseScenario, policiesInUse, toQuery } from '../../src/sim';
import { Random } from '../../src/sim/core/random';
import { randomScenario } from './randomScenario';

export const GOLDEN_FILE = 'tests/golden/engine.json';
export const GOLDEN_SECONDS = 3;
export const GOLDEN_RANDOM = 200;

export interface GoldenRun {
  name: string;
  query: string;
  /** JSON.stringify of { metrics, cells, ports }, as `npm run sim -- --json` prints them. */
  result: string;
}

/** The benchmark's scenarios (src/cli/bench.ts), run longer than the presets' cap. */
const LONG_RUNS = [
  'preset=s0-testbed&duration=30',
  'preset=s0-plain-ubr&duration=20',
  'preset=s0-ppd&duration=20',
  'preset=s1-lan-sd&sources=15&duration=10',
  'preset=s1-dfba-85&duration=10',
  'preset=s2-deadlock&duration=10',
  'preset=parking-lot-fba&duration=20',
  // An EUBR+ purge under a FIFO that finds none of the frame's cells left
  // (N_a must not change), and round robin releasing lost-EOM frames in slot order.
  'preset=s4-eubr&start=0&scheduler=fifo&eubrPurge=1&linkMbps=149.76&duration=2&eubrR=0.5&eubrP=1&bufferCells=100&accessMbps=1.5,149.76,149.76&sources=8',
  'sources=7&linkMbps=10&rttMs=0.03,5&tagged=0,1&bufferCells=300&policy=tail-drop&epdThreshold=277&mtu=552&window=65536&sndBuf=40000&tcp=reno,reno&dupAck=1&granularityMs=0&rtoMinMs=0&ssthreshRule=bsd&initialCwnd=4&cwndEveryN=8&hostQueuePkts=8&appReadMbps=50&cbrSharesBuffer=1&vbrOnMs=1&vbrOffMs=10&duration=0.727&seed=455402868',
  // Every host's retransmission timer on one clock: RTO events of several hosts fall on the
  // same instant, so their order and the port's advance to that instant decide who restarts
  // first (S1 "TCP synchronization"); the scorecard's seeds at full length, and two more.
  ...[1, 2, 3, 4, 5].map((seed) => `preset=s1-lan-fba-shared-clock&seed=${seed}`),
  // The common port configurations at length: random order into a FIFO (S1 WAN, S3 GFR),
  // per-VC lists with round robin and windows (S0 with EPD b = 1 and K = 1088).
  'preset=s1-wan-sd',
  'preset=s3-gfr-lan-epd&duration=10',
  'preset=s0-testbed&epdB=1&bufferCells=1088&duration=60',
];

/** The buffer policies registered when the golden file was recorded. A policy added since is
 * pinned by its own tests and, once the file is regenerated on purpose, here: until then its
 * presets and random draws stay out, so that the recorded runs stay the same runs. */
export const RECORDED_POLICIES: readonly Policy[] = [
  'tail-drop',
  'ppd',
  'epd',
  'sd',
  'fba',
  'two-threshold',
  'per-vc',
  'fifo-thresholds',
  'dfba',
  'eubr',
];

/** A random scenario, on a random network one time in four. */
export function goldenScenario(r: Random): Scenario {
  const s = randomScenario(r, 0.5, 3, RECORDED_POLICIES);
  if (r.next() < 0.25) {
    const kinds = ['chain', 'parking-lot', 'edge'] as const;
    s.topology = kinds[Math.floor(r.next() * kinds.length)];
    s.hops = 2 + Math.floor(r.next() * 3);
    s.bottleneckHop = r.next() < 0.5 ? -1 : Math.floor(r.next() * s.hops);
    s.hopMbps = [s.linkMbps * (r.next() < 0.5 ? 1 : 4)];
    s.entryHop = [-1];
  }
  return s;
}

/** The queries of the golden runs, in a fixed order. */
export function goldenQueries(): { name: string; query: string }[] {
  const out: { name: string; query: string }[] = [];
  for (const p of PRESETS) {
    const { scenario } = parseScenario(`preset=${p.name}`);
    if (![...policiesInUse(scenario)].every((x) => RECORDED_POLICIES.includes(x))) continue;
    scenario.duration = Math.min(scenario.duration, GOLDEN_SECONDS);
    out.push({ name: p.name, query: toQuery(scenario) });
  }
  // Longer runs of the benchmark's scenarios, where congestion has settled.
  for (const q of LONG_RUNS)
    out.push({ name: `long:${q}`, query: toQuery(parseScenario(q).scenario) });
  const r = new Random(20150);
  for (let i = 0; i < GOLDEN_RANDOM; i++) {
    out.push({ name: `random-${i}`, query: toQuery(goldenScenario(r)) });
  }
  return out;
}

export function goldenRun(name: string, query: string): GoldenRun {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  const sim = new Simulation(scenario).run();
  const result = JSON.stringify({
    metrics: sim.metrics(),
    cells: sim.cellCounts(),
    ports: sim.portMetrics(),
  });
  return { name, query, result };
}
