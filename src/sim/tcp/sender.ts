import type { Time } from '../core/time';
import type { CcSender, CongestionControl } from './cc/types';
import type { RttEstimator } from './rto';
import { addRttSample, backedOffRto, newEstimator } from './rto';
import { Scoreboard } from './scoreboard';
import { SegmentSendTimes } from './segmentTimes';
import { TimerClock } from './timerClock';
import { TcpEvent } from './events';
import type { SenderHost, SenderParams } from './senderTypes';

export type { SenderHost, SenderParams } from './senderTypes';

/**
 * A greedy bulk TCP sender: sequence space, RFC 6298 timer on a free-running
 * clock of granularity G, Karn's rule, go-back-N after a timeout, sender SWS avoidance and
 * Nagle, and a SACK scoreboard. Congestion control is delegated to a variant (cc/). The clock
 * is passed in, never read.
 */
export class TcpSender implements CcSender {
  cwnd: number;
  ssthresh: number;
  dupAcks = 0;
  inRecovery = false;
  recover = 0;
  sndUna = 0;
  sndNxt = 0;
  sndMax = 0;
  /** The peer's advertised window and the largest ever seen. */
  rwnd: number;
  maxRwnd: number;
  readonly est: RttEstimator;
  readonly scoreboard = new Scoreboard();
  backoff = 0;
  /** Expiry time of the retransmission timer, or Infinity when stopped. */
  rtoAt: Time = Infinity;
  /** Time of the variant's wake-up, or Infinity. */
  wakeTime: Time = Infinity;
  started = false;
  aborted = false;
  now: Time = 0;
  // Karn: one timed segment at a time, never a retransmitted one.
  private timedSeq = -1;
  /** Send time of each outstanding segment (kept only for the 'oldest' timer / resendOverdue). */
  private readonly sendTimes: SegmentSendTimes | null;
  private readonly clock: TimerClock;
  private readonly oldest: boolean;
  private timedAt: Time = 0;
  private caAcks = 0;
  /** Idling TCP: end of the retransmitted data, and of the fast retransmission in flight. */
  private retxHigh = 0;
  private frozenUntil = 0;
  // Statistics.
  timeouts = 0;
  fastRetransmits = 0;
  segmentsSent = 0;
  segmentsRetransmitted = 0;
  /** Largest RTO the timer was armed with (ps, backoff included): over the whole run, and
   * since the connection's first RTT sample (S4 Fig. 4b). */
  maxRto = 0;
  maxRtoSampled = 0;

  constructor(
    readonly conn: number,
    readonly p: SenderParams,
    readonly cc: CongestionControl,
    private readonly host: SenderHost,
  ) {
    this.cwnd = p.initialCwndSegments * p.mss;
    this.rwnd = p.initialRwnd;
    this.maxRwnd = p.initialRwnd;
    // RFC 5681 §3.1: ssthresh starts arbitrarily high; here, the receiver's window.
    this.ssthresh = p.initialRwnd;
    this.est = newEstimator(p.rto);
    this.clock = new TimerClock(p.rto.G, p.tickPhase, p.timerMode);
    this.oldest = p.timerMode === 'oldest';
    this.sendTimes = this.oldest || p.resendOverdue ? new SegmentSendTimes() : null;
  }

  get mss(): number {
    return this.p.mss;
  }
  get dupAckThreshold(): number {
    return this.p.dupAckThreshold;
  }
  get flightSize(): number {
    return this.sndMax - this.sndUna;
  }
  get srtt(): number {
    return this.est.samples > 0 ? this.est.srtt : 0;
  }
  get sackDelayRtx(): boolean {
    return !!this.p.sackDelayRtx;
  }

  start(now: Time): void {
    this.started = true;
    this.now = now;
    this.host.traceCwnd(this.conn, now);
    this.trySend(now);
  }

  lossSsthresh(): number {
    const mss = this.p.mss;
    if (this.p.ssthreshRule === 'bsd') {
      const w = Math.min(this.cwnd, this.rwnd) / 2;
      return Math.max(2, Math.floor(w / mss)) * mss;
    }
    return Math.max(this.flightSize / 2, 2 * mss); // RFC 5681 eq. (4)
  }

