import type { Time } from '../core/time';

/**
 * When each outstanding segment was last (re)transmitted, for senders whose retransmission
 * timer measures the age of the oldest unacknowledged segment, as Solaris 2.6 does (S0's
 * senders: tcp.c 1.156, tcp_timer() compares lbolt with the send time stamped on the head of
 * the transmit list, and tcp_rput() resends a head segment that is "already past due").
 *
 * Segments are kept as [start, time) records sorted by start sequence number; a record covers
 * the bytes up to the next record's start (the last one up to snd_max).
 */
export class SegmentSendTimes {
  private start: number[] = [];
  private time: Time[] = [];
  private head = 0;

  /** The segment starting at `seq` left at `t` (a retransmission updates its record). */
  sent(seq: number, t: Time): void {
    const n = this.start.length;
    if (n === this.head || seq > this.start[n - 1]) {
      this.start.push(seq);
      this.time.push(t);
      return;
    }
    const i = this.indexOf(seq);
    if (i >= 0) this.time[i] = t;
  }

  /** Last transmission time of the segment holding byte `seq`, or undefined. */
  at(seq: number): Time | undefined {
    const i = this.indexOf(seq);
    return i >= 0 ? this.time[i] : undefined;
  }

  /** Everything below `ack` is acknowledged; `sndMax` ends the last record. */
  acked(ack: number, sndMax: number): void {
    const s = this.start;
    while (this.head < s.length) {
      const end = this.head + 1 < s.length ? s[this.head + 1] : sndMax;
      if (end > ack) break;
      this.head++;
    }
    if (this.head === s.length) this.clear();
    else if (this.head > 1024 && this.head * 2 > s.length) {
      this.start = s.slice(this.head);
      this.time = this.time.slice(this.head);
      this.head = 0;
    }
  }

  clear(): void {
    this.start.length = 0;
    this.time.length = 0;
    this.head = 0;
  }

  /** Index of the record holding byte `seq` (the last with start ≤ seq), or -1. */
  private indexOf(seq: number): number {
    const s = this.start;
    let lo = this.head;
    let hi = s.length - 1;
    if (hi < lo || seq < s[lo]) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid] <= seq) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
