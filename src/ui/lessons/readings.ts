/**
 * What a lesson card's figures read from the store's probe tables: sums of a column so far
 * (the latest drop is RunStore.latestDrop's). Views never compute the model; this only reads
 * the rows the worker recorded.
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
