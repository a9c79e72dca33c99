// The components of the views' panels, by view id: each panel's view and its own tools. The
// rest of a panel (title, help, layout, its export menu) comes from the view's entry in the
// view registry (views/registry.ts). The page lays the panels out in the registry's order; a
// lesson step outlines one by its `id`.
import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import type { RunStore } from '../data/runStore';
import { ExportMenu } from '../export/ExportMenu';
import { PerVcView, QueueView } from '../views/bufferViews';
import { TopologyView } from '../views/TopologyView';
import {
  CwndView,
  LossRasterView,
  OccupancyView,
  TimeSeqView,
  dropRecord,
} from '../views/timeViews';
import type { ViewState } from '../views/viewState';
import type { TableViewId } from '../export/dataTable';
import type { ExportViewId, PanelViewId } from '../views/registry';
import { VIEWS, VIEW_IDS, hasDataTable } from '../views/registry';
import { descriptionId } from '../views/ViewDescription';

// A view's data table loads with the export code, when a "Table" is first opened.
const DataTable = lazy(() => import('../export/DataTable').then((m) => ({ default: m.DataTable })));

export interface PanelContext {
  store: RunStore;
  view: ViewState;
  /** Selected connection of the time-sequence plot (-1: all). */
  selectedConn: number;
  nConn: number;
  /** Plot heights of the first two rows (fit to the screen) and of the rest. */
  heights: { buffer: number; time: number; rest: number };
  /** Appends the focused port to a title (networks). */
  onPort(title: string): string;
  chooseFocusPort(slug: string): void;
}

export interface PanelDef {
  id: PanelViewId;
  title: (c: PanelContext) => string;
  testId: string;
  className?: string;
  help: string;
  /** Shown only for networks of switches. */
  networkOnly?: boolean;
  tools?: (c: PanelContext) => ReactNode;
  body: (c: PanelContext) => ReactNode;
  /** The view's data table (the panel's "Table"), for views whose export holds tables. */
  table?: (c: PanelContext) => ReactNode;
}

/** A panel's components: its view and the tools before its export menu. */
interface PanelParts {
  tools?: (c: PanelContext) => ReactNode;
  body: (c: PanelContext) => ReactNode;
}

export const PANEL_PARTS: Record<PanelViewId, PanelParts> = {
  network: {
    body: (c) => (
      <TopologyView
        store={c.store}
        view={c.view}
        onFocusPort={c.chooseFocusPort}
        describedBy={descriptionId('network')}
      />
    ),
  },
  queue: {
    tools: (c) => (
      <button
        type="button"
        className="small"
        onClick={() => {
          const rows = c.store.tables.loss.rows;
          if (rows > 0) c.view.set({ inspected: dropRecord(c.store, rows - 1) });
        }}
      >
        Why was the last cell dropped?
      </button>
    ),
    body: (c) => (
      <QueueView
        store={c.store}
        view={c.view}
        height={c.heights.buffer}
        describedBy={descriptionId('queue')}
      />
    ),
  },
  pervc: {
    body: (c) => (
      <PerVcView
        store={c.store}
        view={c.view}
        height={c.heights.buffer}
        describedBy={descriptionId('pervc')}
      />
    ),
  },
  timeseq: {
    tools: (c) => (
      <label className="inline small">
        Show
        <select
          aria-label="Connection shown in the time-sequence plot"
          value={c.selectedConn}
          onChange={(e) => c.view.set({ selectedConn: Number(e.target.value) })}
        >
          <option value={-1}>all connections</option>
          {Array.from({ length: c.nConn }, (_, i) => (
            <option key={i} value={i}>
              TCP {i + 1}
            </option>
          ))}
        </select>
      </label>
    ),
    body: (c) => (
      <TimeSeqView
        store={c.store}
        view={c.view}
        height={c.heights.time}
        describedBy={descriptionId('timeseq')}
      />
    ),
  },
  cwnd: {
    body: (c) => (
      <CwndView
        store={c.store}
        view={c.view}
        height={c.heights.time}
        describedBy={descriptionId('cwnd')}
      />
    ),
  },
  occupancy: {
    body: (c) => (
      <OccupancyView
        store={c.store}
        view={c.view}
        height={c.heights.rest}
        describedBy={descriptionId('occupancy')}
      />
    ),
  },
  loss: {
    body: (c) => (
      <LossRasterView
        store={c.store}
        view={c.view}
        height={c.heights.rest}
        describedBy={descriptionId('loss')}
      />
    ),
  },
};

const isPanelView = (id: string): id is PanelViewId => Object.hasOwn(PANEL_PARTS, id);

/** A panel's tools: its own, then its export menu (of the connection shown, where the view's
 * export is per connection). */
function panelTools(id: PanelViewId, parts: PanelParts): PanelDef['tools'] {
  const ex = VIEWS[id].exports;
  if (!ex) return parts.tools;
  const view = id as ExportViewId;
  const menu = (c: PanelContext) => (
    <ExportMenu
      store={c.store}
      view={view}
      getRoot={() => null}
      selectedConn={ex.perConnection ? c.selectedConn : undefined}
    />
  );
  if (!parts.tools) return menu;
  const own = parts.tools;
  return (c) => (
    <>
      {own(c)}
      {menu(c)}
    </>
  );
}

/** The panels of the simulation page, in the registry's order. */
export const PANELS: PanelDef[] = VIEW_IDS.filter(isPanelView).map((id) => {
  const def = VIEWS[id];
  const layout = def.panel || {};
  const parts = PANEL_PARTS[id];
  return {
    id,
    title: layout.ofPort ? (c) => c.onPort(def.title) : () => def.title,
    testId: `panel-${id}`,
    className: layout.className,
    help: def.help ?? '',
    networkOnly: layout.networkOnly,
    tools: panelTools(id, parts),
    body: parts.body,
    table: hasDataTable(id)
      ? (c: PanelContext) => (
          <Suspense fallback={<p className="muted">Loading the table…</p>}>
            <DataTable id={id as TableViewId} store={c.store} view={c.view} />
          </Suspense>
        )
      : undefined,
  };
});
