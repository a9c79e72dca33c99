import type { Time } from './time';

/** Kinds are stored with the sequence number: key = seq·KINDS + kind (exact below 2^53). */
const KINDS = 256;

/**
 * 4-ary min-heap of events on typed arrays, ordered by (time, insertion sequence) as in
 * ns-3's scheduler: events at the same instant run first-in first-out. An event is a
 * (type, arg) pair of small integers (type < 256); handlers look up any payload themselves.
 * Cancelling is done by the owner with a generation counter (the stale event is ignored when
 * it fires). Keys are unique, so the order of pops does not depend on the heap's shape.
 */
export class EventQueue {
  private time: Float64Array;
  /** seq·KINDS + kind: orders like seq among events of one time. */
  private sk: Float64Array;
  private arg: Int32Array;
  private n = 0;
  private nextSk = 0;

  /** Fields of the event returned by the last pop(). */
  popTime: Time = 0;
  popKind = 0;
  popArg = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.sk = new Float64Array(capacity);
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
    const s = this.nextSk + kind;
    this.nextSk += KINDS;
    const time = this.time;
    const sk = this.sk;
    const args = this.arg;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 2;
      const tp = time[p];
      if (tp < t || (tp === t && sk[p] < s)) break;
      time[i] = tp;
      sk[i] = sk[p];
      args[i] = args[p];
      i = p;
    }
    time[i] = t;
    sk[i] = s;
    args[i] = arg;
  }

  /** Removes the earliest event into popTime/popKind/popArg. Returns false when empty. */
  pop(): boolean {
    if (this.n === 0) return false;
    const time = this.time;
    const sk = this.sk;
    const args = this.arg;
    this.popTime = time[0];
    const k0 = sk[0];
    this.popKind = k0 - Math.floor(k0 / KINDS) * KINDS;
    this.popArg = args[0];
    const last = --this.n;
    if (last === 0) return true;
    const t = time[last];
    const s = sk[last];
    const a = args[last];
    let i = 0;
    for (;;) {
      const c0 = 4 * i + 1;
      if (c0 >= last) break;
      // The least of up to four children.
      let c = c0;
      let tc = time[c0];
      let sc = sk[c0];
      const cEnd = c0 + 4 < last ? c0 + 4 : last;
      for (let j = c0 + 1; j < cEnd; j++) {
        const tj = time[j];
        if (tj < tc || (tj === tc && sk[j] < sc)) {
          c = j;
          tc = tj;
          sc = sk[j];
        }
      }
      if (t < tc || (t === tc && s < sc)) break;
      time[i] = tc;
      sk[i] = sc;
      args[i] = args[c];
      i = c;
    }
    time[i] = t;
    sk[i] = s;
    args[i] = a;
    return true;
  }

  private grow(): void {
    const cap = this.time.length * 2;
    const t = new Float64Array(cap);
    t.set(this.time);
    this.time = t;
    const s = new Float64Array(cap);
    s.set(this.sk);
    this.sk = s;
    const a = new Int32Array(cap);
    a.set(this.arg);
    this.arg = a;
  }
}
