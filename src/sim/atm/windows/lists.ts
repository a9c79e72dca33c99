import type { Time } from '../../core/time';
import { ACCEPT } from '../portTypes';
import type { ListStore } from '../cellStore';
import { FrameFlag } from '../frames';
import type { PortParts, PortWindows } from './scan';
import { MIN_WINDOW, WindowScan, cellsBy } from './scan';

/**
 * Windows of a port with per-VC cell lists and a scheduler that serves the non-empty queues in
 * a fixed cycle (round robin). In the window no queue empties, sends its EOM, or joins the
 * cycle (a cell accepted into an empty queue ends it), so slot i sends the head cell of queue
 * cycle[i mod n]; the arriving cells are those a FIFO window allows; and no arrival finds the
 * buffer full, the occupancy after each slot's arrivals being counted from a histogram of the
 * accepted cells per slot. Each VC's cells join its own list in order.
 */
export class ListWindows implements PortWindows {
  private readonly scan: WindowScan;
  /** Frames to resolve after a window's sends: (slot offset, queue, frame) triples. */
  private readonly headless: number[] = [];
  /** Scratch: the scheduler's cycle, and accepted cells per slot. */
  private readonly order: Int32Array;
  private readonly hist: Int32Array;

  constructor(
    private readonly p: PortParts,
    private readonly lists: ListStore,
  ) {
    this.scan = new WindowScan(p);
    this.order = new Int32Array(p.nVc + 1);
    this.hist = new Int32Array(Math.max(1, p.K));
  }

  get from(): number {
    return this.scan.from;
  }

