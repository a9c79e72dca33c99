import type { Time } from '../core/time';
import { nextTick } from '../core/time';

export interface ReceiverParams {
  /** Receive socket buffer (bytes). */
  buffer: number;
  mss: number;
  ackMode: 'every' | 'delayed' | 'stretch';
  /** Stretch-ACK timer delay (ps), Linux 2.0 (S0 §4.3). */
  stretchDelay?: Time;
  /** Send RFC 2018 SACK blocks (at most 4, the most recent first). */
  sack?: boolean;
  /** Delayed-ACK clock: free-running period and this host's phase (ps). */
  delAckPeriod: Time;
  tickPhase: Time;
  /** Application read rate in bytes per ps; Infinity reads at once. */
  appReadRate: number;
}

export interface ReceiverHost {
  /** `byTimer`: the delayed-ACK timer sent this ACK (not a second segment or a hole). */
  emitAck(
    conn: number,
    ack: number,
    win: number,
    sack: number[] | null,
    now: Time,
    byTimer: boolean,
  ): void;
  scheduleDelAck(conn: number, at: Time): void;
  scheduleAppRead(conn: number, at: Time): void;
}

/**
 * TCP receiver: cumulative ACKs, immediate ACK for an out-of-order segment or
 * one that fills a hole, delayed ACK (every second segment or the delayed-ACK tick), a
 * receive buffer drained by the application, and receiver SWS avoidance.
 */
export class TcpReceiver {
  rcvNxt = 0;
  /** Out-of-order data as sorted, disjoint [start, end) pairs. */
  readonly ooo: number[] = [];
  /** Starts of out-of-order blocks, most recently updated first (RFC 2018 §4). */
  private recent: number[] = [];
  private unread = 0;
  private readAt: Time = 0;
  private pendingSegs = 0;
  delAckAt: Time = Infinity;
  appReadAt: Time = Infinity;
  /** Right edge of the window last advertised. */
  private advRight: number;
  duplicateSegments = 0;
  acksSent = 0;
  /** From the parameters (fixed): the ACK mode, and RFC 1122's window step min(buffer/2, MSS). */
  private readonly stretch: boolean;
  private readonly everySegment: boolean;
  private readonly swsStep: number;

  constructor(
    readonly conn: number,
    readonly p: ReceiverParams,
    private readonly host: ReceiverHost,
  ) {
    this.advRight = p.buffer;
    this.stretch = p.ackMode === 'stretch';
    this.everySegment = p.ackMode === 'every';
    this.swsStep = Math.min(p.buffer / 2, p.mss);
  }

  /** Bytes delivered in order (goodput numerator). */
  get delivered(): number {
    return this.rcvNxt;
  }

  onSegment(seq: number, len: number, now: Time): void {
    this.drain(now);
    const end = seq + len;
    const stretch = this.stretch;
    if (end <= this.rcvNxt) {
      this.duplicateSegments++;
      if (stretch) this.stretchAck(now);
      else this.ackNow(now);
      return;
    }
    if (seq > this.rcvNxt) {
      this.insertOoo(seq, end);
      // RFC 5681 §4.2: immediate duplicate ACK; stretch ACKs merge it into the timer's ACK.
      if (stretch) this.stretchAck(now);
      else this.ackNow(now);
      return;
    }
    const hadHoles = this.ooo.length > 0;
    this.advance(end);
    if (stretch) {
      this.stretchAck(now);
    } else if (hadHoles || this.everySegment) {
      this.ackNow(now); // a segment that fills (part of) a hole is ACKed at once
    } else {
      this.pendingSegs++;
      if (this.pendingSegs >= 2) this.ackNow(now);
      else if (this.delAckAt === Infinity) {
        this.delAckAt = nextTick(now, this.p.delAckPeriod, this.p.tickPhase);
        this.host.scheduleDelAck(this.conn, this.delAckAt);
      }
    }
    this.scheduleRead(now);
  }

  onDelAckEvent(now: Time): void {
    if (now !== this.delAckAt) return;
    this.delAckAt = Infinity;
    // Stretch ACKs are all timer-driven by design; only a delayed ACK the tick had to send
    // marks a possible stop-and-go stall.
    if (this.pendingSegs > 0) this.ackNow(now, this.p.ackMode === 'delayed');
  }

