import type { Time } from '../core/time';
import { Admission } from './admission';
import { Arrivals } from './arrivals';
import type { CellStore } from './cellStore';
import { Drop } from './dropReasons';
import { Forwarding } from './forwarding';
import { FrameFlag, FramePool } from './frames';
import { slotKernels } from './kernels';
import type { KernelHost, SlotKernel } from './kernels/types';
import { idleJump } from './kernels/types';
import type { BufferPolicy } from './policies/types';
import { writeRule } from './policies/types';
import { PortCounts } from './portCounts';
import { portStorage } from './portStorage';
import type { NextPort, PortClock, PortConfig, PortOps, PortSink } from './portTypes';
import { DISCARD } from './portTypes';
import type { Scheduler } from './schedulers/types';
import type { PortParts, PortWindows } from './windows/scan';
import { MIN_WINDOW } from './windows/scan';

export type { PortConfig, PortSink } from './portTypes';

/**
 * The switch output port: buffer of K cells with per-VC accounting, a
 * buffer-acceptance policy consulted on each frame's first cell, a scheduler, and strictly
 * prioritised background traffic. The output link is slotted: one cell (or an idle slot)
 * every `slot` ps, at times n·slot. Cells arrive from per-VC access streams whose times are
 * known in advance, so the port runs slot by slot between heap events without an event per
 * cell. Per-VC cell order is preserved.
 *
 * Composed of its mechanisms: the counts (portCounts.ts, one accounting routine), the cell
 * storage (a FIFO ring, or cell lists and a scheduler: cellStore.ts, fifoStore.ts), admission
 * (admission.ts: GFR conformance and the buffer policy), arrivals (arrivals.ts), forwarding
 * (forwarding.ts: receivers or the next switch), windows of slots run in one step
 * (windows/) and the fused slot loops of common configurations (kernels/). This class runs the
 * slots and sends the cells.
 */
export class SwitchPort implements PortOps, PortClock, NextPort, KernelHost {
  readonly K: number;
  readonly nVc: number;
  readonly c: PortCounts;
  readonly frames: FramePool;
  readonly store: CellStore;
  /** The per-VC scheduler over the cell lists, or null under a FIFO. */
  private readonly sched: Scheduler | null;
  readonly admission: Admission;
  readonly arrivals: Arrivals;
  readonly forwarding: Forwarding;
  private readonly windows: PortWindows;
  /** The fused slot kernel of this port's configuration (kernels/), or null. */
  private readonly kernel: SlotKernel | null;
  readonly sink: PortSink;
  /** Output slot time (ps): one cell, or an idle slot, every `slot` ps. */
  readonly slot: Time;
  /** Slot index of the next slot to run; its start time is slotIndex·slot. */
  slotIndex = 0;
  idleSlots = 0;
  /** Slots run in windows, not one at a time: a figure of the engine, not the model. */
  windowSlots = 0;
  /** Slots run by a fused kernel (kernels/), and the name of the last one that ran ('' none):
   * figures of the engine, not the model. */
  kernelSlots = 0;
  kernelName = '';
  /** Earliest event the sink scheduled during advance(); advance stops there. */
  stopAt: Time = Infinity;
  /** Next queue probe sample (ps), or Infinity. */
  nextSample: Time;

  private readonly cfg: PortConfig;
  /** Whether the scheduler wants to know where frames end (frameMerge.ts at an edge switch). */
  private readonly frameEnds: boolean;
  private watchDepartures: boolean;
  private readonly bgQueuePriority: boolean;
  private ubrCredit = 0;
  /** Per VC: the frame and reason of its last drop (a new pair starts a loss event). */
  private readonly lossFrame: Int32Array;
  private readonly lossReason: Uint8Array;
  /** Scratch of dropHeadFrame: the head cell's queue and word, and the dropped cells' EOM bits. */
  private readonly frontScratch = new Int32Array(2);
  private readonly eomScratch: number[] = [];

