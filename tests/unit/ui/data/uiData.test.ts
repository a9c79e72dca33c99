import { describe, expect, it } from 'vitest';
import type { Columns4 } from '../../../../src/ui/data/decimate';
import { decimate, emptyColumns } from '../../../../src/ui/data/decimate';

/** Points drawn for a decimated series: 1 per column where min = max, else 2 (min and max). */
function pointsDrawn(c: Columns4): number {
  let n = 0;
  for (let j = 0; j < c.width; j++) if (!Number.isNaN(c.min[j])) n += c.min[j] === c.max[j] ? 1 : 2;
  return n;
}
import { SeriesTable } from '../../../../src/ui/data/runStore';
import { fillMergedSpans } from '../../../../src/ui/views/spans';

describe('min/max decimation per pixel column', () => {
  it('keeps each column’s extremes, first and last, and draws ≤ 2 points per column', () => {
    const n = 100_000;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = i / n; // [0, 1)
      v[i] = Math.sin(i / 37) * 100 + (i === 54_321 ? 1000 : 0); // one spike
    }
    const c = decimate(t, v, 0, n, 0, 1, 200);
    expect(c.rows).toBe(n);
    expect(pointsDrawn(c)).toBeLessThanOrEqual(400);
    // The spike survives: column of row 54,321 has max 1000 + sin.
    const j = Math.floor((54_321 / n) * 200);
    expect(c.max[j]).toBeCloseTo(1000 + Math.sin(54_321 / 37) * 100, 9);
    // Column 0 holds rows 0..499: first = v[0], last = v[499].
    expect(c.first[0]).toBe(v[0]);
    expect(c.last[0]).toBe(v[499]);
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < 500; i++) {
      lo = Math.min(lo, v[i]);
      hi = Math.max(hi, v[i]);
    }
    expect(c.min[0]).toBe(lo);
    expect(c.max[0]).toBe(hi);
  });

  it('honours the time window and a row filter, and leaves empty columns NaN', () => {
    const t = Float64Array.from([0, 0.1, 0.2, 0.3, 0.9]);
    const v = Float64Array.from([1, 2, 3, 4, 5]);
    const conn = Int32Array.from([0, 1, 0, 1, 0]);
    const c = decimate(t, v, 0, 5, 0.05, 0.5, 9, (i) => conn[i] === 1);
    expect(c.rows).toBe(2); // rows 1 and 3
    expect(c.first[1]).toBe(2); // (0.1 − 0.05)/0.05 = column 1
    expect(c.first[5]).toBe(4); // (0.3 − 0.05)/0.05 = column 5
    expect(Number.isNaN(c.first[0])).toBe(true);
    expect(emptyColumns(0).width).toBe(1);
  });
});

describe('series table', () => {
  it('appends transferred batches and stays under its cap, keeping important rows', () => {
    const table = new SeriesTable(10_000, (s, i) => s.cols.retx[i] === 1);
    let seq = 0;
    for (let b = 0; b < 50; b++) {
      const rows = 1000;
      const t = new Float64Array(rows);
      const s = new Float64Array(rows);
      const retx = new Uint8Array(rows);
      for (let i = 0; i < rows; i++) {
        t[i] = seq / 1000;
        s[i] = seq;
        retx[i] = seq % 997 === 0 ? 1 : 0;
        seq++;
      }
      table.append({ rows, columns: { t, seq: s, retx } });
      expect(table.rows).toBeLessThanOrEqual(10_000);
    }
    expect(table.thinned).toBeGreaterThan(0);
    // Time order is kept and every retransmission survived the thinning.
    const ts = table.cols.t;
    for (let i = 1; i < table.rows; i++) expect(ts[i]).toBeGreaterThan(ts[i - 1]);
    const kept = Array.from(table.cols.retx.subarray(0, table.rows)).filter((r) => r === 1).length;
    expect(kept).toBe(Math.floor((seq - 1) / 997) + 1);
    expect(table.lowerBound(25)).toBeGreaterThan(0);
    expect(ts[table.lowerBound(25)]).toBeGreaterThanOrEqual(25);
  });
});

