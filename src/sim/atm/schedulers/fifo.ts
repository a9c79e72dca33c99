import type { PortBuffers, Scheduler } from './types';

/** One shared FIFO: cells leave in arrival order whatever their VC (domain.md §3). */
export class FifoScheduler implements Scheduler {
  readonly name = 'fifo';
  readonly holdsSlots = true;
  private ring: Int32Array;
  private head = 0;
  private count = 0;

  constructor(
    capacity: number,
    private readonly buf: PortBuffers,
  ) {
    this.ring = new Int32Array(Math.max(1, capacity));
  }

  enqueue(_q: number, slot: number): void {
    const cap = this.ring.length;
    let i = this.head + this.count;
    if (i >= cap) i -= cap;
    this.ring[i] = slot;
    this.count++;
  }

  dequeue(): number {
    const buf = this.buf;
    while (this.count > 0) {
      const slot = this.ring[this.head];
      this.head = this.head + 1 === this.ring.length ? 0 : this.head + 1;
      this.count--;
      if (buf.cellDead[slot]) {
        buf.releaseDead(slot); // purged while queued: skip it
        continue;
      }
      return buf.cellQueue[slot];
    }
    return -1;
  }
}
