/**
 * A view's data at the instant shown as an HTML table (viewDataTable: the columns of the
 * view's CSV export, the last rows of the plot's window), under the plot when its panel's
 * "Table" is pressed. It is rebuilt at once when the run stands still (a pause, a step, a
 * seek, a lesson's pause, the end) and when the window or the connection shown changes; while
 * the run plays, at most once a second. It scrolls inside its own box (sideways on a phone).
 */
import { useEffect, useState } from 'react';
import type { RunStore } from '../data/runStore';
import type { TableViewId, ViewDataTable } from './dataTable';
import { viewDataTable } from './dataTable';
import { timeWindow } from '../views/TimeChart';
import type { ViewState } from '../views/viewState';

/** While the run plays, the table is rebuilt at most this often (ms of wall time). */
const PLAYING_EVERY_MS = 1000;

export function DataTable({
  id,
  store,
  view,
}: {
  id: TableViewId;
  store: RunStore;
  view: ViewState;
}) {
  const [table, setTable] = useState<ViewDataTable | null>(null);
  useEffect(() => {
    const update = () => {
      if (!store.info) return;
      const v = view.get();
      setTable(
        viewDataTable(id, {
          store,
          t: store.t,
          selectedConn: v.selectedConn,
          window: timeWindow(store, v),
        }),
      );
    };
    update();
    const offStore = store.subscribeSlow(update, PLAYING_EVERY_MS);
    const offView = view.subscribe(update);
    return () => {
      offStore();
      offView();
    };
  }, [id, store, view]);
  if (!table) return <p className="data-table-empty">No data yet.</p>;
  const captionId = `data-table-${id}-caption`;
  return (
    <div
      className="data-table-wrap"
      role="region"
      aria-labelledby={captionId}
      // Focusable, so that its box scrolls from the keyboard.
      tabIndex={0}
      data-testid={`table-${id}`}
    >
      <table className="data-table">
        <caption id={captionId}>{table.caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c, j) => (
              <th key={c} scope="col" className={table.words[j] ? 'words' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={table.first + i}>
              {r.map((cell, j) => (
                <td key={j} className={table.words[j] ? 'words' : undefined}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
