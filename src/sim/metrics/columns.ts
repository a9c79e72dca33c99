type ColumnType = 'f64' | 'f32' | 'i32' | 'u8';
type ArrayOf<T extends ColumnType> = T extends 'f64'
  ? Float64Array
  : T extends 'f32'
    ? Float32Array
    : T extends 'i32'
      ? Int32Array
      : Uint8Array;

const make = (t: ColumnType, n: number) =>
  t === 'f64'
    ? new Float64Array(n)
    : t === 'f32'
      ? new Float32Array(n)
      : t === 'i32'
        ? new Int32Array(n)
        : new Uint8Array(n);

export type ColumnSpec = Record<string, ColumnType>;
export type Columns<S extends ColumnSpec> = { [K in keyof S]: ArrayOf<S[K]> };

/** A drained batch: `rows` rows, one typed array per column (each exactly `rows` long). */
export interface ColumnBatch<S extends ColumnSpec = ColumnSpec> {
  rows: number;
  columns: Columns<S>;
}

/**
 * Columnar, growable recorder (uPlot-style series by column). Append with `row()` then write
 * `c.col[i]`. `drain()` hands over what was recorded since the last drain, as exact-length
 * typed arrays that a worker can transfer, and starts afresh.
 */
export class ColumnTable<S extends ColumnSpec> {
  c: Columns<S>;
  rows = 0;
  private cap: number;

  constructor(
    readonly spec: S,
    capacity = 1024,
  ) {
    this.cap = capacity;
    this.c = this.alloc(capacity);
  }

  /** Index of a new row (capacity grows as needed). */
  row(): number {
    if (this.rows === this.cap) this.grow();
    return this.rows++;
  }

  drain(): ColumnBatch<S> {
    const out = {} as Record<string, unknown>;
    for (const k of Object.keys(this.spec))
      out[k] = (this.c[k] as Float64Array).slice(0, this.rows);
    const batch = { rows: this.rows, columns: out as Columns<S> };
    this.rows = 0;
    return batch;
  }

  private alloc(n: number): Columns<S> {
    const out = {} as Record<string, unknown>;
    for (const [k, t] of Object.entries(this.spec)) out[k] = make(t, n);
    return out as Columns<S>;
  }

  private grow(): void {
    const next = this.alloc(this.cap * 2);
    for (const k of Object.keys(this.spec))
      (next[k] as Float64Array).set(this.c[k] as Float64Array);
    this.c = next;
    this.cap *= 2;
  }
}
