/**
 * What a lesson card's figures read from the store's probe tables: sums of a column so far,
 * the latest drop. Views never compute the model; this only reads the rows the worker
 * recorded.
 */
import type { RunStore } from '../data/runStore';

/** Sum of a column over the rows with t ≤ `until` (e.g. dead cells of a VC so far). */
export function sumUntil(
  store: RunStore,
  table: 'loss' | 'dead',
  column: 'cells',
  until: number,
  vc?: number,
): number {
  const rows = store.tables[table].rows;
  const t = store.column(table, 't');
  const c = store.column(table, column);
  const v = store.column(table, 'vc');
  let s = 0;
  for (let i = 0; i < rows && t[i] <= until; i++) {
    if (vc !== undefined && v[i] !== vc) continue;
    s += c[i];
  }
  return s;
}

/** The latest drop the run holds (the loss row the buffer view names under its grid), or
 * null before the first. */
export function latestDropRow(
  store: RunStore,
): { t: number; vc: number; reason: number; cells: number } | null {
  const L = store.tables.loss;
  const i = L.rows - 1;
  if (i < 0) return null;
  return {
    t: store.column('loss', 't')[i],
    vc: store.column('loss', 'vc')[i],
    reason: store.column('loss', 'reason')[i],
    cells: store.column('loss', 'cells')[i],
  };
}
