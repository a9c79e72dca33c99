import type { Admission } from '../admission';
import type { Arrivals } from '../arrivals';
import type { FifoStore } from '../fifoStore';
import type { Forwarding } from '../forwarding';
import type { FramePool } from '../frames';
import { FrameFlag } from '../frames';
import type { PortCounts } from '../portCounts';
import { ACCEPT } from '../portTypes';
import type { KernelHost, SlotKernel } from './types';

/**
 * Random arrival order into a FIFO (S1's LAN and WAN tables, S3 GFR, SD with 15 sources): the
 * slot loop of port.ts with arrivals.ts arriveRandom, the FIFO's push and shift and the counts'
 * move inline, for a port with no background, no route beyond it and no policy that watches
 * departures. Each slot lists the streams due by its start from the streams that have a next
 * cell (StreamHeap.live, in stream order) and draws among them as arrivalOrder.ts does, so the
 * random draws are those of the composed loop. A cell that is a frame's first or last, beyond
 * MFS, refused, or an EOM leaving goes through the composed mechanisms, one call per cell; the
 * middle cells of accepted frames, the bulk, never leave this loop.
 */
export class RandomFifoKernel implements SlotKernel {
  readonly name = 'random-fifo';

  constructor(
    private readonly host: KernelHost,
    private readonly slot: number,
    private readonly K: number,
    private readonly c: PortCounts,
    private readonly frames: FramePool,
    private readonly fifo: FifoStore,
    private readonly a: Arrivals,
    private readonly adm: Admission,
    private readonly fwd: Forwarding,
    private readonly cand: Int32Array,
  ) {}

  run(n: number): number {
    const host = this.host;
    const S = this.slot;
    const K = this.K;
    const c = this.c;
    const xi = c.xi;
    const frames = this.frames;
    const fifo = this.fifo;
    const a = this.a;
    const streams = a.streams;
    const key = streams.key;
    const live = streams.live;
    const curFrame = a.curFrame;
    const nextCell = a.nextCell;
    const rng = a.tieRng!;
    const adm = this.adm;
    const mode = adm.mode;
    const mfs = adm.mfs;
    const gcra = adm.gcra;
    const cand = this.cand;
    for (;;) {
      let tn = n * S;
      if (tn >= host.stopAt) break;
      if (c.X === 0) {
        // Idle link: jump to the slot of the next arrival.
        const ta = streams.topKey();
        let m = ta === Infinity ? Infinity : Math.ceil(ta / S);
        const mLimit = Math.ceil(host.stopAt / S);
        if (m > mLimit) m = mLimit;
        if (m > n) {
          host.skipSlots(n, m);
          n = m;
          tn = n * S;
          if (tn >= host.stopAt) break;
        }
      }
      // The streams due by tn, in stream order (arrivalOrder.ts dueStreams).
      let nd = 0;
      const nLive = streams.nLive;
      for (let i = 0; i < nLive; i++) {
        const s = live[i];
        if (key[s] <= tn) cand[nd++] = s;
      }
      while (nd > 0) {
        // arrivalOrder.ts pickDue: a uniform draw when two or more are due.
        const i = nd === 1 ? 0 : Math.floor(rng.next() * nd);
        const s = cand[i];
        const f = curFrame[s];
        const k = nextCell[s];
        if (k === 0 || k >= frames.cells[f] - 1 || k >= mfs || mode[s] !== ACCEPT || c.X >= K) {
          a.arrive(s);
        } else {
          // A middle cell of an accepted frame, into a buffer with room (Arrivals.arrive,
          // SwitchPort.enqueue, FifoStore.push, PortCounts.move and notePeak).
          if (gcra !== undefined) gcra.laterCell(s, key[s]);
          const clp = frames.clp[f];
          c.arrivedByClp[clp]++;
          if (fifo.count > fifo.mask) fifo.push(s, f << 1, 0);
          else {
            const j = (fifo.head + fifo.count) & fifo.mask;
            fifo.word[j] = f << 1;
            fifo.queue[j] = s;
            fifo.count++;
            fifo.pushed++;
          }
          const x = xi[s];
          xi[s] = x + 1;
          if (x === 0) c.na++;
          const X = c.X + 1;
          c.X = X;
          if (clp) c.x1++;
          frames.queued[f]++;
          c.accepted++;
          if (X > c.peakSinceEmpty) {
            c.peakSinceEmpty = X;
            if (X > c.maxX) c.maxX = X;
          }
          nextCell[s] = k + 1;
          // Computed from the frame's start, not accumulated, as in arrive().
          key[s] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
        }
        if (key[s] > tn) {
          // arrivalOrder.ts dropDue.
          for (let j = i + 1; j < nd; j++) cand[j - 1] = cand[j];
          nd--;
        }
      }
      if (tn >= host.nextSample) host.sampleSlot(tn);
      const q = fifo.headQueue();
      if (q < 0) host.idleSlots++;
      else if (fifo.word[fifo.head] & 1) host.depart(q, tn);
      else this.departMiddle(q, tn);
      n++;
    }
    return n;
  }

  /** A cell that is not its frame's EOM leaves from the head of the FIFO (SwitchPort.depart,
   * FifoStore.shift, PortCounts.move, Forwarding.sent). */
  private departMiddle(q: number, tn: number): void {
    const c = this.c;
    const fifo = this.fifo;
    const frames = this.frames;
    const f = fifo.word[fifo.head] >> 1;
    fifo.head = (fifo.head + 1) & fifo.mask;
    fifo.count--;
    const x = c.xi[q] - 1;
    c.xi[q] = x;
    if (x === 0) c.na--;
    c.X--;
    if (frames.clp[f]) c.x1--;
    frames.queued[f]--;
    frames.departed[f]++;
    c.departed++;
    if (c.X === 0) this.host.emptied(tn);
    if (
      frames.flags[f] & FrameFlag.EOM_DROPPED &&
      frames.queued[f] === 0 &&
      frames.pending[f] === 0
    )
      this.fwd.resolveHeadless(q, f);
  }
}
