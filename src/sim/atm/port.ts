import type { Time } from '../core/time';
import { dropDue, dueStreams, pickDue } from './arrivalOrder';
import { ACCEPT } from './portBase';
import { MIN_WINDOW, WindowedPort } from './portWindows';

export type { PortConfig, PortSink } from './portBase';
export { PortBase } from './portBase';

/**
 * The switch output port: buffer of K cells with per-VC accounting, a
 * buffer-acceptance policy consulted on each frame's first cell, a scheduler, and strictly
 * prioritised background traffic. The output link is slotted: one cell (or an idle slot)
 * every `slot` ps, at times n·slot. Cells arrive from per-VC access streams whose times are
 * known in advance, so the port runs slot by slot between heap events without an event per
 * cell. Per-VC cell order is preserved.
 */
export class SwitchPort extends WindowedPort {
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

  /** With background waiting: does UBR get this slot? Weighted round robin with weight g
   * for UBR (S1's guaranteed fraction); g = 0 is strict priority. */
  protected ubrTurn(): boolean {
    const g = this.cfg.ubrShare;
    if (g <= 0 || this.X - this.xi[this.nVc] === 0) return false;
    this.ubrCredit += g;
    if (this.ubrCredit >= 1) {
      this.ubrCredit -= 1;
      return true;
    }
    return false;
  }

  protected skipSlots(from: number, to: number): void {
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
  protected arriveRun(s: number, tn: Time): void {
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
}
