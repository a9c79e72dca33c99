// The run's state on the main thread (RunStore). Its parts, one job each: the growable,
// thinning column table (seriesTable.ts), the run's tables (runTables.ts), loss events cut by
// a batch's end (lossStitch.ts) and when listeners are called (storeListeners.ts).
import type { ColumnBatch, Metrics, ProbeBatch } from '../../sim';
import type { PortSamples } from '../../sim/metrics/probes';
import type { Batch, BufferSnapshot, RunInfo } from '../../worker/protocol';
import { addLossMore } from './lossStitch';
import type { TableColumn, TableName, TableSpecs } from './runTables';
import { TABLE_NAMES, newRunTables } from './runTables';
import type { SeriesTable } from './seriesTable';
import { StoreListeners } from './storeListeners';

export { SeriesTable } from './seriesTable';
export type { TableColumn } from './runTables';

const EMPTY = new Float64Array(0);

/**
 * Everything the views draw for the current run, on the main thread: the run's info, the
 * series accumulated from the worker's batches, and the latest metrics and buffer snapshot.
 * Views subscribe and redraw on `version` changes (at most once per animation frame).
 */
export class RunStore {
  info: RunInfo | null = null;
  t = 0;
  done = false;
  playing = false;
  metrics: Metrics | null = null;
  buffer: BufferSnapshot | null = null;
  /** Loss rows of the latest batch (the queue view flashes them). */
  freshLoss = { from: 0, to: 0 };
  delivered = 0;
  dropped = 0;
  /** Per-port figures of the latest batch (networks of switches only), and each port's drops
   * so far in the run (the topology view flashes a port whose count moved). */
  ports: PortSamples | null = null;
  portDrops: Float64Array = new Float64Array(0);
  version = 0;
  readonly tables: Record<TableName, SeriesTable> = newRunTables();

  /** Runs started so far (for status changes). */
  runs = 0;

  /**
   * Column `name` of table `table`, typed by the probe's column spec, so a view reads the
   * model's columns without a cast: `store.column('segments', 'len')` is an Int32Array. Only
   * its first `tables[table].rows` entries are valid; an empty array before the run's first
   * rows.
   */
  column<T extends TableName, C extends keyof TableSpecs[T] & string>(
    table: T,
    name: C,
  ): TableColumn<T, C> {
    return (this.tables[table].cols[name] ?? EMPTY) as TableColumn<T, C>;
  }

  reset(info: RunInfo): void {
    this.runs++;
    this.info = info;
    this.t = 0;
    this.done = false;
    this.metrics = null;
    this.buffer = null;
    this.freshLoss = { from: 0, to: 0 };
    this.ports = null;
    this.portDrops = new Float64Array(info.topology?.ports.length ?? 0);
    for (const t of Object.values(this.tables)) t.clear();
    this.bump();
  }

  /** New info after a live change (the series continue). */
  setInfo(info: RunInfo): void {
    this.info = info;
    this.bump();
  }

  add(b: Batch): void {
    const s: ProbeBatch = b.series;
    // Cells of events begun in earlier batches, before this batch's rows come in.
    if (s.lossMore) addLossMore(this.tables.loss, s.lossMore);
    const lossBefore = this.tables.loss.rows;
    for (const name of TABLE_NAMES) {
      this.tables[name].append(s[name] as ColumnBatch | undefined);
    }
    const lossAfter = this.tables.loss.rows;
    this.freshLoss = { from: Math.min(lossBefore, lossAfter), to: lossAfter };
    this.t = b.t;
    this.done = b.done;
    this.playing = b.playing;
    this.metrics = b.metrics;
    this.buffer = b.buffer;
    if (b.ports) {
      this.ports = b.ports;
      const n = Math.min(this.portDrops.length, b.ports.dropped.length);
      for (let i = 0; i < n; i++) this.portDrops[i] += b.ports.dropped[i];
    }
    this.delivered = b.cells.delivered;
    this.dropped = b.cells.dropped;
  }

  /** The latest loss event the run holds (the last loss row: the drop the buffer view names
   * under its grid, and a lesson card's "Latest drop"), or null before the first. */
  latestDrop(): { t: number; vc: number; reason: number; cells: number } | null {
    const i = this.tables.loss.rows - 1;
    if (i < 0) return null;
    return {
      t: this.column('loss', 't')[i],
      vc: this.column('loss', 'vc')[i],
      reason: this.column('loss', 'reason')[i],
      cells: this.column('loss', 'cells')[i],
    };
  }

  private readonly calls = new StoreListeners(
    () => this.playing,
    () => this.getStatus(),
  );

  /** Call once per animation frame after adding batches. */
  bump(): void {
    this.version++;
    this.calls.notify();
  }

  /** For the views: `l` is called on every change, in the task that made it (the views draw
   * in the animation frame that brought the batch). */
  subscribe = this.calls.subscribe;

  /** Like subscribe, but `l` is called before every other listener: for state that the views
   * read as they draw (the cursor that follows a paused run), set before they draw. */
  subscribeFirst = this.calls.subscribeFirst;

  /** For the page's chrome, which React renders (with getStatus): `l` is called when getStatus
   * changed (playing, paused, ended, a new run), in a task of its own right after the one that
   * changed it: the render of the page then never lengthens the frame that draws the views. */
  subscribeStatus = this.calls.subscribeStatus;

  /** Like subscribe, but calls `l` at most every `ms` while the run plays (and once more after
   * the last change): for text that a person reads (the clock, legends, tiles), which need not
   * change 60 times a second. While the run stands still (paused, stepped, sought, ended), in
   * the next task, so that the text shows the same instant as the views (drawn just before).
   * The listeners of one period share one clock and are called together, in a task of their
   * own: React then renders every text readout in one pass, apart from the frame that draws
   * the views, and the page lays out and paints once for all of them, instead of once per
   * readout at its own moment. */
  subscribeSlow = this.calls.subscribeSlow;

  /** Changes only when what the page chrome shows changes (not on every batch). */
  getStatus = (): string =>
    `${this.playing}|${this.done}|${this.runs}|${this.info?.nConn ?? 0}|${this.info?.durationSeconds ?? 0}`;

  getVersion = (): number => this.version;
}
