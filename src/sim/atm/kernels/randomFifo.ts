import type { Admission } from '../admission';
import type { Arrivals } from '../arrivals';
import type { FifoStore } from '../fifoStore';
import type { Forwarding } from '../forwarding';
import type { FramePool } from '../frames';
import { FrameFlag } from '../frames';
import type { PortCounts } from '../portCounts';
import { ACCEPT } from '../portTypes';
import type { KernelHost, SlotKernel } from './types';
import { idleJump } from './types';

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
    const fwd = this.fwd;
    const cand = this.cand;
    // The counts and the FIFO's ring in locals: written back before every call into the
    // composed mechanisms (which read and move them) and read again after it.
    let X = c.X;
    let na = c.na;
    let x1 = c.x1;
    let accepted = c.accepted;
    let departed = c.departed;
    let peak = c.peakSinceEmpty;
    let maxX = c.maxX;
    let head = fifo.head;
    let count = fifo.count;
    let pushed = fifo.pushed;
    let mask = fifo.mask;
    let words = fifo.word;
    let queues = fifo.queue;
    // The earliest next cell of the live streams. Within a run only the stream that sends
    // changes its key (arrivalOrder.ts); the key it is left with is folded in, so mk stays
    // exact and a slot before it has no stream to scan. (Frames are handed to the streams
    // between runs, by events: each run starts from the streams.)
    let mk = streams.topKey();
    for (;;) {
      let tn = n * S;
      if (tn >= host.stopAt) break;
      if (X === 0) {
        // Idle link: jump to the slot of the next arrival.
        const m = idleJump(mk, S, host.stopAt);
        if (m > n) {
          this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
          host.skipSlots(n, m);
          n = m;
          tn = n * S;
          if (tn >= host.stopAt) break;
        }
      }
      // The streams due by tn, in stream order (arrivalOrder.ts dueStreams): none before mk.
      let nd = 0;
      if (tn >= mk) {
        mk = Infinity;
        const nLive = streams.nLive;
        for (let i = 0; i < nLive; i++) {
          const s = live[i];
          const ks = key[s];
          if (ks <= tn) cand[nd++] = s;
          else if (ks < mk) mk = ks;
        }
      }
      while (nd > 0) {
        // arrivalOrder.ts pickDue: a uniform draw when two or more are due.
        const i = nd === 1 ? 0 : Math.floor(rng.next() * nd);
        const s = cand[i];
        const f = curFrame[s];
        const k = nextCell[s];
        if (
          k === 0 ||
          k >= frames.cells[f] - 1 ||
          k >= mfs ||
          mode[s] !== ACCEPT ||
          X >= K ||
          count > mask
        ) {
          this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
          a.arrive(s);
          X = c.X;
          na = c.na;
          x1 = c.x1;
          accepted = c.accepted;
          departed = c.departed;
          peak = c.peakSinceEmpty;
          maxX = c.maxX;
          head = fifo.head;
          count = fifo.count;
          pushed = fifo.pushed;
          mask = fifo.mask;
          words = fifo.word;
          queues = fifo.queue;
        } else {
          // A middle cell of an accepted frame, into a buffer with room (Arrivals.arrive,
          // SwitchPort.enqueue, FifoStore.push, PortCounts.move and notePeak).
          if (gcra !== undefined) gcra.laterCell(s, key[s]);
          const clp = frames.clp[f];
          c.arrivedByClp[clp]++;
          const j = (head + count) & mask;
          words[j] = f << 1;
          queues[j] = s;
          count++;
          pushed++;
          const x = xi[s];
          xi[s] = x + 1;
          if (x === 0) na++;
          X++;
          if (clp) x1++;
          frames.queued[f]++;
          accepted++;
          if (X > peak) {
            peak = X;
            if (X > maxX) maxX = X;
          }
          nextCell[s] = k + 1;
          // Computed from the frame's start, not accumulated, as in arrive().
          key[s] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
        }
        const ks = key[s];
        if (ks > tn) {
          if (ks < mk) mk = ks;
          // arrivalOrder.ts dropDue.
          for (let j = i + 1; j < nd; j++) cand[j - 1] = cand[j];
          nd--;
        }
      }
      if (tn >= host.nextSample) {
        this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
        host.sampleSlot(tn);
      }
      // The oldest live cell (FifoStore.headQueue: purged cells at the head are dropped).
      let q = -1;
      while (count > 0) {
        q = queues[head];
        if (q >= 0) break;
        head = (head + 1) & mask;
        count--;
        fifo.dead--;
        q = -1;
      }
      if (q < 0) host.idleSlots++;
      else {
        const w = words[head];
        const f = w >> 1;
        if (w & 1 || q === xi.length - 1) {
          // An EOM (or a background cell) leaves: SwitchPort.depart.
          this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
          host.depart(q, tn);
          X = c.X;
          na = c.na;
          x1 = c.x1;
          accepted = c.accepted;
          departed = c.departed;
          peak = c.peakSinceEmpty;
          maxX = c.maxX;
          head = fifo.head;
          count = fifo.count;
          pushed = fifo.pushed;
          mask = fifo.mask;
          words = fifo.word;
          queues = fifo.queue;
        } else {
          // A cell that is not its frame's EOM leaves (SwitchPort.depart, FifoStore.shift,
          // PortCounts.move, Forwarding.sent).
          head = (head + 1) & mask;
          count--;
          const x = xi[q] - 1;
          xi[q] = x;
          if (x === 0) na--;
          X--;
          if (frames.clp[f]) x1--;
          frames.queued[f]--;
          frames.departed[f]++;
          departed++;
          if (X === 0) {
            this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
            host.emptied(tn);
            peak = c.peakSinceEmpty;
          }
          if (
            frames.flags[f] & FrameFlag.EOM_DROPPED &&
            frames.queued[f] === 0 &&
            frames.pending[f] === 0
          ) {
            this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
            fwd.resolveHeadless(q, f);
          }
        }
      }
      n++;
    }
    this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
    return n;
  }

  /** Writes the kernel's locals back into the counts and the FIFO, before a call into the
   * composed mechanisms. */
  private flush(
    X: number,
    na: number,
    x1: number,
    accepted: number,
    departed: number,
    peak: number,
    maxX: number,
    head: number,
    count: number,
    pushed: number,
  ): void {
    const c = this.c;
    const fifo = this.fifo;
    c.X = X;
    c.na = na;
    c.x1 = x1;
    c.accepted = accepted;
    c.departed = departed;
    c.peakSinceEmpty = peak;
    c.maxX = maxX;
    fifo.head = head;
    fifo.count = count;
    fifo.pushed = pushed;
  }
}
