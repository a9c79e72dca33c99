import type { Admission } from '../admission';
import type { Arrivals } from '../arrivals';
import type { ListStore } from '../cellStore';
import type { Forwarding } from '../forwarding';
import type { FramePool } from '../frames';
import { FrameFlag } from '../frames';
import type { PortCounts } from '../portCounts';
import { ACCEPT } from '../portTypes';
import type { RoundRobinScheduler } from '../schedulers/roundRobin';
import type { PortWindows } from '../windows/scan';
import { MIN_WINDOW } from '../windows/scan';
import type { KernelHost, SlotKernel } from './types';

/**
 * Per-VC cell lists served in round robin, arrival order by instant, with windows (S0's
 * testbed: the ASX-200's per-VC queues): the slot loop of port.ts for a port with no
 * background, no route beyond it and no policy that watches departures. Where a window of
 * slots may start (windows/lists.ts) it runs; every other slot takes the cells due by its
 * start in order of arrival instant, then stream index (the streams' heap, as arrivals.ts
 * arriveRun takes them), and sends the head cell of the queue whose turn it is
 * (schedulers/roundRobin.ts). A cell that is a frame's first or last, beyond MFS, refused, or
 * the first of an empty queue (which joins the cycle), and a departure that is an EOM or
 * empties its queue, go through the composed mechanisms, one call per cell; the middle cells
 * of accepted frames, the bulk, never leave this loop.
 */
export class RoundRobinListsKernel implements SlotKernel {
  readonly name = 'rr-lists';

  constructor(
    private readonly host: KernelHost,
    private readonly slot: number,
    private readonly K: number,
    private readonly c: PortCounts,
    private readonly frames: FramePool,
    private readonly lists: ListStore,
    private readonly rr: RoundRobinScheduler,
    private readonly a: Arrivals,
    private readonly adm: Admission,
    private readonly fwd: Forwarding,
    private readonly win: PortWindows,
  ) {}

