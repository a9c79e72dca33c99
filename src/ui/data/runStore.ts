import type { ColumnBatch, Metrics, ProbeBatch } from '../../sim';
import type { Columns } from '../../sim/metrics/columns';
import type {
  ACK_SPEC,
  CWND_SPEC,
  DEAD_SPEC,
  LOSS_SPEC,
  PortSamples,
  SEGMENT_SPEC,
  STALL_SPEC,
  TCP_EVENT_SPEC,
  queueSpec,
} from '../../sim/metrics/probes';
import type { Batch, BufferSnapshot, RunInfo } from '../../worker/protocol';
import { SeriesTable } from './seriesTable';

const EMPTY = new Float64Array(0);

/** Row caps per table: about 30 MB in all at the caps (4 VCs; see bench:ui), the coarse
 * copies included. */
const CAPS = {
  queue: 175_000,
  cwnd: 175_000,
  segments: 175_000,
  acks: 175_000,
  loss: 50_000,
  tcpEvents: 50_000,
  dead: 50_000,
  stalls: 20_000,
} as const;

type TableName = keyof typeof CAPS;

/**
 * The dense tables, each also kept as coarse copies: the same batches, thinned by the same rule
 * at an eighth and at a 64th of the cap, so each holds the rows the full table would keep after
 * three (six) more thinnings. A view drawing a long window (the whole run at Max speed) reads
 * the coarsest copy whose rows are still many per pixel column, and scans 8 or 64 times fewer
 * rows for the same picture; a zoom into a short window reads the full table
 * (RunStore.drawWindow).
 */
const COARSE = ['queue', 'cwnd', 'segments', 'acks'] as const;
type CoarseName = (typeof COARSE)[number];
/** Each coarse copy's cap divides the full table's by one of these, finest first. */
export const COARSE_FACTORS = [8, 64] as const;
/** A window is drawn from a coarse copy when that copy alone holds at least this many rows per
 * pixel column in it (decimation shows at most ~2 points per column and series). */
export const ROWS_PER_COLUMN = 8;

/** The column spec of each table: the probe's (src/sim/metrics/probes.ts). */
interface TableSpecs {
  queue: ReturnType<typeof queueSpec>;
  cwnd: typeof CWND_SPEC;
  segments: typeof SEGMENT_SPEC;
  acks: typeof ACK_SPEC;
  loss: typeof LOSS_SPEC;
  tcpEvents: typeof TCP_EVENT_SPEC;
  dead: typeof DEAD_SPEC;
  stalls: typeof STALL_SPEC;
}

/** Column `C` of table `T`, typed by the probe's spec (an 'i32' column is an Int32Array). */
export type TableColumn<T extends TableName, C extends keyof TableSpecs[T] & string> = Columns<
  TableSpecs[T]
>[C];

/** A run's tables, each at its cap divided by `divide` (the full tables: 1). */
function makeTables(divide: number): Record<TableName, SeriesTable> {
  const cap = (name: TableName) => Math.round(CAPS[name] / divide);
  return {
    queue: new SeriesTable(cap('queue'), (s, i) => {
      const x = s.cols.X;
      return x[i] >= x[i + 1];
    }),
    cwnd: new SeriesTable(cap('cwnd')),
    segments: new SeriesTable(cap('segments'), (s, i) => s.cols.retx[i] === 1),
    acks: new SeriesTable(cap('acks')),
    loss: new SeriesTable(cap('loss')),
    tcpEvents: new SeriesTable(cap('tcpEvents'), () => true),
    dead: new SeriesTable(cap('dead')),
    stalls: new SeriesTable(cap('stalls'), () => true),
  };
}

