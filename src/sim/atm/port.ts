import { IntQueue } from '../core/intQueue';
import type { Random } from '../core/random';
import type { Time } from '../core/time';
import { CellTrain } from '../net/link';
import type { BackgroundSource } from '../traffic/background';
import { DROP_REASONS, Drop, RULE_INPUTS } from './dropReasons';
import { FrameFlag, FramePool } from './frames';
import type { FrameGcra } from './gfr';
import type { BufferPolicy, PortState } from './policies/types';
import { writeRule } from './policies/types';
import type { PortBuffers, Scheduler } from './schedulers/types';
import { dropDue, dueStreams, pickDue } from './arrivalOrder';
import { StreamHeap } from './streamHeap';
import { FifoScheduler } from './schedulers/fifo';

/** What the port reports to the simulation. */
export interface PortSink {
  /** The EOM cell of frame `f` left the port; the frame is reassembled at `tRx`. */
  frameOut(f: number, tRx: Time): void;
  /** A cell of frame `f` on `vc` was dropped. `first` is true for the first drop of this
   * frame under this reason (a new loss event); `rule` holds the inputs of the rule. */
  cellDropped(
    t: Time,
    vc: number,
    f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ): void;
  /** Periodic probe tick (every `sampleInterval`). */
  sample(t: Time): void;
  /** The EOM of a corrupted frame left: `cells` dead cells (its cells and any orphans before
   * it) crossed the link for nothing. */
  deadFrame?(t: Time, vc: number, cells: number): void;
  /** The buffer emptied at `t`; it held at most `peak` cells since it last emptied. */
  bufferEmptied?(t: Time, peak: number): void;
}

export interface PortConfig {
  K: number;
  nVc: number;
  /** Output slot time (ps) and each VC's propagation delay to its receivers (ps). */
  slot: Time;
  propOut: ArrayLike<Time>;
  keepEom: boolean;
  policy: BufferPolicy;
  scheduler: (nQueues: number, capacity: number, buffers: PortBuffers) => Scheduler | FifoScheduler;
  background: BackgroundSource[];
  /** Background cells queue in the UBR buffer (FIFO with UBR) instead of strict priority. */
  backgroundSharesBuffer: boolean;
  /** Fraction g of contended slots UBR gets against strict-priority background (S1). */
  ubrShare: number;
  /** GFR conformance at the input (F-GCRA), or undefined. */
  gcra?: FrameGcra;
  gfrDiscard: boolean;
  /** Maximum frame size in cells; later cells are discarded (GFR). */
  mfs: number;
  sampleInterval: Time;
  /** When set, cells due by the same output slot enter the buffer in a random order drawn
   * from this generator (arrivalOrder 'random'), not in order of their arrival instants. */
  tieRng?: Random;
  /** Whether advance() may run a window of slots in one step (runWindow); default true. */
  windows?: boolean;
  /** Frame records shared by every port of a network (net/); a port alone makes its own. */
  frames?: FramePool;
}

const ACCEPT = 0;
const DISCARD = 1;
/** How many of cells k0, k0+1, … < kEnd of a frame (cell k at first + k·interval) arrive by
 * tLast. The same products as the arrival times, so the boundary cell is counted exactly. */
function cellsBy(first: Time, interval: Time, k0: number, kEnd: number, tLast: Time): number {
  let e = Math.floor((tLast - first) / interval) + 1;
  if (e > kEnd) e = kEnd;
  if (e < k0) e = k0;
  while (e > k0 && first + (e - 1) * interval > tLast) e--;
  while (e < kEnd && first + e * interval <= tLast) e++;
  return e - k0;
}

/** Fewest slots worth running as one window (runWindow). */
const MIN_WINDOW = 4;

/**
 * The switch output port (domain.md §2–§4): buffer of K cells with per-VC accounting, a
 * buffer-acceptance policy consulted on each frame's first cell, a scheduler, and strictly
 * prioritised background traffic. The output link is slotted: one cell (or an idle slot)
 * every `slot` ps, at times n·slot. Cells arrive from per-VC access streams whose times are
 * known in advance, so the port runs slot by slot between heap events without an event per
 * cell. Per-VC cell order is preserved.
 */
export class SwitchPort implements PortState, PortBuffers {
  readonly K: number;
  readonly nVc: number;
  X = 0;
  na = 0;
  /** Per-queue occupancy; queue nVc holds background cells that share the buffer. */
  readonly xi: Int32Array;
  /** CLP=1 cells in the buffer. */
  x1 = 0;

  readonly frames: FramePool;
  readonly rule = new Float64Array(RULE_INPUTS);

  // Counters (cells unless stated). UBR/GFR data cells only; background is counted apart.
  offered = 0;
  /** UBR/GFR cells that reached the switch. */
  get arrived(): number {
    return this.arrivedByClp[0] + this.arrivedByClp[1];
  }
  accepted = 0;
  dropped = 0;
  departed = 0;
  /** Departed cells handed to the next switch of their route (the rest reached receivers). */
  forwarded = 0;
  /** Arrived cells that came from a previous switch (the rest came from access links). */
  fedArrived = 0;
  readonly fedArrivedByClp = new Float64Array(2);
  /** Highest occupancy X of the run. */
  maxX = 0;
  deadCells = 0;
  idleSlots = 0;
  bgArrived = 0;
  bgDropped = 0;
  bgDeparted = 0;
  readonly droppedByReason = new Float64Array(DROP_REASONS.length);
  /** Cells arriving at the switch and dropped there, by CLP after any tagging (S3's CLR). */
  readonly arrivedByClp = new Float64Array(2);
  readonly droppedByClp = new Float64Array(2);
  /** Frames tagged CLP=1 by F-GCRA. */
  framesTagged = 0;
  /** Slot index of the next slot to run; its start time is slotIndex·slot. */
  slotIndex = 0;
  /** Slots run in windows (runWindow), not one at a time: a figure of the engine, not the model. */
  windowSlots = 0;
  /** Highest occupancy since the buffer last emptied. */
  peakSinceEmpty = 0;

