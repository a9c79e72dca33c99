import type { CcSender, CongestionControl } from './types';

/** Vanilla TCP (S1): slow start and congestion avoidance only; a loss is found by timeout. */
export class Vanilla implements CongestionControl {
  readonly name = 'vanilla';

  onNewAck(s: CcSender): void {
    s.openCwnd();
    s.dupAcks = 0;
  }

  onDupAck(): void {
    // Duplicate ACKs are ignored: no fast retransmit.
  }

  onTimeout(s: CcSender): void {
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.mss;
  }
}
