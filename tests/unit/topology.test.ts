import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/sim';
import {
  ALL_PROBES,
  Simulation,
  defaultScenario,
  parseScenario,
  runScenario,
  toQuery,
} from '../../src/sim';
import { Random } from '../../src/sim/core/random';
import { buildTopology } from '../../src/sim/net/topology';
import { randomScenario } from '../helpers/randomScenario';

/** A random chain or parking lot over the random scenarios of the single-switch tests. */
function randomNetwork(r: Random, topology: 'chain' | 'parking-lot'): Scenario {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)];
  const s = randomScenario(r, 0.1, 0.4);
  s.topology = topology;
  s.hops = 2 + Math.floor(r.next() * 3);
  s.bottleneckHop = pick([-1, -1, 0, 1, 2, 5]);
  // Some hops slower than the bottleneck, so that transit ports drop cells too.
  s.hopMbps = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () =>
    pick([s.linkMbps * 0.8, s.linkMbps, 149.76, 622.08]),
  );
  s.hopDelayMs = [pick([0, 0.005, 0.1, 2])];
  s.entryHop = r.next() < 0.5 ? [-1] : [pick([-1, 0, 1, 2]), pick([0, 1, 3])];
  return s;
}

/** Runs `s` in uneven chunks, checking conservation at every port and end to end after each. */
function conserved(s: Scenario, r: Random) {
  const sim = new Simulation(s);
  const transitDrops = { ports: 0, cells: 0 };
  while (!sim.done) {
    sim.runUntil(sim.now + Math.round((1 + r.next() * 40) * 1e9));
    sim.assertInvariants(); // per port: in = out + dropped + queued; end to end: offered = ...
    for (const port of sim.ports) {
      const w = port.inFlightByWalking();
      if (port.arrived !== port.departed + port.dropped + w.buffer)
        throw new Error(`port not conserved: ${toQuery(s)}`);
    }
    const c = sim.cellCounts();
    if (c.offered !== c.delivered + c.dropped + c.inFlight)
      throw new Error(`network not conserved: ${toQuery(s)}`);
  }
  // Cells that leave one port toward the next arrive there (or are still on the link).
  const spec = sim.topology;
  sim.ports.forEach((port, i) => {
    if (i !== spec.bottleneck && port.dropped > 0) {
      transitDrops.ports++;
      transitDrops.cells += port.dropped;
    }
  });
  return { sim, transitDrops };
}

describe('networks of switches: cell conservation', () => {
  for (const topology of ['chain', 'parking-lot'] as const) {
    it(`holds at every port and end to end over 120 random ${topology}s`, () => {
      const r = new Random(topology === 'chain' ? 1401 : 1402);
      let withTransitDrops = 0;
      let multiHop = 0;
      for (let i = 0; i < 120; i++) {
        const s = randomNetwork(r, topology);
        const { sim, transitDrops } = conserved(s, r);
        if (transitDrops.ports > 0) withTransitDrops++;
        if (sim.ports.length > 1) multiHop++;
        // The reverse check: what the ports forwarded is what the next ports received.
        const fwd = sim.ports.reduce((a, p) => a + p.forwarded, 0);
        const fed = sim.ports.reduce((a, p) => a + p.fedArrived, 0);
        const onLinks = sim.ports.reduce((a, p) => a + p.inFlightByWalking().link, 0);
        expect(fwd, toQuery(s)).toBe(fed + onLinks);
      }
      expect(multiHop).toBe(120);
      // Enough of the runs lose cells at a port other than the bottleneck (dead cells travel on).
      expect(withTransitDrops).toBeGreaterThanOrEqual(20); // 30 chains and 27 parking lots
    });
  }
});

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const run = (query: string) => {
  const { scenario, errors } = parseScenario(query);
  expect(errors).toEqual([]);
  return runScenario(scenario).metrics;
};

