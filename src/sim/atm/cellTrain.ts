import type { Time } from '../core/time';

/**
 * The cells of one VC on the link from the previous switch of its route into a switch port
 * (net/): cells that left the previous switch's output port and have not yet
 * arrived, oldest first. Each entry is the cell's arrival time at this port and its word
 * ((frame record << 1) | EOM). A growable power-of-two
 * ring on typed arrays: pushing and shifting allocate nothing once it has grown.
 */
export class CellTrain {
  private time: Float64Array;
  private word: Int32Array;
  private head = 0;
  private tail = 0;
  private mask: number;

  constructor(capacity = 64) {
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.time = new Float64Array(cap);
    this.word = new Int32Array(cap);
    this.mask = cap - 1;
  }

  get length(): number {
    return (this.tail - this.head) & this.mask;
  }

  push(t: Time, word: number): void {
    if (((this.tail + 1) & this.mask) === this.head) this.grow();
    this.time[this.tail] = t;
    this.word[this.tail] = word;
    this.tail = (this.tail + 1) & this.mask;
  }

  /** Arrival time of the oldest cell, or Infinity when the link holds none of this VC. */
  headTime(): Time {
    return this.head === this.tail ? Infinity : this.time[this.head];
  }

  /** Word of the oldest cell; the train must not be empty. */
  headWord(): number {
    return this.word[this.head];
  }

  shift(): void {
    this.head = (this.head + 1) & this.mask;
  }

  private grow(): void {
    const n = this.length;
    const cap = this.time.length * 2;
    const time = new Float64Array(cap);
    const word = new Int32Array(cap);
    for (let i = 0; i < n; i++) {
      time[i] = this.time[(this.head + i) & this.mask];
      word[i] = this.word[(this.head + i) & this.mask];
    }
    this.time = time;
    this.word = word;
    this.mask = cap - 1;
    this.head = 0;
    this.tail = n;
  }
}