  private readonly cfg: PortConfig;
  private readonly S: Time;
  private policy: BufferPolicy;
  /** The per-VC scheduler over the cell lists, or null under a FIFO. */
  private readonly sched: Scheduler | null;
  /** The FIFO that holds the cells itself (schedulers/fifo.ts), or null. */
  private readonly fifo: FifoScheduler | null;
  private readonly sink: PortSink;
  // Buffer storage under a per-VC scheduler: singly linked cell lists per queue over a pool of
  // cell slots. (Under a FIFO the cells are in the FIFO's ring instead.)
  private readonly cellWord: Int32Array;
  readonly cellNext: Int32Array;
  readonly cellQueue: Int32Array;
  /** Arrival order of each buffered cell (for the queue view's snapshot): its arrival instant
   * (ties go to the lower queue, as arrivals do), or under random arrival order a counter. */
  private readonly cellStamp: Float64Array;
  private stamp = 0;
  private readonly freeStack: Int32Array;
  private freeTop: number;
  readonly qHead: Int32Array;
  private readonly qTail: Int32Array;
  /** Per queue: cells ever appended and removed (wrapping int32), and the ordinal of each EOM
   * in the list, oldest first (for the windows: how many cells a queue sends before an EOM). */
  private readonly qIn: Int32Array;
  private readonly qOut: Int32Array;
  private readonly qEoms: IntQueue[];
  private watchDepartures: boolean;
  private ubrCredit = 0;
  private readonly bgQueuePriority: boolean;
  // Hot-path copies of the configuration.
  private readonly gcra: FrameGcra | undefined;
  private readonly mfs: number;
  private readonly keepEom: boolean;
  private partialDiscard: boolean;
  private readonly propOut: Float64Array;
  /** Frame each VC's stream is delivering (-1 when idle). */
  private readonly curFrame: Int32Array;
  // Arrival side.
  private readonly streams: StreamHeap;
  private readonly tieRng: Random | undefined;
  private readonly tieCand: Int32Array;
  /** Scratch of runWindow: the streams with cells in the window and their end cells. */
  private readonly winVc: Int32Array;
  private readonly winEnd: Float64Array;
  private readonly winKey: Float64Array;
  /** Scratch of runListWindow: the scheduler's cycle, and accepted cells per slot. */
  private readonly winOrder: Int32Array;
  private readonly winHist: Int32Array;
  private readonly pendingFrames: IntQueue[];
  private readonly nextCell: Int32Array;
  private readonly background: BackgroundSource[];
  private bgPending = 0;
  // Per-VC frame state.
  private readonly mode: Uint8Array;
  private readonly modeReason: Uint8Array;
  private readonly lossFrame: Int32Array;
  private readonly lossReason: Uint8Array;
  private readonly orphan: Int32Array;
  private nextSample: Time;
  // Routes through several switches (net/, issue 14): per VC, the next port of its route (or
  // null when this port is its last hop) and its index there; 1 for a VC fed by a previous
  // switch, whose cells wait on `trains` instead of coming from an access link.
  private readonly nextPort: (SwitchPort | null)[];
  private readonly nextVc: Int32Array;
  private readonly cellFed: Uint8Array;
  private readonly trains: (CellTrain | null)[];
  /** Whether any VC is fed by, or forwarded to, another switch (false alone: the fast path). */
  private anyFed = false;
  private anyNext = false;
  /** Whether the scheduler wants to know where frames end (frameMerge.ts at an edge switch). */
  private readonly frameEnds: boolean;
  /** First slot at which advance() tries a window again (noWindow). */
  private windowFrom = 0;
  /** Earliest event the sink scheduled during advance(); advance stops there. */
  private stopAt: Time = Infinity;

  constructor(cfg: PortConfig, sink: PortSink) {
    this.cfg = cfg;
    this.frames = cfg.frames ?? new FramePool();
    this.K = cfg.K;
    this.nVc = cfg.nVc;
    this.S = cfg.slot;
    this.policy = cfg.policy;
    this.sink = sink;
    const nQ = cfg.nVc + 1;
    this.xi = new Int32Array(nQ);
    const cap = Math.max(1, cfg.K);
    this.cellWord = new Int32Array(cap);
    this.cellNext = new Int32Array(cap);
    this.cellQueue = new Int32Array(cap);
    this.cellStamp = new Float64Array(cap);
    this.freeStack = new Int32Array(cap);
    for (let i = 0; i < cap; i++) this.freeStack[i] = cap - 1 - i;
    this.freeTop = cap;
    this.qHead = new Int32Array(nQ).fill(-1);
    this.qTail = new Int32Array(nQ).fill(-1);
    this.qIn = new Int32Array(nQ);
    this.qOut = new Int32Array(nQ);
    this.qEoms = Array.from({ length: nQ }, () => new IntQueue(4));
    const sched = cfg.scheduler(nQ, cap, this);
    this.fifo = sched instanceof FifoScheduler ? sched : null;
    this.sched = sched instanceof FifoScheduler ? null : sched;
    this.frameEnds = this.sched?.frameEnd !== undefined;
    this.watchDepartures = !!cfg.policy.watchesDepartures;
    this.bgQueuePriority = cfg.backgroundSharesBuffer && this.fifo === null;
    this.gcra = cfg.gcra;
    this.mfs = cfg.mfs;
    this.keepEom = cfg.keepEom;
    this.partialDiscard = cfg.policy.partialDiscard;
    this.propOut = Float64Array.from(cfg.propOut);
    this.curFrame = new Int32Array(cfg.nVc).fill(-1);
    this.background = cfg.background;
    // Under random arrival order each slot scans the streams: no heap order needed.
    this.streams = new StreamHeap(cfg.nVc + cfg.background.length, cfg.tieRng !== undefined);
    this.tieRng = cfg.tieRng;
    this.tieCand = new Int32Array(cfg.nVc + cfg.background.length);
    this.winVc = new Int32Array(cfg.nVc);
    this.winEnd = new Float64Array(cfg.nVc);
    this.winKey = new Float64Array(cfg.nVc);
    this.winOrder = new Int32Array(nQ);
    this.winHist = new Int32Array(Math.max(1, cfg.K));
    this.pendingFrames = Array.from({ length: cfg.nVc }, () => new IntQueue(16));
    this.nextCell = new Int32Array(cfg.nVc);
    this.mode = new Uint8Array(cfg.nVc);
    this.modeReason = new Uint8Array(cfg.nVc);
    this.lossFrame = new Int32Array(cfg.nVc).fill(-1);
    this.lossReason = new Uint8Array(cfg.nVc);
    this.orphan = new Int32Array(cfg.nVc);
    this.nextSample = cfg.sampleInterval > 0 ? 0 : Infinity;
    this.nextPort = Array.from({ length: cfg.nVc }, () => null);
    this.nextVc = new Int32Array(cfg.nVc);
    this.cellFed = new Uint8Array(cfg.nVc);
    this.trains = Array.from({ length: cfg.nVc }, () => null);
    for (let b = 0; b < this.background.length; b++) {
      this.streams.set(cfg.nVc + b, this.background[b].next());
    }
  }

  get slot(): Time {
    return this.S;
  }

  /** Queue lengths, as the scheduler reads them (the same array as xi). */
  get qlen(): Int32Array {
    return this.xi;
  }

