/**
 * The views of a run, one entry each: the view's id (the `data-story-view` a lesson step
 * outlines, the `view-<id>` and `panel-<id>` test ids, the export's file name), its title, the
 * help under its panel's "?", its legend and what its exports hold. Plain data: the panels'
 * components are in app/panels.tsx, keyed by these ids. Read by the panels, the lessons, the
 * legends (legend.ts), the exports (export/build.ts, export/legend.ts) and the export menu. A
 * new view is its component plus an entry here (and its component in app/panels.tsx).
 */
import type { RunStore } from '../data/runStore';
import type { ViewInstant } from './describe';
import {
  describeCwnd,
  describeLoss,
  describeMetrics,
  describeNetwork,
  describeOccupancy,
  describePerVc,
  describeQueue,
  describeTimeSeq,
} from './describe';
import type { LegendDef } from './legendItems';
import {
  cwndLegend,
  lossLegend,
  occupancyLegend,
  perVcLegend,
  queueLegend,
  timeSeqLegend,
} from './legendItems';

/** A table a data export holds: one of the run store's tables, or `pervc`, the buffer
 * snapshot the per-VC view shows (a row per VC). */
export type ExportTable = keyof RunStore['tables'] | 'pervc';

/** The rows of this event table are named by their TCP event kind (timeout, fast retransmit…). */
export const BY_KIND = 'by kind';

/** What a view's exports hold. */
export interface ViewExport {
  /** The tables of the data export (JSON: each by name), or the run's metrics. */
  data: readonly ExportTable[] | 'metrics';
  /** CSV: the data tables merged by time, each row's `event` column naming its table (the
   * name given here). Without it the CSV is the first table as is. */
  events?: Partial<Record<ExportTable, string>>;
  /** Only the rows of the connection the view shows, when one is chosen. */
  perConnection?: boolean;
  /** The view's image as PNG and SVG. */
  image?: boolean;
  /** The time-sequence plot as an xplot file (tcptrace). */
  xplot?: boolean;
  /** What the legend of the exported image names: each VC, each connection, each connection
   * and the TCP marks, or the drop reasons seen. */
  imageLegend?: 'vcs' | 'connections' | 'connection-marks' | 'drop-reasons';
}

/** The view's panel on the simulation page (the metrics are laid out apart, above them). */
export interface PanelLayout {
  className?: string;
  /** Shown only for networks of switches. */
  networkOnly?: boolean;
  /** The title names the port the view shows (networks). */
  ofPort?: boolean;
}

export type { ViewInstant };

export interface ViewDef {
  title: string;
  /** What the view shows (its panel's "?"). */
  help?: string;
  /** Its panel; false: laid out by the page itself (the metrics). */
  panel: PanelLayout | false;
  /** The one-line legend under the view. */
  legend?: LegendDef;
  /** Its exports; its data table (the panel's "Table", export/dataTable.ts) shows the rows of
   * its CSV export, with the same columns. */
  exports?: ViewExport;
  /** The view's state at the instant shown, said in words: the view's accessible description
   * (ViewDescription.tsx), its words in describe.ts. */
  describe: (at: ViewInstant) => string;
}

