import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../../src/sim';
import { ALL_PROBES, Simulation, parseScenario } from '../../../../../src/sim';
import { Random } from '../../../../../src/sim/core/random';
import { goldenScenario } from '../../../../helpers/golden';

// A port runs many slots in one step ("windows", src/sim/atm/windows/) when
// nothing in them needs a slot of its own. Windows must change nothing a person can see: with
// every probe on, the same rows in the same order at every drain, the same buffer snapshot,
// the same metrics, as the slot-by-slot run (SimOptions.slotBySlot). Runs go in uneven chunks,
// as the worker's do, and some switch the buffer policy live halfway (EUBR+ purges cells from
// the middle of the FIFO, which windows must step around).

/** One run's observable record: every drained probe batch, snapshot and the final figures. */
interface Pace {
  /** Queue sample interval (ms); default every 0.7 ms, or every 40 slots on a slow link. */
  queueIntervalMs?: number;
  /** Fixed chunk (s) instead of uneven ones. */
  chunkSeconds?: number;
}

function record(s: Scenario, slotBySlot: boolean, live: Scenario | null, pace: Pace = {}) {
  // A queue sample every 0.7 ms, or every 40 slots on a slow link (a sample ends a window).
  const queueIntervalMs = pace.queueIntervalMs ?? Math.max(0.7, (40 * 0.424) / s.linkMbps);
  const sim = new Simulation(s, { probes: { ...ALL_PROBES, queueIntervalMs }, slotBySlot });
  const r = new Random(s.seed ^ 0x77);
  const out: string[] = [];
  const snap = new Uint16Array(4096);
  let t = 0;
  let switched = false;
  while (!sim.done) {
    t += Math.floor((pace.chunkSeconds ?? 0.02 + r.next() * 0.2) * 1e12);
    sim.runUntil(t);
    if (live && !switched && sim.now >= sim.duration / 2) switched = sim.applyLive(live);
    const d = sim.probes.drain();
    const cols: Record<string, number[][]> = {};
    for (const [name, batch] of Object.entries(d)) {
      if (batch)
        cols[name] = Object.values(batch.columns).map((c) => Array.from(c as ArrayLike<number>));
    }
    const n = sim.port.snapshot(snap);
    out.push(JSON.stringify({ now: sim.now, cols, snap: Array.from(snap.subarray(0, n)) }));
  }
  sim.assertInvariants();
  out.push(
    JSON.stringify({
      metrics: sim.metrics(),
      cells: sim.cellCounts(),
      ports: sim.portMetrics(),
      peaks: sim.ports.map((p) => [p.c.maxX, p.c.peakSinceEmpty, p.c.X, p.c.na, p.c.x1]),
    }),
  );
  return {
    out,
    windowSlots: sim.ports.reduce((a, p) => a + p.windowSlots, 0),
    kernelSlots: sim.ports.reduce((a, p) => a + p.kernelSlots, 0),
    slots: sim.ports.reduce((a, p) => a + p.slotIndex, 0),
    kernels: [...new Set(sim.ports.map((p) => p.kernelName).filter((k) => k !== ''))],
  };
}

/** Runs s with windows and kernels and slot by slot, expects the same record, and returns the
 * slots run in windows and by kernels, with the kernels' names. */
function fast(s: Scenario, live: Scenario | null = null, pace: Pace = {}) {
  const a = record(s, false, live, pace);
  const b = record(s, true, live, pace);
  expect(b.windowSlots).toBe(0);
  expect(b.kernelSlots).toBe(0);
  expect(a.out.length).toBe(b.out.length);
  for (let i = 0; i < a.out.length; i++) expect(a.out[i], `chunk ${i}`).toBe(b.out[i]);
  return { windows: a.windowSlots, kernel: a.kernelSlots, slots: a.slots, kernels: a.kernels };
}

const same = (s: Scenario, live: Scenario | null = null, pace: Pace = {}): number =>
  fast(s, live, pace).windows;

const q = (query: string) => parseScenario(query).scenario;

