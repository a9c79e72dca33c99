import type { ColumnBatch } from '../../sim';

type Col = Float64Array | Int32Array | Uint8Array | Float32Array;
type Ctor = { new (n: number): Col };

/**
 * One probe table held on the main thread: growable typed-array columns appended from the
 * worker's transferred batches. Memory is bounded: past `cap` rows the table is thinned to
 * half, keeping every row `keep(i)` marks as important (retransmissions, drops) and every
 * other row of the rest, so long runs keep their shape at a coarser grain.
 */
export class SeriesTable {
  cols: Record<string, Col> = {};
  rows = 0;
  /** How many times the table was thinned (0: full resolution). */
  thinned = 0;
  private capacity = 0;

  constructor(
    readonly cap: number,
    private readonly keep?: (t: SeriesTable, i: number) => boolean,
  ) {}

  append(batch: ColumnBatch | undefined): void {
    if (!batch || batch.rows === 0) return;
    const names = Object.keys(batch.columns);
    const src = batch.columns as Record<string, Col>;
    if (this.capacity === 0) {
      const cap = Math.max(1024, batch.rows * 2);
      for (const k of names) this.cols[k] = new (src[k].constructor as Ctor)(cap);
      this.capacity = cap;
    }
    // A full table thins once before it takes the batch, so in a long run the columns keep
    // their size (cap + 1 rows) and are never copied into new, larger ones. Once only: a
    // thinning cannot shrink one row, nor rows that `keep` marks all, so a batch that still
    // does not fit (a seek's jump over seconds of the run) is taken whole and the table thins
    // after.
    if (this.rows > 0 && this.rows + batch.rows > this.cap) this.thin();
    if (this.rows + batch.rows > this.capacity) this.grow(this.rows + batch.rows);
    for (const k of names) {
      const col = this.cols[k];
      if (col) col.set(src[k], this.rows);
    }
    this.rows += batch.rows;
    while (this.rows > this.cap) this.thin();
  }

  clear(): void {
    this.cols = {};
    this.rows = 0;
    this.capacity = 0;
    this.thinned = 0;
  }

  /** First row with t ≥ `t` (rows are in time order). */
  lowerBound(t: number): number {
    const ts = this.cols.t;
    if (!ts) return 0;
    let lo = 0;
    let hi = this.rows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ts[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(need: number): void {
    let cap = this.capacity;
    while (cap < need) cap *= 2;
    // Never beyond what the cap can need: it thins back to cap/2 right after.
    cap = Math.min(cap, Math.max(need, this.cap + 1));
    for (const [k, col] of Object.entries(this.cols)) {
      const next = new (col.constructor as Ctor)(cap);
      next.set(col.subarray(0, this.rows));
      this.cols[k] = next;
    }
    this.capacity = cap;
  }

  /** Rows kept by one thinning: every even row, the newest row (the views end where the run
   * stands) and every row `keep` marks (indices into `kept`, which it fills; returns how many). */
  private keptRows(kept: Uint32Array): number {
    let w = 0;
    const keep = this.keep;
    const last = this.rows - 1;
    if (!keep) {
      for (let i = 0; i < this.rows; i += 2) kept[w++] = i;
      if ((last & 1) === 1) kept[w++] = last;
      return w;
    }
    for (let i = 0; i < this.rows; i++)
      if ((i & 1) === 0 || i === last || keep(this, i)) kept[w++] = i;
    return w;
  }

  private thin(): void {
    // The row indices kept: a scratch array shared by every table and thinning (a new one of
    // 200,000 rows per thinning would only feed the garbage collector).
    if (keptScratch.length < this.rows) keptScratch = new Uint32Array(this.rows);
    const kept = keptScratch;
    let w = this.keptRows(kept);
    // Important rows alone could exceed the cap; then keep every other row outright (and the
    // newest).
    if (w > this.cap) {
      const newest = kept[w - 1];
      let w2 = 0;
      for (let i = 0; i < w; i += 2) kept[w2++] = kept[i];
      if (kept[w2 - 1] !== newest) kept[w2++] = newest;
      w = w2;
    }
    // One column at a time: a tight loop over one typed array (kept[j] ≥ j, so in place).
    for (const c of Object.values(this.cols)) compact(c, kept, w);
    this.rows = w;
    this.thinned++;
  }
}

let keptScratch = new Uint32Array(0);

/** Moves rows kept[0..n) of `c` to its first n rows, in order. One loop per kind of typed
 * array, so that each stays monomorphic (a thinning moves a few hundred thousand values while
 * a batch waits: one generic loop over four kinds of array is several times slower). */
function compact(c: Col, kept: Uint32Array, n: number): void {
  if (c instanceof Float64Array) compactF64(c, kept, n);
  else if (c instanceof Int32Array) compactI32(c, kept, n);
  else if (c instanceof Uint8Array) compactU8(c, kept, n);
  else compactF32(c, kept, n);
}
function compactF64(c: Float64Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactI32(c: Int32Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactU8(c: Uint8Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactF32(c: Float32Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
