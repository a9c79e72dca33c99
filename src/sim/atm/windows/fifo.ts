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
    const frames = p.frames;
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
      const f = a.curFrame[vc];
      const k = nextCell[vc];
      while (bt > tj) tj = ++j * S;
      const accept = adm.mode[vc] === ACCEPT;
      // A full buffer: the window ends at the start of this slot.
      if (accept && X0 + taken - (j - n) >= K) return j - n;
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      const clp = frames.clp[f];
      c.arrive(clp, 1);
      if (accept) {
        fifo.push(vc, f << 1, bt);
        c.move(vc, f, clp, 1, false);
        // The occupancy right after this cell, the slots before it having sent one cell each.
        c.notePeak(X0 + ++taken - (j - n));
      } else {
        p.ops.drop(bt, vc, f, adm.modeReason[vc], false);
      }
      nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, as in arrive().
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
    return L;
  }

  /** The departures of a window: L cells from the head of the FIFO, none of them an EOM. */
  private departures(L: number): void {
    const p = this.p;
    const c = p.c;
    const fifo = this.fifo;
    const frames = p.frames;
    for (let i = 0; i < L; i++) {
      const q = fifo.queue[fifo.head];
      const word = fifo.shift();
      const f = word >> 1;
      c.move(q, f, frames.clp[f], -1, true);
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      )
        p.forwarding.resolveHeadless(q, f);
    }
  }
}
