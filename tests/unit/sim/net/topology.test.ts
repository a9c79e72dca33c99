import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../src/sim';
import {
  ALL_PROBES,
  Simulation,
  defaultScenario,
  parseScenario,
  runScenario,
  toQuery,
} from '../../../../src/sim';
import { inFlightByWalking } from '../../../../src/sim/atm/portWalks';
import { Random } from '../../../../src/sim/core/random';
import { buildTopology } from '../../../../src/sim/net/topology';
import { randomScenario } from '../../../helpers/randomScenario';

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
      const w = inFlightByWalking(port);
      if (port.c.arrived !== port.c.departed + port.c.dropped + w.buffer)
        throw new Error(`port not conserved: ${toQuery(s)}`);
    }
    const c = sim.cellCounts();
    if (c.offered !== c.delivered + c.dropped + c.inFlight)
      throw new Error(`network not conserved: ${toQuery(s)}`);
  }
  // Cells that leave one port toward the next arrive there (or are still on the link).
  const spec = sim.topology;
  sim.ports.forEach((port, i) => {
    if (i !== spec.bottleneck && port.c.dropped > 0) {
      transitDrops.ports++;
      transitDrops.cells += port.c.dropped;
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
        const fwd = sim.ports.reduce((a, p) => a + p.c.forwarded, 0);
        const fed = sim.ports.reduce((a, p) => a + p.c.fedArrived, 0);
        const onLinks = sim.ports.reduce((a, p) => a + inFlightByWalking(p).link, 0);
        expect(fwd, toQuery(s)).toBe(fed + onLinks);
      }
      expect(multiHop).toBe(120);
      // Enough of the runs lose cells at a port other than the bottleneck (dead cells travel on).
      expect(withTransitDrops).toBeGreaterThanOrEqual(20); // 30 chains and 27 parking lots
    });
  }
});