describe('windows of slots change nothing that can be observed', () => {
  it.each([
    ['S0 testbed, round robin, EPD', 'preset=s0-testbed&duration=4'],
    ['S0 FIFO, plain UBR', 'preset=s0-plain-ubr&scheduler=fifo&duration=4'],
    ['S1 LAN EPD, arrival order by instant', 'preset=s1-lan-epd&arrivalOrder=time&duration=3'],
    ['S1 LAN SD, 15 sources', 'preset=s1-lan-sd&sources=15&arrivalOrder=time&duration=2'],
    ['S1 DFBA, 100 TCPs', 'preset=s1-dfba-85&duration=2'],
    ['S3 GFR, F-GCRA tagging', 'preset=s3-gfr-lan-two-threshold&arrivalOrder=time&duration=2'],
    ['S4 EUBR+, purging', 'preset=s4-eubr&start=0&duration=8'],
  ])('%s', (_label, query) => {
    expect(same(q(query))).toBeGreaterThan(0);
  });

  // Found in review: round robin must release lost-EOM frames in slot order, as their record
  // numbers tell the next loss events apart (else one loss row of 22 cells, not two).
  it('round robin resolves lost EOMs in slot order', () => {
    const s = q(
      'sources=7&linkMbps=10&rttMs=0.03,5&tagged=0,1&bufferCells=300&policy=tail-drop&mtu=552&window=65536&sndBuf=40000&tcp=reno,reno&dupAck=1&granularityMs=0&rtoMinMs=0&ssthreshRule=bsd&initialCwnd=4&cwndEveryN=8&hostQueuePkts=8&appReadMbps=50&cbrSharesBuffer=1&vbrOnMs=1&vbrOffMs=10&duration=0.727&seed=455402868',
    );
    expect(same(s, null, { queueIntervalMs: 1, chunkSeconds: 0.1 })).toBeGreaterThan(0);
  });

  it('random arrival order into a FIFO runs its kernel, without windows', () => {
    const r = fast(q('preset=s1-lan-sd&sources=15&duration=1'));
    expect(r.windows).toBe(0);
    expect(r.kernels).toEqual(['random-fifo']);
    // Every slot of the run's single port.
    expect(r.kernel).toBe(r.slots);
    expect(r.slots).toBeGreaterThan(300_000);
  });

  it('random order into a FIFO: a live switch to EUBR+ with purging, run by the kernel', () => {
    // Purged cells stay in the FIFO's ring as dead entries, which the kernel steps over.
    const s = q('preset=s1-lan-sd&sources=15&duration=2');
    const live = { ...s, policy: 'eubr' as const, eubrPurge: true };
    const r = fast(s, live);
    expect(r.kernels).toEqual(['random-fifo']);
    expect(r.kernel).toBe(r.slots);
  });

  it('arrival order into a FIFO runs its kernel, with windows where they pay', () => {
    // S1's DFBA with 100 TCPs: windows cut short by frames starting and ending, which the
    // kernel stops trying for a while, running those slots one by one.
    const r = fast(q('preset=s1-dfba-85&duration=2'));
    expect(r.kernels).toEqual(['arrival-fifo']);
    expect(r.kernel).toBe(r.slots);
    expect(r.windows).toBeGreaterThan(0);
    expect(r.windows).toBeLessThan(r.slots / 2);
  });

  it('arrival order into a FIFO: a window that ends in its first slot lets that slot in', () => {
    // Romanow & Floyd's tail drop: the buffer fills inside a window's first slot, whose
    // earlier cells have entered (windows/fifo.ts); the kernel goes on from the buffer as
    // the window left it.
    const r = fast(q('preset=s2-romanow-floyd&duration=0.5'), null, { chunkSeconds: 0.25 });
    expect(r.kernels).toEqual(['arrival-fifo']);
    expect(r.windows).toBeGreaterThan(0);
  });

  it('per-VC lists in round robin run their kernel, with windows', () => {
    // S0's testbed: 4 VCs on the ASX-200's round robin, EPD at one window of buffer.
    const r = fast(q('preset=s0-testbed&duration=4'));
    expect(r.kernels).toEqual(['rr-lists']);
    expect(r.kernel).toBe(r.slots);
    expect(r.windows).toBeGreaterThan(0);
  });

  it('per-VC lists in round robin: a live switch to EUBR+ with purging, run by the kernel', () => {
    // A purge can empty a queue that still holds its turn in the cycle: the kernel leaves
    // that slot to the scheduler, which unlinks it.
    const s = q('preset=s0-testbed&duration=4');
    const live = { ...s, policy: 'eubr' as const, eubrPurge: true };
    const r = fast(s, live);
    expect(r.kernels).toEqual(['rr-lists']);
    expect(r.kernel).toBe(r.slots);
  });

  it.each([
    ['random order into a FIFO', 'random', 'fifo', 'random-fifo', 2929],
    ['arrival order into a FIFO', 'time', 'fifo', 'arrival-fifo', 3131],
    ['per-VC lists in round robin', 'time', 'rr', 'rr-lists', 3737],
  ] as const)(
    '%s: 30 random scenarios run by the kernel as slot by slot',
    (_label, arrivalOrder, scheduler, kernel, seed) => {
      const r = new Random(seed);
      const kernels = new Set<string>();
      let ran = 0;
      for (let i = 0; i < 30; i++) {
        const s = goldenScenario(r);
        s.arrivalOrder = arrivalOrder;
        s.scheduler = scheduler;
        s.duration = Math.min(s.duration, 1.5);
        const res = fast(s);
        if (res.kernel > 0) ran++;
        for (const k of res.kernels) kernels.add(k);
      }
      expect([...kernels]).toEqual([kernel]);
      // Background and networks run the composed loop; the rest the kernel.
      expect(ran).toBeGreaterThanOrEqual(10);
    },
    120_000,
  );

  it('a live switch to EUBR+ with purging, halfway', () => {
    const s = q('preset=s0-testbed&scheduler=fifo&duration=4');
    const live = { ...s, policy: 'eubr' as const, eubrPurge: true };
    expect(same(s, live)).toBeGreaterThan(0);
  });

  it('60 random scenarios (a quarter on networks)', () => {
    const r = new Random(1515);
    let windowed = 0;
    for (let i = 0; i < 60; i++) {
      const s = goldenScenario(r);
      s.duration = Math.min(s.duration, 1.5);
      if (same(s) > 0) windowed++;
    }
    // Background, WFQ, networks and fifo-thresholds run slot by slot; the rest run windows
    // wherever their buffer holds a few cells (7 of these 60 at the time of writing).
    expect(windowed).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
