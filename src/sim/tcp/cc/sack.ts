import type { CcSender, CongestionControl } from './types';

/**
 * SACK-based loss recovery (RFC 6675 sender, RFC 2018 receiver). On entry
 * RecoveryPoint = HighData and cwnd = ssthresh = max(FlightSize/2, 2·MSS); while cwnd − pipe ≥
 * MSS the sender sends NextSeg(): a lost hole, new data, another hole, the rescue
 * retransmission. Recovery ends when the cumulative ACK reaches RecoveryPoint. Option (S1 task
 * 7): wait RTT/2 before the first retransmission.
 */
export class Sack implements CongestionControl {
  readonly name = 'sack';
  /** Retransmitted segment starts in this recovery (HighRxt is their maximum end). */
  private retx = new Set<number>();
  private highRxt = 0;
  private rescueRxt = -1;
  private waiting = false;

  onNewAck(s: CcSender): void {
    if (!s.inRecovery) {
      s.openCwnd();
      s.dupAcks = 0;
      return;
    }
    if (s.sndUna >= s.recover) this.exit(s);
  }

  onDupAck(s: CcSender): void {
    if (s.inRecovery) return;
    const lost = s.scoreboard.isLost(s.sndUna, s.mss, s.dupAckThreshold);
    if (s.dupAcks < s.dupAckThreshold && !lost) return;
    if (s.sndUna < s.recover) return; // not twice for one window
    // RFC 6675 §5 step 4.
    s.recover = s.sndMax;
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.ssthresh;
    s.inRecovery = true;
    this.retx.clear();
    this.highRxt = s.sndUna;
    this.rescueRxt = -1;
    if (s.sackDelayRtx && s.srtt > 0) {
      this.waiting = true;
      s.wakeAt(Math.round(s.now + s.srtt / 2));
      return;
    }
    this.firstRetransmission(s);
  }

  onWake(s: CcSender): void {
    if (!this.waiting || !s.inRecovery) return;
    this.waiting = false;
    this.firstRetransmission(s);
  }

  private firstRetransmission(s: CcSender): void {
    this.retx.add(s.sndUna);
    this.highRxt = Math.min(s.sndMax, s.sndUna + s.mss);
    s.fastRetransmit();
  }

  onTimeout(s: CcSender): void {
    s.ssthresh = s.lossSsthresh();
    s.cwnd = s.mss;
    s.recover = s.sndMax;
    this.retx.clear();
    this.waiting = false;
  }

  private exit(s: CcSender): void {
    s.inRecovery = false;
    s.dupAcks = 0;
    this.retx.clear();
    this.waiting = false;
  }

  /** RFC 6675 SetPipe: bytes neither SACKed nor lost, plus bytes retransmitted. One pass up
   * the sorted, disjoint SACKed blocks: IsLost(seq) from the blocks that end above seq (their
   * count, and their bytes above seq, kept as running sums), as Scoreboard.isLost counts them. */
  pipe(s: CcSender): number {
    const b = s.scoreboard.blocks;
    const nb = b.length;
    const mss = s.mss;
    const dupThresh = s.dupAckThreshold;
    const lostBytes = (dupThresh - 1) * mss;
    const sndMax = s.sndMax;
    const retx = this.retx;
    const anyRetx = retx.size > 0;
    let above = 0; // bytes of the blocks from j on
    for (let k = 0; k < nb; k += 2) above += b[k + 1] - b[k];
    let pipe = 0;
    let i = 0; // first block that may hold the current segment
    let j = 0; // first block that ends above the current segment's start
    for (let seq = s.sndUna; seq < sndMax; seq += mss) {
      const end = Math.min(seq + mss, sndMax);
      while (i < nb && b[i + 1] < end) i += 2;
      if (i < nb && b[i] <= seq && end <= b[i + 1]) continue; // SACKed
      const len = end - seq;
      while (j < nb && b[j + 1] <= seq) {
        above -= b[j + 1] - b[j];
        j += 2;
      }
      const bytes = j < nb && b[j] < seq ? above - (seq - b[j]) : above;
      const lost = (nb - j) / 2 >= dupThresh || bytes > lostBytes;
      if (!lost) pipe += len;
      if (anyRetx && retx.has(seq)) pipe += len;
    }
    return pipe;
  }

  /** RFC 6675 NextSeg(): returns true if it sent a segment. */
  private nextSeg(s: CcSender): boolean {
    const sb = s.scoreboard;
    const mss = s.mss;
    const start = Math.max(s.sndUna, this.highRxt);
    // (1) the first unSACKed segment above HighRxt that IsLost.
    for (let seq = start; seq < s.sndMax; seq += mss) {
      const end = Math.min(seq + mss, s.sndMax);
      if (sb.isSacked(seq, end)) continue;
      if (sb.isLost(seq, mss, s.dupAckThreshold)) return this.resend(s, seq);
      break; // segments above are not lost either
    }
    // (2) new data, if the receiver's window allows; a host that holds new data for now
    // (hostProcMs) stops the round until it frees, rather than falling through to (3).
    if (s.hostBlocked()) return false;
    if (s.sendNew()) return true;
    // (3) the first unSACKed segment above HighRxt, lost or not.
    for (let seq = start; seq < s.sndMax; seq += mss) {
      if (!sb.isSacked(seq, Math.min(seq + mss, s.sndMax))) return this.resend(s, seq);
    }
    // (4) the rescue retransmission, once per recovery.
    if (this.rescueRxt < 0 && s.sndMax > s.sndUna && this.highRxt < s.sndMax) {
      const seq = Math.max(s.sndUna, s.sndMax - mss);
      if (this.retx.has(seq)) return false;
      this.rescueRxt = s.recover;
      return this.resend(s, seq);
    }
    return false;
  }

  private resend(s: CcSender, seq: number): boolean {
    this.retx.add(seq);
    this.highRxt = Math.max(this.highRxt, Math.min(seq + s.mss, s.sndMax));
    s.retransmit(seq);
    return true;
  }

  sendInRecovery(s: CcSender): boolean {
    if (this.waiting) return true;
    let budget = 1 + Math.ceil((s.sndMax - s.sndUna) / s.mss) * 2;
    while (budget-- > 0 && s.cwnd - this.pipe(s) >= s.mss) {
      if (!this.nextSeg(s)) break;
    }
    return true;
  }
}
