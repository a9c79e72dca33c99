// The run store hands the views the model's typed columns by table and name, typed by the
// probes' column specs (src/sim/metrics/probes.ts), so a view needs no cast.
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../../../src/ui/data/runStore';
import { storeFromSim } from '../../../helpers/storeFromSim';

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
