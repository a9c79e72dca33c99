import type { Time } from '../core/time';
import type { CellStore } from './cellStore';

/**
 * One shared FIFO: cells leave in arrival order whatever their VC.
 *
 * A FIFO needs no per-VC lists and no scheduler: it is the port's cell storage itself, a ring
 * of (cell word, queue) entries in arrival order. A cell costs one write on the way in and one
 * read on the way out. A cell purged from the middle (EUBR+) is marked dead in place and
 * skipped when it reaches the head, without taking a slot.
 */
export class FifoStore implements CellStore {
  readonly name = 'fifo';
  /** Cell word (frame record << 1 | EOM) and queue (VC, or nVc for background; −1 = purged)
   * of each entry; entry i of the FIFO is at index (head + i) & mask. */
  word: Int32Array;
  queue: Int32Array;
  head = 0;
  /** Entries, dead ones included. */
  count = 0;
  /** Dead entries (purged cells not yet skipped). */
  dead = 0;
  /** Entries ever pushed: entry i from the head is the (pushed − count + i)-th. */
  pushed = 0;
  /** Ring capacity − 1 (a power of two less one). */
  mask: number;
  /** The ordinal (as `pushed` counts) of each EOM cell in the ring, oldest first. */
  private eomAt = new Float64Array(16);
  private eomHead = 0;
  private eomCount = 0;

  constructor(capacity: number) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.word = new Int32Array(cap);
    this.queue = new Int32Array(cap);
    this.mask = cap - 1;
  }

  push(q: number, word: number, _t: Time): void {
    if (this.count > this.mask) this.grow();
    const i = (this.head + this.count) & this.mask;
    this.word[i] = word;
    this.queue[i] = q;
    this.count++;
    if (word & 1) this.pushEom(this.pushed);
    this.pushed++;
  }

  /** Entries ahead of the oldest EOM cell (the slots until it leaves, without dead entries),
   * or Infinity when the ring holds no EOM. */
  untilEom(): number {
    return this.eomCount === 0 ? Infinity : this.eomAt[this.eomHead] - (this.pushed - this.count);
  }

  /** Marks entry j (a ring index) dead: a purged cell. */
  kill(j: number): void {
    this.queue[j] = -1;
    this.dead++;
  }

  /** Queue of the oldest live cell, or −1 when none; dead entries at the head are dropped. */
  headQueue(): number {
    while (this.count > 0) {
      const q = this.queue[this.head];
      if (q >= 0) return q;
      this.head = (this.head + 1) & this.mask;
      this.count--;
      this.dead--;
    }
    return -1;
  }

  nextQueue(): number {
    return this.headQueue();
  }

  /** Removes the head entry (live: call headQueue first) and returns its cell word. */
  shift(_q?: number): number {
    const w = this.word[this.head];
    this.head = (this.head + 1) & this.mask;
    this.count--;
    if (w & 1) {
      this.eomHead = (this.eomHead + 1) & (this.eomAt.length - 1);
      this.eomCount--;
    }
    return w;
  }

  /** EUBR+ purge: marks the cells of frame record f on queue vc dead, oldest first. */
  purge(vc: number, f: number): number {
    let purged = 0;
    for (let i = 0; i < this.count; i++) {
      const j = this.at(i);
      if (this.queue[j] !== vc || this.word[j] >> 1 !== f) continue;
      this.kill(j);
      purged++;
    }
    return purged;
  }

  front(nQ: number, out: Int32Array): boolean {
    for (let i = 0; i < this.count; i++) {
      const j = this.at(i);
      const q = this.queue[j];
      if (q >= 0 && q < nQ) {
        out[0] = q;
        out[1] = this.word[j];
        return true;
      }
    }
    return false;
  }

  /** Marks the frame's cells dead in place (they are interleaved with other queues' cells). */
  dropFrame(q: number, f: number, keepEom: boolean, eoms: number[]): void {
    for (let i = 0; i < this.count; i++) {
      const j = this.at(i);
      const w = this.word[j];
      if (this.queue[j] !== q || w >> 1 !== f || (keepEom && w & 1)) continue;
      this.kill(j);
      eoms.push(w & 1);
    }
  }

  forEach(fn: (q: number) => void): void {
    for (let i = 0; i < this.count; i++) {
      const q = this.queue[this.at(i)];
      if (q >= 0) fn(q);
    }
  }

  snapshot(out: Uint16Array): number {
    // The ring is in arrival order already.
    let n = 0;
    this.forEach((q) => {
      if (n < out.length) out[n++] = q;
    });
    return n;
  }

  private pushEom(ordinal: number): void {
    const cap = this.eomAt.length;
    if (this.eomCount === cap) {
      const a = new Float64Array(2 * cap);
      for (let i = 0; i < this.eomCount; i++) a[i] = this.eomAt[(this.eomHead + i) & (cap - 1)];
      this.eomAt = a;
      this.eomHead = 0;
    }
    this.eomAt[(this.eomHead + this.eomCount) & (this.eomAt.length - 1)] = ordinal;
    this.eomCount++;
  }

  /** Ring index of the i-th entry from the head. */
  at(i: number): number {
    return (this.head + i) & this.mask;
  }

  private grow(): void {
    const cap = 2 * (this.mask + 1);
    const word = new Int32Array(cap);
    const queue = new Int32Array(cap);
    for (let i = 0; i < this.count; i++) {
      const j = this.at(i);
      word[i] = this.word[j];
      queue[i] = this.queue[j];
    }
    this.word = word;
    this.queue = queue;
    this.head = 0;
    this.mask = cap - 1;
  }
}