  run(n: number): number {
    const p = this.p;
    const scan = this.scan;
    const lists = this.lists;
    const S = p.clock.slot;
    const c = p.c;
    let L = scan.limit(n);
    if (c.X - 1 < L) L = c.X - 1;
    if (L < MIN_WINDOW) return scan.none(n, L);
    const order = this.order;
    const na = lists.sched.cycle!(order);
    if (na === 0) return 0;
    const xi = c.xi;
    const nVc = p.nVc;
    // Queue at place p sends in slots n + p, n + p + na, …: stop before it would send its last
    // cell or its oldest EOM.
    for (let i = 0; i < na && i < L; i++) {
      const q = order[i];
      if (q >= nVc) return 0;
      const need = Math.floor((L - 1 - i) / na) + 1;
      let sends = xi[q] - 1;
      const eoms = lists.qEoms[q];
      if (eoms.length > 0) {
        const untilEom = (eoms.peek() - lists.qOut[q]) | 0;
        if (untilEom < sends) sends = untilEom;
      }
      if (sends < need) {
        L = i + na * sends;
        if (L < MIN_WINDOW) return scan.none(n, L);
      }
    }
    L = scan.streams(n, L, true);
    if (L < MIN_WINDOW) return scan.none(n, L);
    const nAct = scan.count;
    const act = scan.vc;
    const actEnd = scan.end;
    const a = p.arrivals;
    const mode = p.admission.mode;
    const frames = p.frames;
    let tLast = (n + L - 1) * S;
    // Accepted cells per slot; the window ends before a slot whose arrivals would overflow.
    // (Needless when all of them together would neither fill the buffer nor set a new peak.)
    let total = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (mode[vc] !== ACCEPT) continue;
      const f = a.curFrame[vc];
      const first = frames.firstArrival[f];
      total += cellsBy(first, frames.interval[f], a.nextCell[vc], actEnd[i], tLast);
    }
    if (c.X + total > p.K || c.X + total > c.peakSinceEmpty) {
      L = this.peak(n, L, nAct);
      if (L < MIN_WINDOW) return scan.none(n, L);
      tLast = (n + L - 1) * S;
    }
    // Departures first (the cells sent were all queued before the window, and their slots
    // serve the arrivals): place i sends ⌊(L − 1 − i)/na⌋ + 1 cells.
    for (let i = 0; i < na && i < L; i++) {
      this.send(order[i], Math.floor((L - 1 - i) / na) + 1, i, na);
    }
    this.resolveSent();
    lists.sched.skip!(L);
    this.arrivals(tLast, nAct);
    for (let i = 0; i < nAct; i++) a.streams.set(act[i], scan.key[i]);
    return L;
  }

  /** Of a window of L slots from slot n: the slots before the first whose accepted arrivals
   * would overflow the buffer; records the peak occupancy over them. */
  private peak(n: number, L: number, nAct: number): number {
    const p = this.p;
    const S = p.clock.slot;
    const a = p.arrivals;
    const mode = p.admission.mode;
    const frames = p.frames;
    const act = this.scan.vc;
    const actEnd = this.scan.end;
    const tLast = (n + L - 1) * S;
    const hist = this.hist;
    hist.fill(0, 0, L);
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (mode[vc] !== ACCEPT) continue;
      const f = a.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      let j = n;
      let tj = n * S;
      for (let k = a.nextCell[vc]; k < actEnd[i]; k++) {
        const t = first + k * interval;
        if (t > tLast) break;
        while (t > tj) tj = ++j * S;
        hist[j - n]++;
      }
    }
    const c = p.c;
    let x = c.X;
    let peak = c.peakSinceEmpty;
    for (let i = 0; i < L; i++) {
      x += hist[i];
      if (x > p.K) {
        L = i;
        break;
      }
      if (x > peak) peak = x;
      x--;
    }
    c.notePeak(peak);
    return L;
  }

  /** The arrivals of a window: accepted cells join their VC's list, stream by stream; refused
   * ones are dropped in order of arrival instant, then stream index. */
  private arrivals(tLast: Time, nAct: number): void {
    const p = this.p;
    const c = p.c;
    const lists = this.lists;
    const frames = p.frames;
    const a = p.arrivals;
    const adm = p.admission;
    const act = this.scan.vc;
    const actEnd = this.scan.end;
    const actKey = this.scan.key;
    const gcra = adm.gcra;
    let discarding = 0;
    for (let i = 0; i < nAct; i++) {
      const vc = act[i];
      if (adm.mode[vc] !== ACCEPT) {
        discarding++;
        continue;
      }
      const f = a.curFrame[vc];
      const first = frames.firstArrival[f];
      const interval = frames.interval[f];
      const clp = frames.clp[f];
      const word = f << 1;
      let k = a.nextCell[vc];
      let t = actKey[i];
      let tail = lists.qTail[vc];
      const end = actEnd[i];
      const freeStack = lists.freeStack;
      const cellWord = lists.cellWord;
      const cellNext = lists.cellNext;
      const cellQueue = lists.cellQueue;
      const cellStamp = lists.cellStamp;
      let top = lists.freeTop;
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
      lists.freeTop = top;
      const n = k - a.nextCell[vc];
      lists.qTail[vc] = tail;
      lists.qIn[vc] = (lists.qIn[vc] + n) | 0;
      c.move(vc, f, clp, n, false);
      c.arrive(clp, n);
      a.nextCell[vc] = k;
      actKey[i] = t;
    }
    while (discarding > 0) {
      let best = -1;
      let bt = tLast;
      for (let i = 0; i < nAct; i++) {
        const t = actKey[i];
        if (
          adm.mode[act[i]] !== ACCEPT &&
          t <= bt &&
          (best < 0 || t < bt) &&
          a.nextCell[act[i]] < actEnd[i]
        ) {
          bt = t;
          best = i;
        }
      }
      if (best < 0) break;
      const vc = act[best];
      const f = a.curFrame[vc];
      const k = a.nextCell[vc];
      if (gcra !== undefined) gcra.laterCell(vc, bt);
      c.arrive(frames.clp[f], 1);
      p.ops.drop(bt, vc, f, adm.modeReason[vc], false);
      a.nextCell[vc] = k + 1;
      actKey[best] = frames.firstArrival[f] + (k + 1) * frames.interval[f];
    }
  }

  /** Queue q, at place i of a cycle of na queues, sends `count` cells in a window: none is its
   * last or an EOM. The counts move once per frame: a queue's cells of one frame are
   * consecutive. A frame whose EOM was lost and whose last cell leaves here is noted with the
   * slot it leaves in (i + na·(sends − 1)), to be resolved in slot order (resolveSent). */
  private send(q: number, count: number, place: number, na: number): void {
    const c = this.p.c;
    const lists = this.lists;
    const frames = this.p.frames;
    const cellWord = lists.cellWord;
    const cellNext = lists.cellNext;
    const freeStack = lists.freeStack;
    lists.qOut[q] = (lists.qOut[q] + count) | 0;
    let slot = lists.qHead[q];
    let top = lists.freeTop;
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
      c.move(q, f, frames.clp[f], -run, true);
      if (
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.queued[f] === 0 &&
        frames.pending[f] === 0
      )
        this.headless.push(place + na * (i - 1), q, f);
    }
    lists.qHead[q] = slot;
    lists.freeTop = top;
  }

  /**
   * Resolves the frames send() noted, in the order of the slots their last cells left in, as
   * the slot-by-slot run does. (The order is seen: the frame records go back to the pool last
   * in, first out, and the next frames' record numbers tell loss events apart.)
   */
  private resolveSent(): void {
    const h = this.headless;
    if (h.length === 0) return;
    const n = h.length / 3;
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => h[3 * a] - h[3 * b]);
    for (const i of order) this.p.forwarding.resolveHeadless(h[3 * i + 1], h[3 * i + 2]);
    h.length = 0;
  }
}
