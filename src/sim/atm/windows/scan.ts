import type { Time } from '../../core/time';
import { ACCEPT } from '../portTypes';
import type { Admission } from '../admission';
import type { Arrivals } from '../arrivals';
import { Drop } from '../dropReasons';
import type { Forwarding } from '../forwarding';
import type { FramePool } from '../frames';
import type { PortCounts } from '../portCounts';
import type { PortClock, PortOps } from '../portTypes';

/** The parts of a port its windows work on (built by the port, handed to their constructors). */
export interface PortParts {
  readonly K: number;
  readonly nVc: number;
  readonly clock: PortClock;
  readonly c: PortCounts;
  readonly frames: FramePool;
  readonly arrivals: Arrivals;
  readonly admission: Admission;
  readonly forwarding: Forwarding;
  readonly ops: PortOps;
}

/** Fewest slots worth running as one window. */
export const MIN_WINDOW = 4;

/** How many of cells k0, k0+1, … < kEnd of a frame (cell k at first + k·interval) arrive by
 * tLast. The same products as the arrival times, so the boundary cell is counted exactly. */
export function cellsBy(
  first: Time,
  interval: Time,
  k0: number,
  kEnd: number,
  tLast: Time,
): number {
  let e = Math.floor((tLast - first) / interval) + 1;
  if (e > kEnd) e = kEnd;
  if (e < k0) e = k0;
  while (e > k0 && first + (e - 1) * interval > tLast) e--;
  while (e < kEnd && first + e * interval <= tLast) e++;
  return e - k0;
}

/** A way to run many slots of a port in one step (fifo.ts, lists.ts). */
export interface PortWindows {
  /** Runs slots n, n+1, … in one step when nothing in them needs a slot of its own, and
   * returns how many (0: none here). */
  run(n: number): number;
  /** First slot at which a window is tried again (after one that could not start). */
  readonly from: number;
}

/**
 * What the windows of a switch output port share: the bounds of a window (the next
 * event, probe sample, and the arrivals that need a slot of their own) and the scratch list of
 * the streams with cells in it. A window has exactly the results of running its slots one at
 * a time (tests/unit/sim/atm/windows/windows.test.ts compares the two, probes and all).
 */
export class WindowScan {
  /** The streams with cells in the window, their end cells and next arrival instants. */
  readonly vc: Int32Array;
  readonly end: Float64Array;
  readonly key: Float64Array;
  /** How many streams `vc` holds. */
  count = 0;
  /** First slot at which advance() tries a window again (noWindow). */
  from = 0;

  constructor(private readonly p: PortParts) {
    this.vc = new Int32Array(p.nVc);
    this.end = new Float64Array(p.nVc);
    this.key = new Float64Array(p.nVc);
  }

  /** The first slot that starts at or after `t`. */
  slotAtOrAfter(t: Time): number {
    const S = this.p.clock.slot;
    let j = Math.ceil(t / S);
    while (j > 0 && (j - 1) * S >= t) j--;
    while (j * S < t) j++;
    return j;
  }

  /** No window starts at slot n: what stops it (an EOM leaving, a cell that needs arrive(),
   * a sample) falls in slot n + L, so none is tried again before the slot after it. */
  none(n: number, L: number): number {
    this.from = n + (L > 0 ? L : 0) + 1;
    return 0;
  }

  /** The whole slots from slot n before the next event, limit or probe sample. */
  limit(n: number): number {
    const p = this.p;
    let L = this.slotAtOrAfter(p.clock.stopAt) - n;
    if (p.clock.nextSample !== Infinity) {
      const m = this.slotAtOrAfter(p.clock.nextSample) - n;
      if (m < L) L = m;
    }
    return L;
  }

  /**
   * The streams with cells in a window of L slots from slot n, each up to its next cell that
   * needs arrive() (a frame's first or last cell, one beyond MFS, one under partial discard,
   * or, when `joinEnds`, an accepted cell into an empty queue, which joins the scheduler's
   * cycle): the window ends before the slot of any such cell. Writes them into vc, end, key
   * and count, and returns the window's new length (below MIN_WINDOW: none).
   */
  streams(n: number, L: number, joinEnds: boolean): number {
    const p = this.p;
    const S = p.clock.slot;
    const a = p.arrivals;
    const adm = p.admission;
    const key = a.streams.key;
    const frames = p.frames;
    const xi = p.c.xi;
    const act = this.vc;
    const actEnd = this.end;
    const actKey = this.key;
    let tLast = (n + L - 1) * S;
    let nAct = 0;
    for (let vc = 0; vc < p.nVc; vc++) {
      const t = key[vc];
      if (t > tLast) continue;
      const k = a.nextCell[vc];
      let kSpecial = k;
      let tSpecial = t;
      const plain =
        adm.mode[vc] === ACCEPT ? !joinEnds || xi[vc] > 0 : adm.modeReason[vc] !== Drop.PPD;
      if (k > 0 && plain) {
        const f = a.curFrame[vc];
        kSpecial = frames.cells[f] - 1; // the EOM
        if (adm.mfs < kSpecial) kSpecial = adm.mfs; // or the first cell beyond MFS
        tSpecial = frames.firstArrival[f] + kSpecial * frames.interval[f];
      }
      if (tSpecial <= tLast) {
        L = this.slotAtOrAfter(tSpecial) - n;
        if (L < MIN_WINDOW) return L;
        tLast = (n + L - 1) * S;
      }
      if (kSpecial > k) {
        act[nAct] = vc;
        actEnd[nAct] = kSpecial;
        actKey[nAct++] = t;
      }
    }
    this.count = nAct;
    return L;
  }
}
