/** Growable FIFO of integers on a power-of-two ring. */
export class IntQueue {
  private buf: Int32Array;
  private head = 0;
  private tail = 0;
  private mask: number;

  constructor(capacity = 16) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.buf = new Int32Array(cap);
    this.mask = cap - 1;
  }

  get length(): number {
    return (this.tail - this.head) & this.mask;
  }

  push(v: number): void {
    if (((this.tail + 1) & this.mask) === this.head) this.grow();
    this.buf[this.tail] = v;
    this.tail = (this.tail + 1) & this.mask;
  }

  /** The oldest element; the queue must not be empty. */
  peek(): number {
    return this.buf[this.head];
  }

  shift(): number {
    const v = this.buf[this.head];
    this.head = (this.head + 1) & this.mask;
    return v;
  }

  /** i-th oldest element. */
  at(i: number): number {
    return this.buf[(this.head + i) & this.mask];
  }

  private grow(): void {
    const n = this.length;
    const next = new Int32Array(this.buf.length * 2);
    for (let i = 0; i < n; i++) next[i] = this.buf[(this.head + i) & this.mask];
    this.buf = next;
    this.mask = next.length - 1;
    this.head = 0;
    this.tail = n;
  }
}