  openCwnd(): void {
    const mss = this.p.mss;
    if (this.p.idling && this.sndUna < this.frozenUntil) return; // S0 §5.3: frozen
    if (this.cwnd < this.ssthresh) {
      this.cwnd += mss; // slow start (RFC 5681 eq. 2)
      return;
    }
    // Congestion avoidance (eq. 3): MSS·MSS/cwnd per ACK; S1's bug and its fix as options.
    const n = this.p.cwndEveryN ?? 0;
    if (n > 0) {
      if (++this.caAcks < n) return;
      this.caAcks = 0;
      const inc = (n * mss * mss) / this.cwnd;
      this.cwnd += this.p.cwndInteger ? Math.floor(inc) : inc;
    } else {
      const inc = (mss * mss) / this.cwnd;
      this.cwnd += this.p.cwndInteger ? Math.floor(inc) : inc;
    }
  }

  fastRetransmit(): void {
    this.fastRetransmits++;
    this.host.traceEvent(this.conn, TcpEvent.FAST_RETRANSMIT, this.now);
    const len = Math.min(this.p.mss, this.sndMax - this.sndUna);
    if (this.p.idling) this.frozenUntil = this.sndUna + len;
    this.timedSeq = -1; // Karn, as BSD: no sample spans a fast recovery
    this.retransmit(this.sndUna);
    // After go-back-N (Tahoe) this segment starts the refill: do not send it twice.
    if (this.sndNxt === this.sndUna) this.sndNxt += len;
  }

  retransmit(seq: number): void {
    const len = Math.min(this.p.mss, this.sndMax - seq);
    if (len <= 0) return;
    if (this.timedSeq >= seq && this.timedSeq < seq + len) this.timedSeq = -1; // Karn
    this.transmit(seq, len, true);
  }

  sendNew(): boolean {
    const edge = this.sndUna + (this.p.sndBuf ? Math.min(this.rwnd, this.p.sndBuf) : this.rwnd);
    const len = Math.min(this.p.mss, edge - this.sndMax);
    if (len < this.p.mss) return false;
    if (this.hostBlocked()) return false;
    this.transmit(this.sndMax, len, false);
    this.sndMax += len;
    if (this.sndNxt < this.sndMax) this.sndNxt = this.sndMax;
    return true;
  }

  hostBlocked(): boolean {
    return this.host.mayQueue !== undefined && !this.host.mayQueue(this.conn, this.now);
  }

  goBackN(): void {
    this.sndNxt = this.sndUna;
    this.timedSeq = -1; // Karn
  }

  wakeAt(at: Time): void {
    this.wakeTime = at;
    this.host.scheduleWake(this.conn, at);
  }

