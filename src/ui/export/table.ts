/**
 * The tables the exports read (a SeriesTable or a drained ColumnBatch-like object), and the
 * two ways the views' tables are combined before export: rows kept by a filter, and event
 * tables merged by time. Pure: no DOM.
 */

export type NumericColumn =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array
  | readonly number[];
export type Column = NumericColumn | readonly string[];

/** What the exports read of a table. Only the first `rows` entries of each column are valid. */
export interface TableLike {
  rows: number;
  cols: Record<string, Column>;
  /** Times the table was thinned to half (SeriesTable past its cap); 0 = every row. */
  thinned?: number;
}

export const isStringColumn = (c: Column): c is readonly string[] =>
  Array.isArray(c) && c.length > 0 && typeof c[0] === 'string';

interface EventSource {
  /** Name written in the `event` column (or per row). */
  event: string | ((i: number) => string);
  table: TableLike;
  /** Rows to keep (default all). */
  keep?: (i: number) => boolean;
  /** Columns left out (e.g. a code the event name already says). */
  omit?: string[];
}

/**
 * Merges event tables into one, by time (stable: equal times keep the sources' order): the
 * columns `t`, `event`, then the union of the others; a column a source lacks is NaN (an
 * empty CSV field).
 */
export function mergeByTime(sources: EventSource[]): TableLike {
  const names: string[] = [];
  for (const s of sources) {
    for (const n of Object.keys(s.table.cols)) {
      if (n !== 't' && !s.omit?.includes(n) && !names.includes(n)) names.push(n);
    }
  }
  const picks: { s: number; i: number; t: number }[] = [];
  sources.forEach((s, si) => {
    const t = s.table.cols.t as NumericColumn;
    for (let i = 0; i < s.table.rows; i++)
      if (!s.keep || s.keep(i)) picks.push({ s: si, i, t: t[i] });
  });
  picks.sort((a, b) => a.t - b.t || a.s - b.s || a.i - b.i);
  const n = picks.length;
  const t = new Float64Array(n);
  const event: string[] = new Array(n);
  const cols: Record<string, Float64Array> = {};
  for (const name of names) cols[name] = new Float64Array(n).fill(NaN);
  let thinned = 0;
  for (const s of sources) thinned = Math.max(thinned, s.table.thinned ?? 0);
  picks.forEach((p, r) => {
    const src = sources[p.s];
    t[r] = p.t;
    event[r] = typeof src.event === 'string' ? src.event : src.event(p.i);
    for (const [name, col] of Object.entries(src.table.cols)) {
      const out = cols[name];
      if (out && name !== 't') out[r] = col[p.i] as number;
    }
  });
  return { rows: n, cols: { t, event, ...cols }, thinned };
}

/** Rows of `table` for which `keep` holds (all rows, trimmed to `rows`, without a filter). */
export function filterRows(table: TableLike, keep?: (i: number) => boolean): TableLike {
  const idx: number[] = [];
  for (let i = 0; i < table.rows; i++) if (!keep || keep(i)) idx.push(i);
  const cols: Record<string, Column> = {};
  for (const [name, col] of Object.entries(table.cols)) {
    if (isStringColumn(col) || Array.isArray(col)) {
      cols[name] = idx.map((i) => col[i]) as Column;
    } else {
      const Ctor = (col as Float64Array).constructor as new (n: number) => Float64Array;
      const out = new Ctor(idx.length);
      idx.forEach((i, r) => (out[r] = (col as Float64Array)[i]));
      cols[name] = out;
    }
  }
  return { rows: idx.length, cols, thinned: table.thinned };
}
