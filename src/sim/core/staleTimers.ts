import type { EventQueue } from './eventQueue';
import type { Time } from './time';

/**
 * Timer events taken off the heap before their instant because their owner no longer waits
 * for them (a retransmission timer restarted by every ACK leaves one such event per ACK). Each
 * would only be ignored when it fired, but the ports would first run up to its instant, one
 * more stop of their slot loops; taking it off early saves that stop.
 *
 * The result must not depend on it, so an event taken off is kept (its instant and key, per
 * owner, in the order taken) and put back with the same key when its owner rearms the timer for
 * that very instant while the event would still be pending (its key after that of the event
 * being run). Then it fires where it would have fired, in the same place among the events of its
 * instant, exactly as if it had never left. An event whose key lies behind the one being run
 * could no longer fire: it is forgotten.
 */
export class StaleTimers {
  /** Per owner: the instants and keys of its events taken off, oldest first. */
  private readonly time: Float64Array[];
  private readonly sk: Float64Array[];
  private readonly count: Int32Array;
  /** Whether any owner holds an event taken off. */
  private any = false;

  constructor(owners: number) {
    this.time = Array.from({ length: owners }, () => new Float64Array(4));
    this.sk = Array.from({ length: owners }, () => new Float64Array(4));
    this.count = new Int32Array(owners);
  }

  /** The event just popped (owner `arg`, instant `t`, key `sk`) is stale: keep it aside. The
   * event run last had instant `nowT` and key `nowSk`. */
  park(arg: number, t: Time, sk: number, nowT: Time, nowSk: number): void {
    this.forget(arg, nowT, nowSk);
    let n = this.count[arg];
    if (n === this.time[arg].length) {
      const time = new Float64Array(2 * n);
      const keys = new Float64Array(2 * n);
      time.set(this.time[arg]);
      keys.set(this.sk[arg]);
      this.time[arg] = time;
      this.sk[arg] = keys;
    }
    this.time[arg][n] = t;
    this.sk[arg][n++] = sk;
    this.count[arg] = n;
    this.any = true;
  }

  /** Owner `arg` rearms its timer for `at` while the queue runs the event with instant `nowT`
   * and key `nowSk`: an event of its own for `at` taken off and still pending goes back. */
  rearm(arg: number, at: Time, q: EventQueue, nowT: Time, nowSk: number): void {
    if (this.count[arg] === 0) return;
    this.forget(arg, nowT, nowSk);
    const time = this.time[arg];
    const sk = this.sk[arg];
    let n = this.count[arg];
    for (let i = 0; i < n; i++) {
      if (time[i] !== at) continue;
      q.reinsert(at, sk[i], arg);
      for (let j = i + 1; j < n; j++) {
        time[j - 1] = time[j];
        sk[j - 1] = sk[j];
      }
      n--;
      i--;
    }
    this.count[arg] = n;
  }

  /** Drops owner `arg`'s events whose key is behind (nowT, nowSk): they can no longer fire. */
  private forget(arg: number, nowT: Time, nowSk: number): void {
    const n = this.count[arg];
    if (n === 0) return;
    const time = this.time[arg];
    const sk = this.sk[arg];
    let k = 0;
    while (k < n && (time[k] < nowT || (time[k] === nowT && sk[k] < nowSk))) k++;
    if (k === 0) return;
    for (let i = k; i < n; i++) {
      time[i - k] = time[i];
      sk[i - k] = sk[i];
    }
    this.count[arg] = n - k;
  }

  /** Forgets every event taken off (the run has passed all their instants). */
  clear(): void {
    if (!this.any) return;
    this.count.fill(0);
    this.any = false;
  }
}
