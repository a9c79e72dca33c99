import { tcpEventRow } from '../../sim';
import type { DropRecord } from '../../sim/atm/policies/types';
import type { RunStore } from './runStore';

export interface Consequence {
  /** When the dropped frame's segment was sent (the latest send at or before the drop). */
  sentAt: number | null;
  /** Duplicate ACKs (cumulative ACK stuck at the lost segment) before the recovery. */
  dupAcks: number;
  /** How the sender found out: fast retransmit or timeout, and when (s). */
  recovery: { kind: Recovery; t: number } | null;
  /** When the segment was sent again (s). */
  retransmittedAt: number | null;
  /** cwnd and ssthresh just before and just after the recovery (bytes). */
  cwndBefore: number | null;
  cwndAfter: number | null;
  ssthreshAfter: number | null;
}

/** The two TCP events that recover a loss, in the words of the model's TCP_EVENT_TABLE. */
const RECOVERY_EVENTS = [tcpEventRow('TIMEOUT'), tcpEventRow('FAST_RETRANSMIT')] as const;
type Recovery = (typeof RECOVERY_EVENTS)[number]['words'];
const RECOVERIES: ReadonlyMap<number, Recovery> = new Map(
  RECOVERY_EVENTS.map((e) => [e.code, e.words]),
);

/** The event tables with t and conn columns that a consequence reads. */
type ConnTable = 'segments' | 'acks' | 'tcpEvents' | 'cwnd';

/** Last row of `conn` at or before t in an event table with t and conn columns. */
function lastAtOrBefore(store: RunStore, name: ConnTable, conn: number, t: number): number {
  const tab = store.tables[name];
  const ts = store.column(name, 't');
  const cs = store.column(name, 'conn');
  for (let i = Math.min(tab.rows, tab.lowerBound(t) + 64) - 1; i >= 0; i--) {
    if (ts[i] <= t && cs[i] === conn) return i;
  }
  return -1;
}

/** First row of `conn` with t ≥ from (and t < to) matching `pred`. */
function firstAfter(
  store: RunStore,
  name: ConnTable,
  conn: number,
  from: number,
  pred: (i: number) => boolean = () => true,
  to = Infinity,
): number {
  const tab = store.tables[name];
  const ts = store.column(name, 't');
  const cs = store.column(name, 'conn');
  for (let i = tab.lowerBound(from); i < tab.rows && ts[i] < to; i++) {
    if (cs[i] === conn && pred(i)) return i;
  }
  return -1;
}

/**
 * What followed a drop, read from the recorded series: the duplicate ACKs, the fast
 * retransmit or timeout, the retransmission of the lost segment, and the cwnd cut.
 */
export function consequenceOf(store: RunStore, d: DropRecord): Consequence {
  const { segments, acks } = store.tables;
  const seq = store.column('segments', 'seq');
  const retx = store.column('segments', 'retx');
  const sent = (() => {
    const ts = store.column('segments', 't');
    const cs = store.column('segments', 'conn');
    for (let i = Math.min(segments.rows, segments.lowerBound(d.t) + 1) - 1; i >= 0; i--) {
      if (ts[i] <= d.t && cs[i] === d.conn && seq[i] === d.seq) return ts[i];
    }
    return null;
  })();
  const rIdx = firstAfter(store, 'segments', d.conn, d.t, (i) => seq[i] === d.seq && retx[i] === 1);
  const retransmittedAt = rIdx >= 0 ? store.column('segments', 't')[rIdx] : null;
  const kind = store.column('tcpEvents', 'kind');
  const eIdx = firstAfter(store, 'tcpEvents', d.conn, d.t, (i) => RECOVERIES.has(kind[i]));
  const recovery =
    eIdx >= 0
      ? { kind: RECOVERIES.get(kind[eIdx])!, t: store.column('tcpEvents', 't')[eIdx] }
      : null;
  const ack = store.column('acks', 'ack');
  let dupAcks = 0;
  const until = recovery?.t ?? retransmittedAt ?? Infinity;
  const at = store.column('acks', 't');
  const ac = store.column('acks', 'conn');
  for (let i = acks.lowerBound(d.t); i < acks.rows && at[i] <= until; i++) {
    if (ac[i] === d.conn && ack[i] === d.seq) dupAcks++;
  }
  let cwndBefore: number | null = null;
  let cwndAfter: number | null = null;
  let ssthreshAfter: number | null = null;
  if (recovery) {
    const b = lastAtOrBefore(store, 'cwnd', d.conn, recovery.t - 1e-12);
    if (b >= 0) cwndBefore = store.column('cwnd', 'cwnd')[b];
    const a = firstAfter(store, 'cwnd', d.conn, recovery.t);
    if (a >= 0) {
      cwndAfter = store.column('cwnd', 'cwnd')[a];
      ssthreshAfter = store.column('cwnd', 'ssthresh')[a];
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
