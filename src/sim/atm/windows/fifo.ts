import type { Time } from '../../core/time';
import { ACCEPT } from '../portTypes';
import type { FifoStore } from '../fifoStore';
import { FrameFlag } from '../frames';
import type { PortParts, PortWindows } from './scan';
import { MIN_WINDOW, WindowScan } from './scan';

/**
 * Windows of a FIFO port: the arriving cells join the FIFO's ring in arrival order and the
 * window's slots send its head cells.
 */
export class FifoWindows implements PortWindows {
  private readonly scan: WindowScan;

  constructor(
    private readonly p: PortParts,
    private readonly fifo: FifoStore,
  ) {
    this.scan = new WindowScan(p);
  }

  get from(): number {
    return this.scan.from;
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
  run(n: number): number {
    const p = this.p;
    const scan = this.scan;
    const fifo = this.fifo;
    if (fifo.dead > 0) return 0;
    const S = p.clock.slot;
    let L = p.c.X - 1; // the buffer never empties
    const untilEom = fifo.untilEom(); // the oldest EOM leaves in slot n + untilEom
    if (untilEom < L) L = untilEom;
    if (L < MIN_WINDOW) return scan.none(n, L);
    const m = scan.limit(n);
    if (m < L) L = m;
    if (L < MIN_WINDOW) return scan.none(n, L);
    L = scan.streams(n, L, false);
    if (L < MIN_WINDOW) return scan.none(n, L);
    const nAct = scan.count;
    const tLast = (n + L - 1) * S;
    const slots = this.arrivals(n, L, tLast, nAct);
    this.departures(slots);
    const streams = p.arrivals.streams;
    for (let i = 0; i < nAct; i++) streams.set(scan.vc[i], scan.key[i]);
    return slots;
  }

  /**
   * The arrivals of a window of L slots from slot n: streams scan.vc[0..nAct) send their cells
   * due by tLast, each up to (not including) cell scan.end[i]. Returns the whole slots of the
   * window: L, or fewer when a cell would find the buffer full.
   */
  private arrivals(n: number, L: number, tLast: Time, nAct: number): number {
    const p = this.p;
    const c = p.c;
    const xi = c.xi;
    const frames = p.frames;
    const queued = frames.queued;
    const fifo = this.fifo;
    const a = p.arrivals;
    const adm = p.admission;
    const act = this.scan.vc;
    const actEnd = this.scan.end;
    const actKey = this.scan.key;
    const nextCell = a.nextCell;
    const gcra = adm.gcra;
    const S = p.clock.slot;
    const K = p.K;
    const X0 = c.X;
    // The counts and the FIFO's ring in locals (PortCounts.move, notePeak and FifoStore.push
    // inline), written back before a drop, which reports them, and at the end.
    let X = X0;
    let na = c.na;
    let x1 = c.x1;
    let accepted = c.accepted;
    let peak = c.peakSinceEmpty;
    let maxX = c.maxX;
    let head = fifo.head;
    let count = fifo.count;
    let pushed = fifo.pushed;
    let mask = fifo.mask;
    let words = fifo.word;
    let queues = fifo.queue;
    let j = n;
    let tj = n * S;
    let taken = 0;
    let slots = L;
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
      const f = a.curFrame[vc];
      const k = nextCell[vc];
      while (bt > tj) tj = ++j * S;
      const accept = adm.mode[vc] === ACCEPT;
      // A full buffer: the window ends at the start of this slot.
      if (accept && X0 + taken - (j - n) >= K) {
        slots = j - n;
        break;
      }
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      const clp = frames.clp[f];
      c.arrivedByClp[clp]++;
      if (accept) {
        if (count > mask) {
          // The ring is full: FifoStore.push grows it.
          fifo.head = head;
          fifo.count = count;
          fifo.pushed = pushed;
          fifo.push(vc, f << 1, bt);
          count = fifo.count;
          pushed = fifo.pushed;
          head = fifo.head;
          mask = fifo.mask;
          words = fifo.word;
          queues = fifo.queue;
        } else {
          const r = (head + count) & mask;
          words[r] = f << 1;
          queues[r] = vc;
          count++;
          pushed++;
        }
        const x = xi[vc];
        xi[vc] = x + 1;
        if (x === 0) na++;
        X++;
        if (clp) x1++;
        queued[f]++;
        accepted++;
        // The occupancy right after this cell, the slots before it having sent one cell each.
        const o = X0 + ++taken - (j - n);
        if (o > peak) {
          peak = o;
          if (o > maxX) maxX = o;
        }
      } else {
        c.X = X;
        c.na = na;
        c.x1 = x1;
        c.accepted = accepted;
        c.peakSinceEmpty = peak;
        c.maxX = maxX;
        fifo.count = count;
        fifo.pushed = pushed;
        p.ops.drop(bt, vc, f, adm.modeReason[vc], false);
        X = c.X;
        na = c.na;
        x1 = c.x1;
        accepted = c.accepted;
        peak = c.peakSinceEmpty;
        maxX = c.maxX;
        count = fifo.count;
        pushed = fifo.pushed;
      }
      nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, as in arrive().
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
    c.X = X;
    c.na = na;
    c.x1 = x1;
    c.accepted = accepted;
    c.peakSinceEmpty = peak;
    c.maxX = maxX;
    fifo.count = count;
    fifo.pushed = pushed;
    return slots;
  }

  /** The departures of a window: L cells from the head of the FIFO, none of them an EOM
   * (FifoStore.shift and PortCounts.move inline, on locals written back at the end and before
   * a headless frame is resolved). */
  private departures(L: number): void {
    const p = this.p;
    const c = p.c;
    const xi = c.xi;
    const fifo = this.fifo;
    const frames = p.frames;
    const clps = frames.clp;
    const queued = frames.queued;
    const departedF = frames.departed;
    const flags = frames.flags;
    const words = fifo.word;
    const queues = fifo.queue;
    const mask = fifo.mask;
    let head = fifo.head;
    let count = fifo.count;
    let X = c.X;
    let na = c.na;
    let x1 = c.x1;
    let departed = c.departed;
    for (let i = 0; i < L; i++) {
      const q = queues[head];
      const f = words[head] >> 1;
      head = (head + 1) & mask;
      count--;
      const x = xi[q] - 1;
      xi[q] = x;
      if (x === 0) na--;
      X--;
      if (clps[f]) x1--;
      queued[f]--;
      departedF[f]++;
      departed++;
      if (flags[f] & FrameFlag.EOM_DROPPED && queued[f] === 0 && frames.pending[f] === 0) {
        fifo.head = head;
        fifo.count = count;
        c.X = X;
        c.na = na;
        c.x1 = x1;
        c.departed = departed;
        p.forwarding.resolveHeadless(q, f);
        head = fifo.head;
        count = fifo.count;
        X = c.X;
        na = c.na;
        x1 = c.x1;
        departed = c.departed;
      }
    }
    fifo.head = head;
    fifo.count = count;
    c.X = X;
    c.na = na;
    c.x1 = x1;
    c.departed = departed;
  }
}