describe('networks of switches: templates', () => {
  it('build the routes of a chain and a parking lot', () => {
    const s = defaultScenario();
    expect(buildTopology(s).ports.map((p) => p.id)).toEqual(['sw1→receivers']);
    s.topology = 'chain';
    const chain = buildTopology(s);
    expect(chain.ports.map((p) => [p.id, p.mbps])).toEqual([
      ['sw1→sw2', 149.76],
      ['sw2→sw3', 149.76],
      ['sw3→receivers', 37.44],
    ]);
    expect(chain.routes).toEqual([0, 1, 2, 3].map(() => [0, 1, 2]));
    s.topology = 'parking-lot';
    s.bottleneckHop = 1;
    const lot = buildTopology(s);
    // VC i joins at switch i mod 3; every VC leaves at the last.
    expect(lot.routes).toEqual([[0, 1, 2], [1, 2], [2], [0, 1, 2]]);
    expect(lot.ports.map((p) => p.vcs)).toEqual([
      [0, 3],
      [0, 1, 3],
      [0, 1, 2, 3],
    ]);
    expect(lot.bottleneck).toBe(1);
    expect(lot.ports[1].mbps).toBe(37.44);
  });

  it('topology keys round-trip through the URL codec; single stays out of the URL', () => {
    const q =
      'topology=parking-lot&hops=4&bottleneckHop=2&hopMbps=2,2,1.5&hopDelayMs=0.1,0&entryHop=0,1,-1,3';
    const a = parseScenario(q);
    expect(a.errors).toEqual([]);
    expect(a.scenario.topology).toBe('parking-lot');
    expect(a.scenario.entryHop).toEqual([0, 1, -1, 3]);
    const b = parseScenario(toQuery(a.scenario));
    expect(b.errors).toEqual([]);
    expect(b.scenario).toEqual(a.scenario);
    expect(toQuery(defaultScenario())).not.toContain('topology');
    expect(parseScenario('topology=ring').errors.length).toBeGreaterThan(0);
  });

  it('the same seed gives the same output, also when run in chunks', () => {
    for (const q of [
      'preset=s0-testbed&duration=2&topology=chain&hopMbps=30&policy=ppd',
      'preset=s0-testbed&duration=2&topology=parking-lot&hops=4&sources=7&policy=sd',
    ]) {
      const { scenario } = parseScenario(q);
      const once = new Simulation(scenario).run();
      const chunked = new Simulation(scenario);
      const r = new Random(7);
      while (!chunked.done) chunked.runUntil(chunked.now + Math.round((1 + r.next() * 300) * 1e9));
      const out = (s: Simulation) =>
        JSON.stringify({ m: s.metrics(), c: s.cellCounts(), p: s.portMetrics() });
      expect(out(chunked)).toBe(out(once));
      expect(out(new Simulation(scenario).run())).toBe(out(once));
    }
  });

  it('a chain whose other hops are much faster gives the single switch’s efficiency and fairness (± 0.02)', () => {
    // S0's testbed under FBA, 6 seeds × 20 s. Single: efficiency 0.9799, fairness 0.9933.
    // Bottleneck first (then 622 Mbit/s hops): 0.9844, 0.9919; bottleneck last: 0.9772, 0.9893.
    const base = 'preset=s0-testbed&duration=20&policy=fba';
    const fast = '&topology=chain&hopDelayMs=0&hopMbps=622.08';
    const seeds = [1, 2, 3, 4, 5, 6];
    const single = seeds.map((k) => run(`${base}&seed=${k}`));
    for (const b of [0, -1]) {
      const chain = seeds.map((k) => run(`${base}${fast}&bottleneckHop=${b}&seed=${k}`));
      const e = mean(chain.map((m) => m.efficiency)) - mean(single.map((m) => m.efficiency));
      const f = mean(chain.map((m) => m.fairness)) - mean(single.map((m) => m.fairness));
      expect(Math.abs(e), `bottleneckHop ${b}: efficiency`).toBeLessThan(0.02);
      expect(Math.abs(f), `bottleneckHop ${b}: fairness`).toBeLessThan(0.02);
    }
  });

  it('parking lot: plain UBR (tail drop) is less fair across long and short VCs than FBA', () => {
    // 3 switches, 4 VCs joining at switches 0, 1, 2, 0, all leaving through the 37.44 Mbit/s
    // port of the last; 10 s, seeds 1–3. Tail drop: fairness 0.6818, 0.4323, 0.8094 (mean
    // 0.6412); FBA: 0.9871, 0.9802, 0.9949 (mean 0.9874).
    const base = 'preset=s0-testbed&duration=10&topology=parking-lot';
    const ubr = [1, 2, 3].map((k) => run(`${base}&policy=tail-drop&seed=${k}`).fairness);
    const fba = [1, 2, 3].map((k) => run(`${base}&policy=fba&seed=${k}`).fairness);
    ubr.forEach((u, i) => expect(u).toBeLessThan(fba[i]));
    expect(mean(ubr)).toBeLessThan(0.75);
    expect(mean(fba)).toBeGreaterThan(0.95);
    expect(ubr.map((x) => +x.toFixed(4))).toEqual([0.6818, 0.4323, 0.8094]);
    expect(fba.map((x) => +x.toFixed(4))).toEqual([0.9871, 0.9802, 0.9949]);
  });

  it('probes follow the bottleneck port, in global VC numbers, and drops come from every port', () => {
    // Parking lot with the bottleneck in the middle: VC 2 (joining at the last switch) does
    // not cross it.
    const { scenario } = parseScenario(
      'preset=s0-testbed&duration=2&topology=parking-lot&bottleneckHop=1&hopMbps=30&policy=tail-drop',
    );
    const sim = new Simulation(scenario, { probes: { ...ALL_PROBES, queueIntervalMs: 1 } });
    sim.run();
    const b = sim.probes.drain();
    const q = b.queue!.columns as unknown as Record<string, ArrayLike<number>>;
    for (let j = 0; j < b.queue!.rows; j++) {
      expect(q.vc2[j]).toBe(0);
      expect(q.X[j]).toBe(q.vc0[j] + q.vc1[j] + q.vc3[j] + q.background[j]);
    }
    const loss = b.loss!.columns;
    let lossCells = 0;
    for (let j = 0; j < b.loss!.rows; j++) lossCells += loss.cells[j];
    expect(lossCells).toBe(sim.cellCounts().dropped);
    expect(sim.ports[2].dropped).toBeGreaterThan(0); // the 30 Mbit/s last hop is congested too
  });
});
