/**
 * The congestion-control rule of a TCP sender (domain.md §5), one file per variant. The
 * sender keeps the sequence space and the timer; the variant moves cwnd/ssthresh and asks
 * the sender to retransmit. Variant methods run inside the sender's ACK/timeout processing.
 */
export interface CongestionControl {
  readonly name: string;
  /** An ACK advanced snd_una by `acked` bytes (the sender already moved snd_una). */
  onNewAck(s: CcSender, acked: number): void;
  /** A duplicate ACK arrived; s.dupAcks already counts it. */
  onDupAck(s: CcSender): void;
  /** The retransmission timer expired (the sender then goes back to snd_una). */
  onTimeout(s: CcSender): void;
}

/** The part of the sender a congestion-control variant may use. */
export interface CcSender {
  cwnd: number;
  ssthresh: number;
  dupAcks: number;
  inRecovery: boolean;
  /** Highest sequence sent when recovery began (RFC 6582 `recover`). */
  recover: number;
  readonly mss: number;
  readonly sndUna: number;
  readonly sndMax: number;
  readonly dupAckThreshold: number;
  /** ssthresh after a loss by the configured rule (RFC 5681 eq. 4 or BSD). */
  lossSsthresh(): number;
  /** Slow start or congestion avoidance increase for one new ACK. */
  openCwnd(): void;
  /** Retransmit the segment at snd_una now (fast retransmit). */
  fastRetransmit(): void;
}
