/**
 * Min/max decimation per pixel column (the M4 scheme: first, last, min and max of each
 * column), so a view draws at most ~2 points per column per series however many rows fall in
 * its time range. Rows must be in time order.
 */
export interface Columns4 {
  width: number;
  /** For column j: first[j], last[j], min[j], max[j]; NaN where the column has no row. */
  first: Float64Array;
  last: Float64Array;
  min: Float64Array;
  max: Float64Array;
  /** Rows scanned. */
  rows: number;
}

export function emptyColumns(width: number): Columns4 {
  const w = Math.max(1, Math.floor(width));
  return {
    width: w,
    first: new Float64Array(w).fill(NaN),
    last: new Float64Array(w).fill(NaN),
    min: new Float64Array(w).fill(NaN),
    max: new Float64Array(w).fill(NaN),
    rows: 0,
  };
}

/**
 * Decimates rows [from, to) of (t, v) over the time window [t0, t1) into `width` columns.
 * `keep(i)`, when given, selects rows (e.g. one connection's).
 */
export function decimate(
  t: ArrayLike<number>,
  v: ArrayLike<number> | ((i: number) => number),
  from: number,
  to: number,
  t0: number,
  t1: number,
  width: number,
  keep?: (i: number) => boolean,
  out: Columns4 = emptyColumns(width),
): Columns4 {
  const w = out.width;
  const span = t1 - t0;
  if (!(span > 0)) return out;
  const scale = w / span;
  const get = typeof v === 'function' ? v : (i: number) => v[i];
  let rows = 0;
  for (let i = from; i < to; i++) {
    const ti = t[i];
    if (ti < t0) continue;
    if (ti >= t1) break;
    if (keep && !keep(i)) continue;
    addToColumn(out, Math.min(w - 1, Math.floor((ti - t0) * scale)), get(i));
    rows++;
  }
  out.rows += rows;
  return out;
}

/** Adds value x to column j: its first, last, min and max. */
function addToColumn(c: Columns4, j: number, x: number): void {
  if (Number.isNaN(c.first[j])) {
    c.first[j] = x;
    c.min[j] = x;
    c.max[j] = x;
  } else {
    if (x < c.min[j]) c.min[j] = x;
    if (x > c.max[j]) c.max[j] = x;
  }
  c.last[j] = x;
}

/**
 * Like decimate, for many series at once in one pass: rows are split by `key[i]` (e.g. the
 * connection), and only keys with `want[key] = 1` are kept. Returns one Columns4 per wanted key
 * (undefined for the others).
 */
export function decimateByKey(
  t: ArrayLike<number>,
  v: ArrayLike<number> | ((i: number) => number),
  from: number,
  to: number,
  t0: number,
  t1: number,
  width: number,
  key: ArrayLike<number>,
  want: Uint8Array,
  keep?: (i: number) => boolean,
): (Columns4 | undefined)[] {
  const out: (Columns4 | undefined)[] = Array.from(want, (w) =>
    w ? emptyColumns(width) : undefined,
  );
  const w = Math.max(1, Math.floor(width));
  const span = t1 - t0;
  if (!(span > 0)) return out;
  const scale = w / span;
  const get = typeof v === 'function' ? v : (i: number) => v[i];
  for (let i = from; i < to; i++) {
    const ti = t[i];
    if (ti < t0) continue;
    if (ti >= t1) break;
    const c = out[key[i]];
    if (c === undefined || (keep && !keep(i))) continue;
    addToColumn(c, Math.min(w - 1, Math.floor((ti - t0) * scale)), get(i));
    c.rows++;
  }
  return out;
}
