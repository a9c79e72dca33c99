import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { SimOptions } from '../sim';
import type { SwitchPort } from '../sim/atm/port';
import { Simulation, parseScenario } from '../sim';
import { benchVs } from './benchVs';

/**
 * `npm run bench`: JSON lines of model speed. Bottleneck cells = cells that crossed the switch
 * output port (UBR and background); for a network, port cells = cells departed at every port.
 * The bare FIFO loop pushes and pops the same number of cells through a typed-array ring in
 * the same process; the ratios to it are what hold across machines. Each scenario also runs
 * slot by slot (no windows, SimOptions.slotBySlot: the engine without windows) for
 * comparison. Each scenario line also gives the run's cost per unit of work: nsPerCell (wall
 * time ÷ the cells counted) and nsPerEvent (wall time ÷ the heap events dispatched), each the
 * whole run's time divided one way, with the cell and event counts. The last line is the wall time of `npm run reproduce` (all claims on every
 * core), with whether its claims came out identical to the committed scorecard; skip it with
 * `npm run bench -- --no-reproduce`.
 */

interface Line {
  name: string;
  cellsPerSecond: number;
  wallSeconds: number;
  [k: string]: unknown;
}

const emit = (l: Line) => process.stdout.write(JSON.stringify(l) + '\n');

/** The run's wall time per cell and per heap event (ns), with the event count. */
function perUnit(wallSeconds: number, cells: number, events: number) {
  return {
    events,
    nsPerCell: +((wallSeconds * 1e9) / Math.max(1, cells)).toFixed(1),
    nsPerEvent: +((wallSeconds * 1e9) / Math.max(1, events)).toFixed(1),
  };
}

/** Which fused slot kernel ran (src/sim/atm/kernels/; 'none': the composed slot loop, with
 * windows where they apply) and the share of the slots it ran. */
function kernelOf(ports: readonly SwitchPort[]) {
  const names = [...new Set(ports.map((p) => p.kernelName || 'none'))];
  const slots = ports.reduce((a, p) => a + p.slotIndex, 0);
  const kernelSlots = ports.reduce((a, p) => a + p.kernelSlots, 0);
  return { kernel: names.join('+'), kernelShare: +(kernelSlots / Math.max(1, slots)).toFixed(3) };
}

function runSim(name: string, query: string, opts: SimOptions = {}): Line {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const t0 = performance.now();
  const sim = new Simulation(scenario, opts).run();
  const wallSeconds = (performance.now() - t0) / 1000;
  const c = sim.cellCounts();
  const cells = c.delivered + c.background.departed;
  return {
    name,
    cellsPerSecond: Math.round(cells / wallSeconds),
    wallSeconds: +wallSeconds.toFixed(4),
    bottleneckCells: cells,
    ...perUnit(wallSeconds, cells, sim.events),
    simulatedSeconds: scenario.duration,
    efficiency: +sim.metrics().efficiency.toFixed(4),
    windowedSlots: +(sim.port.windowSlots / Math.max(1, sim.port.slotIndex)).toFixed(3),
    ...kernelOf(sim.ports),
  };
}

/** A network's speed: cells departed at every switch output port (a cell crossing three ports
 * counts three times, as it costs three ports' work), summed, over the wall time. */
function runNet(name: string, query: string): Line {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  const t0 = performance.now();
  const sim = new Simulation(scenario).run();
  const wallSeconds = (performance.now() - t0) / 1000;
  const cells = sim.ports.reduce((a, p) => a + p.c.departed + p.c.bgDeparted, 0);
  return {
    name,
    cellsPerSecond: Math.round(cells / wallSeconds),
    wallSeconds: +wallSeconds.toFixed(4),
    portCells: cells,
    ...perUnit(wallSeconds, cells, sim.events),
    ports: sim.ports.length,
    ...kernelOf(sim.ports),
    simulatedSeconds: scenario.duration,
    efficiency: +sim.metrics().efficiency.toFixed(4),
  };
}