  constructor(cfg: PortConfig, sink: PortSink) {
    this.cfg = cfg;
    this.frames = cfg.frames ?? new FramePool();
    this.K = cfg.K;
    this.nVc = cfg.nVc;
    this.slot = cfg.slot;
    this.sink = sink;
    const c = new PortCounts(cfg.K, cfg.nVc, this.frames);
    this.c = c;
    // Each mechanism gets the parts it works on; the port is their buffer operations (PortOps).
    this.forwarding = new Forwarding(cfg, c, this.frames, sink, cfg.slot);
    this.admission = new Admission(cfg, c, this.frames, this);
    this.arrivals = new Arrivals(cfg, c, this.frames, this.admission, this.forwarding, this);
    const parts: PortParts = {
      K: cfg.K,
      nVc: cfg.nVc,
      clock: this,
      c,
      frames: this.frames,
      arrivals: this.arrivals,
      admission: this.admission,
      forwarding: this.forwarding,
      ops: this,
    };
    const storage = portStorage(cfg, c.xi, parts);
    this.store = storage.store;
    this.sched = storage.sched;
    this.windows = storage.windows;
    this.frameEnds = this.sched?.frameEnd !== undefined;
    this.watchDepartures = !!cfg.policy.watchesDepartures;
    this.bgQueuePriority = cfg.backgroundSharesBuffer && this.sched !== null;
    this.lossFrame = new Int32Array(cfg.nVc).fill(-1);
    this.lossReason = new Uint8Array(cfg.nVc);
    this.nextSample = cfg.sampleInterval > 0 ? 0 : Infinity;
    this.kernel = slotKernels(cfg, this, parts, this.store, this.windows);
  }

  /** Start time of the next slot to run. */
  get now(): Time {
    return this.slotIndex * this.slot;
  }

  /** The sink calls this when it schedules an event, so advance() stops in time for it. */
  noteEvent(t: Time): void {
    if (t < this.stopAt) this.stopAt = t;
  }

  /** VC `vc` is fed by the previous switch of its route (NextPort). */
  feed(vc: number): void {
    this.arrivals.feed(vc);
  }

  /** The previous switch lost the EOM of frame record `f`, VC `vc` here (NextPort). */
  upstreamLostEom(vc: number, f: number): void {
    this.forwarding.upstreamLostEom(vc, f);
  }

  /** Routes VC `vc` from this port on to VC `nextVc` of port `next` (net/route.ts). */
  connect(vc: number, next: SwitchPort, nextVc: number): void {
    this.forwarding.connect(vc, next, nextVc);
  }

  /** Whether VC `vc` leaves this port toward another switch (not to its receivers). */
  forwards(vc: number): boolean {
    return this.forwarding.nextPort[vc] !== null;
  }

  /** A cell of frame record `f` left the previous switch toward VC `vc` of this port; it
   * arrives at `t`. Cells of one VC arrive in order. */
  receiveCell(vc: number, f: number, eom: number, t: Time): void {
    this.arrivals.receiveCell(vc, f, eom, t);
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
    this.c.offered += cells;
    this.arrivals.sendFrame(vc, f, firstArrival);
    return f;
  }

