/** ACK records on the reverse path, struct-of-arrays with a free list (no allocation per ACK). */
export class AckPool {
  conn: Int32Array;
  ack: Float64Array;
  win: Float64Array;
  byTimer: Uint8Array;
  sack: (number[] | null)[];
  private free: Int32Array;
  private nFree: number;

  constructor(capacity: number) {
    this.conn = new Int32Array(capacity);
    this.ack = new Float64Array(capacity);
    this.win = new Float64Array(capacity);
    this.byTimer = new Uint8Array(capacity);
    this.sack = new Array<number[] | null>(capacity).fill(null);
    this.free = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i;
    this.nFree = capacity;
  }

  alloc(conn: number, ack: number, win: number, byTimer: boolean, sack: number[] | null): number {
    if (this.nFree === 0) this.grow();
    const r = this.free[--this.nFree];
    this.conn[r] = conn;
    this.ack[r] = ack;
    this.win[r] = win;
    this.byTimer[r] = byTimer ? 1 : 0;
    this.sack[r] = sack;
    return r;
  }

  release(r: number): void {
    this.sack[r] = null;
    this.free[this.nFree++] = r;
  }

  private grow(): void {
    const old = this.conn.length;
    const cap = old * 2;
    const conn = new Int32Array(cap);
    conn.set(this.conn);
    this.conn = conn;
    const ack = new Float64Array(cap);
    ack.set(this.ack);
    this.ack = ack;
    const win = new Float64Array(cap);
    win.set(this.win);
    this.win = win;
    const byTimer = new Uint8Array(cap);
    byTimer.set(this.byTimer);
    this.byTimer = byTimer;
    for (let i = old; i < cap; i++) this.sack.push(null);
    // Every record is in use when the pool grows: the new ones are the free list.
    this.free = new Int32Array(cap);
    for (let i = 0; i < old; i++) this.free[i] = cap - 1 - i;
    this.nFree = old;
  }
}
