import type { Admission } from '../admission';
import type { Arrivals } from '../arrivals';
import type { FifoStore } from '../fifoStore';
import type { Forwarding } from '../forwarding';
import type { FramePool } from '../frames';
import { FrameFlag } from '../frames';
import type { PortCounts } from '../portCounts';
import { ACCEPT } from '../portTypes';
import type { PortWindows } from '../windows/scan';
import { MIN_WINDOW } from '../windows/scan';
import type { KernelHost, SlotKernel } from './types';
import { idleJump } from './types';

/** Every PROBE_TRIES window attempts, the slots they ran are weighed: under MIN_YIELD slots an
 * attempt (windows cut short by frames starting and ending on many VCs, as in S1's DFBA runs
 * with 100 TCPs), the kernel runs the next PAUSE_SLOTS slots one by one, which measured
 * faster; long windows (S0's FIFO, some 14 slots an attempt) keep running. */
const PROBE_TRIES = 256;
const MIN_YIELD = 8;
const PAUSE_SLOTS = 65536;

/**
 * Arrival order into a FIFO, with windows (S1 DFBA, the S0 FIFO tables, S1 and S3 in order of
 * arrival instant): the slot loop of port.ts for a port with no background, no route beyond
 * it and no policy that watches departures. Where a window of slots may start (windows/fifo.ts)
 * it runs; every other slot takes the cells due by its start in order of arrival instant, then
 * stream index (the streams' heap: arrivals.ts arriveRun taken cell by cell), and sends the
 * FIFO's head cell. A cell that is a frame's first or last, beyond MFS, refused, or an EOM
 * leaving goes through the composed mechanisms, one call per cell; the middle cells of
 * accepted frames, the bulk, never leave this loop.
 */
export class ArrivalFifoKernel implements SlotKernel {
  readonly name = 'arrival-fifo';
  /** Window attempts since the last look, the slots they ran, and the slot before which no
   * window is tried (a speed choice alone: a window has exactly the results of its slots). */
  private tries = 0;
  private yielded = 0;
  private pauseUntil = 0;

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
    private readonly win: PortWindows,
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
    const curFrame = a.curFrame;
    const nextCell = a.nextCell;
    const adm = this.adm;
    const mode = adm.mode;
    const mfs = adm.mfs;
    const gcra = adm.gcra;
    const fwd = this.fwd;
    const win = this.win;
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
    for (;;) {
      let tn = n * S;
      if (tn >= host.stopAt) break;
      if (X > MIN_WINDOW && n >= win.from && n >= this.pauseUntil) {
        this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
        const L = win.run(n);
        this.tries++;
        this.yielded += L;
        if (this.tries === PROBE_TRIES) {
          // Short windows cost more than the slots they run: none is tried for a while.
          if (this.yielded < PROBE_TRIES * MIN_YIELD) this.pauseUntil = n + PAUSE_SLOTS;
          this.tries = 0;
          this.yielded = 0;
        }
        // Reloaded even when no whole slot ran: a window cut short by a full buffer in its
        // first slot has let that slot's earlier cells in (windows/fifo.ts).
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
          this.flush(X, na, x1, accepted, departed, peak, maxX, head, count, pushed);
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
          streams.set(s, frames.firstArrival[f] + (k + 1) * frames.interval[f]);
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
