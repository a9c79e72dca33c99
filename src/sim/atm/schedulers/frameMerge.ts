import type { PortBuffers, Scheduler } from './types';

/**
 * VC merge at an edge switch (topology=edge): the port's queues are TCP connections
 * that all leave on one VC, so no two frames' cells may interleave on the output. A frame
 * becomes eligible once it has ended here (its EOM was buffered, or dropped), and eligible
 * frames leave whole, one after the other, in the order they ended: a frame-level FIFO over
 * the connections, as a VC-merging switch that reassembles each frame before sending it.
 * A frame that lost its EOM here leaves as the cells that got in, with no end: downstream
 * they run into the next frame of the VC, as AAL5 reassembly would have it.
 */
export class FrameMergeScheduler implements Scheduler {
  readonly name = 'frame-merge';
  /** Ended frames not yet fully sent, oldest first: their queue and cells left to send. */
  private readonly fq: Int32Array;
  private readonly fn: Int32Array;
  private head = 0;
  private count = 0;
  /** Per queue: its buffered cells that belong to ended frames (at the head of the queue). */
  private readonly committed: Int32Array;

  constructor(
    nQueues: number,
    capacity: number,
    private readonly buf: PortBuffers,
  ) {
    // Every entry holds at least one buffered cell, so the pool's size bounds them.
    this.fq = new Int32Array(Math.max(1, capacity));
    this.fn = new Int32Array(Math.max(1, capacity));
    this.committed = new Int32Array(nQueues);
  }

  enqueue(): void {
    // Cells wait until their frame ends (frameEnd).
  }

  /** The frame arriving on queue `q` ended (EOM buffered or dropped): its buffered cells,
   * those of `q` not yet committed, become one eligible frame. */
  frameEnd(q: number): void {
    const n = this.buf.qlen[q] - this.committed[q];
    if (n <= 0) return;
    this.committed[q] += n;
    const cap = this.fq.length;
    let i = this.head + this.count;
    if (i >= cap) i -= cap;
    this.fq[i] = q;
    this.fn[i] = n;
    this.count++;
  }

  dequeue(): number {
    if (this.count === 0) return -1;
    const h = this.head;
    const q = this.fq[h];
    this.committed[q]--;
    if (--this.fn[h] === 0) {
      this.head = h + 1 === this.fq.length ? 0 : h + 1;
      this.count--;
    }
    return q;
  }
}
