// A RunStore filled by hand with fixed rows, as the worker's batches would fill it: the run's
// info is a real run's (its scenario's K, thresholds, VCs and connections), the rows and the
// buffer are what a test says. For exact-string tests of what the UI says of a run.
import type { ColumnBatch, Metrics } from '../../src/sim';
import { ALL_PROBES, Simulation, parseScenario, toQuery } from '../../src/sim';
import { RunStore } from '../../src/ui/data/runStore';
import { runInfo } from '../../src/worker/host';
import type { Batch } from '../../src/worker/protocol';

type Rows = Record<string, number[]>;

/** A column batch of `rows` (each column a list of numbers, all of one length). */
function batchOf(rows: Rows | undefined, ints: string[] = []): ColumnBatch | undefined {
  if (!rows) return undefined;
  const n = Object.values(rows)[0]?.length ?? 0;
  const columns = Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [
      k,
      ints.includes(k)
        ? Int32Array.from(v)
        : k === 'reason' || k === 'retx' || k === 'kind'
          ? Uint8Array.from(v)
          : Float64Array.from(v),
    ]),
  );
  return { rows: n, columns } as ColumnBatch;
}

export interface FixedBatch {
  t: number;
  playing?: boolean;
  done?: boolean;
  /** X_i per VC then background (length nVc + 1); X is their sum. */
  xi?: number[];
  na?: number;
  limits?: number[];
  queue?: Rows;
  loss?: Rows;
  tcpEvents?: Rows;
  stalls?: Rows;
  segments?: Rows;
  acks?: Rows;
  cwnd?: Rows;
  dead?: Rows;
  metrics?: Partial<Metrics>;
  /** Per-port figures of the batch (networks). */
  ports?: { X: number[]; util: number[]; dropped: number[] };
}

/** A store of the run of `query` (its info), empty. */
export function fixedStore(query = '?preset=s0-testbed'): {
  store: RunStore;
  add(b: FixedBatch): RunStore;
} {
  const { scenario } = parseScenario(query);
  const sim = new Simulation(scenario, { probes: ALL_PROBES });
  const info = runInfo(sim, toQuery(scenario), []);
  const base = sim.metrics();
  const store = new RunStore();
  store.reset(info);
  const add = (b: FixedBatch) => {
    const nVc = info.nVc;
    const xi = Int32Array.from(b.xi ?? new Array(nVc + 1).fill(0));
    const X = xi.reduce((s, v) => s + v, 0);
    const batch: Batch = {
      type: 'batch',
      runId: 1,
      t: b.t,
      done: b.done ?? false,
      playing: b.playing ?? false,
      metrics: { ...base, ...b.metrics } as Metrics,
      cells: sim.cellCounts(),
      series: {
        queue: batchOf(b.queue, [
          'X',
          'clp1',
          'background',
          ...Array.from({ length: nVc }, (_, i) => `vc${i}`),
        ]),
        loss: batchOf(b.loss, ['vc', 'conn', 'cells']),
        tcpEvents: batchOf(b.tcpEvents, ['conn']),
        stalls: batchOf(b.stalls, ['conn', 'kind']),
        segments: batchOf(b.segments, ['conn', 'len']),
        acks: batchOf(b.acks, ['conn']),
        cwnd: batchOf(b.cwnd, ['conn']),
        dead: batchOf(b.dead, ['vc', 'cells']),
      } as Batch['series'],
      buffer: {
        X,
        na: b.na ?? xi.slice(0, nVc).filter((v) => v > 0).length,
        xi,
        limits: Float64Array.from(b.limits ?? new Array(nVc).fill(NaN)),
        order: new Uint16Array(0),
        n: 0,
      },
    };
    if (b.ports)
      batch.ports = {
        dt: 0.05,
        X: Int32Array.from(b.ports.X),
        departed: new Float64Array(b.ports.X.length),
        dropped: Float64Array.from(b.ports.dropped),
        util: Float64Array.from(b.ports.util),
      };
    store.add(batch);
    store.bump();
    return store;
  };
  return { store, add };
}