describe('networks of switches: a buffer policy per port', () => {
  it('portPolicy sets each port’s policy; conservation holds over 60 random mixed networks', () => {
    const r = new Random(1403);
    const names = [
      'same',
      'tail-drop',
      'ppd',
      'epd',
      'sd',
      'fba',
      'two-threshold',
      'eubr',
    ] as const;
    for (let i = 0; i < 60; i++) {
      const s = randomNetwork(r, i % 2 === 0 ? 'chain' : 'parking-lot');
      s.portPolicy = Array.from(
        { length: 1 + Math.floor(r.next() * 3) },
        () => names[Math.floor(r.next() * names.length)],
      );
      const { sim } = conserved(s, r);
      const want = sim.topology.ports.map((_, h) => {
        const p = s.portPolicy[h % s.portPolicy.length];
        return p === 'same' ? s.policy : p;
      });
      expect(sim.portMetrics().map((p) => p.policy)).toEqual(want);
    }
  });

  it('a chain with tail drop at the first hop and FBA at the bottleneck differs from all-FBA', () => {
    // Three 37.44 Mbit/s hops: the first is the congested one (the others receive at most
    // what it sends). All FBA: efficiency 0.9706, fairness 0.9865, dead-cell ratio 0.0017;
    // tail drop at the first hop: 0.8559, 0.6469, 0.0087 (as the single switch's tail drop).
    const base = 'preset=s0-testbed&duration=10&topology=chain&hopMbps=37.44&policy=fba';
    const fba = new Simulation(parseScenario(base).scenario).run();
    const mixed = new Simulation(
      parseScenario(`${base}&portPolicy=tail-drop,same,same`).scenario,
    ).run();
    expect(mixed.portMetrics().map((p) => p.policy)).toEqual(['tail-drop', 'fba', 'fba']);
    expect(fba.portMetrics().map((p) => p.policy)).toEqual(['fba', 'fba', 'fba']);
    const [a, b] = [fba.metrics(), mixed.metrics()];
    expect([a.efficiency, a.fairness, a.deadCellRatio].map((x) => +x.toFixed(4))).toEqual([
      0.9706, 0.9865, 0.0017,
    ]);
    expect([b.efficiency, b.fairness, b.deadCellRatio].map((x) => +x.toFixed(4))).toEqual([
      0.8559, 0.6469, 0.0087,
    ]);
  });

  it('the codec reads portPolicy, names it on bad input, and leaves the default out', () => {
    const a = parseScenario('topology=chain&portPolicy=tail-drop,same,fba');
    expect(a.errors).toEqual([]);
    expect(a.scenario.portPolicy).toEqual(['tail-drop', 'same', 'fba']);
    expect(parseScenario(toQuery(a.scenario)).scenario).toEqual(a.scenario);
    expect(toQuery(parseScenario('portPolicy=same').scenario)).not.toContain('portPolicy');
    const bad = parseScenario('topology=chain&portPolicy=fba,wred');
    expect(bad.errors.map((e) => e.key)).toEqual(['portPolicy']);
    expect(bad.errors[0].message).toMatch(/^portPolicy: "fba,wred" is not one of same, tail-drop/);
    expect(bad.scenario.portPolicy).toEqual(['same']);
  });
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
    // VC i joins at switch i mod 3: VCs 0 and 3 are long (every hop); VCs 1 and 2 are local
    // to hops 1 and 2 and leave after that one hop.
    expect(lot.routes).toEqual([[0, 1, 2], [1], [2], [0, 1, 2]]);
    expect(lot.ports.map((p) => p.vcs)).toEqual([
      [0, 3],
      [0, 1, 3],
      [0, 2, 3],
    ]);
    s.entryHop = [0, 2, 1, 7];
    expect(buildTopology(s).routes).toEqual([[0, 1, 2], [2], [1], [2]]);
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

  it('parking lot: plain UBR (tail drop) starves the long VCs; FBA gives them their share', () => {
    // The parking-lot-* presets: 3 switches 5 ms apart, every port 37.44 Mbit/s; VCs 0 and 3
    // long, 1 and 4 local to hop 1, 2 and 5 local to hop 2; 20 s, seeds 1–3.
    // Tail drop: fairness 0.8954, 0.8401, 0.8980; long / local goodput 3.63 / 7.34,
    // 2.99 / 8.75, 3.47 / 8.09 Mbit/s. FBA: 0.9873, 0.9962, 0.9976; 7.44 / 8.60, 7.62 / 8.39,
    // 7.77 / 8.24 Mbit/s.
    const seeds = [1, 2, 3];
    const lot = (policy: string, k: number) => run(`preset=parking-lot-${policy}&seed=${k}`);
    const longShort = (m: ReturnType<typeof run>) => {
      const g = m.perConnection.map((c) => c.goodputMbps);
      return [mean([g[0], g[3]]), mean([g[1], g[2], g[4], g[5]])];
    };
    const ubr = seeds.map((k) => lot('tail-drop', k));
    const fba = seeds.map((k) => lot('fba', k));
    ubr.forEach((u, i) => expect(u.fairness).toBeLessThan(fba[i].fairness));
    for (const m of ubr) {
      const [long, short] = longShort(m);
      expect(long).toBeLessThan(0.5 * short);
    }
    for (const m of fba) {
      const [long, short] = longShort(m);
      expect(long).toBeGreaterThan(0.85 * short);
    }
    expect(ubr.map((m) => +m.fairness.toFixed(4))).toEqual([0.8954, 0.8401, 0.898]);
    expect(fba.map((m) => +m.fairness.toFixed(4))).toEqual([0.9873, 0.9962, 0.9976]);
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
    expect(sim.ports[2].c.dropped).toBeGreaterThan(0); // the 30 Mbit/s last hop is congested too
  });
});

/** A random edge network (topology=edge) over the random scenarios of the single-switch tests. */
function randomEdge(r: Random): Scenario {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)];
  const s = randomScenario(r, 0.1, 0.4);
  s.topology = 'edge';
  s.tcpsPerVc = 1 + Math.floor(r.next() * 5);
  // Edge links slower than, as fast as, or faster than the bottleneck: edge ports drop too.
  s.hopMbps = [pick([s.linkMbps * 0.5, s.linkMbps, 149.76, 622.08])];
  s.hopDelayMs = [pick([0, 0.005, 0.1, 2])];
  return s;
}

/**
 * Watches the cells that reach the core (bottleneck) port from the edge switches: on each VC a
 * frame must arrive whole before the next starts. Returns the count of frames that started
 * while another frame of their VC was still open (interleaved AAL5 frames).
 */
function watchInterleaving(sim: Simulation): { interleaved: number; frames: number } {
  const core = sim.ports[sim.topology.bottleneck];
  const open = new Int32Array(core.nVc).fill(-1);
  const seen = { interleaved: 0, frames: 0 };
  const receive = core.receiveCell.bind(core);
  core.receiveCell = (vc: number, f: number, eom: number, t: number) => {
    if (open[vc] !== f) {
      if (open[vc] >= 0) seen.interleaved++;
      seen.frames++;
    }
    open[vc] = eom === 1 ? -1 : f;
    receive(vc, f, eom, t);
  };
  return seen;
}

