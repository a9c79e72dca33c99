// The views of the simulation page as a table: each panel's title, help, tools and view. The
// page lays them out in this order; a lesson step outlines one by its `id`.
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
import type { LessonView as StoryView } from '../lessons/types';

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
  id: StoryView;
  title: (c: PanelContext) => string;
  testId: string;
  className?: string;
  help: string;
  /** Shown only for networks of switches. */
  networkOnly?: boolean;
  tools?: (c: PanelContext) => ReactNode;
  body: (c: PanelContext) => ReactNode;
}

const exportTool = (v: 'queue' | 'pervc' | 'cwnd' | 'occupancy' | 'loss') => (c: PanelContext) => (
  <ExportMenu store={c.store} view={v} getRoot={() => null} />
);

export const PANELS: PanelDef[] = [
  {
    id: 'network',
    title: () => 'Network',
    testId: 'panel-network',
    className: 'span-all',
    networkOnly: true,
    help: 'The switches of the run, left to right: each source’s VC enters at a switch and leaves toward the receivers. Every switch output port has its own buffer of K cells (fill and caption: occupancy X/K); the link after it is coloured by its utilisation over the last moments of the run, and a red ring flashes where cells are dropped. Click a port (or focus it and press Enter) to show that port in the switch buffer, per-VC and loss views: the run is replayed from t = 0 with the same seed, watching that port.',
    body: (c) => <TopologyView store={c.store} view={c.view} onFocusPort={c.chooseFocusPort} />,
  },
  {
    id: 'queue',
    title: (c) => c.onPort('Switch buffer'),
    testId: 'panel-queue',
    className: 'span-2',
    help: 'The output port’s buffer of K cells. Each square is a cell, coloured by its VC, in arrival order; the oldest cell, next to leave on the link, is at the right. Dashed lines are the thresholds of the buffer policy. A drop flashes at the tail with the rule that fired. Slow the speed to 1/10000× to follow single cells. With more cells than the view can send one by one, they are drawn grouped by VC.',
    tools: (c) => (
      <>
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
        <ExportMenu store={c.store} view="queue" getRoot={() => null} />
      </>
    ),
    body: (c) => <QueueView store={c.store} view={c.view} height={c.heights.buffer} />,
  },
  {
    id: 'pervc',
    title: (c) => c.onPort('Per-VC buffer use'),
    testId: 'panel-pervc',
    help: 'X_i, the cells each VC holds, against the fair share X/N_a (dashed) and, for SD, FBA, DFBA and per-VC thresholds, the per-VC limit the policy enforces (red). Policies that look at X_i keep the bars near the fair share.',
    tools: exportTool('pervc'),
    body: (c) => <PerVcView store={c.store} view={c.view} height={c.heights.buffer} />,
  },
  {
    id: 'timeseq',
    title: () => 'TCP time-sequence',
    testId: 'panel-timeseq',
    className: 'span-2',
    help: 'tcptrace style: ticks are segments sent (by the sequence number they end at), red crosses are retransmissions, the coloured line is the cumulative ACK and the grey line the ACK plus the advertised window. Dotted red lines are retransmission timeouts, orange triangles fast retransmits. A flat stretch that ends in an RTO is a stall; shaded bands are flagged deadlocks (red: only a timeout recovers; purple: stop-and-go, only the delayed-ACK timer recovers). Drag to zoom, double-click to zoom out.',
    tools: (c) => (
      <>
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
        <ExportMenu
          store={c.store}
          view="timeseq"
          getRoot={() => null}
          selectedConn={c.selectedConn}
        />
      </>
    ),
    body: (c) => <TimeSeqView store={c.store} view={c.view} height={c.heights.time} />,
  },
  {
    id: 'cwnd',
    title: () => 'Congestion windows',
    testId: 'panel-cwnd',
    help: 'cwnd of each connection (solid) and ssthresh (dashed). A fast retransmit halves cwnd; a timeout drops it to one segment. Hover a connection in the table to pick it out.',
    tools: exportTool('cwnd'),
    body: (c) => <CwndView store={c.store} view={c.view} height={c.heights.time} />,
  },
  {
    id: 'occupancy',
    title: (c) => c.onPort('Buffer occupancy'),
    testId: 'panel-occupancy',
    className: 'span-2',
    help: 'Total occupancy X (line) and each VC’s X_i stacked, sampled every millisecond, with K and the policy’s thresholds dashed.',
    tools: exportTool('occupancy'),
    body: (c) => <OccupancyView store={c.store} view={c.view} height={c.heights.rest} />,
  },
  {
    id: 'loss',
    title: (c) => c.onPort('Cell losses'),
    testId: 'panel-loss',
    help: 'Every drop by time and VC, coloured by the rule that fired. Hollow marks below are dead cells: cells of frames already damaged that still crossed the link. Click a drop to see why it was dropped and what followed.',
    tools: exportTool('loss'),
    body: (c) => <LossRasterView store={c.store} view={c.view} height={c.heights.rest} />,
  },
];
