import type { ColumnBatch, Metrics, ProbeBatch } from '../../sim';
import type { Columns } from '../../sim/metrics/columns';
import type {
  ACK_SPEC,
  CWND_SPEC,
  DEAD_SPEC,
  LOSS_MORE_SPEC,
  LOSS_SPEC,
  PortSamples,
  SEGMENT_SPEC,
  STALL_SPEC,
  TCP_EVENT_SPEC,
  queueSpec,
} from '../../sim/metrics/probes';
import type { Batch, BufferSnapshot, RunInfo } from '../../worker/protocol';
import { afterViewsDrawn } from './drawScheduler';
import { nextTask } from './nextTask';

type Col = Float64Array | Int32Array | Uint8Array | Float32Array;
type Ctor = { new (n: number): Col };

/**
 * One probe table held on the main thread: growable typed-array columns appended from the
 * worker's transferred batches. Memory is bounded: past `cap` rows the table is thinned to
 * half, keeping every row `keep(i)` marks as important (retransmissions, drops) and every
 * other row of the rest, so long runs keep their shape at a coarser grain.
 */
export class SeriesTable {
  cols: Record<string, Col> = {};
  rows = 0;
  /** How many times the table was thinned (0: full resolution). */
  thinned = 0;
  private capacity = 0;

  constructor(
    readonly cap: number,
    private readonly keep?: (t: SeriesTable, i: number) => boolean,
  ) {}

  append(batch: ColumnBatch | undefined): void {
    if (!batch || batch.rows === 0) return;
    const names = Object.keys(batch.columns);
    const src = batch.columns as Record<string, Col>;
    if (this.capacity === 0) {
      const cap = Math.max(1024, batch.rows * 2);
      for (const k of names) this.cols[k] = new (src[k].constructor as Ctor)(cap);
      this.capacity = cap;
    }
    // A full table thins once before it takes the batch, so in a long run the columns keep
    // their size (cap + 1 rows) and are never copied into new, larger ones. Once only: a
    // thinning cannot shrink one row, nor rows that `keep` marks all, so a batch that still
    // does not fit (a seek's jump over seconds of the run) is taken whole and the table thins
    // after.
    if (this.rows > 0 && this.rows + batch.rows > this.cap) this.thin();
    if (this.rows + batch.rows > this.capacity) this.grow(this.rows + batch.rows);
    for (const k of names) {
      const col = this.cols[k];
      if (col) col.set(src[k], this.rows);
    }
    this.rows += batch.rows;
    while (this.rows > this.cap) this.thin();
  }

  clear(): void {
    this.cols = {};
    this.rows = 0;
    this.capacity = 0;
    this.thinned = 0;
  }