  /** Start time of the next slot to run. */
  get now(): Time {
    return this.slotIndex * this.S;
  }

  /** The sink calls this when it schedules an event, so advance() stops in time for it. */
  noteEvent(t: Time): void {
    if (t < this.stopAt) this.stopAt = t;
  }

  /** Routes VC `vc` on from this port to VC `nextVc` of port `next` (net/route.ts). */
  connect(vc: number, next: SwitchPort, nextVc: number): void {
    this.nextPort[vc] = next;
    this.nextVc[vc] = nextVc;
    this.anyNext = true;
    next.anyFed = true;
    next.cellFed[nextVc] = 1;
    // An edge switch's queues (its connections) all feed the one VC: they share its link.
    next.trains[nextVc] ??= new CellTrain();
  }

  /** Whether VC `vc` leaves this port toward another switch (not to its receivers). */
  forwards(vc: number): boolean {
    return this.nextPort[vc] !== null;
  }

  /** A cell of frame record `f` left the previous switch toward VC `vc` of this port; it
   * arrives at `t`. Cells of one VC arrive in order. */
  receiveCell(vc: number, f: number, eom: number, t: Time): void {
    const train = this.trains[vc]!;
    if (train.length === 0) this.streams.set(vc, t);
    train.push(t, (f << 1) | eom);
  }

  /** The previous switch lost the EOM of frame record `f` (VC `vc` here): the frame has no
   * end, and its cells that get through merge with the next frame at the receiver. */
  upstreamLostEom(vc: number, f: number): void {
    const frames = this.frames;
    frames.flags[f] |= FrameFlag.EOM_DROPPED | FrameFlag.DAMAGED;
    if (frames.pending[f] === 0 && frames.queued[f] === 0) this.resolveHeadless(vc, f);
  }

  /**
   * A source hands a frame to VC `vc`'s access link: its first cell reaches the port at
   * `firstArrival`, the others every `interval`. Frames of one VC must not overlap in time.
   */
  sendFrame(
    vc: number,
    conn: number,
    seq: number,
    len: number,
    cells: number,
    clp: number,
    flags: number,
    firstArrival: Time,
    interval: Time,
  ): number {
    const f = this.frames.alloc(vc, conn, seq, len, cells, clp, flags, firstArrival, interval);
    const q = this.pendingFrames[vc];
    q.push(f);
    this.offered += cells;
    if (q.length === 1) {
      this.nextCell[vc] = 0;
      this.curFrame[vc] = f;
      this.streams.set(vc, firstArrival);
    }
    return f;
  }

  /** Runs every slot that starts before `limit` (and stops early at any event the sink
   * schedules before it). */
  advance(limit: Time): void {
    const S = this.S;
    const streams = this.streams;
    let n = this.slotIndex;
    this.stopAt = limit;
    const windows =
      this.cfg.windows !== false &&
      this.background.length === 0 &&
      !this.anyFed &&
      !this.anyNext &&
      !this.watchDepartures &&
      // (Under random arrival order, with its draw per cell, windows measured slower.)
      this.tieRng === undefined &&
      (this.fifo !== null || this.sched!.cycle !== undefined);
    for (;;) {
      let tn = n * S;
      if (tn >= this.stopAt) break;
      if (windows && this.X > MIN_WINDOW && n >= this.windowFrom) {
        const L = this.fifo !== null ? this.runWindow(n) : this.runListWindow(n);
        if (L > 0) {
          this.windowSlots += L;
          n += L;
          continue;
        }
      }
      if (this.X === 0 && this.bgPending === 0) {
        // Idle link: jump to the slot of the next arrival.
        const ta = streams.topKey();
        let m = ta === Infinity ? Infinity : Math.ceil(ta / S);
        const mLimit = Math.ceil(this.stopAt / S);
        if (m > mLimit) m = mLimit;
        if (m > n) {
          this.skipSlots(n, m);
          n = m;
          tn = n * S;
          if (tn >= this.stopAt) break;
        }
      }
      if (this.tieRng === undefined) {
        while (streams.topKey() <= tn) this.arriveRun(streams.top(), tn);
      } else {
        // arrivalOrder 'random': simultaneous cells enter in a random order (arrivalOrder.ts).
        const cand = this.tieCand;
        let n = dueStreams(streams.key, tn, cand);
        while (n > 0) {
          const i = pickDue(n, this.tieRng);
          const s = cand[i];
          this.arrive(s);
          if (streams.key[s] > tn) n = dropDue(cand, n, i);
        }
      }
      if (tn >= this.nextSample) {
        this.sink.sample(tn);
        this.nextSample += this.cfg.sampleInterval;
      }
      if (this.bgPending > 0 && !this.ubrTurn()) {
        this.bgPending--;
        this.bgDeparted++;
      } else if (this.bgQueuePriority && this.xi[this.nVc] > 0 && !this.ubrTurn()) {
        // Background sharing the buffer keeps strict priority under per-VC schedulers; only
        // the FIFO serves it in arrival order with the UBR cells (S2).
        this.depart(this.nVc, tn);
      } else {
        const q = this.fifo !== null ? this.fifo.headQueue() : this.sched!.dequeue();
        if (q < 0) this.idleSlots++;
        else this.depart(q, tn);
      }
      n++;
    }
    this.slotIndex = n;
  }

  /** The first slot that starts at or after `t`. */
  private slotAtOrAfter(t: Time): number {
    const S = this.S;
    let j = Math.ceil(t / S);
    while (j > 0 && (j - 1) * S >= t) j--;
    while (j * S < t) j++;
    return j;
  }

