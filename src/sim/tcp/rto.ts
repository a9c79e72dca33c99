import type { Time } from '../core/time';

/** RFC 6298 round-trip estimator state; times in ps. */
export interface RttEstimator {
  srtt: number;
  rttvar: number;
  /** Base RTO before backoff, clamped to [rtoMin, rtoMax]. */
  rto: number;
  samples: number;
}

export interface RtoParams {
  /** Clock granularity G (ps). */
  G: Time;
  rtoMin: Time;
  rtoMax: Time;
  rtoInitial: Time;
  /** BSD's floor (tcp_xmit_timer): the RTO is at least two ticks above the measured RTT in
   * ticks, max(t_rttmin, rtt + 2). */
  bsdFloor?: boolean;
  /** Constant added to every computed RTO (Solaris 2.6 tcp_rexmit_interval_extra); 0: none. */
  extra?: Time;
}

export function newEstimator(p: RtoParams): RttEstimator {
  return { srtt: 0, rttvar: 0, rto: p.rtoInitial, samples: 0 };
}

/** RFC 6298 §2.2–2.4: RTO = SRTT + max(G, 4·RTTVAR) (+ extra), clamped. With
 * `bsdFloor`, `ticks` is the sample as BSD counts it (t_rtt: 1 + the clock ticks that passed
 * while the segment was timed) and the RTO is at least (ticks + 2)·G: 4.4BSD-Lite and FreeBSD
 * tcp_xmit_timer, TCPT_RANGESET(t_rxtcur, TCP_REXMTVAL(tp), max(t_rttmin, rtt + 2), …), "the
 * minimum feasible timer (which is 2 ticks)" above the rounded RTT. */
export function addRttSample(e: RttEstimator, r: number, p: RtoParams, ticks = 0): void {
  if (e.samples === 0) {
    // (2.2) first measurement
    e.srtt = r;
    e.rttvar = r / 2;
  } else {
    // (2.3) RTTVAR is updated with the old SRTT, then SRTT.
    e.rttvar = 0.75 * e.rttvar + 0.25 * Math.abs(e.srtt - r);
    e.srtt = 0.875 * e.srtt + 0.125 * r;
  }
  e.samples++;
  const rto = e.srtt + Math.max(p.G, 4 * e.rttvar) + (p.extra ?? 0);
  e.rto = clampRto(p.bsdFloor ? Math.max(rto, (ticks + 2) * p.G) : rto, p);
}

export function clampRto(rto: number, p: RtoParams): number {
  // (2.4) lower bound; (2.5) an upper bound of at least 60 s.
  return Math.min(p.rtoMax, Math.max(p.rtoMin, rto));
}

/** RTO after `backoff` doublings (RFC 6298 §5.5), capped at rtoMax. */
export function backedOffRto(e: RttEstimator, backoff: number, p: RtoParams): number {
  return Math.min(p.rtoMax, backoff === 0 ? e.rto : e.rto * 2 ** backoff);
}