  /** First row with t ≥ `t` (rows are in time order). */
  lowerBound(t: number): number {
    const ts = this.cols.t;
    if (!ts) return 0;
    let lo = 0;
    let hi = this.rows;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ts[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private grow(need: number): void {
    let cap = this.capacity;
    while (cap < need) cap *= 2;
    // Never beyond what the cap can need: it thins back to cap/2 right after.
    cap = Math.min(cap, Math.max(need, this.cap + 1));
    for (const [k, col] of Object.entries(this.cols)) {
      const next = new (col.constructor as Ctor)(cap);
      next.set(col.subarray(0, this.rows));
      this.cols[k] = next;
    }
    this.capacity = cap;
  }

  /** Rows kept by one thinning: every even row, the newest row (the views end where the run
   * stands) and every row `keep` marks (indices into `kept`, which it fills; returns how many). */
  private keptRows(kept: Uint32Array): number {
    let w = 0;
    const keep = this.keep;
    const last = this.rows - 1;
    if (!keep) {
      for (let i = 0; i < this.rows; i += 2) kept[w++] = i;
      if ((last & 1) === 1) kept[w++] = last;
      return w;
    }
    for (let i = 0; i < this.rows; i++)
      if ((i & 1) === 0 || i === last || keep(this, i)) kept[w++] = i;
    return w;
  }

  private thin(): void {
    // The row indices kept: a scratch array shared by every table and thinning (a new one of
    // 200,000 rows per thinning would only feed the garbage collector).
    if (keptScratch.length < this.rows) keptScratch = new Uint32Array(this.rows);
    const kept = keptScratch;
    let w = this.keptRows(kept);
    // Important rows alone could exceed the cap; then keep every other row outright (and the
    // newest).
    if (w > this.cap) {
      const newest = kept[w - 1];
      let w2 = 0;
      for (let i = 0; i < w; i += 2) kept[w2++] = kept[i];
      if (kept[w2 - 1] !== newest) kept[w2++] = newest;
      w = w2;
    }
    // One column at a time: a tight loop over one typed array (kept[j] ≥ j, so in place).
    for (const c of Object.values(this.cols)) compact(c, kept, w);
    this.rows = w;
    this.thinned++;
  }
}

let keptScratch = new Uint32Array(0);

/** Moves rows kept[0..n) of `c` to its first n rows, in order. One loop per kind of typed
 * array, so that each stays monomorphic (a thinning moves a few hundred thousand values while
 * a batch waits: one generic loop over four kinds of array is several times slower). */
function compact(c: Col, kept: Uint32Array, n: number): void {
  if (c instanceof Float64Array) compactF64(c, kept, n);
  else if (c instanceof Int32Array) compactI32(c, kept, n);
  else if (c instanceof Uint8Array) compactU8(c, kept, n);
  else compactF32(c, kept, n);
}
function compactF64(c: Float64Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactI32(c: Int32Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactU8(c: Uint8Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}
function compactF32(c: Float32Array, kept: Uint32Array, n: number): void {
  for (let j = 0; j < n; j++) c[j] = c[kept[j]];
}

const EMPTY = new Float64Array(0);

/** Row caps per table: about 30 MB in all at the caps (4 VCs; see bench:ui). */
const CAPS = {
  queue: 200_000,
  cwnd: 200_000,
  segments: 200_000,
  acks: 200_000,
  loss: 50_000,
  tcpEvents: 50_000,
  dead: 50_000,
  stalls: 20_000,
} as const;

type TableName = keyof typeof CAPS;

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

/** Slow listeners of one period (RunStore.subscribeSlow). */
interface SlowGroup {
  listeners: Set<() => void>;
  /** When the group was last called (performance.now()). */
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Called in the next task already (nextTask). */
  queued: boolean;
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
  readonly tables: Record<TableName, SeriesTable> = {
    queue: new SeriesTable(CAPS.queue, (s, i) => {
      const x = s.cols.X;
      return x[i] >= x[i + 1];
    }),
    cwnd: new SeriesTable(CAPS.cwnd),
    segments: new SeriesTable(CAPS.segments, (s, i) => s.cols.retx[i] === 1),
    acks: new SeriesTable(CAPS.acks),
    loss: new SeriesTable(CAPS.loss),
    tcpEvents: new SeriesTable(CAPS.tcpEvents, () => true),
    dead: new SeriesTable(CAPS.dead),
    stalls: new SeriesTable(CAPS.stalls, () => true),
  };
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
    if (s.lossMore) this.addLossMore(s.lossMore);
    const lossBefore = this.tables.loss.rows;
    for (const name of Object.keys(CAPS) as TableName[]) {
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

  /**
   * Cells of loss events begun in an earlier batch (LOSS_MORE_SPEC), added to their rows, so
   * that a loss event counts the same cells however the run was cut into batches. The event is
   * the VC's last row; a row thinned away takes nothing.
   */
  private addLossMore(more: ColumnBatch<typeof LOSS_MORE_SPEC>): void {
    const L = this.tables.loss;
    const vcs = this.column('loss', 'vc');
    const seq = this.column('loss', 'seq');
    const conn = this.column('loss', 'conn');
    const reason = this.column('loss', 'reason');
    const cells = this.column('loss', 'cells');
    const m = more.columns;
    for (let j = 0; j < more.rows; j++) {
      let i = L.rows - 1;
      while (i >= 0 && vcs[i] !== m.vc[j]) i--;
      if (i >= 0 && seq[i] === m.seq[j] && conn[i] === m.conn[j] && reason[i] === m.reason[j])
        cells[i] += m.cells[j];
    }
  }

  /** Call once per animation frame after adding batches. */
  bump(): void {
    this.version++;
    for (const l of this.early) l();
    for (const l of this.listeners) l();
    const status = this.getStatus();
    if (status !== this.statusSeen && !this.statusQueued) {
      this.statusQueued = true;
      nextTask(() => {
        this.statusQueued = false;
        this.statusSeen = this.getStatus();
        for (const l of [...this.statusListeners]) l();
      });
    }
  }

  /** For the views: `l` is called on every change, in the task that made it (the views draw
   * in the animation frame that brought the batch). */
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  private early = new Set<() => void>();

  /** Like subscribe, but `l` is called before every other listener: for state that the views
   * read as they draw (the cursor that follows a paused run), set before they draw. */
  subscribeFirst = (l: () => void): (() => void) => {
    this.early.add(l);
    return () => this.early.delete(l);
  };

  private statusListeners = new Set<() => void>();
  /** The status that statusListeners were last called for. */
  private statusSeen = '';
  private statusQueued = false;

  /** For the page's chrome, which React renders (with getStatus): `l` is called when getStatus
   * changed (playing, paused, ended, a new run), in a task of its own right after the one that
   * changed it: the render of the page then never lengthens the frame that draws the views. */
  subscribeStatus = (l: () => void): (() => void) => {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  };

  /** The slow listeners, grouped by their period: each group is called together, in one task
   * (subscribeSlow). */
  private slow = new Map<number, SlowGroup>();

  /** Like subscribe, but calls `l` at most every `ms` while the run plays (and once more after
   * the last change): for text that a person reads (the clock, legends, tiles), which need not
   * change 60 times a second. While the run stands still (paused, stepped, sought, ended), in
   * the next task, so that the text shows the same instant as the views (drawn just before).
   * The listeners of one period share one clock and are called together, in a task of their
   * own: React then renders every text readout in one pass, apart from the frame that draws
   * the views, and the page lays out and paints once for all of them, instead of once per
   * readout at its own moment. */
  subscribeSlow = (l: () => void, ms = 200): (() => void) => {
    let g = this.slow.get(ms);
    if (!g) {
      const group: SlowGroup = {
        listeners: new Set(),
        last: 0,
        timer: undefined,
        queued: false,
        fn: () => {},
      };
      const fire = () => {
        group.queued = false;
        group.last = performance.now();
        for (const f of [...group.listeners]) f();
      };
      group.fn = () => {
        if (group.queued) return;
        const wait = this.playing ? ms - (performance.now() - group.last) : 0;
        if (wait <= 0) {
          if (group.timer !== undefined) clearTimeout(group.timer);
          group.timer = undefined;
          group.queued = true;
          // Standing still: once the views show the instant (they draw it in the next frames,
          // those in sight first: useRedraw).
          if (this.playing) nextTask(fire);
          else afterViewsDrawn(fire);
        } else if (group.timer === undefined) {
          group.timer = setTimeout(() => {
            group.timer = undefined;
            fire();
          }, wait);
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
