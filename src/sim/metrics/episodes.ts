import type { Time } from '../core/time';
import { toSeconds } from '../core/time';

/**
 * S4 Fig. 5 ("buffer length of a congested ATM switch"): how often the congested buffer falls
 * to zero. An episode is counted when the buffer empties after having held at least `level`
 * cells since it last emptied. The hysteresis keeps a lightly loaded buffer, which empties
 * after almost every cell, from counting each time. (choice) level = K/10 (see Simulation's constructor).
 */
export class EmptyEpisodes {
  count = 0;
  /** When each episode began (ps). */
  readonly times: Time[] = [];

  constructor(readonly level: number) {}

  /** The buffer emptied at `t`, having held at most `peak` cells since it last emptied. */
  emptied(t: Time, peak: number): void {
    if (peak < this.level) return;
    this.count++;
    this.times.push(t);
  }
}

/** Gaps in a stream of arrival times: how many and how long (seconds). */
export interface GapSummary {
  count: number;
  seconds: number;
  longestSeconds: number;
}

/**
 * S4 Fig. 9 ("TCP traffic received by a server node"): intervals of at least `minGap` in which
 * no data reached any receiver, counted from `from` (the first source's start) to the end of
 * the run. Every error-free data frame counts as received, retransmissions and duplicates
 * included, as a traffic-received probe at the server sees them. (choice) minGap = 1 s, the
 * RFC 6298 floor of the RTO: a shorter silence cannot be a timeout's.
 */
export class ReceiveGaps {
  private last: Time;
  private count = 0;
  private total = 0;
  private longest = 0;

  constructor(
    readonly minGap: Time,
    from: Time,
  ) {
    this.last = from;
  }

  /** Data arrived at a receiver at `t` (non-decreasing). */
  arrive(t: Time): void {
    const gap = t - this.last;
    if (gap >= this.minGap) {
      this.count++;
      this.total += gap;
      if (gap > this.longest) this.longest = gap;
    }
    if (t > this.last) this.last = t;
  }

  /** The gaps up to `end`, a silence still open at `end` included (does not change state). */
  summary(end: Time): GapSummary {
    let { count, total, longest } = this;
    const open = end - this.last;
    if (open >= this.minGap) {
      count++;
      total += open;
      if (open > longest) longest = open;
    }
    return { count, seconds: toSeconds(total), longestSeconds: toSeconds(longest) };
  }
}
