// A run of the model on this thread, filled into a RunStore the way the app fills it, that
// can be advanced to a time and paused there (what a lesson's play-until does in the worker).
import { ALL_PROBES, Simulation, parseScenario, toQuery } from '../../src/sim';
import { RunStore } from '../../src/ui/data/runStore';
import { runInfo } from '../../src/worker/host';
import type { NetSpec } from '../../src/sim/net/topology';
import { resolvePort, snapshot } from '../../src/worker/viewData';
import { batchOf } from './storeFromSim';

export class SteppedRun {
  readonly store = new RunStore();
  private readonly sim: Simulation;
  private readonly focus: number;

  /** `port`: in a network, the port the loss probe watches, as the app's `port=` (the worker
   * records the focused port's drops only; default the bottleneck). */
  constructor(query: string, port?: string) {
    const { scenario, errors } = parseScenario(query);
    if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
    const single = scenario.topology === 'single';
    this.sim = new Simulation(scenario, {
      probes: ALL_PROBES,
      ...(single ? {} : { lossPort: (spec: NetSpec) => resolvePort(spec, port) }),
    });
    const focus = single ? 0 : resolvePort(this.sim.topology, port);
    this.focus = focus;
    this.store.reset(runInfo(this.sim, toQuery(scenario), [], focus));
  }

  /** Runs to simulated time `t` (seconds) in slices of `sliceMs`, like the worker's batches. */
  advance(t: number, sliceMs = 20): RunStore {
    const sim = this.sim;
    const end = Math.round(t * 1e12);
    while (!sim.done && sim.now < end) {
      sim.runUntil(Math.min(end, sim.now + sliceMs * 1e9));
      // The watched port's buffer, as the worker sends it (a network's focused port).
      this.store.add({ ...batchOf(sim, false), buffer: snapshot(sim, this.focus) });
    }
    this.store.bump();
    return this.store;
  }
}

/** Metrics of a whole run without probes (a compare step's B). */
export function runMetrics(query: string) {
  const { scenario, errors } = parseScenario(query);
  if (errors.length) throw new Error(errors.map((e) => e.message).join('; '));
  return new Simulation(scenario).run().metrics();
}
