/**
 * A view's data at the instant shown, as a table (the panel's "Table" toggle, DataTable.tsx):
 * the rows of the view's CSV export (export/build.ts `viewCsvTable`, the same tables, merged
 * the same way, with the same columns), those of the plot's time window (the per-VC view:
 * every VC at the instant), the last TABLE_CAP of them at most, numbers written for people (Intl.NumberFormat). Export gives every row, exact.
 * Pure: no DOM.
 */
import { DROP_REASONS } from '../../sim';
import { viewCsvTable } from './build';
import { cellValue } from './formats';
import type { NumericColumn } from './table';
import { isStringColumn } from './table';
import type { ViewInstant } from '../views/describe';
import { at as atTime } from '../views/describe';
import type { ExportViewId, PanelViewId } from '../views/registry';
import { VIEWS, VIEW_IDS, hasDataTable } from '../views/registry';

/** The views with a data table: those with a panel whose export holds tables. */
export type TableViewId = Exclude<ExportViewId, 'metrics'> & PanelViewId;

export const TABLE_VIEWS: readonly TableViewId[] = VIEW_IDS.filter(hasDataTable) as TableViewId[];

/** At most this many rows are shown (the last ones of the window); Export gives them all. */
export const TABLE_CAP = 200;

/** How the table writes numbers: up to 6 decimals (µs of simulated time), grouped thousands. */
export const TABLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const whole = (n: number) => n.toLocaleString('en-US');

/** A cell as the table shows it: text as is, a missing number (NaN) empty. */
export function tableCell(v: string | number): string {
  if (typeof v === 'string') return v;
  return Number.isNaN(v) ? '' : TABLE_NUMBER.format(v);
}

export interface ViewDataTable {
  caption: string;
  /** The CSV export's header, in its order. */
  columns: string[];
  /** Which columns hold words (an event's or a reason's name), set left. */
  words: boolean[];
  rows: string[][];
  /** Rows of the whole export, and the index of the first row shown. */
  total: number;
  first: number;
}

/** View `id`'s data table at the instant `at` shows (its time window, its connection). */
export function viewDataTable(
  id: TableViewId,
  { store, t, selectedConn, window }: ViewInstant,
  cap = TABLE_CAP,
): ViewDataTable {
  // The per-VC view has no time axis: its rows are the buffer at the instant shown.
  const [t0, t1] = id === 'pervc' ? [-Infinity, Infinity] : window;
  const title = VIEWS[id].title;
  const { table } = viewCsvTable(store, id, selectedConn);
  const columns = Object.keys(table.cols);
  const total = table.rows;
  const tc = table.cols.t as NumericColumn | undefined;
  // The rows of the window [t0, t1]: from the end back, the last `cap` of them.
  let end = total;
  if (tc) while (end > 0 && tc[end - 1] > t1 + 1e-12) end--;
  let first = end;
  while (first > 0 && end - first < cap && (!tc || tc[first - 1] >= t0 - 1e-12)) first--;
  const reasons = store.info?.reasons ?? DROP_REASONS;
  const cols = columns.map((n) => table.cols[n]);
  const rows: string[][] = [];
  for (let i = first; i < end; i++)
    rows.push(cols.map((col, j) => tableCell(cellValue(columns[j], col, i, reasons))));
  const shown = rows.length;
  const head = `${title} at ${atTime(t)}`;
  let says: string;
  if (total === 0) says = 'no rows yet.';
  else if (shown === total) says = `all ${whole(total)} ${total === 1 ? 'row' : 'rows'}.`;
  else if (shown === 0)
    says = `no rows from ${atTime(t0)} to ${atTime(t1)} (the plot's window), of ${whole(total)}; Export gives them all.`;
  else if (shown === cap)
    says = `last ${whole(shown)} of ${whole(total)} rows, up to ${atTime(t1)}; Export gives them all.`;
  else
    says = `the ${whole(shown)} rows from ${atTime(t0)} to ${atTime(t1)} (the plot's window), of ${whole(total)}; Export gives them all.`;
  const words = columns.map((n, j) => n === 'reason' || isStringColumn(cols[j]));
  return { caption: `${head}: ${says}`, columns, words, rows, total, first };
}
