import type { Time } from '../core/time';
import { nextTick } from '../core/time';

/**
 * What a host's TCP retransmission timer counts on (scenario key timerClock; one shared clock
 * is `host` with phase 0):
 * - `host`: a free-running clock of period G with this host's phase (BSD); a
 *   timer of RTO fires on the ceil(RTO/G)-th tick after it is armed.
 * - `armed`: one timer per connection, RTO rounded up to a multiple of G from the moment it is
 *   armed (simulators that keep a timer per connection).
 * - `oldest`: one timer per connection on the host clock, firing on the first tick at or after
 *   RTO past the send time it is given (Solaris 2.6 tcp_timer: the age of the oldest
 *   unacknowledged segment; ACKs do not restart it).
 */
export type TimerMode = 'host' | 'armed' | 'oldest';

export class TimerClock {
  constructor(
    /** Period G (ps); 0: no clock, timers fire exactly RTO later. */
    readonly G: Time,
    /** This host's phase (ps). */
    readonly phase: Time,
    readonly mode: TimerMode = 'host',
  ) {}

  /** When a timer of `rto` armed at `now` fires. */
  expiry(now: Time, rto: number): Time {
    const G = this.G;
    if (this.mode === 'oldest') return this.tickAtOrAfter(now + rto);
    if (G <= 0) return Math.round(now + rto);
    const ticks = Math.max(1, Math.ceil(rto / G));
    return this.mode === 'armed' ? now + ticks * G : nextTick(now, G, this.phase) + (ticks - 1) * G;
  }

  /** The first tick of this clock at or after `t`. */
  tickAtOrAfter(t: Time): Time {
    return this.G > 0 ? nextTick(Math.ceil(t) - 1, this.G, this.phase) : Math.ceil(t);
  }

  /** BSD's t_rtt for a segment timed from `from` to `to`: 1 + the ticks in (from, to]. */
  ticksBetween(from: Time, to: Time): number {
    const G = this.G;
    if (G <= 0) return 1;
    return 1 + Math.floor((to - this.phase) / G) - Math.floor((from - this.phase) / G);
  }
}
