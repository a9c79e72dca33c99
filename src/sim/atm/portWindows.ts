import type { Time } from '../core/time';
import { Drop } from './dropReasons';
import { FrameFlag } from './frames';
import type { PortConfig, PortSink } from './portBase';
import { ACCEPT, PortBase } from './portBase';

/** How many of cells k0, k0+1, … < kEnd of a frame (cell k at first + k·interval) arrive by
 * tLast. The same products as the arrival times, so the boundary cell is counted exactly. */
function cellsBy(first: Time, interval: Time, k0: number, kEnd: number, tLast: Time): number {
  let e = Math.floor((tLast - first) / interval) + 1;
  if (e > kEnd) e = kEnd;
  if (e < k0) e = k0;
  while (e > k0 && first + (e - 1) * interval > tLast) e--;
  while (e < kEnd && first + e * interval <= tLast) e++;
  return e - k0;
}

/** Fewest slots worth running as one window (runWindow). */
export const MIN_WINDOW = 4;

/**
 * The windows of a switch output port (issue 15): many slots in one step, when nothing in them
 * needs a slot of its own, with exactly the results of running them one at a time
 * (tests/unit/windows.test.ts compares the two, probes and all). A FIFO window (runWindow)
 * appends the arriving cells to the FIFO's ring in arrival order and sends its head cells; a
 * round-robin window (runListWindow) appends each VC's cells to its own list and sends from
 * the queues in their fixed cycle.
 */
export abstract class WindowedPort extends PortBase {
  /** Slots run in windows (runWindow), not one at a time: a figure of the engine, not the model. */
  windowSlots = 0;
  /** Scratch of runWindow: the streams with cells in the window and their end cells. */
  protected readonly winVc: Int32Array;
  protected readonly winEnd: Float64Array;
  protected readonly winKey: Float64Array;
  /** How many streams winVc holds. */
  protected winCount = 0;
  /** Frames to resolve after a list window's sends: (slot offset, queue, frame) triples. */
  private readonly headless: number[] = [];
  /** Scratch of runListWindow: the scheduler's cycle, and accepted cells per slot. */
  protected readonly winOrder: Int32Array;
  protected readonly winHist: Int32Array;
  /** First slot at which advance() tries a window again (noWindow). */
  protected windowFrom = 0;

  constructor(cfg: PortConfig, sink: PortSink) {
    super(cfg, sink);
    this.winVc = new Int32Array(cfg.nVc);
    this.winEnd = new Float64Array(cfg.nVc);
    this.winKey = new Float64Array(cfg.nVc);
    this.winOrder = new Int32Array(cfg.nVc + 1);
    this.winHist = new Int32Array(Math.max(1, cfg.K));
  }

