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

/** Standing decisions of a VC on the frame it is receiving. */
export const ACCEPT = 0;
export const DISCARD = 1;

/**
 * The switch output port: buffer of K cells with per-VC accounting, a
 * buffer-acceptance policy consulted on each frame's first cell, a scheduler, and strictly
 * prioritised background traffic. The output link is slotted: one cell (or an idle slot)
 * every `slot` ps, at times n·slot. Cells arrive from per-VC access streams whose times are
 * known in advance, so the port runs slot by slot between heap events without an event per
 * cell. Per-VC cell order is preserved.
 *
 * PortBase holds the port's state, its cell storage and what happens to one cell (arrival,
 * refusal, drop, departure, forwarding); WindowedPort (portWindows.ts) runs many slots in one
 * step; SwitchPort (port.ts) runs the slots.
 */
export abstract class PortBase implements PortState, PortBuffers {
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
  /** Highest occupancy since the buffer last emptied. */
  peakSinceEmpty = 0;

  protected readonly cfg: PortConfig;
  protected readonly S: Time;
  protected policy: BufferPolicy;
  /** The per-VC scheduler over the cell lists, or null under a FIFO. */
  protected readonly sched: Scheduler | null;
  /** The FIFO that holds the cells itself (schedulers/fifo.ts), or null. */
  protected readonly fifo: FifoScheduler | null;
  protected readonly sink: PortSink;
  // Buffer storage under a per-VC scheduler: singly linked cell lists per queue over a pool of
  // cell slots. (Under a FIFO the cells are in the FIFO's ring instead.)
  protected readonly cellWord: Int32Array;
  readonly cellNext: Int32Array;
  readonly cellQueue: Int32Array;
  /** Arrival order of each buffered cell (for the queue view's snapshot): its arrival instant
   * (ties go to the lower queue, as arrivals do), or under random arrival order a counter. */
  protected readonly cellStamp: Float64Array;
  protected stamp = 0;
  protected readonly freeStack: Int32Array;
  protected freeTop: number;
  readonly qHead: Int32Array;
  protected readonly qTail: Int32Array;
  /** Per queue: cells ever appended and removed (wrapping int32), and the ordinal of each EOM
   * in the list, oldest first (for the windows: how many cells a queue sends before an EOM). */
  protected readonly qIn: Int32Array;
  protected readonly qOut: Int32Array;
  protected readonly qEoms: IntQueue[];
  protected watchDepartures: boolean;
  protected ubrCredit = 0;
  protected readonly bgQueuePriority: boolean;
  // Hot-path copies of the configuration.
  protected readonly gcra: FrameGcra | undefined;
  protected readonly mfs: number;
  protected readonly keepEom: boolean;
  protected partialDiscard: boolean;
  protected readonly propOut: Float64Array;
  /** Frame each VC's stream is delivering (-1 when idle). */
  protected readonly curFrame: Int32Array;
  // Arrival side.
  protected readonly streams: StreamHeap;
  protected readonly tieRng: Random | undefined;
  protected readonly tieCand: Int32Array;
  protected readonly pendingFrames: IntQueue[];
  protected readonly nextCell: Int32Array;
  protected readonly background: BackgroundSource[];
  protected bgPending = 0;
  // Per-VC frame state.
  protected readonly mode: Uint8Array;
  protected readonly modeReason: Uint8Array;
  protected readonly lossFrame: Int32Array;
  protected readonly lossReason: Uint8Array;
  protected readonly orphan: Int32Array;
  protected nextSample: Time;
  // Routes through several switches (net/, issue 14): per VC, the next port of its route (or
  // null when this port is its last hop) and its index there; 1 for a VC fed by a previous
  // switch, whose cells wait on `trains` instead of coming from an access link.
  protected readonly nextPort: (PortBase | null)[];
  protected readonly nextVc: Int32Array;
  protected readonly cellFed: Uint8Array;
  protected readonly trains: (CellTrain | null)[];
  /** Whether any VC is fed by, or forwarded to, another switch (false alone: the fast path). */
  protected anyFed = false;
  protected anyNext = false;
  /** Whether the scheduler wants to know where frames end (frameMerge.ts at an edge switch). */
  protected readonly frameEnds: boolean;
  /** Earliest event the sink scheduled during advance(); advance stops there. */
  protected stopAt: Time = Infinity;

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
  connect(vc: number, next: PortBase, nextVc: number): void {
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

  /** Next cell of stream s arrives. */
  protected arrive(s: number): void {
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
  protected arriveFromSwitch(vc: number): void {
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

  /** First cell of frame f: GFR conformance, then the policy. */
  protected decideFrame(vc: number, f: number, t: Time): void {
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
  protected refuseCell(
    vc: number,
    f: number,
    k: number,
    t: Time,
    isEom: boolean,
    clp: number,
  ): void {
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

  protected arriveBackground(s: number): void {
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

  protected fillRule(vc: number, threshold: number): void {
    writeRule(this.rule, this, vc, threshold, 0);
  }

  /** Buffers a cell of queue q that arrived at t. */
  protected enqueue(q: number, word: number, clp: number, t: Time): void {
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

  protected emptied(t: Time): void {
    this.sink.bufferEmptied?.(t, this.peakSinceEmpty);
    this.peakSinceEmpty = 0;
  }

  protected drop(t: Time, vc: number, f: number, reason: number, isEom: boolean): void {
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
  protected resolveHeadless(vc: number, f: number): void {
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
  protected purge(vc: number, f: number, t: Time): void {
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
  protected purgeFifo(vc: number, f: number, t: Time): void {
    const fifo = this.fifo!;
    let purged = 0;
    for (let i = 0; i < fifo.count; i++) {
      const j = fifo.at(i);
      if (fifo.queue[j] !== vc || fifo.word[j] >> 1 !== f) continue;
      fifo.kill(j);
      this.purgedCell(vc, f, t);
      purged++;
    }
    // None of the frame's cells is left in the buffer: nothing changed (as purge() finds).
    if (purged === 0) return;
    if (this.xi[vc] === 0) this.na--;
    if (this.X === 0) this.emptied(t);
  }

  /** The counts of one purged cell of frame f (VC vc): it leaves the buffer as a drop. */
  protected purgedCell(vc: number, f: number, t: Time): void {
    this.X--;
    this.xi[vc]--;
    if (this.frames.clp[f]) this.x1--;
    this.frames.queued[f]--;
    this.accepted--;
    this.drop(t, vc, f, Drop.EUBR, false);
  }

  protected depart(q: number, tn: Time): void {
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
  protected forward(q: number, f: number, eom: number, tn: Time): void {
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

  /** Cells in each queue (VCs, then background), counted by walking the storage: a check of
   * the counters xi, independent of them. */
  walkQueues(): Int32Array {
    const n = new Int32Array(this.nVc + 1);
    this.forEachBuffered((q) => n[q]++);
    return n;
  }

  /** Calls `fn` with the queue of every buffered cell (in arrival order under a FIFO). */
  protected forEachBuffered(fn: (q: number) => void): void {
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