describe('series table in a long run', () => {
  it('thins before it takes a batch: once full its columns are never copied into larger ones', () => {
    const cap = 4_000;
    const table = new SeriesTable(cap);
    let seq = 0;
    const batch = (rows: number) => {
      const t = new Float64Array(rows);
      for (let i = 0; i < rows; i++) t[i] = seq++;
      return { rows, columns: { t } };
    };
    table.append(batch(cap)); // exactly full
    const full = table.cols.t;
    const size = full.length;
    for (let b = 0; b < 40; b++) {
      table.append(batch(700));
      expect(table.rows).toBeLessThanOrEqual(cap);
    }
    expect(table.thinned).toBeGreaterThan(3);
    expect(table.cols.t).toBe(full);
    expect(table.cols.t.length).toBe(size);
    // The newest row is always kept, the rows stay in order, and the oldest is never lost.
    const ts = table.cols.t;
    expect(ts[table.rows - 1]).toBe(seq - 1);
    expect(ts[0]).toBe(0);
    for (let i = 1; i < table.rows; i++) expect(ts[i]).toBeGreaterThan(ts[i - 1]);
  });

  it('takes a batch larger than the cap whole, then thins it under the cap', () => {
    const table = new SeriesTable(1_000);
    const t = Float64Array.from({ length: 5_000 }, (_, i) => i);
    table.append({ rows: 5_000, columns: { t } });
    expect(table.rows).toBeLessThanOrEqual(1_000);
    expect(table.cols.t[0]).toBe(0);
    expect(table.cols.t[1]).toBe(8); // thinned three times: every 8th row
  });

  // A seek over seconds of the run brings one batch of more rows than the cap into a table
  // that already holds some: the table takes it and ends under its cap (a thinning before the
  // batch cannot shrink a one-row table, nor a table whose rows are all important).
  it('takes a batch larger than the cap into a table that holds rows, and stays under the cap', () => {
    const table = new SeriesTable(1_000);
    table.append({ rows: 1, columns: { t: Float64Array.of(0) } });
    const t = Float64Array.from({ length: 5_000 }, (_, i) => i + 1);
    table.append({ rows: 5_000, columns: { t } });
    expect(table.rows).toBeLessThanOrEqual(1_000);
    expect(table.rows).toBeGreaterThan(500);
    expect(table.cols.t[0]).toBe(0);
    expect(table.cols.t[table.rows - 1]).toBe(5_000);
  });

  it('keeping every row (all important), takes batches past its cap and stays under it', () => {
    const table = new SeriesTable(1_000, () => true);
    let seq = 0;
    for (let b = 0; b < 6; b++) {
      const t = Float64Array.from({ length: 400 }, () => seq++);
      table.append({ rows: 400, columns: { t } });
      expect(table.rows).toBeLessThanOrEqual(1_000);
    }
    const ts = table.cols.t;
    expect(ts[0]).toBe(0);
    expect(ts[table.rows - 1]).toBe(seq - 1); // the newest row is kept
    for (let i = 1; i < table.rows; i++) expect(ts[i]).toBeGreaterThan(ts[i - 1]);
  });
});

describe('decimation by key', () => {
  it('gives, in one pass, the same columns as decimating each key alone', async () => {
    const { decimateByKey } = await import('../../../../src/ui/data/decimate');
    const n = 20_000;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    const key = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = i * 1e-4;
      key[i] = (i * 7919) % 5;
      v[i] = Math.cos(i) * (key[i] + 1);
    }
    const want = Uint8Array.from([1, 0, 1, 1, 0]);
    const all = decimateByKey(t, v, 0, n, 0.2, 1.7, 300, key, want);
    expect(all[1]).toBeUndefined();
    for (const k of [0, 2, 3]) {
      const one = decimate(t, v, 0, n, 0.2, 1.7, 300, (i) => key[i] === k);
      expect(Array.from(all[k]!.min)).toEqual(Array.from(one.min));
      expect(Array.from(all[k]!.max)).toEqual(Array.from(one.max));
      expect(Array.from(all[k]!.first)).toEqual(Array.from(one.first));
      expect(Array.from(all[k]!.last)).toEqual(Array.from(one.last));
      expect(all[k]!.rows).toBe(one.rows);
    }
  });
});

describe('deadlock bands: stalls merged into spans', () => {
  const rects = (flat: number[], gap: number) => {
    const out: [number, number][] = [];
    const n = fillMergedSpans(
      { fillRect: (x, _y, w) => void out.push([x, x + w]) },
      flat,
      100,
      gap,
    );
    expect(n).toBe(out.length);
    return out;
  };
  it('merges overlapping and nearly touching spans, in any order, and keeps apart distant ones', () => {
    // Three connections stalled over 10–40 px (overlapping), a chain 50–60, 62–70, one at 90.
    expect(rects([30, 40, 10, 25, 20, 32, 62, 70, 50, 60, 90, 90.2], 3)).toEqual([
      [10, 40],
      [50, 70],
      [90, 91],
    ]);
    expect(rects([50, 60, 62, 70], 1)).toEqual([
      [50, 60],
      [62, 70],
    ]);
    expect(rects([], 3)).toEqual([]);
  });
});