  /** The first slot that starts at or after `t`. */
  protected slotAtOrAfter(t: Time): number {
    const S = this.S;
    let j = Math.ceil(t / S);
    while (j > 0 && (j - 1) * S >= t) j--;
    while (j * S < t) j++;
    return j;
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
  protected runWindow(n: number): number {
    const fifo = this.fifo!;
    if (fifo.dead > 0) return 0;
    const S = this.S;
    let L = this.X - 1; // the buffer never empties
    const untilEom = fifo.untilEom(); // the oldest EOM leaves in slot n + untilEom
    if (untilEom < L) L = untilEom;
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    let m = this.slotAtOrAfter(this.stopAt) - n;
    if (m < L) L = m;
    if (this.nextSample !== Infinity) {
      m = this.slotAtOrAfter(this.nextSample) - n;
      if (m < L) L = m;
    }
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    L = this.windowStreams(n, L, false);
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    const nAct = this.winCount;
    const act = this.winVc;
    const actKey = this.winKey;
    const tLast = (n + L - 1) * S;
    const slots = this.windowArrivals(n, L, tLast, nAct);
    this.windowDepartures(slots);
    for (let i = 0; i < nAct; i++) this.streams.set(act[i], actKey[i]);
    return slots;
  }

  /**
   * The streams with cells in a window of L slots from slot n, each up to its next cell that
   * needs arrive() (a frame's first or last cell, one beyond MFS, one under partial discard,
   * or, when `joinEnds`, an accepted cell into an empty queue, which joins the scheduler's
   * cycle): the window ends before the slot of any such cell. Writes them into winVc, winEnd,
   * winKey and winCount, and returns the window's new length (below MIN_WINDOW: none).
   */
  protected windowStreams(n: number, L: number, joinEnds: boolean): number {
    const S = this.S;
    const key = this.streams.key;
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    let tLast = (n + L - 1) * S;
    let nAct = 0;
    for (let vc = 0; vc < this.nVc; vc++) {
      const t = key[vc];
      if (t > tLast) continue;
      const k = this.nextCell[vc];
      let kSpecial = k;
      let tSpecial = t;
      const plain =
        this.mode[vc] === ACCEPT ? !joinEnds || this.xi[vc] > 0 : this.modeReason[vc] !== Drop.PPD;
      if (k > 0 && plain) {
        const f = this.curFrame[vc];
        kSpecial = frames.cells[f] - 1; // the EOM
        if (this.mfs < kSpecial) kSpecial = this.mfs; // or the first cell beyond MFS
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
    this.winCount = nAct;
    return L;
  }

  /**
   * The arrivals of a window of L slots from slot n (runWindow): streams winVc[0..nAct) send
   * their cells due by tLast, each up to (not including) cell winEnd[i]. Returns the whole
   * slots of the window: L, or fewer when a cell would find the buffer full.
   */
  protected windowArrivals(n: number, L: number, tLast: Time, nAct: number): number {
    const frames = this.frames;
    const fifo = this.fifo!;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    const nextCell = this.nextCell;
    const xi = this.xi;
    const gcra = this.gcra;
    const S = this.S;
    const K = this.K;
    const X0 = this.X;
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
      const f = this.curFrame[vc];
      const k = nextCell[vc];
      while (bt > tj) tj = ++j * S;
      const accept = this.mode[vc] === ACCEPT;
      // A full buffer: the window ends at the start of this slot.
      if (accept && X0 + taken - (j - n) >= K) return j - n;
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      const clp = frames.clp[f];
      this.arrivedByClp[clp]++;
      if (accept) {
        fifo.push(f << 1, vc);
        if (xi[vc]++ === 0) this.na++;
        this.X++;
        if (clp) this.x1++;
        frames.queued[f]++;
        this.accepted++;
        // The occupancy right after this cell, the slots before it having sent one cell each.
        const x = X0 + ++taken - (j - n);
        if (x > this.peakSinceEmpty) {
          this.peakSinceEmpty = x;
          if (x > this.maxX) this.maxX = x;
        }
      } else {
        this.drop(bt, vc, f, this.modeReason[vc], false);
      }
      nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, as in arrive().
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
    return L;
  }

  /** No window starts at slot n: what stops it (an EOM leaving, a cell that needs arrive(),
   * a sample) falls in slot n + L, so none is tried again before the slot after it. */
  protected noWindow(n: number, L: number): number {
    this.windowFrom = n + (L > 0 ? L : 0) + 1;
    return 0;
  }

  /** The whole slots from slot n before the next event, limit or probe sample. */
  protected windowLimit(n: number): number {
    let L = this.slotAtOrAfter(this.stopAt) - n;
    if (this.nextSample !== Infinity) {
      const m = this.slotAtOrAfter(this.nextSample) - n;
      if (m < L) L = m;
    }
    return L;
  }

  /**
   * runWindow for a port with per-VC cell lists and a scheduler that serves the non-empty
   * queues in a fixed cycle (round robin). In the window no queue empties, sends its EOM, or
   * joins the cycle (a cell accepted into an empty queue ends it), so slot i sends the head
   * cell of queue cycle[i mod n]; the arriving cells are those runWindow allows; and no
   * arrival finds the buffer full, the occupancy after each slot's arrivals being counted from
   * a histogram of the accepted cells per slot. Each VC's cells join its own list in order.
   */
  protected runListWindow(n: number): number {
    const S = this.S;
    let L = this.windowLimit(n);
    if (this.X - 1 < L) L = this.X - 1;
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    const order = this.winOrder;
    const na = this.sched!.cycle!(order);
    if (na === 0) return 0;
    const xi = this.xi;
    const nVc = this.nVc;
    // Queue at place p sends in slots n + p, n + p + na, …: stop before it would send its last
    // cell or its oldest EOM.
    for (let p = 0; p < na && p < L; p++) {
      const q = order[p];
      if (q >= nVc) return 0;
      const need = Math.floor((L - 1 - p) / na) + 1;
      let sends = xi[q] - 1;
      const eoms = this.qEoms[q];
      if (eoms.length > 0) {
        const untilEom = (eoms.peek() - this.qOut[q]) | 0;
        if (untilEom < sends) sends = untilEom;
      }
      if (sends < need) {
        L = p + na * sends;
        if (L < MIN_WINDOW) return this.noWindow(n, L);
      }
    }
    L = this.windowStreams(n, L, true);
    if (L < MIN_WINDOW) return this.noWindow(n, L);
    const nAct = this.winCount;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    const frames = this.frames;
    let tLast = (n + L - 1) * S;
    // Accepted cells per slot; the window ends before a slot whose arrivals would overflow.
    // (Needless when all of them together would neither fill the buffer nor set a new peak.)
    let total = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) continue;
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      total += cellsBy(first, frames.interval[f], this.nextCell[vc], actEnd[i], tLast);
    }
    if (this.X + total > this.K || this.X + total > this.peakSinceEmpty) {
      L = this.listWindowPeak(n, L, nAct);
      if (L < MIN_WINDOW) return this.noWindow(n, L);
      tLast = (n + L - 1) * S;
    }
    // Departures first (the cells sent were all queued before the window, and their slots
    // serve the arrivals): place p sends ⌊(L − 1 − p)/na⌋ + 1 cells.
    for (let p = 0; p < na && p < L; p++) {
      const q = order[p];
      this.windowSend(q, Math.floor((L - 1 - p) / na) + 1, p, na);
    }
    this.resolveSent();
    this.sched!.skip!(L);
    this.listWindowArrivals(tLast, nAct);
    for (let i = 0; i < nAct; i++) this.streams.set(act[i], actKey[i]);
    return L;
  }

  /** Of a list window of L slots from slot n: the slots before the first whose accepted
   * arrivals would overflow the buffer; records the peak occupancy over them. */
  protected listWindowPeak(n: number, L: number, nAct: number): number {
    const S = this.S;
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const tLast = (n + L - 1) * S;
    const hist = this.winHist;
    hist.fill(0, 0, L);
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) continue;
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      let j = n;
      let tj = n * S;
      for (let k = this.nextCell[vc]; k < actEnd[i]; k++) {
        const t = first + k * interval;
        if (t > tLast) break;
        while (t > tj) tj = ++j * S;
        hist[j - n]++;
      }
    }
    let x = this.X;
    let peak = this.peakSinceEmpty;
    for (let i = 0; i < L; i++) {
      x += hist[i];
      if (x > this.K) {
        L = i;
        break;
      }
      if (x > peak) peak = x;
      x--;
    }
    if (peak > this.peakSinceEmpty) {
      this.peakSinceEmpty = peak;
      if (peak > this.maxX) this.maxX = peak;
    }
    return L;
  }

  /** The arrivals of a list window: accepted cells join their VC's list, stream by stream;
   * refused ones are dropped in order of arrival instant, then stream index. */
  protected listWindowArrivals(tLast: Time, nAct: number): void {
    const frames = this.frames;
    const act = this.winVc;
    const actEnd = this.winEnd;
    const actKey = this.winKey;
    const gcra = this.gcra;
    let discarding = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (this.mode[vc] !== ACCEPT) {
        discarding++;
        continue;
      }
      const f = this.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      const clp = frames.clp[f];
      const word = f << 1;
      let k = this.nextCell[vc];
      let t = actKey[i];
      let tail = this.qTail[vc];
      const end = actEnd[i];
      const freeStack = this.freeStack;
      const cellWord = this.cellWord;
      const cellNext = this.cellNext;
      const cellQueue = this.cellQueue;
      const cellStamp = this.cellStamp;
      let top = this.freeTop;
      while (k < end && t <= tLast) {
        if (gcra !== undefined) gcra.laterCell(vc, t);
        const slot = freeStack[--top];
        cellWord[slot] = word;
        cellQueue[slot] = vc;
        cellStamp[slot] = t;
        cellNext[tail] = slot; // the queue is not empty
        tail = slot;
        k++;
        t = first + k * interval;
      }
      cellNext[tail] = -1;
      this.freeTop = top;
      const c = k - this.nextCell[vc];
      this.qTail[vc] = tail;
      this.qIn[vc] = (this.qIn[vc] + c) | 0;
      this.xi[vc] += c;
      this.X += c;
      if (clp) this.x1 += c;
      frames.queued[f] += c;
      this.accepted += c;
      this.arrivedByClp[clp] += c;
      this.nextCell[vc] = k;
      actKey[i] = t;
    }
    while (discarding > 0) {
      let best = -1;
      let bt = tLast;
      for (let i = 0; i < nAct; i++) {
        const t = actKey[i];
        if (
          this.mode[act[i]] !== ACCEPT &&
          t <= bt &&
          (best < 0 || t < bt) &&
          this.nextCell[act[i]] < actEnd[i]
        ) {
          bt = t;
          best = i;
        }
      }
      if (best < 0) break;
      const vc = act[best];
      const f = this.curFrame[vc];
      const k = this.nextCell[vc];
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      this.arrivedByClp[frames.clp[f]]++;
      this.drop(bt, vc, f, this.modeReason[vc], false);
      this.nextCell[vc] = k + 1;
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
  }

  /** Queue q, at place p of a cycle of na queues, sends `count` cells in a list window: none
   * is its last or an EOM. The counts move once per frame: a queue's cells of one frame are
   * consecutive. A frame whose EOM was lost and whose last cell leaves here is noted with the
   * slot it leaves in (p + na·(sends − 1)), to be resolved in slot order (resolveSent). */
  protected windowSend(q: number, count: number, p: number, na: number): void {
    const frames = this.frames;
    const cellWord = this.cellWord;
    const cellNext = this.cellNext;
    const freeStack = this.freeStack;
    this.qOut[q] = (this.qOut[q] + count) | 0;
    this.X -= count;
    this.xi[q] -= count;
    this.departed += count;
    let slot = this.qHead[q];
    let top = this.freeTop;
    let i = 0;
    while (i < count) {
      const word = cellWord[slot];
      let run = 0;
      do {
        freeStack[top++] = slot;
        slot = cellNext[slot];
        run++;
      } while (++i < count && cellWord[slot] === word);
      const f = word >> 1;
      if (frames.clp[f]) this.x1 -= run;
      frames.queued[f] -= run;
      frames.departed[f] += run;
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      )
        this.headless.push(p + na * (i - 1), q, f);
    }
    this.qHead[q] = slot;
    this.freeTop = top;
  }

  /**
   * Resolves the frames windowSend noted, in the order of the slots their last cells left in,
   * as the slot-by-slot run does. (The order is seen: the frame records go back to the pool
   * last in, first out, and the next frames' record numbers tell loss events apart.)
   */
  protected resolveSent(): void {
    const h = this.headless;
    if (h.length === 0) return;
    const n = h.length / 3;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => h[3 * a] - h[3 * b]);
    for (const i of order) this.resolveHeadless(h[3 * i + 1], h[3 * i + 2]);
    h.length = 0;
  }

  /** The departures of a window: L cells from the head of the FIFO, none of them an EOM. */
  protected windowDepartures(L: number): void {
    const fifo = this.fifo!;
    const frames = this.frames;
    for (let i = 0; i < L; i++) {
      const q = fifo.queue[fifo.head];
      const word = fifo.shift();
      this.X--;
      if (--this.xi[q] === 0) this.na--;
      const f = word >> 1;
      if (frames.clp[f]) this.x1--;
      frames.queued[f]--;
      frames.departed[f]++;
      this.departed++;
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      )
        this.resolveHeadless(q, f);
    }
  }
}
