// The run store hands the views the model's typed columns by table and name, typed by the
// probes' column specs (src/sim/metrics/probes.ts), so a view needs no cast.
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../../../src/ui/data/runStore';
import { batchOf, storeFromSim } from '../../../helpers/storeFromSim';
import { ALL_PROBES, Simulation, parseScenario, toQuery } from '../../../../src/sim';
import { runInfo } from '../../../../src/worker/host';

describe('RunStore.column', () => {
  const store = storeFromSim('preset=s0-plain-ubr&duration=1&seed=9', 100);

  it('gives each column as the typed array the probe records', () => {
    const len: Int32Array = store.column('segments', 'len');
    const retx: Uint8Array = store.column('segments', 'retx');
    const reason: Uint8Array = store.column('loss', 'reason');
    const t: Float64Array = store.column('acks', 't');
    expect(len).toBeInstanceOf(Int32Array);
    expect(retx).toBeInstanceOf(Uint8Array);
    expect(reason).toBeInstanceOf(Uint8Array);
    expect(t).toBeInstanceOf(Float64Array);
    expect(len).toBe(store.tables.segments.cols.len);
    expect(store.tables.segments.rows).toBeGreaterThan(0);
    // The queue table's per-VC columns are named by the run (vc0 … vc3).
    expect(store.column('queue', 'vc3')).toBe(store.tables.queue.cols.vc3);
    // @ts-expect-error: the ACK table has no `seq` column
    expect(store.column('acks', 'seq')).toHaveLength(0);
  });

  it('is an empty array before the run has rows', () => {
    expect(new RunStore().column('cwnd', 'cwnd')).toHaveLength(0);
  });
});

describe('a loss event', () => {
  /** The run in batches of `sliceMs` of model time; the loss table, and the continuations
   * (cells of an event begun in an earlier batch) the batches carried. */
  function lossOf(query: string, sliceMs: number) {
    const { scenario } = parseScenario(query);
    const sim = new Simulation(scenario, { probes: ALL_PROBES });
    const store = new RunStore();
    store.reset(runInfo(sim, toQuery(scenario), []));
    let carried = 0;
    while (!sim.done) {
      sim.runUntil(sim.now + Math.round(sliceMs * 1e9));
      const b = batchOf(sim, !sim.done);
      for (let j = 0; j < (b.series.lossMore?.rows ?? 0); j++)
        carried += b.series.lossMore!.columns.cells[j];
      store.add(b);
    }
    const L = store.tables.loss;
    const rows = Array.from({ length: L.rows }, (_, i) =>
      Object.keys(L.cols).map((k) => L.cols[k][i]),
    );
    return { rows, carried, cells: rows.reduce((s, r) => s + (r[5] as number), 0) };
  }

  it('counts the same cells however the run is cut into batches (the buffer view and a lesson card name it)', () => {
    for (const query of [
      'preset=s0-small-buffer&policy=tail-drop&duration=0.4',
      'preset=s0-plain-ubr&duration=0.4&seed=3',
      'preset=parking-lot-tail-drop&duration=0.3',
      'preset=s1-lan-sd&sources=15&duration=0.3',
      'preset=s3-gfr-lan-two-threshold&duration=0.3',
    ]) {
      const whole = lossOf(query, 400);
      expect(whole.rows.length, query).toBeGreaterThan(0);
      expect(whole.carried, query).toBe(0);
      for (const slice of [7.3, 0.9, 0.137]) {
        const cut = lossOf(query, slice);
        expect(cut.rows, `${query} in ${slice} ms batches`).toEqual(whole.rows);
        expect(cut.cells).toBe(whole.cells);
      }
      // The finest cut carries cells of an event over a batch's end (the case it guards).
      expect(lossOf(query, 0.137).carried, query).toBeGreaterThan(0);
    }
  });
});
