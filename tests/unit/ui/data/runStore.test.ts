// The run store hands the views the model's typed columns by table and name, typed by the
// probes' column specs (src/sim/metrics/probes.ts), so a view needs no cast.
import { describe, expect, it } from 'vitest';
import { COARSE_FACTORS, ROWS_PER_COLUMN, RunStore } from '../../../../src/ui/data/runStore';
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

describe('RunStore.drawWindow: long windows drawn from the coarse copies', () => {
  // 3 s of SD with 15 sources: about 75,000 segment rows, under the full table's cap (not
  // thinned) and past its coarse copies' (COARSE_FACTORS times smaller, thinned many times;
  // the coarsest holds too few rows per column for a 390-column plot).
  const store = storeFromSim('preset=s1-lan-sd&sources=15&duration=3', 100);
  const full = store.tables.segments;

  it('reads the coarse copy over the whole run, the full table in a zoom and outside a draw', () => {
    expect(full.thinned).toBe(0);
    expect(full.rows).toBeGreaterThan(COARSE_FACTORS[0] * 5_000);
    const whole = store.drawWindow(0, 3, 390, () => store.tables.segments);
    expect(whole).not.toBe(full);
    expect(whole.thinned).toBeGreaterThan(0);
    expect(whole.cap).toBe(full.cap / COARSE_FACTORS[0]);
    expect(whole.rows).toBeLessThan(full.rows / 3);
    // The window still holds at least ROWS_PER_COLUMN rows per pixel column.
    expect(whole.rows).toBeGreaterThanOrEqual(ROWS_PER_COLUMN * 390);
    // A column read inside the draw is the coarse copy's.
    expect(store.drawWindow(0, 3, 390, () => store.column('segments', 't'))).toBe(whole.cols.t);
    // 10 ms of the run: too few coarse rows per column, so the full table.
    expect(store.drawWindow(1, 1.01, 390, () => store.tables.segments)).toBe(full);
    // A narrow plot (40 columns) reads the coarsest copy.
    const narrow = store.drawWindow(0, 3, 40, () => store.tables.segments);
    expect(narrow.cap).toBe(Math.round(full.cap / COARSE_FACTORS[1]));
    expect(narrow.thinned).toBeGreaterThan(whole.thinned);
    expect(narrow.rows).toBeGreaterThanOrEqual(ROWS_PER_COLUMN * 40);
    expect(narrow.rows).toBeLessThan(whole.rows / 4);
    // A wider plot needs more rows per column: at 20,000 columns the full table.
    expect(store.drawWindow(0, 3, 20_000, () => store.tables.segments)).toBe(full);
    // The queue table (3,000 rows, never thinned) is read in full either way.
    expect(store.drawWindow(0, 3, 390, () => store.tables.queue)).toBe(store.tables.queue);
    expect(store.tables.segments).toBe(full);
    expect(() =>
      store.drawWindow(0, 3, 390, () => {
        throw new Error('a view failed');
      }),
    ).toThrow('a view failed');
    expect(store.tables.segments).toBe(full);
  });

  it('holds rows of the full table only, in order, and every retransmission', () => {
    const coarse = store.drawWindow(0, 3, 390, () => store.tables.segments);
    const ft = full.cols.t;
    const fr = full.cols.retx;
    const ct = coarse.cols.t;
    const cs = coarse.cols.seq;
    const fs = full.cols.seq;
    let j = 0;
    for (let i = 0; i < coarse.rows; i++) {
      while (j < full.rows && !(ft[j] === ct[i] && fs[j] === cs[i])) j++;
      expect(j, `coarse row ${i}`).toBeLessThan(full.rows);
      j++;
    }
    let retxFull = 0;
    for (let i = 0; i < full.rows; i++) retxFull += fr[i];
    let retxCoarse = 0;
    for (let i = 0; i < coarse.rows; i++) retxCoarse += coarse.cols.retx[i];
    expect(retxFull).toBeGreaterThan(0);
    expect(retxCoarse).toBe(retxFull);
    // The newest row is kept: the coarse drawing ends where the run stands.
    expect(ct[coarse.rows - 1]).toBe(ft[full.rows - 1]);
  });
});