  /** Runs every slot that starts before `limit` (and stops early at any event the sink
   * schedules before it). */
  advance(limit: Time): void {
    const S = this.slot;
    const c = this.c;
    const a = this.arrivals;
    const streams = a.streams;
    const win = this.windows;
    let n = this.slotIndex;
    this.stopAt = limit;
    // No background, route beyond or departure-watching policy: a kernel or windows may run.
    const plain =
      a.background.length === 0 && !a.anyFed && !this.forwarding.anyNext && !this.watchDepartures;
    const kernel = this.kernel;
    if (kernel !== null && plain) {
      this.slotIndex = kernel.run(n);
      this.kernelSlots += this.slotIndex - n;
      this.kernelName = kernel.name;
      return;
    }
    const windows =
      this.cfg.windows !== false &&
      plain &&
      // (Under random arrival order, with its draw per cell, windows measured slower.)
      a.tieRng === undefined &&
      (this.sched === null || this.sched.cycle !== undefined);
    for (;;) {
      let tn = n * S;
      if (tn >= this.stopAt) break;
      if (windows && c.X > MIN_WINDOW && n >= win.from) {
        const L = win.run(n);
        if (L > 0) {
          this.windowSlots += L;
          n += L;
          continue;
        }
      }
      if (c.X === 0 && a.bgPending === 0) {
        // Idle link: jump to the slot of the next arrival.
        const m = idleJump(streams.topKey(), S, this.stopAt);
        if (m > n) {
          this.skipSlots(n, m);
          n = m;
          tn = n * S;
          if (tn >= this.stopAt) break;
        }
      }
      if (a.tieRng === undefined) {
        while (streams.topKey() <= tn) a.arriveRun(streams.top(), tn);
      } else a.arriveRandom(tn);
      if (tn >= this.nextSample) this.sampleSlot(tn);
      if (a.bgPending > 0 && !this.ubrTurn()) {
        a.bgPending--;
        c.bgDeparted++;
      } else if (this.bgQueuePriority && c.xi[this.nVc] > 0 && !this.ubrTurn()) {
        // Background sharing the buffer keeps strict priority under per-VC schedulers; only
        // the FIFO serves it in arrival order with the UBR cells (S2).
        this.depart(this.nVc, tn);
      } else {
        const q = this.store.nextQueue();
        if (q < 0) this.idleSlots++;
        else this.depart(q, tn);
      }
      n++;
    }
    this.slotIndex = n;
  }

  /** With background waiting: does UBR get this slot? Weighted round robin with weight g
   * for UBR (S1's guaranteed fraction); g = 0 is strict priority. */
  private ubrTurn(): boolean {
    const g = this.cfg.ubrShare;
    if (g <= 0 || this.c.X - this.c.xi[this.nVc] === 0) return false;
    this.ubrCredit += g;
    if (this.ubrCredit >= 1) {
      this.ubrCredit -= 1;
      return true;
    }
    return false;
  }

  /** The probe sample due at the start `tn` of a slot (KernelHost). */
  sampleSlot(tn: Time): void {
    this.sink.sample(tn);
    this.nextSample += this.cfg.sampleInterval;
  }

  /** The link idles from slot `from` to slot `to` (KernelHost). */
  skipSlots(from: number, to: number): void {
    this.idleSlots += to - from;
    const interval = this.cfg.sampleInterval;
    if (interval <= 0) return;
    // Samples due inside the skipped slots, but never at or past this advance's limit.
    const end = Math.min(to * this.slot, this.stopAt);
    while (this.nextSample < end) {
      // The buffer is empty over the skipped slots; sample on the grid anyway.
      this.sink.sample(this.nextSample);
      this.nextSample += interval;
    }
  }

  /** Buffers a cell (word) of frame word >> 1 on VC queue q that arrived at t: accepted. */
  enqueue(q: number, word: number, clp: number, t: Time): void {
    const c = this.c;
    this.store.push(q, word, t);
    c.move(q, word >> 1, clp, 1, false);
    c.notePeak(c.X);
    if (this.frameEnds && word & 1) this.sched!.frameEnd!(q);
  }

  /** Buffers a background cell that shares the buffer (queue nVc). */
  enqueueBackground(t: Time): void {
    this.store.push(this.nVc, 0, t);
    this.c.moveBackground(1);
    this.c.notePeak(this.c.X);
  }

  /** The head cell of queue q leaves in the slot starting at `tn`. */
  depart(q: number, tn: Time): void {
    const c = this.c;
    const word = this.store.shift(q);
    if (q === this.nVc) {
      c.moveBackground(-1);
      if (c.X === 0) this.emptied(tn);
      return;
    }
    const f = word >> 1;
    c.move(q, f, this.frames.clp[f], -1, true);
    if (c.X === 0) this.emptied(tn);
    if (this.watchDepartures) this.admission.policy.onDeparture!(q, c.xi[q]);
    this.forwarding.sent(q, word, tn);
  }

  emptied(t: Time): void {
    this.sink.bufferEmptied?.(t, this.c.peakSinceEmpty);
    this.c.peakSinceEmpty = 0;
  }