  run(n: number): number {
    const host = this.host;
    const S = this.slot;
    const K = this.K;
    const c = this.c;
    const xi = c.xi;
    const frames = this.frames;
    const lists = this.lists;
    const cellWord = lists.cellWord;
    const cellNext = lists.cellNext;
    const cellQueue = lists.cellQueue;
    const cellStamp = lists.cellStamp;
    const freeStack = lists.freeStack;
    const qHead = lists.qHead;
    const qTail = lists.qTail;
    const qIn = lists.qIn;
    const qOut = lists.qOut;
    const rr = this.rr;
    const rrNext = rr.next;
    const a = this.a;
    const streams = a.streams;
    const key = streams.key;
    const curFrame = a.curFrame;
    const nextCell = a.nextCell;
    const adm = this.adm;
    const mode = adm.mode;
    const mfs = adm.mfs;
    const gcra = adm.gcra;
    const fwd = this.fwd;
    const win = this.win;
    // The counts, the free stack's top and the scheduler's turn in locals: written back before
    // every call into the composed mechanisms (which read and move them) and read again after.
    let X = c.X;
    let na = c.na;
    let x1 = c.x1;
    let accepted = c.accepted;
    let departed = c.departed;
    let peak = c.peakSinceEmpty;
    let maxX = c.maxX;
    let top = lists.freeTop;
    let cur = rr.current;
    for (;;) {
      let tn = n * S;
      if (tn >= host.stopAt) break;
      if (X > MIN_WINDOW && n >= win.from) {
        this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
        const L = win.run(n);
        X = c.X;
        na = c.na;
        x1 = c.x1;
        accepted = c.accepted;
        departed = c.departed;
        peak = c.peakSinceEmpty;
        maxX = c.maxX;
        top = lists.freeTop;
        cur = rr.current;
        if (L > 0) {
          host.windowSlots += L;
          n += L;
          continue;
        }
      }
      if (X === 0) {
        // Idle link: jump to the slot of the next arrival.
        const ta = streams.topKey();
        let m = ta === Infinity ? Infinity : Math.ceil(ta / S);
        const mLimit = Math.ceil(host.stopAt / S);
        if (m > mLimit) m = mLimit;
        if (m > n) {
          this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
          host.skipSlots(n, m);
          n = m;
          tn = n * S;
          if (tn >= host.stopAt) break;
        }
      }
      // The cells due by tn, earliest first (ties to the lower stream: the heap's order).
      while (streams.topKey() <= tn) {
        const s = streams.top();
        const f = curFrame[s];
        const k = nextCell[s];
        const x = xi[s];
        if (
          k === 0 ||
          k >= frames.cells[f] - 1 ||
          k >= mfs ||
          mode[s] !== ACCEPT ||
          X >= K ||
          x === 0
        ) {
          this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
          a.arrive(s);
          X = c.X;
          na = c.na;
          x1 = c.x1;
          accepted = c.accepted;
          departed = c.departed;
          peak = c.peakSinceEmpty;
          maxX = c.maxX;
          top = lists.freeTop;
          cur = rr.current;
        } else {
          // A middle cell of an accepted frame, into a buffer with room and a queue that is in
          // the cycle already (Arrivals.arrive, SwitchPort.enqueue, ListStore.push, whose
          // RoundRobinScheduler.enqueue does nothing then, PortCounts.move and notePeak).
          const t = key[s];
          if (gcra !== undefined) gcra.laterCell(s, t);
          const clp = frames.clp[f];
          c.arrivedByClp[clp]++;
          const cell = freeStack[--top];
          cellWord[cell] = f << 1;
          cellNext[cell] = -1;
          cellQueue[cell] = s;
          cellStamp[cell] = t;
          cellNext[qTail[s]] = cell;
          qTail[s] = cell;
          qIn[s] = (qIn[s] + 1) | 0;
          xi[s] = x + 1;
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
          streams.set(s, frames.firstArrival[f] + (k + 1) * frames.interval[f]);
        }
      }
      if (tn >= host.nextSample) {
        this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
        host.sampleSlot(tn);
      }
      // The queue whose turn it is (RoundRobinScheduler.dequeue).
      const q = cur;
      if (q < 0) host.idleSlots++;
      else {
        const x = xi[q];
        const cell = qHead[q];
        const w = x > 1 ? cellWord[cell] : 1;
        if (w & 1) {
          // An EOM leaves, or the queue empties (it leaves the cycle), or a purge emptied it:
          // RoundRobinScheduler.dequeue and SwitchPort.depart.
          this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
          const d = rr.dequeue();
          if (d < 0) host.idleSlots++;
          else host.depart(d, tn);
          X = c.X;
          na = c.na;
          x1 = c.x1;
          accepted = c.accepted;
          departed = c.departed;
          peak = c.peakSinceEmpty;
          maxX = c.maxX;
          top = lists.freeTop;
          cur = rr.current;
        } else {
          // A cell that is neither its frame's EOM nor its queue's last leaves; the next queue
          // of the cycle has the turn (RoundRobinScheduler.dequeue, ListStore.shift,
          // PortCounts.move, Forwarding.sent).
          cur = rrNext[q];
          const f = w >> 1;
          qHead[q] = cellNext[cell];
          freeStack[top++] = cell;
          qOut[q] = (qOut[q] + 1) | 0;
          xi[q] = x - 1;
          X--;
          if (frames.clp[f]) x1--;
          frames.queued[f]--;
          frames.departed[f]++;
          departed++;
          if (
            frames.flags[f] & FrameFlag.EOM_DROPPED &&
            frames.queued[f] === 0 &&
            frames.pending[f] === 0
          ) {
            this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
            fwd.resolveHeadless(q, f);
          }
        }
      }
      n++;
    }
    this.flush(X, na, x1, accepted, departed, peak, maxX, top, cur);
    return n;
  }

  /** Writes the kernel's locals back into the counts, the cell lists and the scheduler, before
   * a call into the composed mechanisms. */
  private flush(
    X: number,
    na: number,
    x1: number,
    accepted: number,
    departed: number,
    peak: number,
    maxX: number,
    top: number,
    cur: number,
  ): void {
    const c = this.c;
    c.X = X;
    c.na = na;
    c.x1 = x1;
    c.accepted = accepted;
    c.departed = departed;
    c.peakSinceEmpty = peak;
    c.maxX = maxX;
    this.lists.freeTop = top;
    this.rr.current = cur;
  }
}