const views = {
  metrics: {
    title: 'Metrics',
    panel: false,
    exports: { data: 'metrics' },
    describe: describeMetrics,
  },
  network: {
    title: 'Network',
    panel: { className: 'span-all', networkOnly: true },
    help: 'The switches of the run, left to right: each source’s VC enters at a switch and leaves toward the receivers. Every switch output port has its own buffer of K cells (fill and caption: occupancy X/K); the link after it is coloured by its utilisation over the last moments of the run, and a red ring flashes where cells are dropped. Click a port (or focus it and press Enter) to show that port in the switch buffer, per-VC and loss views: the run is replayed from t = 0 with the same seed, watching that port.',
    describe: describeNetwork,
  },
  queue: {
    title: 'Switch buffer',
    panel: { className: 'span-2', ofPort: true },
    help: 'The output port’s buffer of K cells. Each square is a cell, coloured by its VC, in arrival order; the oldest cell, next to leave on the link, is at the right. Dashed lines are the thresholds of the buffer policy. A drop flashes at the tail with the rule that fired. Slow the speed to 1/10000× to follow single cells. With more cells than the view can send one by one, they are drawn grouped by VC.',
    describe: describeQueue,
    legend: queueLegend,
    exports: { data: ['queue'], image: true, imageLegend: 'vcs' },
  },
  pervc: {
    title: 'Per-VC buffer use',
    panel: { ofPort: true },
    help: 'X_i, the cells each VC holds, against the fair share X/N_a (dashed) and, for SD, FBA, DFBA and per-VC thresholds, the per-VC limit the policy enforces (red). Policies that look at X_i keep the bars near the fair share.',
    describe: describePerVc,
    legend: perVcLegend,
    exports: { data: ['pervc'], image: true, imageLegend: 'vcs' },
  },
  timeseq: {
    title: 'TCP time-sequence',
    panel: { className: 'span-2' },
    help: 'tcptrace style: ticks are segments sent (by the sequence number they end at), red crosses are retransmissions, the coloured line is the cumulative ACK and the grey line the ACK plus the advertised window. Dotted red lines are retransmission timeouts, orange triangles fast retransmits. A flat stretch that ends in an RTO is a stall; shaded bands are flagged deadlocks (red: only a timeout recovers; purple: stop-and-go, only the delayed-ACK timer recovers). Drag to zoom, double-click to zoom out.',
    describe: describeTimeSeq,
    legend: timeSeqLegend,
    exports: {
      data: ['segments', 'acks', 'tcpEvents', 'stalls'],
      events: { segments: 'segment', acks: 'ack', tcpEvents: BY_KIND, stalls: 'stall' },
      perConnection: true,
      image: true,
      xplot: true,
      imageLegend: 'connection-marks',
    },
  },
  cwnd: {
    title: 'Congestion windows',
    panel: {},
    help: 'cwnd of each connection (solid) and ssthresh (dashed). A fast retransmit halves cwnd; a timeout drops it to one segment. Hover a connection in the table to pick it out.',
    describe: describeCwnd,
    legend: cwndLegend,
    exports: { data: ['cwnd'], image: true, imageLegend: 'connections' },
  },
  occupancy: {
    title: 'Buffer occupancy',
    panel: { className: 'span-2', ofPort: true },
    help: 'Total occupancy X (line) and each VC’s X_i stacked, sampled every millisecond, with K and the policy’s thresholds dashed.',
    describe: describeOccupancy,
    legend: occupancyLegend,
    exports: { data: ['queue'], image: true, imageLegend: 'vcs' },
  },
  loss: {
    title: 'Cell losses',
    panel: { ofPort: true },
    help: 'Every drop by time and VC, coloured by the rule that fired. Hollow marks below are dead cells: cells of frames already damaged that still crossed the link. Click a drop to see why it was dropped and what followed.',
    describe: describeLoss,
    legend: lossLegend,
    exports: {
      data: ['loss', 'dead'],
      events: { loss: 'drop', dead: 'dead' },
      image: true,
      imageLegend: 'drop-reasons',
    },
  },
} satisfies Record<string, ViewDef>;

type Views = typeof views;

/** A view's id. */
export type ViewId = keyof Views;
/** The views that have a panel of their own. */
export type PanelViewId = { [K in ViewId]: Views[K]['panel'] extends false ? never : K }[ViewId];
/** The views with a legend. */
export type LegendViewId = {
  [K in ViewId]: Views[K] extends { legend: LegendDef } ? K : never;
}[ViewId];
/** The views that can be exported. */
export type ExportViewId = {
  [K in ViewId]: Views[K] extends { exports: ViewExport } ? K : never;
}[ViewId];

/** Every view, by id, in the page's order. */
export const VIEWS: Readonly<Record<ViewId, ViewDef>> = views;
export const VIEW_IDS = Object.keys(views) as ViewId[];

/** Is `id` a view's id (a lesson step's `view`, a link's outlined view)? */
export const isViewId = (id: string): id is ViewId => Object.hasOwn(views, id);

/** The legend of a view that has one. */
export const legendOf = (id: LegendViewId): LegendDef => views[id].legend;
/** Does view `id` have a data table (its panel's "Table", export/dataTable.ts)? The views with
 * a panel whose export holds tables. */
export function hasDataTable(id: ViewId): boolean {
  const def: ViewDef = views[id];
  return def.panel !== false && def.exports !== undefined && def.exports.data !== 'metrics';
}

/** The exports of a view that has them. */
export const exportsOf = (id: ExportViewId): ViewExport => views[id].exports;