/** Cells in, cells out through a ring buffer of K cells: the floor any cell-level model pays. */
function bareFifo(cells: number, K: number): Line {
  const ring = new Int32Array(K);
  let head = 0;
  let count = 0;
  let checksum = 0;
  const t0 = performance.now();
  for (let i = 0; i < cells; i++) {
    // one arrival...
    let tail = head + count;
    if (tail >= K) tail -= K;
    ring[tail] = i & 0xffff;
    count++;
    // ...and one departure per slot
    checksum = (checksum + ring[head]) | 0;
    head = head + 1 === K ? 0 : head + 1;
    count--;
  }
  const wallSeconds = (performance.now() - t0) / 1000;
  if (checksum === 42) process.stderr.write('');
  return {
    name: 'bare-fifo-loop',
    cellsPerSecond: Math.round(cells / wallSeconds),
    wallSeconds: +wallSeconds.toFixed(4),
  };
}

// `--vs <commit-or-dir>`: this tree's benchmark against another's, paired (benchVs.ts).
const vsAt = process.argv.indexOf('--vs');
if (vsAt >= 0) {
  benchVs(process.argv[vsAt + 1], process.argv);
  process.exit(0);
}

const S0 = 'preset=s0-testbed&epdB=1&bufferCells=1088&duration=180';
const SD15 = 'preset=s1-lan-sd&sources=15';
const DFBA100 = 'preset=s1-dfba-85';
// Warm up the JIT on a short run, as a long-running worker would be.
runSim('warmup', 'preset=s0-testbed&duration=5');
const s0 = runSim('s0-epd-k1088-180s', S0);
// The bare loop takes a few tens of milliseconds, so one timing of it swings by half: warmed
// up (so that it runs optimised, not on-stack replaced), then the median of seven.
bareFifo(2_000_000, 1088);
bareFifo(2_000_000, 1088);
const bares = Array.from({ length: 7 }, () => bareFifo(s0.bottleneckCells as number, 1088)).sort(
  (a, b) => a.wallSeconds - b.wallSeconds,
);
const bare = { ...bares[3], runs: bares.length };
emit(s0);
emit(bare);
const ratio = (name: string, l: Line) =>
  emit({
    name,
    cellsPerSecond: l.cellsPerSecond,
    wallSeconds: l.wallSeconds,
    ratioToBareLoop: +(l.cellsPerSecond / bare.cellsPerSecond).toFixed(4),
  });
ratio('s0-vs-bare-loop', s0);
emit(runSim('s0-epd-k1088-180s-slot-by-slot', S0, { slotBySlot: true }));
emit(runSim('s2-deadlock-10s', 'preset=s2-deadlock'));
emit(runSim('s2-large-buffer-10s', 'preset=s2-large-buffer'));
// The heaviest single-switch runs: 15 sources under Selective Drop, and DFBA with 100 TCPs on 5 VCs.
const sd = runSim('s1-lan-sd-15-sources-30s', SD15);
emit(sd);
ratio('s1-lan-sd-15-vs-bare-loop', sd);
emit(runSim('s1-lan-sd-15-sources-30s-slot-by-slot', SD15, { slotBySlot: true }));
const dfba = runSim('s1-dfba-100-tcps-5-vcs-20s', DFBA100);
emit(dfba);
ratio('s1-dfba-100-vs-bare-loop', dfba);
emit(runSim('s1-dfba-100-tcps-5-vcs-20s-slot-by-slot', DFBA100, { slotBySlot: true }));
// A network: a 3-switch parking lot (2 long VCs, 2 local VCs at each later hop), 180 s.
emit(runNet('parking-lot-3-switches-fba-180s', 'preset=parking-lot-fba&duration=180'));

// The wall time of `npm run reproduce` (every claim, on every core), in a child
// process as a user runs it.
if (!process.argv.includes('--no-reproduce')) {
  const t0 = performance.now();
  const r = spawnSync('npx', ['tsx', 'src/cli/reproduce.ts', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const wallSeconds = (performance.now() - t0) / 1000;
  const lines = r.stdout.trim().split('\n');
  const summary = JSON.parse(lines[lines.length - 1] ?? '{}') as { summary?: unknown };
  const committed = JSON.parse(
    readFileSync(new URL('../reproduce/scorecard.json', import.meta.url), 'utf8'),
  ) as { claims: unknown[] };
  const claims = lines.slice(0, -1);
  emit({
    name: 'npm-run-reproduce',
    cellsPerSecond: 0,
    wallSeconds: +wallSeconds.toFixed(1),
    exitCode: r.status,
    summary: summary.summary,
    identicalToCommittedScorecard:
      claims.length === committed.claims.length &&
      claims.every((l, i) => l === JSON.stringify(committed.claims[i])),
  });
}
