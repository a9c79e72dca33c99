import type { CcSender, CongestionControl } from './types';

/**
 * NewReno (RFC 6582): enter fast recovery only if the ACK covers
 * more than `recover`; stay in recovery through partial ACKs, retransmitting the next hole
 * each time; exit on the full ACK.
 */
export class NewReno implements CongestionControl {
  readonly name = 'newreno';
  private partials = 0;

  onNewAck(s: CcSender, acked: number): boolean {
    if (!s.inRecovery) {
      s.openCwnd();
      s.dupAcks = 0;
      return true;
    }
    if (s.sndUna >= s.recover) {
      // Full ACK (§3.2 step 3): cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS).
      s.cwnd = Math.min(s.ssthresh, Math.max(s.flightSize, s.mss) + s.mss);
      s.inRecovery = false;
      s.dupAcks = 0;
      return true;
    }
    // Partial ACK (§3.2 step 4): retransmit the next hole, deflate by the amount acknowledged,
    // add back one MSS if at least one MSS was acknowledged; reset the timer on the first only.
    s.retransmit(s.sndUna);
    s.cwnd -= acked;
    if (acked >= s.mss) s.cwnd += s.mss;
    if (s.cwnd < s.mss) s.cwnd = s.mss;
    this.partials++;
    return this.partials === 1;
  }

  onDupAck(s: CcSender): void {
    if (s.inRecovery) {
      s.cwnd += s.mss;
      return;
    }
    if (s.dupAcks !== s.dupAckThreshold) return;
    // §3.2 step 2: only if the ACK covers more than recover (no recovery twice for one window).
    if (s.sndUna < s.recover) return;
    s.ssthresh = s.lossSsthresh();
    s.recover = s.sndMax;
    s.fastRetransmit();
    s.cwnd = s.ssthresh + s.dupAckThreshold * s.mss;
    s.inRecovery = true;
    this.partials = 0;
  }

  onTimeout(s: CcSender): void {
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.mss;
    s.recover = s.sndMax; // §4: after a timeout, recover = highest sent
  }
}
