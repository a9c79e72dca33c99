import type { Time } from '../core/time';

/** What the detector reads of the switch port: its slot counters. */
export interface SlotCounters {
  readonly slotIndex: number;
  readonly idleSlots: number;
  readonly bgDeparted: number;
}

/** A flagged interval: connection `conn` stalled from t0 to t1 (ps). */
export interface Stall {
  conn: number;
  t0: Time;
  t1: Time;
  /** Idle share of the capacity left to UBR over the stall. */
  idle: number;
}

/**
 * Throughput-deadlock detector (domain.md §5, deadlock b; S2 §3). It flags an interval in
 * which a connection has data outstanding, makes no ACK progress, and is rescued only by a
 * retransmission timeout, while the bottleneck capacity left to UBR mostly goes unused. The
 * last condition separates a deadlock, where nobody can send (S2's staircase: the link idles
 * until the RTO), from an ordinary timeout under contention, where other connections keep the
 * link busy (S0's EPD runs).
 *
 * A single timeout after a long stretch of progress is ordinary loss recovery, not a deadlock:
 * the deadlock is the cycle S2 describes, in which the connection spends most of the time
 * since its previous timeout stalled (at least `stallShare`).
 *
 * The interval runs from the connection's last ACK progress (or its start) to the timeout.
 * Back-to-back timeouts with no progress between them extend one stall.
 */
export class DeadlockDetector {
  /** Per connection: time of the last ACK progress and the port counters then. */
  private readonly since: Float64Array;
  private readonly slotAt: Float64Array;
  private readonly idleAt: Float64Array;
  private readonly bgAt: Float64Array;
  /** End of the stall already flagged since the last progress (ps), or -1. */
  private readonly flaggedUntil: Float64Array;
  /** Time of the connection's previous timeout (or its start), ps. */
  private readonly lastTimeout: Float64Array;
  /** A qualifying stall waiting for the next one to confirm a staircase. */
  private readonly pending: (Stall | null)[];
  /** 1 while the connection is in a confirmed staircase (later stalls count at once). */
  private readonly chain: Uint8Array;
  /** Flagged time per connection (ps) and stalls flagged. */
  readonly flaggedTime: Float64Array;
  count = 0;

  constructor(
    nConn: number,
    /** Minimum idle share of the UBR capacity over the stall. */
    readonly minIdle = 0.9,
    /** Minimum share of the cycle since the previous timeout spent in the stall. */
    readonly stallShare = 0.75,
  ) {
    this.since = new Float64Array(nConn);
    this.slotAt = new Float64Array(nConn);
    this.idleAt = new Float64Array(nConn);
    this.bgAt = new Float64Array(nConn);
    this.flaggedUntil = new Float64Array(nConn).fill(-1);
    this.lastTimeout = new Float64Array(nConn).fill(-1);
    this.pending = Array.from({ length: nConn }, () => null);
    this.chain = new Uint8Array(nConn);
    this.flaggedTime = new Float64Array(nConn);
  }

  /** The connection started, or its cumulative ACK advanced, at t. */
  progress(conn: number, t: Time, port: SlotCounters): void {
    if (this.lastTimeout[conn] < 0) this.lastTimeout[conn] = t; // the start
    this.since[conn] = t;
    this.slotAt[conn] = port.slotIndex;
    this.idleAt[conn] = port.idleSlots;
    this.bgAt[conn] = port.bgDeparted;
    this.flaggedUntil[conn] = -1;
  }

  /**
   * A retransmission timeout of `conn` fired at t. Returns the stalls flagged now: none, or
   * this one (with the previous one when it completes a staircase of two).
   */
  timeout(conn: number, t: Time, port: SlotCounters): Stall[] {
    const t0 = this.since[conn];
    const prev = this.lastTimeout[conn];
    this.lastTimeout[conn] = t;
    const slots = port.slotIndex - this.slotAt[conn];
    const ubrSlots = slots - (port.bgDeparted - this.bgAt[conn]);
    const idle = ubrSlots > 0 ? (port.idleSlots - this.idleAt[conn]) / ubrSlots : 0;
    const pending = this.pending[conn];
    this.pending[conn] = null;
    // The link stood (almost) idle: nobody could send.
    if (idle < this.minIdle) {
      this.chain[conn] = 0;
      return [];
    }
    const stall: Stall = { conn, t0, t1: t, idle };
    if (this.flaggedUntil[conn] >= 0) {
      // A back-to-back timeout with no progress extends the flagged stall.
      this.flaggedTime[conn] += t - this.flaggedUntil[conn];
      this.flaggedUntil[conn] = t;
      return [stall];
    }
    // The staircase: since its previous timeout the connection made progress only briefly
    // before stalling again; it spends most of each cycle waiting (S2 Fig. 3).
    if (t - t0 < this.stallShare * (t - prev)) {
      this.chain[conn] = 0;
      return [];
    }
    if (this.chain[conn]) {
      this.count++;
      this.flaggedTime[conn] += t - t0;
      this.flaggedUntil[conn] = t;
      return [stall];
    }
    if (!pending) {
      // One such cycle can be chance (every connection timed out at once); two in a row is
      // the deadlock.
      this.pending[conn] = stall;
      return [];
    }
    this.count += 2;
    this.flaggedTime[conn] += pending.t1 - pending.t0 + (t - t0);
    this.flaggedUntil[conn] = t;
    this.chain[conn] = 1;
    return [pending, stall];
  }
}
