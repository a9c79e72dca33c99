import { StreamHeap } from '../streamHeap';
import type { PortBuffers, Scheduler } from './types';

/**
 * Weighted fair queuing by virtual spacing (Roberts; used by S3): a cell of
 * queue i gets the tag F_i = max(V, F_i^prev) + 1/φ_i when queued, V being the tag of the last
 * cell served; the queue whose head has the smallest tag sends. Work-conserving; spare
 * bandwidth is shared in proportion to φ.
 */
export class WfqScheduler implements Scheduler {
  readonly name = 'wfq';
  private readonly tag: Float64Array;
  private readonly lastTag: Float64Array;
  private readonly inc: Float64Array;
  private readonly heads: StreamHeap;
  private V = 0;

  constructor(
    weights: Float64Array,
    capacity: number,
    private readonly buf: PortBuffers,
  ) {
    this.tag = new Float64Array(capacity);
    this.lastTag = new Float64Array(weights.length);
    this.inc = weights.map((w) => 1 / w);
    this.heads = new StreamHeap(weights.length);
  }

  enqueue(q: number, slot: number): void {
    const t = Math.max(this.V, this.lastTag[q]) + this.inc[q];
    this.lastTag[q] = t;
    this.tag[slot] = t;
    if (this.buf.qlen[q] === 0) this.heads.set(q, t);
  }

  dequeue(): number {
    const buf = this.buf;
    for (;;) {
      if (this.heads.topKey() === Infinity) return -1;
      const q = this.heads.top();
      const slot = buf.qHead[q];
      if (slot < 0) {
        this.heads.set(q, Infinity); // emptied by a purge
        continue;
      }
      this.V = this.tag[slot];
      const next = buf.cellNext[slot];
      this.heads.set(q, next >= 0 ? this.tag[next] : Infinity);
      return q;
    }
  }
}
