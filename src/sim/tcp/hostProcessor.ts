import type { Random } from '../core/random';
import type { Time } from '../core/time';

/**
 * A sending host that processes its TCP segments one at a time, as YATS's TCP sender does
 * (YATS 0.3 user's manual §7.11.1, TCPIPsend PROCTIM and OQWM; S3's simulator): a segment
 * leaves processing for the NIC d·U(1, 1.1) after the previous one left (or after it was
 * handed over, when the host was idle). The host therefore emits at most one segment per d,
 * however wide the window: 0.3 ms and 12-cell frames cap a connection at about 38 kcells/s.
 * TCP hands it new data only while fewer than `watermark` segments are in processing;
 * retransmissions always go in (YATS calc_send).
 */
export class HostProcessor {
  /** Times at which the segments handed over leave processing, ascending. */
  private readonly done: Time[] = [];
  private head = 0;
  private last: Time = 0;

  constructor(
    /** Processing time d per segment (ps). */
    readonly d: Time,
    /** OQWM: new data is held while this many segments are in processing. */
    readonly watermark: number,
    private readonly rng: Random,
  ) {}

  /** Segments handed over and still in processing at `now`. */
  backlog(now: Time): number {
    const done = this.done;
    while (this.head < done.length && done[this.head] <= now) this.head++;
    if (this.head === done.length) {
      done.length = 0;
      this.head = 0;
    }
    return done.length - this.head;
  }

  /** May TCP hand over a segment of new data at `now`? */
  accepts(now: Time): boolean {
    return this.backlog(now) < this.watermark;
  }

  /** When the backlog next shrinks (the oldest segment leaves processing), or Infinity. */
  nextDone(now: Time): Time {
    return this.backlog(now) > 0 ? this.done[this.head] : Infinity;
  }

  /** A segment handed over at `now`: returns when it leaves processing for the NIC. */
  admit(now: Time): Time {
    const start = Math.max(now, this.last);
    const t = start + Math.round(this.d * this.rng.uniform(1, 1.1));
    this.last = t;
    this.done.push(t);
    return t;
  }
}