describe('networks of switches: edge switches merging TCPs onto VCs', () => {
  it('builds one edge switch per VC, its queues the VC’s connections, then the core', () => {
    const { scenario } = parseScenario(
      'topology=edge&sources=3&tcpsPerVc=2&hopMbps=100&hopDelayMs=1&portPolicy=tail-drop,same&policy=fba',
    );
    const spec = buildTopology(scenario);
    expect(spec.ports.map((p) => p.id)).toEqual([
      'edge1→core',
      'edge2→core',
      'edge3→core',
      'core→receivers',
    ]);
    expect(spec.ports.map((p) => p.vcs)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 1, 2],
    ]);
    expect(spec.ports.map((p) => p.merges)).toEqual([true, true, true, false]);
    expect(spec.ports.map((p) => p.policy)).toEqual(['tail-drop', 'tail-drop', 'tail-drop', 'fba']);
    expect(spec.routes).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(spec.bottleneck).toBe(3);
    expect(spec.ports[0].mbps).toBe(100);
    expect(Array.from(spec.routeProp)).toEqual([1e9, 1e9, 1e9]);
  });

  it('conserves cells at every port (edge ports included) and end to end over 60 random edge networks', () => {
    const r = new Random(1414);
    let edgeDrops = 0;
    let interleaved = 0;
    for (let i = 0; i < 60; i++) {
      const s = randomEdge(r);
      const sim = new Simulation(s);
      const seen = watchInterleaving(sim);
      while (!sim.done) {
        sim.runUntil(sim.now + Math.round((1 + r.next() * 40) * 1e9));
        sim.assertInvariants();
        for (const port of sim.ports) {
          const w = inFlightByWalking(port);
          expect(port.c.arrived, toQuery(s)).toBe(port.c.departed + port.c.dropped + w.buffer);
        }
        const c = sim.cellCounts();
        expect(c.offered, toQuery(s)).toBe(c.delivered + c.dropped + c.inFlight);
      }
      const fwd = sim.ports.reduce((a, p) => a + p.c.forwarded, 0);
      const fed = sim.ports.reduce((a, p) => a + p.c.fedArrived, 0);
      const onLinks = sim.ports.reduce((a, p) => a + inFlightByWalking(p).link, 0);
      expect(fwd, toQuery(s)).toBe(fed + onLinks);
      const edgeDropped = sim.ports.slice(0, -1).reduce((a, p) => a + p.c.dropped, 0);
      if (edgeDropped > 0) edgeDrops++;
      // Frames never interleave on a VC unless a frame lost its end (EOM) at its edge switch.
      else interleaved += seen.interleaved;
    }
    expect(interleaved).toBe(0);
    expect(edgeDrops).toBeGreaterThanOrEqual(5);
  });

  it('keeps each AAL5 frame’s cells together on the VC: without drops no frame is corrupted', () => {
    for (const q of [
      'preset=s1-dfba-50&topology=edge&duration=3&bufferCells=100000&window=16384',
      'sources=3&tcpsPerVc=6&topology=edge&hopMbps=40&linkMbps=20&duration=5&bufferCells=60000&window=8192',
      'sources=2&tcpsPerVc=4&topology=edge&hopMbps=622.08&duration=5&bufferCells=60000&window=8192&seed=3',
    ]) {
      const { scenario, errors } = parseScenario(q);
      expect(errors).toEqual([]);
      const sim = new Simulation(scenario);
      const seen = watchInterleaving(sim);
      sim.run();
      const m = sim.metrics();
      expect(sim.totals().dropped, q).toBe(0);
      expect(sim.framesReceived, q).toBeGreaterThan(100);
      expect(m.fer, q).toBe(0);
      expect(seen.interleaved, q).toBe(0);
      expect(seen.frames, q).toBeGreaterThan(100);
    }
  });

  it('is deterministic, also when run in chunks, and round-trips through the URL codec', () => {
    const q = 'preset=s1-dfba-50&duration=2&topology=edge&hopMbps=60&portPolicy=epd,same';
    const a = parseScenario(q);
    expect(a.errors).toEqual([]);
    expect(a.scenario.topology).toBe('edge');
    const b = parseScenario(toQuery(a.scenario));
    expect(b.errors).toEqual([]);
    expect(b.scenario).toEqual(a.scenario);
    expect(toQuery(a.scenario)).toContain('topology=edge');
    const once = new Simulation(a.scenario).run();
    const chunked = new Simulation(b.scenario);
    const r = new Random(9);
    while (!chunked.done) chunked.runUntil(chunked.now + Math.round((1 + r.next() * 300) * 1e9));
    const out = (s: Simulation) =>
      JSON.stringify({ m: s.metrics(), c: s.cellCounts(), p: s.portMetrics() });
    expect(out(chunked)).toBe(out(once));
    expect(out(new Simulation(a.scenario).run())).toBe(out(once));
  });
});
