import { IntQueue } from '../core/intQueue';
import type { Time } from '../core/time';
import type { PortBuffers, Scheduler } from './schedulers/types';

/**
 * The cell storage of a switch output port: which cells its buffer holds, per queue (VCs, then
 * background as queue nVc), and which leaves next. A cell is a word, frame record << 1 | EOM.
 * Two kinds: the FIFO ring (fifoStore.ts), and per-queue cell lists served by a scheduler
 * (ListStore). The counts of the cells are the port's (portCounts.ts), not the storage's.
 */
export interface CellStore {
  readonly name: string;
  /** Appends a cell to queue q; `t` is its arrival instant. */
  push(q: number, word: number, t: Time): void;
  /** The queue whose head cell leaves in this slot, or −1 when none can. */
  nextQueue(): number;
  /** Removes queue q's head cell (the one nextQueue chose) and returns its word. */
  shift(q: number): number;
  /** EUBR+ purge: removes the cells of frame record f from queue vc; returns how many. */
  purge(vc: number, f: number): number;
  /** The oldest buffered cell of the queues below `nQ` (the VCs, not background): writes its
   * queue and word into out[0] and out[1]; false when there is none. */
  front(nQ: number, out: Int32Array): boolean;
  /** Removes the cells of frame record f, the oldest frame of queue q, except its EOM cell when
   * `keepEom`; returns their words' EOM bits, oldest first, through `eoms` (1 = the EOM). */
  dropFrame(q: number, f: number, keepEom: boolean, eoms: number[]): void;
  /** Calls `fn` with the queue of every buffered cell (in arrival order under a FIFO). */
  forEach(fn: (q: number) => void): void;
  /** Writes the queue of each buffered cell into `out` in arrival order, oldest first, and
   * returns how many (at most out.length; the oldest are kept). */
  snapshot(out: Uint16Array): number;
}

/**
 * Cell storage for per-VC schedulers: singly linked cell lists per queue over a pool of cell
 * slots (struct of arrays, a free stack), and the scheduler that picks the queue to serve.
 */
export class ListStore implements CellStore, PortBuffers {
  readonly name: string;
  readonly cellWord: Int32Array;
  readonly cellNext: Int32Array;
  readonly cellQueue: Int32Array;
  /** Arrival order of each buffered cell (for the snapshot): its arrival instant (ties go to
   * the lower queue, as arrivals do), or under random arrival order a counter. */
  readonly cellStamp: Float64Array;
  private stamp = 0;
  readonly freeStack: Int32Array;
  freeTop: number;
  readonly qHead: Int32Array;
  readonly qTail: Int32Array;
  /** Per queue: cells ever appended and removed (wrapping int32), and the ordinal of each EOM
   * in the list, oldest first (for the windows: how many cells a queue sends before an EOM). */
  readonly qIn: Int32Array;
  readonly qOut: Int32Array;
  readonly qEoms: IntQueue[];
  /** Set once built (the scheduler is built over this storage). */
  sched: Scheduler = null as unknown as Scheduler;

  constructor(
    capacity: number,
    nQueues: number,
    /** Cells per queue, as the scheduler reads them (the port's X_i). */
    readonly qlen: Int32Array,
    /** Stamps count arrivals instead of timing them (random arrival order). */
    private readonly randomOrder: boolean,
  ) {
    this.name = 'lists';
    this.cellWord = new Int32Array(capacity);
    this.cellNext = new Int32Array(capacity);
    this.cellQueue = new Int32Array(capacity);
    this.cellStamp = new Float64Array(capacity);
    this.freeStack = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.freeStack[i] = capacity - 1 - i;
    this.freeTop = capacity;
    this.qHead = new Int32Array(nQueues).fill(-1);
    this.qTail = new Int32Array(nQueues).fill(-1);
    this.qIn = new Int32Array(nQueues);
    this.qOut = new Int32Array(nQueues);
    this.qEoms = Array.from({ length: nQueues }, () => new IntQueue(4));
  }

  push(q: number, word: number, t: Time): void {
    const slot = this.freeStack[--this.freeTop];
    this.cellWord[slot] = word;
    this.cellNext[slot] = -1;
    this.cellQueue[slot] = q;
    this.cellStamp[slot] = this.randomOrder ? this.stamp++ : t;
    const tail = this.qTail[q];
    if (tail < 0) this.qHead[q] = slot;
    else this.cellNext[tail] = slot;
    this.qTail[q] = slot;
    if (word & 1) this.qEoms[q].push(this.qIn[q]);
    this.qIn[q] = (this.qIn[q] + 1) | 0;
    this.sched.enqueue(q, slot);
  }

  nextQueue(): number {
    return this.sched.dequeue();
  }

  shift(q: number): number {
    const slot = this.qHead[q];
    const word = this.cellWord[slot];
    this.qHead[q] = this.cellNext[slot];
    if (this.qHead[q] < 0) this.qTail[q] = -1;
    this.freeStack[this.freeTop++] = slot;
    if (word & 1) this.qEoms[q].shift();
    this.qOut[q] = (this.qOut[q] + 1) | 0;
    return word;
  }

  /** The frame VC `vc` is receiving: its cells are the tail of the VC's list. */
  purge(vc: number, f: number): number {
    let prev = -1;
    let c = this.qHead[vc];
    while (c >= 0 && this.cellWord[c] >> 1 !== f) {
      prev = c;
      c = this.cellNext[c];
    }
    if (c < 0) return 0;
    // Unlink the tail from c on.
    if (prev < 0) this.qHead[vc] = -1;
    else this.cellNext[prev] = -1;
    this.qTail[vc] = prev;
    let n = 0;
    while (c >= 0) {
      const next = this.cellNext[c];
      this.freeStack[this.freeTop++] = c;
      this.qIn[vc] = (this.qIn[vc] - 1) | 0;
      n++;
      c = next;
    }
    return n;
  }

  front(nQ: number, out: Int32Array): boolean {
    let best = -1;
    for (let q = 0; q < nQ; q++) {
      const h = this.qHead[q];
      // Ties go to the lower queue, as arrivals do.
      if (h >= 0 && (best < 0 || this.cellStamp[h] < this.cellStamp[best])) best = h;
    }
    if (best < 0) return false;
    out[0] = this.cellQueue[best];
    out[1] = this.cellWord[best];
    return true;
  }

  /** The frame's cells are the head of its queue's list (it is the queue's oldest frame). */
  dropFrame(q: number, f: number, keepEom: boolean, eoms: number[]): void {
    for (;;) {
      const h = this.qHead[q];
      if (h < 0) return;
      const word = this.cellWord[h];
      if (word >> 1 !== f || (keepEom && word & 1)) return;
      eoms.push(this.shift(q) & 1);
    }
  }

  forEach(fn: (q: number) => void): void {
    for (let q = 0; q < this.qHead.length; q++) {
      for (let c = this.qHead[q]; c >= 0; c = this.cellNext[c]) fn(q);
    }
  }

  /** Allocates a scratch array of the buffered cells: a view-rate call, not per cell. */
  snapshot(out: Uint16Array): number {
    const cells: number[] = [];
    for (let q = 0; q < this.qHead.length; q++) {
      for (let c = this.qHead[q]; c >= 0; c = this.cellNext[c]) cells.push(c);
    }
    const stamp = this.cellStamp;
    const queue = this.cellQueue;
    cells.sort((a, b) => stamp[a] - stamp[b] || queue[a] - queue[b]);
    const n = Math.min(out.length, cells.length);
    for (let i = 0; i < n; i++) out[i] = this.cellQueue[cells[i]];
    return n;
  }
}