  /** An ACK arrives: cumulative `ack`, advertised window `win`, SACK blocks (pairs) or null. */
  onAck(ack: number, win: number, sack: readonly number[] | null, now: Time): void {
    if (this.aborted) return;
    this.now = now;
    const cwnd0 = this.cwnd;
    const ssthresh0 = this.ssthresh;
    if (ack > this.sndMax) return; // acknowledges data never sent: ignore
    if (ack < this.sndUna) return; // old ACK
    this.scoreboard.update(sack, ack);
    if (ack === this.sndUna) {
      // RFC 5681 §2: a duplicate ACK carries no new data, the same window, with data outstanding.
      if (this.sndMax > this.sndUna && win === this.rwnd) {
        this.dupAcks++;
        this.cc.onDupAck(this);
      } else {
        this.setRwnd(win);
      }
    } else {
      const acked = ack - this.sndUna;
      if (this.timedSeq >= 0 && ack > this.timedSeq) {
        const ticks = this.clock.ticksBetween(this.timedAt, now);
        addRttSample(this.est, now - this.timedAt, this.p.rto, ticks);
        this.timedSeq = -1;
        // A valid sample ends the backoff (Karn); the idling TCP waits for all retransmitted
        // data to be acknowledged (S0 §5.3).
        if (!this.p.idling) this.backoff = 0;
      }
      this.sndUna = ack;
      if (this.p.idling && ack >= this.retxHigh) this.backoff = 0;
      if (this.sndNxt < ack) this.sndNxt = ack;
      this.setRwnd(win);
      const restart = this.cc.onNewAck(this, acked);
      this.sendTimes?.acked(ack, this.sndMax);
      // RFC 6298 §5.2/5.3: stop the timer when all is acknowledged, else restart it. Solaris
      // 2.6 (timerClock 'oldest') leaves a running timer alone: it checks the age of the
      // oldest segment when it fires.
      if (this.sndUna === this.sndMax) this.rtoAt = Infinity;
      else if (this.oldest) {
        if (this.rtoAt === Infinity) this.armRto(now);
      } else if (restart !== false) this.armRto(now);
      if (this.p.resendOverdue && this.sndUna < this.sndMax) {
        // Solaris 2.6 tcp_rput(): "Is the next packet on the rexmit list already past due?"
        const sent = this.sendTimes!.at(this.sndUna);
        if (sent !== undefined && now - sent > this.est.rto) this.retransmit(this.sndUna);
      }
    }
    if (this.cwnd !== cwnd0 || this.ssthresh !== ssthresh0) this.host.traceCwnd(this.conn, now);
    this.trySend(now);
  }

  /** Data is outstanding and congestion control is not what holds the sender: cwnd would
   * take another full segment, but the send buffer's rest or the peer's window is shorter
   * than one, and Nagle or sender SWS avoidance holds it. A delayed ACK that ends such a wait
   * is Moldeklev & Gunningberg's stop-and-go (deadlock a). */
  heldBelowCwnd(): boolean {
    const flight = this.sndNxt - this.sndUna;
    return flight > 0 && this.cwnd - flight >= this.p.mss;
  }

  /** The host's RTO event fired at `now`. */
  onRtoEvent(now: Time): void {
    if (this.aborted || now !== this.rtoAt) return; // stale
    this.now = now;
    this.rtoAt = Infinity;
    if (this.oldest) {
      // Solaris 2.6 tcp_timer(): fired before the oldest segment is RTO old (ACKs moved the
      // head on): wait for the rest of its RTO; the backoff ends with the progress.
      if (this.sndUna === this.sndMax) return;
      const sent = this.sendTimes!.at(this.sndUna);
      if (sent !== undefined && now - sent < this.est.rto) {
        this.backoff = 0;
        this.setTimer(this.clock.tickAtOrAfter(sent + this.est.rto));
        return;
      }
    }
    if (this.backoff >= this.p.maxBackoffs) {
      this.aborted = true;
      this.host.traceEvent(this.conn, TcpEvent.ABORT, now);
      return;
    }
    this.timeouts++;
    this.host.traceEvent(this.conn, TcpEvent.TIMEOUT, now);
    // RFC 5681 §3.1: when the timed-out segment was already retransmitted by the timer,
    // ssthresh is held constant.
    const held = this.p.ssthreshRule === 'rfc5681' && this.backoff > 0 ? this.ssthresh : -1;
    this.cc.onTimeout(this);
    if (held >= 0) this.ssthresh = held;
    this.inRecovery = false;
    this.wakeTime = Infinity;
    this.scoreboard.clear(); // S1: holes already retransmitted must be sent again
    if (!this.p.idling) this.dupAcks = 0; // the idling TCP keeps its count (S0 §5.3)
    this.backoff++; // RFC 6298 §5.5
    if (this.p.resendOverdue) {
      // Solaris 2.6: resend the oldest segment only; later ACKs resend what is overdue.
      this.timedSeq = -1; // Karn
      this.retransmit(this.sndUna);
    } else {
      this.goBackN();
    }
    this.host.traceCwnd(this.conn, now);
    this.trySend(now);
    if (this.rtoAt === Infinity && this.sndMax > this.sndUna) this.armRto(now);
  }

