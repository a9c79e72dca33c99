import type { Time } from '../core/time';

/** What the detector reads of the switch port: its slot counters. */
export interface SlotCounters {
  readonly slotIndex: number;
  readonly idleSlots: number;
  readonly c: { readonly bgDeparted: number };
}

/** What ended a stall: a retransmission timeout (deadlock b, S2's CBR deadlock) or an ACK the
 * receiver's delayed-ACK timer sent (deadlock a, Moldeklev & Gunningberg's stop-and-go). */
export const StallKind = { TIMEOUT: 1, DELAYED_ACK: 2 } as const;
export type StallKindValue = (typeof StallKind)[keyof typeof StallKind];

/** A flagged interval: connection `conn` stalled from t0 to t1 (ps). */
export interface Stall {
  conn: number;
  t0: Time;
  t1: Time;
  kind: StallKindValue;
  /** Idle share of the capacity left to UBR over the stall. */
  idle: number;
}

/**
 * Throughput-deadlock detector (deadlocks a and b of S2). It flags an interval in which
 * a connection has data outstanding, makes no ACK progress, and is rescued only by a timer,
 * while the bottleneck capacity left to UBR mostly goes unused. The timer is either
 * - the sender's retransmission timeout (deadlock b, S2 §4: cells of one window lost, no
 *   duplicate ACKs, the staircase), or
 * - the receiver's delayed-ACK timer (deadlock a, S2 §2.3 after Moldeklev & Gunningberg: one
 *   segment sent, the rest of the send buffer too short for a full segment and held by Nagle,
 *   the receiver waiting for a second segment; stop-and-go at one or two segments per tick).
 * The idle-link condition separates a deadlock, where nobody can send, from an ordinary
 * timeout under contention, where other connections keep the link busy (S0's EPD runs).
 *
 * A single rescue after a long stretch of progress is ordinary recovery, not a deadlock: the
 * deadlock is a cycle in which the connection spends most of the time since its previous
 * rescue stalled (at least `stallShare`), twice in a row.
 *
 * The interval runs from the connection's last ACK progress (or its start) to the rescue.
 * Rescues with no progress between them (back-to-back timeouts, or the delayed ACK of the
 * retransmission after a timeout) extend one stall.
 */
export class DeadlockDetector {
  /** Per connection: time of the last ACK progress and the port counters then. */
  private readonly since: Float64Array;
  private readonly slotAt: Float64Array;
  private readonly idleAt: Float64Array;
  private readonly bgAt: Float64Array;
  /** End of the stall already flagged since the last progress (ps), or -1. */
  private readonly flaggedUntil: Float64Array;
  /** Time of the connection's previous rescue (or its start), ps. */
  private readonly lastRescue: Float64Array;
  /** A qualifying stall waiting for the next one to confirm a staircase. */
  private readonly pending: (Stall | null)[];
  /** 1 while the connection is in a confirmed staircase (later stalls count at once). */
  private readonly chain: Uint8Array;
  /** What ended the flagged stall still running (its extensions keep that kind). */
  private readonly flaggedKind: Uint8Array;
  /** Flagged time per connection (ps) and stalls flagged. */
  readonly flaggedTime: Float64Array;
  count = 0;

  constructor(
    nConn: number,
    /** Minimum idle share of the UBR capacity over the stall. */
    readonly minIdle = 0.9,
    /** Minimum share of the cycle since the previous rescue spent in the stall. */
    readonly stallShare = 0.75,
  ) {
    this.since = new Float64Array(nConn);
    this.slotAt = new Float64Array(nConn);
    this.idleAt = new Float64Array(nConn);
    this.bgAt = new Float64Array(nConn);
    this.flaggedUntil = new Float64Array(nConn).fill(-1);
    this.lastRescue = new Float64Array(nConn).fill(-1);
    this.pending = Array.from({ length: nConn }, () => null);
    this.chain = new Uint8Array(nConn);
    this.flaggedKind = new Uint8Array(nConn);
    this.flaggedTime = new Float64Array(nConn);
  }

  /** The connection started, or its cumulative ACK advanced, at t. */
  progress(conn: number, t: Time, port: SlotCounters): void {
    if (this.lastRescue[conn] < 0) this.lastRescue[conn] = t; // the start
    this.since[conn] = t;
    this.slotAt[conn] = port.slotIndex;
    this.idleAt[conn] = port.idleSlots;
    this.bgAt[conn] = port.c.bgDeparted;
    this.flaggedUntil[conn] = -1;
  }

  /** A retransmission timeout of `conn` fired at t (see `rescued`). */
  timeout(conn: number, t: Time, port: SlotCounters): Stall[] {
    return this.rescued(conn, t, port, StallKind.TIMEOUT);
  }

  /**
   * A timer rescued `conn` at t: its retransmission timeout fired, or an ACK sent by the
   * receiver's delayed-ACK timer advanced it (call before `progress`). Returns the stalls
   * flagged now: none, or this one (with the previous one when it completes a cycle of two).
   */
  rescued(conn: number, t: Time, port: SlotCounters, kind: StallKindValue): Stall[] {
    const t0 = this.since[conn];
    const prev = this.lastRescue[conn];
    this.lastRescue[conn] = t;
    const slots = port.slotIndex - this.slotAt[conn];
    const ubrSlots = slots - (port.c.bgDeparted - this.bgAt[conn]);
    const idle = ubrSlots > 0 ? (port.idleSlots - this.idleAt[conn]) / ubrSlots : 0;
    const pending = this.pending[conn];
    this.pending[conn] = null;
    // The link stood (almost) idle: nobody could send.
    if (idle < this.minIdle) {
      this.chain[conn] = 0;
      return [];
    }
    const stall: Stall = { conn, t0, t1: t, kind, idle };
    if (pending && pending.t0 === t0) {
      // No progress since the pending stall: this rescue continues it.
      if (kind === StallKind.DELAYED_ACK) {
        // The delayed ACK of the retransmission the timeout sent: the same stall, not a
        // second cycle.
        this.pending[conn] = { ...pending, t1: t, idle };
        return [];
      }
      // A second timeout in a row with no progress at all confirms the deadlock; the second
      // row covers the time after the first, so no time counts twice.
      this.count += 2;
      this.flaggedTime[conn] += t - t0;
      this.flaggedUntil[conn] = t;
      this.flaggedKind[conn] = kind;
      this.chain[conn] = 1;
      return [pending, { ...stall, t0: pending.t1 }];
    }
    const until = this.flaggedUntil[conn];
    if (until >= 0) {
      // A rescue with no progress since the flagged stall extends it (the row covers the
      // extension only, so rows never overlap).
      this.flaggedTime[conn] += t - until;
      this.flaggedUntil[conn] = t;
      return [{ ...stall, t0: until, kind: this.flaggedKind[conn] as StallKindValue }];
    }
    // The staircase: since its previous rescue the connection made progress only briefly
    // before stalling again; it spends most of each cycle waiting (S2 Fig. 3).
    if (t - t0 < this.stallShare * (t - prev)) {
      this.chain[conn] = 0;
      return [];
    }
    if (this.chain[conn]) {
      this.count++;
      this.flaggedTime[conn] += t - t0;
      this.flaggedUntil[conn] = t;
      this.flaggedKind[conn] = kind;
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
    this.flaggedKind[conn] = kind;
    this.chain[conn] = 1;
    return [pending, stall];
  }
}
