/** What a TCP sender is given: its parameters (from the scenario) and its host. */
import type { Time } from '../core/time';
import type { RtoParams } from './rto';
import type { TimerMode } from './timerClock';
import type { TcpEventKind } from './events';

export interface SenderParams {
  mss: number;
  dupAckThreshold: number;
  rto: RtoParams;
  /** Phase (ps) of this host's free-running timer clock of period rto.G. */
  tickPhase: Time;
  /** What the retransmission timer counts on (timerClock.ts); default 'host'. */
  timerMode?: TimerMode;
  /** timeoutResend 'overdue' (Solaris 2.6): a timeout resends only the oldest segment (no
   * go-back-N); a new ACK that leaves a segment older than the RTO at the head resends it. */
  resendOverdue?: boolean;
  /** ssthresh after loss: RFC 5681 max(FlightSize/2, 2·MSS), or BSD min(cwnd, rwnd)/2 in MSS. */
  ssthreshRule: 'rfc5681' | 'bsd';
  initialCwndSegments: number;
  /** The peer's initial advertised window (bytes). */
  initialRwnd: number;
  nagle: boolean;
  /** Send socket buffer (bytes) that a greedy application keeps full; 0 or absent: unlimited. */
  sndBuf?: number;
  /** Consecutive timeouts after which the connection gives up (12, as BSD). */
  maxBackoffs: number;
  /** S1's integer-cwnd bug: MSS·MSS/cwnd computed in integers. */
  cwndInteger?: boolean;
  /** S1's fix: apply N·MSS²/cwnd once every N ACKs in congestion avoidance (0 = off). */
  cwndEveryN?: number;
  /** S0 §5.3 "idling" TCP. */
  idling?: boolean;
  /** S1 task 7: SACK waits RTT/2 before the fast retransmission. */
  sackDelayRtx?: boolean;
}

/** What the sender asks of its host. */
export interface SenderHost {
  emitSegment(conn: number, seq: number, len: number, retransmission: boolean, now: Time): void;
  scheduleRto(conn: number, at: Time): void;
  scheduleWake(conn: number, at: Time): void;
  traceCwnd(conn: number, now: Time): void;
  traceEvent(conn: number, kind: TcpEventKind, now: Time): void;
  /** May the sender hand the host another segment now? A host that processes segments one
   * at a time (YATS's OQWM) says no while its queue is full, and calls trySend again when it
   * frees. Explicit retransmissions are never held. Absent: always. */
  mayQueue?(conn: number, now: Time): boolean;
}
