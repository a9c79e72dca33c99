// A RunStore filled the way the app fills it (the worker's batches), from a real simulation run
// on this thread: for export tests in Node and in the browser.
import { ALL_PROBES, Simulation, parseScenario, toQuery } from '../../src/sim';
import { RunStore } from '../../src/ui/data/runStore';
import { runInfo } from '../../src/worker/host';
import type { Batch, BufferSnapshot } from '../../src/worker/protocol';

/** Runs `query` to its end (or to `untilSeconds` of model time, as a run exported before its
 * end) in slices of `sliceMs` of model time, one batch per slice. */
export function storeFromSim(query: string, sliceMs = 50, untilSeconds = Infinity): RunStore {
  const { scenario } = parseScenario(query);
  const sim = new Simulation(scenario, { probes: ALL_PROBES });
  const store = new RunStore();
  const info = runInfo(sim, toQuery(scenario), []);
  store.reset(info);
  while (!sim.done && sim.now < untilSeconds * 1e12) {
    sim.runUntil(Math.min(sim.now + sliceMs * 1e9, untilSeconds * 1e12));
    store.add(batchOf(sim, !sim.done));
  }
  store.bump();
  return store;
}

/** The batch the worker would send now (without the cell order): its time, metrics, counts,
 * the probes drained since the last batch and the watched port's buffer. */
export function batchOf(sim: Simulation, playing: boolean): Batch {
  const port = sim.port;
  const limits = new Float64Array(port.nVc);
  for (let v = 0; v < port.nVc; v++) limits[v] = port.perVcLimit(v);
  const buffer: BufferSnapshot = {
    X: port.c.X,
    na: port.c.na,
    xi: port.c.xi.slice(),
    limits,
    order: new Uint16Array(0),
    n: 0,
  };
  return {
    type: 'batch',
    runId: 1,
    t: sim.now / 1e12,
    done: sim.done,
    playing,
    metrics: sim.metrics(),
    cells: sim.cellCounts(),
    series: sim.probes.drain(),
    buffer,
  };
}
