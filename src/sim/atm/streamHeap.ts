import type { Time } from '../core/time';

/**
 * Indexed min-heap of cell arrival streams (one per VC plus background sources), keyed by
 * the arrival time of each stream's next cell. Ties go to the lower stream index, so the
 * merge of simultaneous arrivals is deterministic. (Exact ties between VCs are rare: each
 * frame that starts on an idle access link gets a random sub-slot phase, see
 * Simulation.emitSegment, so no VC holds a fixed place in the order of arrivals.)
 */
export class StreamHeap {
  readonly key: Float64Array;
  /** Unordered only: the streams with a next cell (key below Infinity), in stream order, and
   * how many; kept as keys come and go, so a slot scans these, not every stream. */
  readonly live: Int32Array;
  nLive = 0;
  private heap: Int32Array;
  private pos: Int32Array;

  /**
   * @param unordered keep no heap order: set() only writes the key and topKey() scans every
   *   stream (for ports that scan the streams each slot anyway: random arrival order); top()
   *   and second() are then not available.
   */
  constructor(
    readonly n: number,
    private readonly unordered = false,
  ) {
    this.key = new Float64Array(n).fill(Infinity);
    this.live = new Int32Array(n);
    this.heap = new Int32Array(n);
    this.pos = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      this.heap[i] = i;
      this.pos[i] = i;
    }
  }

  /** Stream with the earliest next cell. */
  top(): number {
    return this.heap[0];
  }

  topKey(): Time {
    if (this.unordered) {
      let m = Infinity;
      for (let i = 0; i < this.nLive; i++) {
        const k = this.key[this.live[i]];
        if (k < m) m = k;
      }
      return m;
    }
    return this.key[this.heap[0]];
  }

  /** The stream that comes second in (key, index) order, or −1 with one stream: the earlier
   * of the top's two children. */
  second(): number {
    if (this.n < 2) return -1;
    if (this.n === 2) return this.heap[1];
    const a = this.heap[1];
    const b = this.heap[2];
    return this.less(b, a) ? b : a;
  }

  /** Sets stream s's key and restores heap order. */
  set(s: number, t: Time): void {
    const old = this.key[s];
    this.key[s] = t;
    if (this.unordered) {
      if (old === Infinity && t !== Infinity) this.join(s);
      else if (t === Infinity && old !== Infinity) this.leave(s);
      return;
    }
    if (t < old) this.up(this.pos[s]);
    else this.down(this.pos[s]);
  }

  /** Stream s gets a next cell: it enters the live list at its place in stream order. */
  private join(s: number): void {
    const live = this.live;
    let i = this.nLive++;
    while (i > 0 && live[i - 1] > s) {
      live[i] = live[i - 1];
      i--;
    }
    live[i] = s;
  }

  /** Stream s has no next cell: it leaves the live list. */
  private leave(s: number): void {
    const live = this.live;
    const n = --this.nLive;
    let i = 0;
    while (live[i] !== s) i++;
    for (; i < n; i++) live[i] = live[i + 1];
  }

  private less(a: number, b: number): boolean {
    const ka = this.key[a];
    const kb = this.key[b];
    return ka < kb || (ka === kb && a < b);
  }

  private up(i: number): void {
    const heap = this.heap;
    const s = heap[i];
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(s, heap[p])) break;
      heap[i] = heap[p];
      this.pos[heap[i]] = i;
      i = p;
    }
    heap[i] = s;
    this.pos[s] = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const n = this.n;
    const s = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.less(heap[c + 1], heap[c])) c++;
      if (!this.less(heap[c], s)) break;
      heap[i] = heap[c];
      this.pos[heap[i]] = i;
      i = c;
    }
    heap[i] = s;
    this.pos[s] = i;
  }
}
