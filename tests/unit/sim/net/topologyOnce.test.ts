// A run builds its network once (Simulation.topology) and every reader reads it there: the
// ports' build, the port metrics, the worker's run and its view data. A live change of the
// buffer policies updates it (Simulation.applyLive), so the port metrics and the topology the
// page is sent name the running policies. buildTopology is counted: a reader that built the
// network again per read (or per live change) fails here.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as topologyModule from '../../../../src/sim/net/topology';
import { Simulation, parseScenario } from '../../../../src/sim';
import { portInput } from '../../../../src/sim/net/build';
import { derive, derivePort } from '../../../../src/sim/scenario/derive';
import { workerChannel } from '../../../helpers/workerChannel';

vi.mock('../../../../src/sim/net/topology', async (importOriginal) => {
  const m = await importOriginal<typeof topologyModule>();
  return { ...m, buildTopology: vi.fn(m.buildTopology) };
});
const built = vi.mocked(topologyModule.buildTopology);

const scenarioOf = (q: string) => {
  const { scenario, errors } = parseScenario(q);
  expect(errors).toEqual([]);
  return scenario;
};

const LOT = 'preset=parking-lot-fba&duration=0.3';

beforeEach(() => {
  built.mockClear();
});

describe('the network of a run is built once', () => {
  it('a network run: built once, then read from the simulation by the metrics', () => {
    const sim = new Simulation(scenarioOf(LOT));
    expect(built).toHaveBeenCalledTimes(1);
    const topology = sim.topology;
    sim.runUntil(1e11);
    sim.portMetrics();
    sim.metrics();
    sim.run();
    const ports = sim.portMetrics();
    sim.metrics();
    expect(ports.map((p) => p.id)).toEqual(topology.ports.map((p) => p.id));
    expect(sim.topology).toBe(topology);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('a live change of the policies updates the topology and the port metrics, not rebuilt', () => {
    const sim = new Simulation(scenarioOf(LOT));
    sim.runUntil(1e11);
    const before = sim.topology;
    expect(before.ports.map((p) => p.policy)).toEqual(['fba', 'fba', 'fba']);
    expect(sim.applyLive(scenarioOf(`${LOT}&policy=sd&portPolicy=tail-drop,same,same`))).toBe(true);
    // The running ports' policies, everywhere the run's network is read.
    expect(sim.topology.ports.map((p) => p.policy)).toEqual(['tail-drop', 'sd', 'sd']);
    expect(sim.portMetrics().map((p) => p.policy)).toEqual(['tail-drop', 'sd', 'sd']);
    // The same network otherwise; the one before is left as it was.
    expect(sim.topology.ports.map((p) => p.id)).toEqual(before.ports.map((p) => p.id));
    expect(sim.topology.routes).toBe(before.routes);
    expect(before.ports.map((p) => p.policy)).toEqual(['fba', 'fba', 'fba']);
    sim.run();
    expect(sim.portMetrics().map((p) => p.policy)).toEqual(['tail-drop', 'sd', 'sd']);
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('the single switch: a live policy change is its port’s policy', () => {
    const sim = new Simulation(scenarioOf('preset=s0-testbed&duration=0.2'));
    expect(sim.portMetrics()[0].policy).toBe('epd');
    expect(sim.applyLive(scenarioOf('preset=s0-testbed&duration=0.2&policy=sd'))).toBe(true);
    expect(sim.topology.ports[0].policy).toBe('sd');
    expect(sim.portMetrics()[0].policy).toBe('sd');
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('the worker builds a run once, and sends the policies a live change installed', async () => {
    const ch = workerChannel();
    ch.send({ type: 'start', runId: 1, query: `?${LOT}`, probes: { queue: true }, port: '1' });
    const started = await ch.next((m) => m.type === 'started');
    expect(started.type === 'started' && started.info.focusPort).toBe(1);
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 50 });
    await ch.next((m) => m.type === 'batch' && m.t >= 0.05);
    ch.send({ type: 'live', runId: 1, query: `?${LOT}&portPolicy=tail-drop,same,same` });
    const live = await ch.next((m) => m.type === 'live');
    expect(live.type === 'live' && live.applied).toBe(true);
    expect(live.type === 'live' && live.info!.topology.ports.map((p) => p.policy)).toEqual([
      'tail-drop',
      'fba',
      'fba',
    ]);
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 50 });
    await ch.next((m) => m.type === 'batch' && m.t >= 0.1);
    expect(built).toHaveBeenCalledTimes(1);
    ch.close();
  });
});

describe("a port's input (net/build.ts portInput)", () => {
  it('the single switch’s port derives what the scenario does', () => {
    const s = scenarioOf('preset=s1-dfba-50&mcr=1,2,3,0&sources=5&fifoR=100,200');
    const d = derive(s);
    const p = derivePort(portInput(s, topologyModule.buildTopology(s).ports[0], true));
    for (const [k, v] of Object.entries(p)) expect(v, k).toEqual(d[k as keyof typeof d]);
  });

  it('a network’s port: its own VCs renumbered, its rate, background at the bottleneck only', () => {
    const s = scenarioOf(`${LOT}&mcr=1,2,3,4,5,6&rttMs=10,20,30,40,50,60&cbrMbps=5`);
    const spec = topologyModule.buildTopology(s);
    const hop = spec.ports[2];
    const first = portInput(s, spec.ports[0], false);
    const last = portInput(s, hop, true);
    expect(first.nVc).toBe(spec.ports[0].vcs.length);
    expect(first.mcr).toEqual(spec.ports[0].vcs.map((v) => s.mcr[v]));
    expect(first.cbrMbps).toBe(0);
    expect(last.rttMs).toEqual(hop.vcs.map((v) => s.rttMs[v]));
    expect(last.linkMbps).toBe(hop.mbps);
    expect(last.cbrMbps).toBe(5);
    expect(derivePort(last).nVc).toBe(hop.vcs.length);
  });
});
