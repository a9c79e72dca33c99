import type { CcSender, CongestionControl } from './types';

/** Tahoe: on the k-th duplicate ACK retransmit, set cwnd to 1 MSS and go back
 * to snd_una (slow start again, go-back-N), as after a timeout but without waiting for it. */
export class Tahoe implements CongestionControl {
  readonly name = 'tahoe';

  onNewAck(s: CcSender): void {
    s.openCwnd();
    s.dupAcks = 0;
  }

  onDupAck(s: CcSender): void {
    if (s.dupAcks !== s.dupAckThreshold) return;
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.mss;
    s.goBackN(); // the retransmission below is the first segment of the go-back-N
    s.fastRetransmit();
  }

  onTimeout(s: CcSender): void {
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.mss;
  }
}
