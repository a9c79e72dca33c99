import type { Time } from './time';

/**
 * Binary min-heap of events on typed arrays, ordered by (time, insertion sequence) as in
 * ns-3's scheduler: events at the same instant run first-in first-out. An event is a
 * (type, arg) pair of small integers; handlers look up any payload themselves. Cancelling is
 * done by the owner with a generation counter (the stale event is ignored when it fires).
 */
export class EventQueue {
  private time: Float64Array;
  private seq: Float64Array;
  private kind: Uint8Array;
  private arg: Int32Array;
  private n = 0;
  private nextSeq = 0;

  /** Fields of the event returned by the last pop(). */
  popTime: Time = 0;
  popKind = 0;
  popArg = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.kind = new Uint8Array(capacity);
    this.arg = new Int32Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  /** Time of the earliest event, or +Infinity when empty. */
  peekTime(): Time {
    return this.n > 0 ? this.time[0] : Infinity;
  }

  push(t: Time, kind: number, arg: number): void {
    if (this.n === this.time.length) this.grow();
    const s = this.nextSeq++;
    const time = this.time;
    const seq = this.seq;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const tp = time[p];
      if (tp < t || (tp === t && seq[p] < s)) break;
      time[i] = tp;
      seq[i] = seq[p];
      this.kind[i] = this.kind[p];
      this.arg[i] = this.arg[p];
      i = p;
    }
    time[i] = t;
    seq[i] = s;
    this.kind[i] = kind;
    this.arg[i] = arg;
  }

  /** Removes the earliest event into popTime/popKind/popArg. Returns false when empty. */
  pop(): boolean {
    if (this.n === 0) return false;
    const time = this.time;
    const seq = this.seq;
    const kind = this.kind;
    const arg = this.arg;
    this.popTime = time[0];
    this.popKind = kind[0];
    this.popArg = arg[0];
    const last = --this.n;
    if (last === 0) return true;
    const t = time[last];
    const s = seq[last];
    const k = kind[last];
    const a = arg[last];
    let i = 0;
    const half = last >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      const r = c + 1;
      if (r < last && (time[r] < time[c] || (time[r] === time[c] && seq[r] < seq[c]))) c = r;
      if (t < time[c] || (t === time[c] && s < seq[c])) break;
      time[i] = time[c];
      seq[i] = seq[c];
      kind[i] = kind[c];
      arg[i] = arg[c];
      i = c;
    }
    time[i] = t;
    seq[i] = s;
    kind[i] = k;
    arg[i] = a;
    return true;
  }

  private grow(): void {
    const cap = this.time.length * 2;
    const t = new Float64Array(cap);
    t.set(this.time);
    this.time = t;
    const s = new Float64Array(cap);
    s.set(this.seq);
    this.seq = s;
    const k = new Uint8Array(cap);
    k.set(this.kind);
    this.kind = k;
    const a = new Int32Array(cap);
    a.set(this.arg);
    this.arg = a;
  }
}
