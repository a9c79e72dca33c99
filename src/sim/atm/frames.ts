import type { Time } from '../core/time';

/** Flags of a frame record. */
export const FrameFlag = {
  EOM_DROPPED: 1,
  CORRUPTED: 2,
  RETRANSMISSION: 4,
  /** A cell of this frame was lost at an earlier switch (net/): it is corrupted. */
  DAMAGED: 8,
} as const;

/**
 * Pool of AAL5 frame records on typed arrays (struct-of-arrays, free list). A record lives
 * from the moment a source hands the frame to its NIC until the receiver has reassembled it
 * (or, if its EOM cell was lost, until its last cell has left the switch). On a route of
 * several switches each switch holds its own record of the frame (linked by `down`).
 */
export class FramePool {
  vc = new Int32Array(0);
  conn = new Int32Array(0);
  seq = new Float64Array(0);
  len = new Int32Array(0);
  cells = new Int32Array(0);
  clp = new Uint8Array(0);
  flags = new Uint8Array(0);
  queued = new Int32Array(0);
  departed = new Int32Array(0);
  dropped = new Int32Array(0);
  /** Cells on the link into the switch holding this record (multi-switch routes only). */
  pending = new Int32Array(0);
  /** The record of this frame at the next switch of its route, or -1 (none yet). */
  down = new Int32Array(0);
  /** Arrival time at the switch of the first cell, and the spacing of the following cells. */
  firstArrival = new Float64Array(0);
  interval = new Float64Array(0);
  private free: number[] = [];
  private capacity = 0;

  constructor(capacity = 256) {
    this.resize(capacity);
  }

  alloc(
    vc: number,
    conn: number,
    seq: number,
    len: number,
    cells: number,
    clp: number,
    flags: number,
    firstArrival: Time,
    interval: Time,
  ): number {
    if (this.free.length === 0) this.resize(this.capacity * 2);
    const f = this.free.pop()!;
    this.vc[f] = vc;
    this.conn[f] = conn;
    this.seq[f] = seq;
    this.len[f] = len;
    this.cells[f] = cells;
    this.clp[f] = clp;
    this.flags[f] = flags;
    this.queued[f] = 0;
    this.departed[f] = 0;
    this.dropped[f] = 0;
    this.pending[f] = 0;
    this.down[f] = -1;
    this.firstArrival[f] = firstArrival;
    this.interval[f] = interval;
    return f;
  }

  release(f: number): void {
    this.free.push(f);
  }

  get inUse(): number {
    return this.capacity - this.free.length;
  }

  private resize(cap: number): void {
    const old = this.capacity;
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.vc = grow(this.vc, (n) => new Int32Array(n));
    this.conn = grow(this.conn, (n) => new Int32Array(n));
    this.seq = grow(this.seq, (n) => new Float64Array(n));
    this.len = grow(this.len, (n) => new Int32Array(n));
    this.cells = grow(this.cells, (n) => new Int32Array(n));
    this.clp = grow(this.clp, (n) => new Uint8Array(n));
    this.flags = grow(this.flags, (n) => new Uint8Array(n));
    this.queued = grow(this.queued, (n) => new Int32Array(n));
    this.departed = grow(this.departed, (n) => new Int32Array(n));
    this.dropped = grow(this.dropped, (n) => new Int32Array(n));
    this.pending = grow(this.pending, (n) => new Int32Array(n));
    this.down = grow(this.down, (n) => new Int32Array(n));
    this.firstArrival = grow(this.firstArrival, (n) => new Float64Array(n));
    this.interval = grow(this.interval, (n) => new Float64Array(n));
    for (let f = cap - 1; f >= old; f--) this.free.push(f);
    this.capacity = cap;
  }
}
