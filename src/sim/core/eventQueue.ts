import type { Time } from './time';

/** Kinds are stored with the sequence number: key = seq·KINDS + kind (exact below 2^53). */
const KINDS = 256;
/** Added to the kind of a heap entry that heads a run (see pushRun). */
const RUN_HEAD = 128;

/** The entries of one run waiting behind its head, in key order (a growable ring). */
class Run {
  time = new Float64Array(16);
  sk = new Float64Array(16);
  head = 0;
  tail = 0;
  mask = 15;
  /** An entry of the run is in the heap (its head). */
  active = false;
  /** Time of the run's head. */
  headTime = 0;

  /** Adds an entry with a key above every other (its sequence number is the newest) at its
   * place in time order: behind the entries of its time or earlier. */
  insert(t: Time, s: number): void {
    if (((this.tail + 1) & this.mask) === this.head) this.grow();
    const mask = this.mask;
    const time = this.time;
    const sk = this.sk;
    let i = this.tail;
    this.tail = (i + 1) & mask;
    // Shift the (few) later entries up one place.
    while (i !== this.head) {
      const j = (i - 1) & mask;
      if (time[j] <= t) break;
      time[i] = time[j];
      sk[i] = sk[j];
      i = j;
    }
    time[i] = t;
    sk[i] = s;
  }

  get length(): number {
    return (this.tail - this.head) & this.mask;
  }

  private grow(): void {
    const n = this.length;
    const cap = this.time.length * 2;
    const time = new Float64Array(cap);
    const sk = new Float64Array(cap);
    for (let i = 0; i < n; i++) {
      const j = (this.head + i) & this.mask;
      time[i] = this.time[j];
      sk[i] = this.sk[j];
    }
    this.time = time;
    this.sk = sk;
    this.mask = cap - 1;
    this.head = 0;
    this.tail = n;
  }
}

/**
 * 4-ary min-heap of events on typed arrays, ordered by (time, insertion sequence) as in
 * ns-3's scheduler: events at the same instant run first-in first-out. An event is a
 * (type, arg) pair of small integers (type < 256); handlers look up any payload themselves.
 * Nothing is cancelled: an event whose timer was rearmed or stopped since is ignored by its
 * owner when it fires (the owner compares the event's time with its timer's). Keys are
 * unique, so the order of pops does not depend on the heap's shape.
 *
 * Timers that are rearmed much more often than they fire (a retransmission timer restarted by
 * every ACK) leave many stale events far in the future; pushRun keeps those of one owner in a
 * queue outside the heap, with only the earliest in it, so the heap stays small. The events and
 * their (time, sequence) order are the same as with push.
 */
export class EventQueue {
  private time: Float64Array;
  /** seq·KINDS + kind: orders like seq among events of one time. */
  private sk: Float64Array;
  private arg: Int32Array;
  private n = 0;
  private nextSk = 0;
  private runs: Run[] = [];
  private queuedInRuns = 0;

  /** Fields of the event returned by the last pop(). */
  popTime: Time = 0;
  popKind = 0;
  popArg = 0;
  /** Its key among the events of its instant (sequence·256 + kind): reinsert() puts an event
   * back in the same place. */
  popSk = 0;

  constructor(capacity = 1024) {
    this.time = new Float64Array(capacity);
    this.sk = new Float64Array(capacity);
    this.arg = new Int32Array(capacity);
  }

  get size(): number {
    return this.n + this.queuedInRuns;
  }

  /**
   * As push, for an event of run `arg` (0 ≤ arg < 2^31; the runs are numbered by the arg):
   * one not earlier than the run's event in the heap waits in the run's time-ordered queue
   * until the events before it have been popped.
   */
  pushRun(t: Time, kind: number, arg: number): void {
    const runs = this.runs;
    while (runs.length <= arg) runs.push(new Run());
    const run = runs[arg];
    if (!run.active) {
      run.active = true;
      run.headTime = t;
      this.insert(t, this.nextSk + kind + RUN_HEAD, arg);
    } else if (t >= run.headTime) {
      run.insert(t, this.nextSk + kind + RUN_HEAD);
      this.queuedInRuns++;
    } else {
      // Earlier than the run's head: on its own in the heap.
      this.insert(t, this.nextSk + kind, arg);
    }
    this.nextSk += KINDS;
  }

  /** Time of the earliest event, or +Infinity when empty. */
  peekTime(): Time {
    return this.n > 0 ? this.time[0] : Infinity;
  }

  /** Kind and arg of the earliest event (the queue must not be empty). */
  peekKind(): number {
    const k0 = this.sk[0];
    const kind = k0 - Math.floor(k0 / KINDS) * KINDS;
    return kind >= RUN_HEAD ? kind - RUN_HEAD : kind;
  }

  peekArg(): number {
    return this.arg[0];
  }

  /** Puts back an event popped earlier, with its time and key (popTime, popSk): it pops in
   * the place it had (staleTimers.ts). */
  reinsert(t: Time, sk: number, arg: number): void {
    this.insert(t, sk, arg);
  }

  push(t: Time, kind: number, arg: number): void {
    this.insert(t, this.nextSk + kind, arg);
    this.nextSk += KINDS;
  }

  private insert(t: Time, s: number, arg: number): void {
    if (this.n === this.time.length) this.grow();
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
    let kind = k0 - Math.floor(k0 / KINDS) * KINDS;
    const a0 = args[0];
    this.popArg = a0;
    let last = this.n;
    let t = 0;
    let s = 0;
    let a = 0;
    let replaced = false;
    this.popSk = k0;
    if (kind >= RUN_HEAD) {
      kind -= RUN_HEAD;
      this.popSk = k0 - RUN_HEAD;
      const run = this.runs[a0];
      if (run.head !== run.tail) {
        // The run's next event replaces the root.
        t = run.time[run.head];
        s = run.sk[run.head];
        a = a0;
        run.headTime = t;
        run.head = (run.head + 1) & run.mask;
        this.queuedInRuns--;
        replaced = true;
      } else {
        run.active = false;
      }
    }
    this.popKind = kind;
    if (!replaced) {
      // The last event of the heap replaces the root.
      last = --this.n;
      if (last === 0) return true;
      t = time[last];
      s = sk[last];
      a = args[last];
    }
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