  /** A cell of frame f on `vc` is dropped for `reason` (the rule's inputs are in `rule`). */
  drop(t: Time, vc: number, f: number, reason: number, isEom: boolean): void {
    const frames = this.frames;
    this.c.drop(f, reason);
    const first = this.lossFrame[vc] !== f || this.lossReason[vc] !== reason;
    this.lossFrame[vc] = f;
    this.lossReason[vc] = reason;
    this.sink.cellDropped(t, vc, f, reason, first, this.admission.rule);
    if (isEom) {
      if (this.frameEnds) this.sched!.frameEnd!(vc);
      frames.flags[f] |= FrameFlag.EOM_DROPPED;
      if (frames.queued[f] === 0) this.forwarding.resolveHeadless(vc, f);
    }
  }

  /**
   * EUBR+ purge (S4 §III): remove the cells of frame f (the frame VC `vc` is receiving, so
   * its cells are the tail of the VC's queue) from the buffer, counted as drops.
   */
  purge(vc: number, f: number, t: Time): void {
    const n = this.store.purge(vc, f);
    // None of the frame's cells is left in the buffer: nothing changes.
    if (n === 0) return;
    const clp = this.frames.clp[f];
    for (let i = 0; i < n; i++) {
      this.c.move(vc, f, clp, -1, false);
      this.drop(t, vc, f, Drop.EUBR, false);
    }
    if (this.c.X === 0) this.emptied(t);
  }

  /**
   * Drops the frame at the head of the buffer (that of the oldest buffered VC cell) unless it is
   * frame `not` (the one arriving): its buffered cells leave as drops for `reason`, except its
   * EOM when keepEom (it still delimits the frame at the receiver), and if it is still arriving
   * the rest of it is discarded. The rule's inputs are the occupancy before, K, and the VC whose
   * cell takes the place. Returns whether any cell left the buffer. (Not at an edge switch that
   * merges frames, whose scheduler holds whole frames: there the arriving cell overflows.)
   */
  dropHeadFrame(t: Time, not: number, reason: number): boolean {
    if (this.frameEnds) return false;
    const head = this.frontScratch;
    if (!this.store.front(this.nVc, head)) return false;
    const q = head[0];
    const f = head[1] >> 1;
    if (f === not) return false;
    const eoms = this.eomScratch;
    eoms.length = 0;
    const adm = this.admission;
    const taker = this.frames.vc[not];
    this.store.dropFrame(q, f, adm.keepEom, eoms);
    if (eoms.length === 0) return false;
    writeRule(adm.rule, this.c, q, this.K, taker);
    const clp = this.frames.clp[f];
    for (const eom of eoms) {
      this.c.move(q, f, clp, -1, false);
      // An EOM taken from the buffer: the frame has lost its end (drop() resolves the frame).
      this.drop(t, q, f, reason, eom === 1);
    }
    if (this.arrivals.curFrame[q] === f) {
      adm.mode[q] = DISCARD;
      adm.modeReason[q] = reason;
    }
    if (this.c.X === 0) this.emptied(t);
    return true;
  }

  thresholds() {
    return this.admission.policy.thresholds();
  }

  /** The policy's per-VC limit for VC `vc` in cells, or NaN where it has none. */
  perVcLimit(vc: number): number {
    const policy = this.admission.policy;
    return policy.perVcLimit ? policy.perVcLimit(this.c, vc) : NaN;
  }

  /**
   * Replaces the buffer-acceptance policy mid-run (the app's "live" changes). Frames already
   * being accepted or discarded finish under the old decision; the next first cell of each VC
   * is judged by the new policy.
   */
  setPolicy(policy: BufferPolicy): void {
    this.admission.setPolicy(policy);
    this.watchDepartures = !!policy.watchesDepartures;
  }

  /**
   * Writes the queue of each buffered cell (VC index, or nVc for background) into `out` in
   * arrival order, oldest first, and returns how many were written (at most out.length; the
   * oldest are kept).
   */
  snapshot(out: Uint16Array): number {
    return this.store.snapshot(out);
  }
}
