import type { Scoreboard } from '../scoreboard';

/**
 * The congestion-control rule of a TCP sender, one file per variant. The
 * sender keeps the sequence space and the timer; the variant moves cwnd/ssthresh and asks
 * the sender to retransmit. Variant methods run inside the sender's ACK/timeout processing.
 */
export interface CongestionControl {
  readonly name: string;
  /** An ACK advanced snd_una by `acked` bytes (the sender already moved snd_una and merged
   * any SACK blocks). Return false to keep the retransmission timer running instead of
   * restarting it (RFC 6582's "impatient" partial ACKs). */
  onNewAck(s: CcSender, acked: number): boolean | void;
  /** A duplicate ACK arrived; s.dupAcks already counts it. */
  onDupAck(s: CcSender): void;
  /** The retransmission timer expired (the sender then goes back to snd_una). */
  onTimeout(s: CcSender): void;
  /** While in recovery, send what the variant allows instead of the plain window rule.
   * Return true when it handled sending. */
  sendInRecovery?(s: CcSender): boolean;
  /** The sender's wake timer (scheduled by the variant) fired. */
  onWake?(s: CcSender): void;
}

/** The part of the sender a congestion-control variant may use. */
export interface CcSender {
  cwnd: number;
  ssthresh: number;
  dupAcks: number;
  inRecovery: boolean;
  /** RFC 6582 `recover` / RFC 6675 RecoveryPoint: snd_max when recovery began (exclusive). */
  recover: number;
  readonly mss: number;
  readonly sndUna: number;
  readonly sndNxt: number;
  readonly sndMax: number;
  readonly rwnd: number;
  readonly dupAckThreshold: number;
  readonly flightSize: number;
  readonly scoreboard: Scoreboard;
  /** Smoothed RTT (ps), 0 before the first sample. */
  readonly srtt: number;
  readonly sackDelayRtx: boolean;
  /** ssthresh after a loss by the configured rule (RFC 5681 eq. 4 or BSD). */
  lossSsthresh(): number;
  /** Slow start or congestion avoidance increase for one new ACK. */
  openCwnd(): void;
  /** Counts a fast retransmission and retransmits the segment at snd_una. */
  fastRetransmit(): void;
  /** Retransmits one segment starting at `seq` (at most MSS, not past snd_max). */
  retransmit(seq: number): void;
  /** Sends one new segment at snd_max if the receiver's window allows; false otherwise. */
  sendNew(): boolean;
  /** The host holds new data for now (hostProcMs queue at its watermark); it calls trySend
   * again when it frees. */
  hostBlocked(): boolean;
  /** Go back to snd_una (go-back-N): the window is then refilled from there. */
  goBackN(): void;
  /** Asks for onWake at `at` (ps). */
  wakeAt(at: number): void;
  readonly now: number;
}
