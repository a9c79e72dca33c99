/**
 * The events the keys step through in the time-sequence plot: each retransmitted segment,
 * timeout and fast retransmit of the connections shown, in time order, and each in words.
 */
import { tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { SeqEvent } from './viewState';

const TIMEOUT = tcpEventRow('TIMEOUT');
const FAST_RETX = tcpEventRow('FAST_RETRANSMIT');

/** The events of connections `conns` in [t0, t1), by time. */
export function seqEventsIn(
  store: RunStore,
  t0: number,
  t1: number,
  conns: ReadonlySet<number>,
): SeqEvent[] {
  const out: SeqEvent[] = [];
  const seg = store.tables.segments;
  const st = store.column('segments', 't');
  const sc = store.column('segments', 'conn');
  const sq = store.column('segments', 'seq');
  const sl = store.column('segments', 'len');
  const rx = store.column('segments', 'retx');
  for (let i = seg.lowerBound(t0); i < seg.rows && st[i] < t1; i++)
    if (rx[i] === 1 && conns.has(sc[i]))
      out.push({ t: st[i], conn: sc[i], kind: 'retransmission', seq: sq[i] + sl[i], first: sq[i] });
  const ev = store.tables.tcpEvents;
  const et = store.column('tcpEvents', 't');
  const ec = store.column('tcpEvents', 'conn');
  const ek = store.column('tcpEvents', 'kind');
  for (let i = ev.lowerBound(t0); i < ev.rows && et[i] < t1; i++) {
    if (!conns.has(ec[i])) continue;
    const kind =
      ek[i] === TIMEOUT.code ? 'timeout' : ek[i] === FAST_RETX.code ? 'fast retransmit' : null;
    if (kind) out.push({ t: et[i], conn: ec[i], kind, seq: null, first: null });
  }
  // Stable: at one instant, the event before the segment it sends again.
  return out.sort((a, b) => a.t - b.t || (a.seq === null ? -1 : 0) - (b.seq === null ? -1 : 0));
}

/** The index of `e` in `list` (same time, connection and kind), or -1. */
export function indexOfEvent(list: readonly SeqEvent[], e: SeqEvent | null): number {
  if (!e) return -1;
  return list.findIndex(
    (x) => x.t === e.t && x.conn === e.conn && x.kind === e.kind && x.seq === e.seq,
  );
}

const secs = new Intl.NumberFormat('en', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const count = new Intl.NumberFormat('en');

/** An event in words, as a screen reader hears the event chosen with the keys. */
export function seqEventWords(e: SeqEvent, nth: number, of: number): string {
  const what =
    e.kind === 'retransmission' ? `segment sent again, byte ${count.format(e.first ?? 0)}` : e.kind;
  return `Event ${count.format(nth)} of ${count.format(of)} shown: ${secs.format(e.t)} s, TCP ${e.conn + 1}, ${what}. Enter: the drop before it.`;
}

/** The loss-table row of the drop that event `e` answers: the latest drop of its connection
 * before it (of its segment, for a retransmission), or -1. */
export function dropBefore(store: RunStore, e: SeqEvent): number {
  const loss = store.tables.loss;
  const lt = store.column('loss', 't');
  const lc = store.column('loss', 'conn');
  const ls = store.column('loss', 'seq');
  for (let i = Math.min(loss.rows, loss.lowerBound(e.t + 1e-12)) - 1; i >= 0; i--) {
    if (lt[i] > e.t || lc[i] !== e.conn) continue;
    if (e.first === null || ls[i] === e.first) return i;
  }
  return -1;
}