  /** The variant's wake-up fired. */
  onWakeEvent(now: Time): void {
    if (this.aborted || now !== this.wakeTime) return;
    this.now = now;
    this.wakeTime = Infinity;
    const cwnd0 = this.cwnd;
    this.cc.onWake?.(this);
    if (this.cwnd !== cwnd0) this.host.traceCwnd(this.conn, now);
    this.trySend(now);
  }

  private setRwnd(win: number): void {
    this.rwnd = win;
    if (win > this.maxRwnd) this.maxRwnd = win;
  }

  /** Arms the timer for the backed-off RTO from now, on this host's clock (timerClock.ts). */
  private armRto(now: Time): void {
    const rto = backedOffRto(this.est, this.backoff, this.p.rto);
    if (rto > this.maxRto) this.maxRto = rto;
    if (this.est.samples > 0 && rto > this.maxRtoSampled) this.maxRtoSampled = rto;
    this.setTimer(this.clock.expiry(now, rto));
  }

  private setTimer(at: Time): void {
    this.rtoAt = at;
    this.host.scheduleRto(this.conn, at);
  }

  /** Sends what the window and the send buffer allow. */
  trySend(now: Time): void {
    if (!this.started || this.aborted) return;
    this.now = now;
    if (this.inRecovery && this.cc.sendInRecovery?.(this)) return;
    const mss = this.p.mss;
    for (;;) {
      const wnd = Math.min(this.cwnd, this.rwnd);
      const inWindow = Math.floor(this.sndUna + wnd - this.sndNxt);
      // Data the application has written: the send buffer holds [sndUna, sndUna + sndBuf).
      const buffered = this.p.sndBuf ? this.sndUna + this.p.sndBuf - this.sndNxt : Infinity;
      const usable = Math.min(inWindow, buffered);
      if (usable <= 0) break;
      let len = mss;
      if (usable < mss) {
        // RFC 1122 §4.2.3.4 sender SWS avoidance, and Nagle (RFC 896) for a short segment.
        const retransmitting = this.sndNxt < this.sndMax;
        const bigEnough = usable >= this.maxRwnd / 2;
        const nagleOk = !this.p.nagle || this.sndNxt === this.sndUna;
        // The last of the buffered data (BSD tcp_output): sent when the connection is idle or
        // Nagle is off, or when it is half the largest window. Holding it while one segment
        // waits for a delayed ACK is Moldeklev & Gunningberg's deadlock (S2 §2.3).
        const lastData = buffered <= inWindow;
        // (choice) Window-limited, a bulk source never runs out of data, so BSD's Nagle test
        // would never bind; here Nagle also holds the "half the largest window" short segment
        // while data is unacknowledged, which is stricter than RFC 1122 (3) and gives the key
        // an effect.
        const ok = lastData ? nagleOk || bigEnough : bigEnough && nagleOk;
        if (!retransmitting && !ok) break;
        len = usable;
      }
      const retx = this.sndNxt < this.sndMax;
      if (retx) len = Math.min(len, this.sndMax - this.sndNxt);
      // YATS calc_send: new data (and go-back-N resends) wait while the host's processing
      // queue is at its watermark; the host calls trySend again when it frees.
      if (this.hostBlocked()) break;
      this.transmit(this.sndNxt, len, retx);
      this.sndNxt += len;
      if (this.sndNxt > this.sndMax) this.sndMax = this.sndNxt;
    }
  }

  private transmit(seq: number, len: number, retx: boolean): void {
    this.segmentsSent++;
    if (retx) {
      this.segmentsRetransmitted++;
      if (seq + len > this.retxHigh) this.retxHigh = seq + len;
    } else if (this.timedSeq < 0) {
      this.timedSeq = seq;
      this.timedAt = this.now;
    }
    this.sendTimes?.sent(seq, this.now);
    this.host.emitSegment(this.conn, seq, len, retx, this.now);
    if (this.rtoAt === Infinity) this.armRto(this.now); // RFC 6298 §5.1
  }
}