  /**
   * Runs slots n, n+1, … of a FIFO port in one step, when nothing in them needs a slot of its
   * own, and returns how many whole slots it ran (0 when no window of MIN_WINDOW slots starts
   * here). In the window:
   * - the buffer never empties and no EOM cell leaves, so each slot sends the next cell of the
   *   FIFO and no frame reaches a receiver: the window ends before the oldest EOM leaves;
   * - no arriving cell is a frame's first or last, beyond MFS, or under partial discard (whose
   *   drop records the occupancy at that instant), so every cell is accepted or dropped by its
   *   frame's standing decision;
   * - no event, probe sample or background source acts.
   * The cells enter the FIFO in order of arrival instant, then stream index, as arrive() takes
   * them. A cell that would find the buffer full ends the window at the start of its slot: the
   * cells of that slot before it have arrived, and advance() goes on from there cell by cell.
   * The counters end as the slot-by-slot run leaves them.
   */
  private runWindow(n: number): number {
    const fifo = this.fifo!;
    if (fifo.dead > 0) return 0;
    const S = this.S;
    let L = this.X - 1; // the buffer never empties
    const untilEom = fifo.untilEom(); // the oldest EOM leaves in slot n + untilEom
    if (untilEom < L) L = untilEom;
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    let m = this.slotAtOrAfter(this.stopAt) - n;
    if (m < L) L = m;
    if (this.nextSample !== Infinity) {
      m = this.slotAtOrAfter(this.nextSample) - n;
      if (m < L) L = m;
    }
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    const nVc = this.nVc;
    const key = this.streams.key;
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    // The streams with cells in the window, each up to its next cell that needs arrive(); the
    // window ends before the slot of any such cell.
    let tLast = (n + L - 1) * S;
    let nAct = 0;
    for (let vc = 0; vc < nVc; vc++) {
      const t = key[vc];
      if (t > tLast) continue;
      const k = this.nextCell[vc];
      let kSpecial = k;
      let tSpecial = t;
      if (k > 0 && (this.mode[vc] === ACCEPT || this.modeReason[vc] !== Drop.PPD)) {
        const f = this.curFrame[vc];
        kSpecial = frames.cells[f] - 1; // the EOM
        if (this.mfs < kSpecial) kSpecial = this.mfs; // or the first cell beyond MFS
        tSpecial = frames.firstArrival[f] + kSpecial * frames.interval[f];
      }
      if (tSpecial <= tLast) {
        L = this.slotAtOrAfter(tSpecial) - n;
        if (L < MIN_WINDOW) return this.noWindow(n, L);
        tLast = (n + L - 1) * S;
      }
      if (kSpecial > k) {
        act[nAct] = vc;
        actEnd[nAct] = kSpecial;
        actKey[nAct++] = t;
      }
    }
    const slots = this.windowArrivals(n, L, tLast, nAct);
    this.windowDepartures(slots);
    for (let i = 0; i < nAct; i++) this.streams.set(act[i], actKey[i]);
    return slots;
  }

