import type { PortBuffers, Scheduler } from './types';

/** Per-VC round robin, one cell per turn, over the non-empty queues (the ASX-200 of S0). */
export class RoundRobinScheduler implements Scheduler {
  readonly name = 'rr';
  /** Circular list of non-empty queues (read by the port's kernel, kernels/roundRobinLists.ts). */
  readonly next: Int32Array;
  private prev: Int32Array;
  private active: Uint8Array;
  /** The queue whose turn it is, or −1 (the kernel moves it on as dequeue would). */
  current = -1;
  /** Queues in the cycle at the last cycle() call. */
  private cycleLength = 1;
  private readonly qlen: Int32Array;

  constructor(nQueues: number, buf: PortBuffers) {
    this.next = new Int32Array(nQueues);
    this.prev = new Int32Array(nQueues);
    this.active = new Uint8Array(nQueues);
    this.qlen = buf.qlen;
  }

  enqueue(q: number): void {
    if (this.active[q]) return;
    this.active[q] = 1;
    const c = this.current;
    if (c < 0) {
      this.next[q] = q;
      this.prev[q] = q;
      this.current = q;
      return;
    }
    // Insert just before the current queue: it is served last in this round.
    const p = this.prev[c];
    this.next[p] = q;
    this.prev[q] = p;
    this.next[q] = c;
    this.prev[c] = q;
  }

  private unlink(q: number): void {
    this.active[q] = 0;
    const nx = this.next[q];
    if (nx === q) {
      this.current = -1;
    } else {
      const p = this.prev[q];
      this.next[p] = nx;
      this.prev[nx] = p;
      this.current = nx;
    }
  }

  cycle(out: Int32Array): number {
    const c = this.current;
    if (c < 0) return 0;
    let n = 0;
    let q = c;
    do {
      out[n++] = q;
      q = this.next[q];
    } while (q !== c);
    this.cycleLength = n;
    return n;
  }

  skip(slots: number): void {
    // Once round the cycle leaves `current` where it was.
    const steps = slots % this.cycleLength;
    for (let i = 0; i < steps; i++) this.current = this.next[this.current];
  }

  dequeue(): number {
    for (;;) {
      const q = this.current;
      if (q < 0) return -1;
      const len = this.qlen[q];
      if (len === 0) {
        this.unlink(q); // emptied by a purge
        continue;
      }
      if (len === 1)
        this.unlink(q); // this cell empties the queue
      else this.current = this.next[q];
      return q;
    }
  }
}
