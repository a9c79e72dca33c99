import type { CcSender, CongestionControl } from './types';

/** TCP Reno, RFC 5681 §3.2. */
export class Reno implements CongestionControl {
  readonly name = 'reno';

  onNewAck(s: CcSender): void {
    if (s.inRecovery) {
      // The first new ACK, even a partial one, deflates the window and ends recovery.
      s.cwnd = s.ssthresh;
      s.inRecovery = false;
    } else {
      s.openCwnd();
    }
    s.dupAcks = 0;
  }

  onDupAck(s: CcSender): void {
    if (s.inRecovery) {
      s.cwnd += s.mss; // RFC 5681 §3.2 step 4: inflate per further dup ACK
      return;
    }
    if (s.dupAcks === s.dupAckThreshold) {
      s.ssthresh = s.lossSsthresh(); // step 2
      s.fastRetransmit(); // step 3
      s.cwnd = s.ssthresh + s.dupAckThreshold * s.mss;
      s.inRecovery = true;
      s.recover = s.sndMax;
    }
  }

  onTimeout(s: CcSender): void {
    s.ssthresh = s.lossSsthresh(); // RFC 5681 eq. 4
    s.cwnd = s.mss;
    s.inRecovery = false;
  }
}
