import type { ListStore } from '../cellStore';
import { FrameFlag } from '../frames';
import { ACCEPT } from '../portTypes';
import type { RoundRobinScheduler } from '../schedulers/roundRobin';
import type { PortParts, PortWindows } from '../windows/scan';
import { MIN_WINDOW } from '../windows/scan';
import type { KernelHost, SlotKernel } from './types';
import { idleJump } from './types';

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
    private readonly p: PortParts,
    private readonly lists: ListStore,
    private readonly rr: RoundRobinScheduler,
    private readonly win: PortWindows,
  ) {}

  run(n: number): number {
    const { host, p, lists, rr, win } = this;
    const S = p.clock.slot;
    const K = p.K;
    const c = p.c;
    const xi = c.xi;
    const frames = p.frames;
    const { cellWord, cellNext, cellQueue, cellStamp, freeStack, qHead, qTail, qIn, qOut } = lists;
    const rrNext = rr.next;
    const a = p.arrivals;
    const streams = a.streams;
    const key = streams.key;
    const { curFrame, nextCell } = a;
    const adm = p.admission;
    const { mode, mfs, gcra } = adm;
    // The occupancy, the free stack's top and the scheduler's turn in locals, written back
    // before every call into the composed mechanisms (which read and move them) and read again
    // after it; the inline paths leave N_a alone (no queue joins or leaves the cycle in them).
    let X = c.X;
    let top = lists.freeTop;
    let cur = rr.current;
    for (;;) {
      let tn = n * S;
      if (tn >= host.stopAt) break;
      if (X > MIN_WINDOW && n >= win.from) {
        this.flush(X, top, cur);
        const L = win.run(n);
        X = c.X;
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
        const m = idleJump(streams.topKey(), S, host.stopAt);
        if (m > n) {
          this.flush(X, top, cur);
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
          this.flush(X, top, cur);
          a.arrive(s);
          X = c.X;
          top = lists.freeTop;
          cur = rr.current;
          continue;
        }
        // A middle cell of an accepted frame, into a buffer with room and a queue already in
        // the cycle (Arrivals.arrive, SwitchPort.enqueue, ListStore.push, whose
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
        if (clp) c.x1++;
        frames.queued[f]++;
        c.accepted++;
        c.notePeak(X);
        nextCell[s] = k + 1;
        // Computed from the frame's start, not accumulated, as in arrive().
        streams.set(s, frames.firstArrival[f] + (k + 1) * frames.interval[f]);
      }
      if (tn >= host.nextSample) {
        this.flush(X, top, cur);
        host.sampleSlot(tn);
      }
      // The queue whose turn it is (RoundRobinScheduler.dequeue).
      const q = cur;
      const x = q < 0 ? 0 : xi[q];
      const cell = x > 1 ? qHead[q] : -1;
      const w = cell < 0 ? 1 : cellWord[cell];
      if (q < 0) host.idleSlots++;
      else if (w & 1) {
        // An EOM leaves, or the queue empties (it leaves the cycle), or a purge emptied it:
        // RoundRobinScheduler.dequeue and SwitchPort.depart.
        this.flush(X, top, cur);
        const d = rr.dequeue();
        if (d < 0) host.idleSlots++;
        else host.depart(d, tn);
        X = c.X;
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
        if (frames.clp[f]) c.x1--;
        frames.queued[f]--;
        frames.departed[f]++;
        c.departed++;
        if (
          frames.flags[f] & FrameFlag.EOM_DROPPED &&
          frames.queued[f] === 0 &&
          frames.pending[f] === 0
        ) {
          this.flush(X, top, cur);
          p.forwarding.resolveHeadless(q, f);
        }
      }
      n++;
    }
    this.flush(X, top, cur);
    return n;
  }

  /** Writes the kernel's locals back into the counts, the cell lists and the scheduler. */
  private flush(X: number, top: number, cur: number): void {
    this.p.c.X = X;
    this.lists.freeTop = top;
    this.rr.current = cur;
  }
}
