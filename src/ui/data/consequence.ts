import type { DropRecord } from '../../sim/atm/policies/types';
import type { SeriesTable } from './runStore';

export interface Consequence {
  /** When the dropped frame's segment was sent (the latest send at or before the drop). */
  sentAt: number | null;
  /** Duplicate ACKs (cumulative ACK stuck at the lost segment) before the recovery. */
  dupAcks: number;
  /** How the sender found out: fast retransmit or timeout, and when (s). */
  recovery: { kind: 'fast retransmit' | 'timeout'; t: number } | null;
  /** When the segment was sent again (s). */
  retransmittedAt: number | null;
  /** cwnd and ssthresh just before and just after the recovery (bytes). */
  cwndBefore: number | null;
  cwndAfter: number | null;
  ssthreshAfter: number | null;
}

/** Last row of `conn` at or before t in an event table with t and conn columns. */
function lastAtOrBefore(tab: SeriesTable, conn: number, t: number): number {
  const ts = tab.col('t');
  const cs = tab.col<Int32Array>('conn');
  for (let i = Math.min(tab.rows, tab.lowerBound(t) + 64) - 1; i >= 0; i--) {
    if (ts[i] <= t && cs[i] === conn) return i;
  }
  return -1;
}

/** First row of `conn` with t ≥ from (and t < to) matching `pred`. */
function firstAfter(
  tab: SeriesTable,
  conn: number,
  from: number,
  pred: (i: number) => boolean = () => true,
  to = Infinity,
): number {
  const ts = tab.col('t');
  const cs = tab.col<Int32Array>('conn');
  for (let i = tab.lowerBound(from); i < tab.rows && ts[i] < to; i++) {
    if (cs[i] === conn && pred(i)) return i;
  }
  return -1;
}

/**
 * What followed a drop, read from the recorded series: the duplicate ACKs, the fast
 * retransmit or timeout, the retransmission of the lost segment, and the cwnd cut.
 */
export function consequenceOf(
  tables: {
    segments: SeriesTable;
    acks: SeriesTable;
    tcpEvents: SeriesTable;
    cwnd: SeriesTable;
  },
  d: DropRecord,
): Consequence {
  const { segments, acks, tcpEvents, cwnd } = tables;
  const seq = segments.col('seq');
  const retx = segments.col<Uint8Array>('retx');
  const sent = (() => {
    const ts = segments.col('t');
    const cs = segments.col<Int32Array>('conn');
    for (let i = Math.min(segments.rows, segments.lowerBound(d.t) + 1) - 1; i >= 0; i--) {
      if (ts[i] <= d.t && cs[i] === d.conn && seq[i] === d.seq) return ts[i];
    }
    return null;
  })();
  const rIdx = firstAfter(segments, d.conn, d.t, (i) => seq[i] === d.seq && retx[i] === 1);
  const retransmittedAt = rIdx >= 0 ? segments.col('t')[rIdx] : null;
  const kind = tcpEvents.col<Uint8Array>('kind');
  const eIdx = firstAfter(tcpEvents, d.conn, d.t, (i) => kind[i] === 1 || kind[i] === 2);
  const recovery =
    eIdx >= 0
      ? {
          kind: kind[eIdx] === 1 ? ('timeout' as const) : ('fast retransmit' as const),
          t: tcpEvents.col('t')[eIdx],
        }
      : null;
  const ack = acks.col('ack');
  let dupAcks = 0;
  const until = recovery?.t ?? retransmittedAt ?? Infinity;
  const at = acks.col('t');
  const ac = acks.col<Int32Array>('conn');
  for (let i = acks.lowerBound(d.t); i < acks.rows && at[i] <= until; i++) {
    if (ac[i] === d.conn && ack[i] === d.seq) dupAcks++;
  }
  let cwndBefore: number | null = null;
  let cwndAfter: number | null = null;
  let ssthreshAfter: number | null = null;
  if (recovery) {
    const b = lastAtOrBefore(cwnd, d.conn, recovery.t - 1e-12);
    if (b >= 0) cwndBefore = cwnd.col('cwnd')[b];
    const a = firstAfter(cwnd, d.conn, recovery.t);
    if (a >= 0) {
      cwndAfter = cwnd.col('cwnd')[a];
      ssthreshAfter = cwnd.col('ssthresh')[a];
    }
  }
  return {
    sentAt: sent,
    dupAcks,
    recovery,
    retransmittedAt,
    cwndBefore,
    cwndAfter,
    ssthreshAfter,
  };
}
