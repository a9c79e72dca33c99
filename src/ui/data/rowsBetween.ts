/**
 * The rows of one of the run's tables whose time lies in (from, to], as an index range: what
 * came between two readings of the store (the live region's news, the sound's clicks). By time,
 * not by row count, so a table thinned in between (runTables.ts) miscounts nothing.
 */
import type { RunStore } from './runStore';

export function rowsBetween(
  store: RunStore,
  name: keyof RunStore['tables'],
  from: number,
  to: number,
): readonly [number, number] {
  const tab = store.tables[name];
  const t = store.column(name, 't');
  let a = tab.lowerBound(from);
  while (a < tab.rows && t[a] <= from) a++;
  let b = a;
  while (b < tab.rows && t[b] <= to) b++;
  return [a, b] as const;
}