/** Slow listeners of one period (RunStore.subscribeSlow). */
interface SlowGroup {
  listeners: Set<() => void>;
  /** When the group was last called (performance.now()). */
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The group's store listener. */
  fn: () => void;
}

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
  /** The full tables. */
  private readonly full = makeTables(1);
  /** The coarse copies of the dense tables (COARSE), one set per COARSE_FACTORS. */
  private readonly coarse: Record<CoarseName, SeriesTable>[] = COARSE_FACTORS.map((f) =>
    makeTables(f),
  );
  /** While a view draws a window (drawWindow): the tables it reads. */
  private drawing: Record<TableName, SeriesTable> | null = null;

  /** The run's tables: the full ones, except inside drawWindow. */
  get tables(): Readonly<Record<TableName, SeriesTable>> {
    return this.drawing ?? this.full;
  }

  /**
   * Runs `draw` (a view drawing the time window [t0, t1) over `columns` pixel columns) with
   * each dense table replaced by its coarsest copy that is sparser than the finer ones and
   * still holds at least ROWS_PER_COLUMN rows per column in the window. Rows read inside
   * `draw` are that copy's: row indices do not outlive it.
   */
  drawWindow<R>(t0: number, t1: number, columns: number, draw: () => R): R {
    if (this.drawing) return draw();
    let mixed: Record<TableName, SeriesTable> | null = null;
    for (const name of COARSE) {
      let pick = this.full[name];
      for (const level of this.coarse) {
        const c = level[name];
        if (c.thinned <= pick.thinned) break;
        if (c.lowerBound(t1) - c.lowerBound(t0) < ROWS_PER_COLUMN * columns) break;
        pick = c;
      }
      if (pick === this.full[name]) continue;
      mixed ??= { ...this.full };
      mixed[name] = pick;
    }
    if (!mixed) return draw();
    this.drawing = mixed;
    try {
      return draw();
    } finally {
      this.drawing = null;
    }
  }
  private listeners = new Set<() => void>();

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
    for (const t of Object.values(this.full)) t.clear();
    for (const level of this.coarse) for (const t of Object.values(level)) t.clear();
    this.bump();
  }

  /** New info after a live change (the series continue). */
  setInfo(info: RunInfo): void {
    this.info = info;
    this.bump();
  }

  add(b: Batch): void {
    const s: ProbeBatch = b.series;
    const lossBefore = this.tables.loss.rows;
    for (const name of Object.keys(CAPS) as TableName[]) {
      this.full[name].append(s[name] as ColumnBatch | undefined);
    }
    for (const level of this.coarse)
      for (const name of COARSE) level[name].append(s[name] as ColumnBatch | undefined);
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

  /** Call once per animation frame after adding batches. */
  bump(): void {
    this.version++;
    for (const l of this.listeners) l();
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** The slow listeners, grouped by their period: each group is called together, in one task
   * (subscribeSlow). */
  private slow = new Map<number, SlowGroup>();

  /** Like subscribe, but calls `l` at most every `ms` while the run plays (and once more after
   * the last change): for text that a person reads (the clock, legends, tiles), which need not
   * change 60 times a second. While the run stands still (paused, stepped, sought, ended), at
   * once, so that the text shows the same instant as the views. The listeners of one period
   * share one clock and are called together, in the same task: React then renders every text
   * readout in one pass, and the page lays out and paints once for all of them, instead of
   * once per readout at its own moment. */
  subscribeSlow = (l: () => void, ms = 200): (() => void) => {
    let g = this.slow.get(ms);
    if (!g) {
      const group: SlowGroup = { listeners: new Set(), last: 0, timer: undefined, fn: () => {} };
      const fire = () => {
        group.last = performance.now();
        for (const f of [...group.listeners]) f();
      };
      group.fn = () => {
        const now = performance.now();
        if (!this.playing || now - group.last >= ms) {
          if (group.timer !== undefined) clearTimeout(group.timer);
          group.timer = undefined;
          fire();
        } else if (group.timer === undefined) {
          group.timer = setTimeout(
            () => {
              group.timer = undefined;
              fire();
            },
            ms - (now - group.last),
          );
        }
      };
      this.slow.set(ms, group);
      this.listeners.add(group.fn);
      g = group;
    }
    const group = g;
    group.listeners.add(l);
    return () => {
      group.listeners.delete(l);
      if (group.listeners.size > 0) return;
      this.listeners.delete(group.fn);
      if (group.timer !== undefined) clearTimeout(group.timer);
      this.slow.delete(ms);
    };
  };

  /** Changes only when what the page chrome shows changes (not on every batch). */
  getStatus = (): string =>
    `${this.playing}|${this.done}|${this.runs}|${this.info?.nConn ?? 0}|${this.info?.durationSeconds ?? 0}`;

  getVersion = (): number => this.version;
}
