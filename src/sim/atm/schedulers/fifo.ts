import type { Scheduler } from './types';

/** One shared FIFO: cells leave in arrival order whatever their VC (domain.md §3). */
export class FifoScheduler implements Scheduler {
  readonly name = 'fifo';
  private ring: Int32Array;
  private head = 0;
  private count = 0;

  constructor(capacity: number) {
    this.ring = new Int32Array(Math.max(1, capacity));
  }

  enqueue(q: number): void {
    const cap = this.ring.length;
    let i = this.head + this.count;
    if (i >= cap) i -= cap;
    this.ring[i] = q;
    this.count++;
  }

  dequeue(): number {
    if (this.count === 0) return -1;
    const q = this.ring[this.head];
    this.head = this.head + 1 === this.ring.length ? 0 : this.head + 1;
    this.count--;
    return q;
  }
}