  /** Linux 2.0 stretch ACK (S0 §4.3): one ACK when the timer fires, for all pending data. */
  private stretchAck(now: Time): void {
    this.pendingSegs++;
    if (this.delAckAt === Infinity) {
      this.delAckAt = now + (this.p.stretchDelay ?? 4e9);
      this.host.scheduleDelAck(this.conn, this.delAckAt);
    }
  }

  /** The application has read enough to open the window: send a window update. */
  onAppReadEvent(now: Time): void {
    if (now !== this.appReadAt) return;
    this.appReadAt = Infinity;
    this.drain(now);
    if (this.window(false) > this.advRight - this.rcvNxt) this.ackNow(now);
    this.scheduleRead(now);
  }

  private advance(end: number): void {
    let newNxt = end;
    // Absorb out-of-order blocks that are now contiguous.
    const o = this.ooo;
    if (o.length > 0 && o[0] <= newNxt) {
      let k = 0;
      while (k < o.length && o[k] <= newNxt) {
        if (o[k + 1] > newNxt) newNxt = o[k + 1];
        this.forget(o[k]);
        k += 2;
      }
      if (k === o.length) o.length = 0;
      else o.splice(0, k);
    }
    const added = newNxt - this.rcvNxt;
    this.rcvNxt = newNxt;
    if (this.p.appReadRate !== Infinity) this.unread += added;
  }

  private insertOoo(start: number, end: number): void {
    const o = this.ooo;
    let i = 0;
    while (i < o.length && o[i + 1] < start) i += 2;
    // Merge every block that overlaps or touches [start, end).
    let s = start;
    let e = end;
    let j = i;
    while (j < o.length && o[j] <= e) {
      s = Math.min(s, o[j]);
      e = Math.max(e, o[j + 1]);
      this.forget(o[j]);
      j += 2;
    }
    o.splice(i, j - i, s, e);
    this.recent.unshift(s); // the block holding the newest segment comes first
  }

  private forget(start: number): void {
    const r = this.recent;
    const k = r.indexOf(start);
    if (k < 0) return;
    for (let m = k + 1; m < r.length; m++) r[m - 1] = r[m];
    r.pop();
  }

  /** RFC 2018 SACK blocks: up to 4, the block of the most recent segment first. */
  sackBlocks(): number[] | null {
    if (!this.p.sack || this.ooo.length === 0) return null;
    const out: number[] = [];
    for (const start of this.recent) {
      const k = this.ooo.indexOf(start);
      if (k >= 0 && k % 2 === 0) out.push(this.ooo[k], this.ooo[k + 1]);
      if (out.length === 8) break;
    }
    return out;
  }

  private drain(now: Time): void {
    if (this.unread > 0) {
      this.unread = Math.max(0, this.unread - (now - this.readAt) * this.p.appReadRate);
    }
    this.readAt = now;
  }

  /** Window to advertise; with `commit` its right edge is remembered. */
  private window(commit: boolean): number {
    const free = Math.max(0, this.p.buffer - Math.ceil(this.unread));
    let right = this.rcvNxt + free;
    // RFC 1122 §4.2.3.3: open the window only in steps of at least min(buffer/2, MSS)...
    if (right > this.advRight && right - this.advRight < this.swsStep) right = this.advRight;
    // ...and never shrink it (S2's trace: the right edge stays while unread data shortens it).
    if (right < this.advRight) right = this.advRight;
    if (commit) this.advRight = right;
    return right - this.rcvNxt;
  }

  private ackNow(now: Time, byTimer = false): void {
    this.pendingSegs = 0;
    this.delAckAt = Infinity;
    this.acksSent++;
    this.host.emitAck(this.conn, this.rcvNxt, this.window(true), this.sackBlocks(), now, byTimer);
  }

  private scheduleRead(now: Time): void {
    if (this.p.appReadRate === Infinity || this.appReadAt !== Infinity) return;
    // The window update is due when the unread bytes (counted whole, as window() does) fall
    // to `target`.
    const target = Math.floor(this.rcvNxt + this.p.buffer - this.advRight - this.swsStep);
    if (target < 0 || Math.ceil(this.unread) <= target) return;
    const due = Math.ceil(now + (this.unread - target) / this.p.appReadRate);
    // Always strictly later, so a rounding residue can never spin at one instant.
    this.appReadAt = Math.max(now + 1, due);
    this.host.scheduleAppRead(this.conn, this.appReadAt);
  }
}