  /**
   * The arrivals of a window of L slots from slot n (runWindow): streams winVc[0..nAct) send
   * their cells due by tLast, each up to (not including) cell winEnd[i]. Returns the whole
   * slots of the window: L, or fewer when a cell would find the buffer full.
   */
  private windowArrivals(n: number, L: number, tLast: Time, nAct: number): number {
    const frames = this.frames;
    const fifo = this.fifo!;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    const nextCell = this.nextCell;
    const xi = this.xi;
    const gcra = this.gcra;
    const S = this.S;
    const K = this.K;
    const X0 = this.X;
    let j = n;
    let tj = n * S;
    let taken = 0;
    for (;;) {
      // The next cell: earliest arrival instant, then lowest stream index (act is in VC order).
      let best = -1;
      let bt = tLast;
      for (let i = 0; i < nAct; i++) {
        const t = actKey[i];
        if (t <= bt && (best < 0 || t < bt) && nextCell[act[i]] < actEnd[i]) {
          bt = t;
          best = i;
        }
      }
      if (best < 0) break;
      const vc = act[best];
      const f = this.curFrame[vc];
      const k = nextCell[vc];
      while (bt > tj) tj = ++j * S;
      const accept = this.mode[vc] === ACCEPT;
      // A full buffer: the window ends at the start of this slot.
      if (accept && X0 + taken - (j - n) >= K) return j - n;
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      const clp = frames.clp[f];
      this.arrivedByClp[clp]++;
      if (accept) {
        fifo.push(f << 1, vc);
        if (xi[vc]++ === 0) this.na++;
        this.X++;
        if (clp) this.x1++;
        frames.queued[f]++;
        this.accepted++;
        // The occupancy right after this cell, the slots before it having sent one cell each.
        const x = X0 + ++taken - (j - n);
        if (x > this.peakSinceEmpty) {
          this.peakSinceEmpty = x;
          if (x > this.maxX) this.maxX = x;
        }
      } else {
        this.drop(bt, vc, f, this.modeReason[vc], false);
      }
      nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, as in arrive().
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
    return L;
  }

  /** No window starts at slot n: what stops it (an EOM leaving, a cell that needs arrive(),
   * a sample) falls in slot n + L, so none is tried again before the slot after it. */
  private noWindow(n: number, L: number): number {
    this.windowFrom = n + (L > 0 ? L : 0) + 1;
    return 0;
  }

  /** The whole slots from slot n before the next event, limit or probe sample. */
  private windowLimit(n: number): number {
    let L = this.slotAtOrAfter(this.stopAt) - n;
    if (this.nextSample !== Infinity) {
      const m = this.slotAtOrAfter(this.nextSample) - n;
      if (m < L) L = m;
    }
    return L;
  }

  /**
   * runWindow for a port with per-VC cell lists and a scheduler that serves the non-empty
   * queues in a fixed cycle (round robin). In the window no queue empties, sends its EOM, or
   * joins the cycle (a cell accepted into an empty queue ends it), so slot i sends the head
   * cell of queue cycle[i mod n]; the arriving cells are those runWindow allows; and no
   * arrival finds the buffer full, the occupancy after each slot's arrivals being counted from
   * a histogram of the accepted cells per slot. Each VC's cells join its own list in order.
   */
  private runListWindow(n: number): number {
    const S = this.S;
    let L = this.windowLimit(n);
    if (this.X - 1 < L) L = this.X - 1;
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    const order = this.winOrder;
    const na = this.sched!.cycle!(order);
    if (na === 0) return 0;
    const xi = this.xi;
    const nVc = this.nVc;
    // Queue at place p sends in slots n + p, n + p + na, …: stop before it would send its last
    // cell or its oldest EOM.
    for (let p = 0; p < na && p < L; p++) {
      const q = order[p];
      if (q >= nVc) return 0;
      const need = Math.floor((L - 1 - p) / na) + 1;
      let sends = xi[q] - 1;
      const eoms = this.qEoms[q];
      if (eoms.length > 0) {
        const untilEom = (eoms.peek() - this.qOut[q]) | 0;
        if (untilEom < sends) sends = untilEom;
      }
      if (sends < need) {
        L = p + na * sends;
        if (L < MIN_WINDOW) return this.noWindow(n, L);
      }
    }
    const key = this.streams.key;
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    let tLast = (n + L - 1) * S;
    let nAct = 0;
    for (let vc = 0; vc < nVc; vc++) {
      const t = key[vc];
      if (t > tLast) continue;
      const k = this.nextCell[vc];
      const accept = this.mode[vc] === ACCEPT;
      let kSpecial = k;
      let tSpecial = t;
      if (k > 0 && (accept ? xi[vc] > 0 : this.modeReason[vc] !== Drop.PPD)) {
        const f = this.curFrame[vc];
        kSpecial = frames.cells[f] - 1;
        if (this.mfs < kSpecial) kSpecial = this.mfs;
        tSpecial = frames.firstArrival[f] + kSpecial * frames.interval[f];
      }
      if (tSpecial <= tLast) {
        L = this.slotAtOrAfter(tSpecial) - n;
        if (L < MIN_WINDOW) return this.noWindow(n, L);
        tLast = (n + L - 1) * S;
      }
      if (kSpecial > k) {
        act[nAct] = vc;
        actEnd[nAct] = kSpecial;
        actKey[nAct++] = t;
      }
    }
    // Accepted cells per slot; the window ends before a slot whose arrivals would overflow.
    // (Needless when all of them together would neither fill the buffer nor set a new peak.)
    let total = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) continue;
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      total += cellsBy(first, frames.interval[f], this.nextCell[vc], actEnd[i], tLast);
    }
    if (this.X + total > this.K || this.X + total > this.peakSinceEmpty) {
      L = this.listWindowPeak(n, L, nAct);
      if (L < MIN_WINDOW) return this.noWindow(n, L);
      tLast = (n + L - 1) * S;
    }
    // Departures first (the cells sent were all queued before the window, and their slots
    // serve the arrivals): place p sends ⌊(L − 1 − p)/na⌋ + 1 cells.
    for (let p = 0; p < na && p < L; p++) {
      const q = order[p];
      this.windowSend(q, Math.floor((L - 1 - p) / na) + 1);
    }
    this.sched!.skip!(L);
    this.listWindowArrivals(tLast, nAct);
    for (let i = 0; i < nAct; i++) this.streams.set(act[i], actKey[i]);
    return L;
  }

  /** Of a list window of L slots from slot n: the slots before the first whose accepted
   * arrivals would overflow the buffer; records the peak occupancy over them. */
  private listWindowPeak(n: number, L: number, nAct: number): number {
    const S = this.S;
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const tLast = (n + L - 1) * S;
    const hist = this.winHist;
    hist.fill(0, 0, L);
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) continue;
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      let j = n;
      let tj = n * S;
      for (let k = this.nextCell[vc]; k < actEnd[i]; k++) {
        const t = first + k * interval;
        if (t > tLast) break;
        while (t > tj) tj = ++j * S;
        hist[j - n]++;
      }
    }
    let x = this.X;
    let peak = this.peakSinceEmpty;
    for (let i = 0; i < L; i++) {
      x += hist[i];
      if (x > this.K) {
        L = i;
        break;
      }
      if (x > peak) peak = x;
      x--;
    }
    if (peak > this.peakSinceEmpty) {
      this.peakSinceEmpty = peak;
      if (peak > this.maxX) this.maxX = peak;
    }
    return L;
  }

  /** The arrivals of a list window: accepted cells join their VC's list, stream by stream;
   * refused ones are dropped in order of arrival instant, then stream index. */
  private listWindowArrivals(tLast: Time, nAct: number): void {
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    const gcra = this.gcra;
    let discarding = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) {
        discarding++;
        continue;
      }
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      const clp = frames.clp[f];
      const word = f << 1;
      let k = this.nextCell[vc];
      let t = actKey[i];
      let tail = this.qTail[vc];
      while (k < actEnd[i] && t <= tLast) {
        if (gcra !== undefined) gcra.laterCell(vc, t);
        const slot = this.freeStack[--this.freeTop];
        this.cellWord[slot] = word;
        this.cellNext[slot] = -1;
        this.cellQueue[slot] = vc;
        this.cellStamp[slot] = t;
        this.cellNext[tail] = slot; // the queue is not empty
        tail = slot;
        k++;
        t = first + k * interval;
      }
      const c = k - this.nextCell[vc];
      this.qTail[vc] = tail;
      this.qIn[vc] = (this.qIn[vc] + c) | 0;
      this.xi[vc] += c;
      this.X += c;
      if (clp) this.x1 += c;
      frames.queued[f] += c;
      this.accepted += c;
      this.arrivedByClp[clp] += c;
      this.nextCell[vc] = k;
      actKey[i] = t;
    }
    while (discarding > 0) {
      let best = -1;
      let bt = tLast;
      for (let i = 0; i < nAct; i++) {
        const t = actKey[i];
        if (
          this.mode[act[i]] !== ACCEPT &&
          t <= bt &&
          (best < 0 || t < bt) &&
          this.nextCell[act[i]] < actEnd[i]
        ) {
          bt = t;
          best = i;
        }
      }
      if (best < 0) break;
      const vc = act[best];
      const f = this.curFrame[vc];
      const k = this.nextCell[vc];
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      this.arrivedByClp[frames.clp[f]]++;
      this.drop(bt, vc, f, this.modeReason[vc], false);
      this.nextCell[vc] = k + 1;
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
  }

  /** Queue q sends `count` cells in a list window: none is its last or an EOM. The counts
   * move once per frame: a queue's cells of one frame are consecutive. */
  private windowSend(q: number, count: number): void {
    const frames = this.frames;
    const cellWord = this.cellWord;
    const cellNext = this.cellNext;
    const freeStack = this.freeStack;
    this.qOut[q] = (this.qOut[q] + count) | 0;
    this.X -= count;
    this.xi[q] -= count;
    this.departed += count;
    let slot = this.qHead[q];
    let top = this.freeTop;
    let i = 0;
    while (i < count) {
      const word = cellWord[slot];
      let run = 0;
      do {
        freeStack[top++] = slot;
        slot = cellNext[slot];
        run++;
      } while (++i < count && cellWord[slot] === word);
      const f = word >> 1;
      if (frames.clp[f]) this.x1 -= run;
      frames.queued[f] -= run;
      frames.departed[f] += run;
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      ) {
        this.freeTop = top;
        this.resolveHeadless(q, f);
      }
    }
    this.qHead[q] = slot;
    this.freeTop = top;
  }

  /** The departures of a window: L cells from the head of the FIFO, none of them an EOM. */
  private windowDepartures(L: number): void {
    const fifo = this.fifo!;
    const frames = this.frames;
    for (let i = 0; i < L; i++) {
      const q = fifo.queue[fifo.head];
      const word = fifo.shift();
      this.X--;
      if (--this.xi[q] === 0) this.na--;
      const f = word >> 1;
      if (frames.clp[f]) this.x1--;
      frames.queued[f]--;
      frames.departed[f]++;
      this.departed++;
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      )
        this.resolveHeadless(q, f);
    }
  }

  /** With background waiting: does UBR get this slot? Weighted round robin with weight g
   * for UBR (S1's guaranteed fraction); g = 0 is strict priority. */
  private ubrTurn(): boolean {
    const g = this.cfg.ubrShare;
    if (g <= 0 || this.X - this.xi[this.nVc] === 0) return false;
    this.ubrCredit += g;
    if (this.ubrCredit >= 1) {
      this.ubrCredit -= 1;
      return true;
    }
    return false;
  }

  private skipSlots(from: number, to: number): void {
    this.idleSlots += to - from;
    const interval = this.cfg.sampleInterval;
    if (interval <= 0) return;
    // Samples due inside the skipped slots, but never at or past this advance's limit.
    const end = Math.min(to * this.S, this.stopAt);
    while (this.nextSample < end) {
      // The buffer is empty over the skipped slots; sample on the grid anyway.
      this.sink.sample(this.nextSample);
      this.nextSample += interval;
    }
  }

  /**
   * Cells of stream s arrive, in order, for as long as they come before every other stream's
   * next cell (by arrival instant, then stream index), are due by `tn`, and are plain: the
   * middle cells of a frame being accepted, into a buffer with room. Such a run costs one heap
   * update, not one per cell. Any other cell (a frame's first or last, a refused one, one from
   * a previous switch or background) goes through arrive(), one at a time. The counts and the
   * order of cells in the buffer are those of arrive() called cell by cell.
   */
  private arriveRun(s: number, tn: Time): void {
    const vc = s;
    if (vc >= this.nVc || (this.anyFed && this.cellFed[vc] === 1)) {
      this.arrive(s);
      return;
    }
    const frames = this.frames;
    const f = this.curFrame[vc];
    let k = this.nextCell[vc];
    const last = frames.cells[f] - 1;
    if (k === 0 || k >= last || this.mode[vc] !== ACCEPT) {
      this.arrive(s);
      return;
    }
    const streams = this.streams;
    const other = streams.second();
    const tOther = other < 0 ? Infinity : streams.key[other];
    const before = other < 0 || vc < other; // wins a tie with the other stream
    const first = frames.firstArrival[f];
    const interval = frames.interval[f];
    const clp = frames.clp[f];
    const mfs = this.mfs;
    const gcra = this.gcra;
    let t = streams.key[vc];
    const k0 = k;
    while (
      k < last &&
      k < mfs &&
      this.X < this.K &&
      t <= tn &&
      (t < tOther || (t === tOther && before))
    ) {
      if (gcra !== undefined) gcra.laterCell(vc, t);
      this.arrivedByClp[clp]++;
      this.enqueue(vc, f << 1, clp, t);
      frames.queued[f]++;
      this.accepted++;
      k++;
      // Computed from the frame's start, not accumulated, as in arrive().
      t = first + k * interval;
    }
    if (k === k0) {
      this.arrive(s);
      return;
    }
    this.nextCell[vc] = k;
    streams.set(vc, t);
  }

  /** Next cell of stream s arrives. */
  private arrive(s: number): void {
    const nVc = this.nVc;
    if (s >= nVc) {
      this.arriveBackground(s);
      return;
    }
    const vc = s;
    if (this.anyFed && this.cellFed[vc] === 1) {
      this.arriveFromSwitch(vc);
      return;
    }
    const frames = this.frames;
    const f = this.curFrame[vc];
    const k = this.nextCell[vc];
    const t = this.streams.key[vc];
    const isEom = k === frames.cells[f] - 1;
    if (k === 0) this.decideFrame(vc, f, t);
    else if (this.gcra !== undefined) this.gcra.laterCell(vc, t);
    const clp = frames.clp[f];
    this.arrivedByClp[clp]++;
    if (this.mode[vc] === ACCEPT && this.X < this.K && k < this.mfs) {
      this.enqueue(vc, (f << 1) | (isEom ? 1 : 0), clp, t);
      frames.queued[f]++;
      this.accepted++;
    } else {
      this.refuseCell(vc, f, k, t, isEom, clp);
    }

    // Advance the stream.
    if (isEom) {
      const q = this.pendingFrames[vc];
      q.shift();
      if (q.length > 0) {
        const g = q.peek();
        this.nextCell[vc] = 0;
        this.curFrame[vc] = g;
        this.streams.set(vc, frames.firstArrival[g]);
      } else {
        this.curFrame[vc] = -1;
        this.streams.set(vc, Infinity);
      }
    } else {
      this.nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, so rounding never drifts.
      this.streams.set(vc, frames.firstArrival[f] + (k + 1) * frames.interval[f]);
    }
  }

  /**
   * Next cell of VC `vc` from the previous switch of its route. A frame starts at the cell
   * after an EOM seen here, as in a real switch: the cells of a frame whose EOM was lost
   * upstream run on into the next frame under the same decision. Conformance (F-GCRA, MFS)
   * was checked at the first switch.
   */
  private arriveFromSwitch(vc: number): void {
    const frames = this.frames;
    const train = this.trains[vc]!;
    const t = train.headTime();
    const word = train.headWord();
    train.shift();
    this.streams.set(vc, train.headTime());
    const f = word >> 1;
    const isEom = (word & 1) === 1;
    frames.pending[f]--;
    const k = this.nextCell[vc];
    if (k === 0) this.decideFrame(vc, f, t);
    this.nextCell[vc] = isEom ? 0 : k + 1;
    const clp = frames.clp[f];
    this.arrivedByClp[clp]++;
    this.fedArrivedByClp[clp]++;
    this.fedArrived++;
    if (this.mode[vc] === ACCEPT && this.X < this.K) {
      this.enqueue(vc, word, clp, t);
      frames.queued[f]++;
      this.accepted++;
    } else {
      this.refuseCell(vc, f, 0, t, isEom, clp);
      if (
        !isEom &&
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.pending[f] === 0 &&
        frames.queued[f] === 0
      )
        this.resolveHeadless(vc, f);
    }
  }

  /** First cell of frame f: GFR conformance, then the policy (domain.md §4). */
  private decideFrame(vc: number, f: number, t: Time): void {
    const frames = this.frames;
    let reason = 0;
    if (
      this.gcra !== undefined &&
      this.cellFed[vc] === 0 &&
      !this.gcra.firstCell(vc, t, frames.clp[f])
    ) {
      // F-GCRA: the frame is not eligible for the MCR guarantee. Tag it whole, or discard it.
      if (this.cfg.gfrDiscard && frames.clp[f] === 0) {
        this.fillRule(vc, 0);
        reason = Drop.GFR_NONCONFORMING;
      } else if (frames.clp[f] === 0) {
        frames.clp[f] = 1;
        this.framesTagged++;
      }
    }
    if (reason === 0) reason = this.policy.decide(this, vc, frames.clp[f], t, this.rule);
    if (reason === 0) {
      this.mode[vc] = ACCEPT;
    } else {
      this.mode[vc] = DISCARD;
      this.modeReason[vc] = reason;
    }
  }

  /** A cell that the fast path did not enqueue: beyond MFS, overflow, or a discarded frame. */
  private refuseCell(vc: number, f: number, k: number, t: Time, isEom: boolean, clp: number): void {
    const frames = this.frames;
    if (k >= this.mfs) {
      this.fillRule(vc, this.mfs);
      this.drop(t, vc, f, Drop.MFS, isEom); // cells beyond MFS (GFR conformance)
    } else if (this.mode[vc] === ACCEPT) {
      // The buffer is full.
      this.fillRule(vc, this.K);
      if (this.policy.purgePartial) this.purge(vc, f, t);
      this.drop(t, vc, f, Drop.OVERFLOW, isEom);
      if (this.partialDiscard) {
        this.mode[vc] = DISCARD;
        this.modeReason[vc] = Drop.PPD;
      }
    } else if (isEom && this.keepEom && this.X < this.K) {
      // keepEom: the EOM of a discarded frame is forwarded so the receiver can delimit frames.
      this.enqueue(vc, (f << 1) | 1, clp, t);
      frames.queued[f]++;
      this.accepted++;
    } else {
      const reason = this.modeReason[vc];
      if (reason === Drop.PPD) this.fillRule(vc, this.K);
      this.drop(t, vc, f, reason, isEom);
    }
  }

  private arriveBackground(s: number): void {
    const src = this.background[s - this.nVc];
    this.bgArrived++;
    if (this.cfg.backgroundSharesBuffer) {
      if (this.X >= this.K) this.bgDropped++;
      else this.enqueue(this.nVc, 0, 0, this.streams.key[s]);
    } else {
      this.bgPending++;
    }
    this.streams.set(s, src.next());
  }

  private fillRule(vc: number, threshold: number): void {
    writeRule(this.rule, this, vc, threshold, 0);
  }

  /** Buffers a cell of queue q that arrived at t. */
  private enqueue(q: number, word: number, clp: number, t: Time): void {
    if (this.fifo !== null) this.fifo.push(word, q);
    else {
      const slot = this.freeStack[--this.freeTop];
      this.cellWord[slot] = word;
      this.cellNext[slot] = -1;
      this.cellQueue[slot] = q;
      this.cellStamp[slot] = this.tieRng === undefined ? t : this.stamp++;
      const tail = this.qTail[q];
      if (tail < 0) this.qHead[q] = slot;
      else this.cellNext[tail] = slot;
      this.qTail[q] = slot;
      if (word & 1) this.qEoms[q].push(this.qIn[q]);
      this.qIn[q] = (this.qIn[q] + 1) | 0;
      this.sched!.enqueue(q, slot);
    }
    if (this.xi[q] === 0 && q < this.nVc) this.na++;
    this.xi[q]++;
    if (++this.X > this.peakSinceEmpty) {
      this.peakSinceEmpty = this.X;
      if (this.X > this.maxX) this.maxX = this.X;
    }
    if (clp) this.x1++;
    if (this.frameEnds && word & 1 && q < this.nVc) this.sched!.frameEnd!(q);
  }

  private emptied(t: Time): void {
    this.sink.bufferEmptied?.(t, this.peakSinceEmpty);
    this.peakSinceEmpty = 0;
  }

  private drop(t: Time, vc: number, f: number, reason: number, isEom: boolean): void {
    const frames = this.frames;
    frames.dropped[f]++;
    this.dropped++;
    this.droppedByReason[reason]++;
    this.droppedByClp[frames.clp[f]]++;
    const first = this.lossFrame[vc] !== f || this.lossReason[vc] !== reason;
    this.lossFrame[vc] = f;
    this.lossReason[vc] = reason;
    this.sink.cellDropped(t, vc, f, reason, first, this.rule);
    if (isEom) {
      if (this.frameEnds) this.sched!.frameEnd!(vc);
      frames.flags[f] |= FrameFlag.EOM_DROPPED;
      if (frames.queued[f] === 0) this.resolveHeadless(vc, f);
    }
  }

  /** A frame whose EOM was lost has no cell left in the buffer: the cells of it that got
   * through wait in the receiver's reassembly buffer and corrupt the next frame. */
  private resolveHeadless(vc: number, f: number): void {
    const next = this.nextPort[vc];
    if (next === null) {
      this.orphan[vc] += this.frames.departed[f];
      this.frames.release(f);
      return;
    }
    // On a route of several switches the orphans travel on: the next switch's record of the
    // frame learns that its EOM will never come.
    const g = this.frames.down[f];
    this.frames.release(f);
    if (g >= 0) next.upstreamLostEom(this.nextVc[vc], g);
  }

  /**
   * EUBR+ purge (S4 §III): remove the cells of frame f (the frame VC `vc` is receiving, so
   * its cells are the tail of the VC's queue) from the buffer, counted as drops.
   */
  private purge(vc: number, f: number, t: Time): void {
    if (this.fifo !== null) {
      this.purgeFifo(vc, f, t);
      return;
    }
    let prev = -1;
    let c = this.qHead[vc];
    while (c >= 0 && this.cellWord[c] >> 1 !== f) {
      prev = c;
      c = this.cellNext[c];
    }
    if (c < 0) return;
    // Unlink the tail from c on.
    if (prev < 0) this.qHead[vc] = -1;
    else this.cellNext[prev] = -1;
    this.qTail[vc] = prev;
    while (c >= 0) {
      const next = this.cellNext[c];
      this.purgedCell(vc, f, t);
      this.freeStack[this.freeTop++] = c;
      this.qIn[vc] = (this.qIn[vc] - 1) | 0;
      c = next;
    }
    if (this.xi[vc] === 0) this.na--;
    if (this.X === 0) this.emptied(t);
  }

  /** purge() under a FIFO: the frame's cells are marked dead in the ring, oldest first. */
  private purgeFifo(vc: number, f: number, t: Time): void {
    const fifo = this.fifo!;
    for (let i = 0; i < fifo.count; i++) {
      const j = fifo.at(i);
      if (fifo.queue[j] !== vc || fifo.word[j] >> 1 !== f) continue;
      fifo.kill(j);
      this.purgedCell(vc, f, t);
    }
    if (this.xi[vc] === 0) this.na--;
    if (this.X === 0) this.emptied(t);
  }

  /** The counts of one purged cell of frame f (VC vc): it leaves the buffer as a drop. */
  private purgedCell(vc: number, f: number, t: Time): void {
    this.X--;
    this.xi[vc]--;
    if (this.frames.clp[f]) this.x1--;
    this.frames.queued[f]--;
    this.accepted--;
    this.drop(t, vc, f, Drop.EUBR, false);
  }

  private depart(q: number, tn: Time): void {
    let word: number;
    if (this.fifo !== null) word = this.fifo.shift();
    else {
      const slot = this.qHead[q];
      word = this.cellWord[slot];
      this.qHead[q] = this.cellNext[slot];
      if (this.qHead[q] < 0) this.qTail[q] = -1;
      this.freeStack[this.freeTop++] = slot;
      if (word & 1) this.qEoms[q].shift();
      this.qOut[q] = (this.qOut[q] + 1) | 0;
    }
    if (--this.X === 0) this.emptied(tn);
    const left = --this.xi[q];
    if (q === this.nVc) {
      this.bgDeparted++;
      return;
    }
    if (left === 0) this.na--;
    if (this.watchDepartures) this.policy.onDeparture!(q, left);
    const frames = this.frames;
    const f = word >> 1;
    if (frames.clp[f]) this.x1--;
    frames.queued[f]--;
    frames.departed[f]++;
    this.departed++;
    if (this.anyNext && this.nextPort[q] !== null) {
      this.forward(q, f, word & 1, tn);
      return;
    }
    if (word & 1) {
      // The EOM left: the receiver reassembles the frame (with any orphaned cells before it).
      const orphans = this.orphan[q];
      if (frames.dropped[f] > 0 || orphans > 0 || frames.flags[f] & FrameFlag.DAMAGED) {
        frames.flags[f] |= FrameFlag.CORRUPTED;
        this.deadCells += frames.departed[f] + orphans;
        this.sink.deadFrame?.(tn, q, frames.departed[f] + orphans);
      }
      this.orphan[q] = 0;
      const tRx = tn + this.S + this.propOut[q];
      this.sink.frameOut(f, tRx);
    } else if (
      frames.flags[f] & FrameFlag.EOM_DROPPED &&
      frames.queued[f] === 0 &&
      frames.pending[f] === 0
    ) {
      this.resolveHeadless(q, f);
    }
  }

  /**
   * A cell of frame f left toward the next switch of VC q's route: it arrives there after this
   * slot and the link's propagation (store-and-forward). The next switch gets its own record
   * of the frame with its first cell, marked damaged if the frame lost cells here or before.
   */
  private forward(q: number, f: number, eom: number, tn: Time): void {
    const frames = this.frames;
    this.forwarded++;
    let g = frames.down[f];
    if (g < 0) {
      const flags = frames.flags[f] & (FrameFlag.RETRANSMISSION | FrameFlag.DAMAGED);
      g = frames.alloc(
        this.nextVc[q],
        frames.conn[f],
        frames.seq[f],
        frames.len[f],
        frames.cells[f],
        frames.clp[f],
        flags,
        0,
        0,
      );
      frames.down[f] = g;
    }
    if (frames.dropped[f] > 0) frames.flags[g] |= FrameFlag.DAMAGED;
    frames.pending[g]++;
    this.nextPort[q]!.receiveCell(this.nextVc[q], g, eom, tn + this.S + this.propOut[q]);
    if (eom === 1) frames.release(f);
    else if (
      frames.flags[f] & FrameFlag.EOM_DROPPED &&
      frames.queued[f] === 0 &&
      frames.pending[f] === 0
    )
      this.resolveHeadless(q, f);
  }

  /** Cells in the access links and in the buffer, counted by walking the data structures
   * (independently of the counters, for the conservation check). */
  inFlightByWalking(): { access: number; link: number; buffer: number; background: number } {
    let access = 0;
    for (let vc = 0; vc < this.nVc; vc++) {
      const q = this.pendingFrames[vc];
      for (let i = 0; i < q.length; i++) {
        const f = q.at(i);
        access += this.frames.cells[f] - (i === 0 ? this.nextCell[vc] : 0);
      }
    }
    let buffer = 0;
    let background = 0;
    this.forEachBuffered((q) => {
      if (q < this.nVc) buffer++;
      else background++;
    });
    let link = 0;
    for (const train of this.trains) link += train === null ? 0 : train.length;
    return { access, link, buffer, background: background + this.bgPending };
  }

  /** Calls `fn` with the queue of every buffered cell (in arrival order under a FIFO). */
  private forEachBuffered(fn: (q: number) => void): void {
    const fifo = this.fifo;
    if (fifo !== null) {
      for (let i = 0; i < fifo.count; i++) {
        const q = fifo.queue[fifo.at(i)];
        if (q >= 0) fn(q);
      }
      return;
    }
    for (let q = 0; q <= this.nVc; q++) {
      for (let c = this.qHead[q]; c >= 0; c = this.cellNext[c]) fn(q);
    }
  }

  thresholds() {
    return this.policy.thresholds();
  }

  /** The policy's per-VC limit for VC `vc` in cells, or NaN where it has none. */
  perVcLimit(vc: number): number {
    return this.policy.perVcLimit ? this.policy.perVcLimit(this, vc) : NaN;
  }

  /**
   * Replaces the buffer-acceptance policy mid-run (the app's "live" changes). Frames already
   * being accepted or discarded finish under the old decision; the next first cell of each VC
   * is judged by the new policy.
   */
  setPolicy(policy: BufferPolicy): void {
    this.policy = policy;
    this.partialDiscard = policy.partialDiscard;
    this.watchDepartures = !!policy.watchesDepartures;
  }

  /**
   * Writes the queue of each buffered cell (VC index, or nVc for background) into `out` in
   * arrival order, oldest first, and returns how many were written (at most out.length; the
   * oldest are kept). Allocates a scratch array of X entries: a view-rate call, not per cell.
   */
  snapshot(out: Uint16Array): number {
    if (this.fifo !== null) {
      // The FIFO's ring is in arrival order already.
      let n = 0;
      this.forEachBuffered((q) => {
        if (n < out.length) out[n++] = q;
      });
      return n;
    }
    const nQ = this.nVc + 1;
    const cells: number[] = [];
    for (let q = 0; q < nQ; q++) {
      for (let c = this.qHead[q]; c >= 0; c = this.cellNext[c]) cells.push(c);
    }
    const stamp = this.cellStamp;
    const queue = this.cellQueue;
    cells.sort((a, b) => stamp[a] - stamp[b] || queue[a] - queue[b]);
    const n = Math.min(out.length, cells.length);
    for (let i = 0; i < n; i++) out[i] = this.cellQueue[cells[i]];
    return n;
  }
}
