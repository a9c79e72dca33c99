/**
 * Notable moments of a run, for the timeline's marks and the lessons' pauses: the first drop
 * (and the first of each kind that teaches something), each connection's first fast
 * retransmit and first timeout, and each deadlock. Read from the store's probe tables (loss
 * rows with their reason, TCP event rows, flagged stalls); nothing here computes the model.
 */
import { Drop, StallKind, TcpEvent, tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { DeadlockKind } from '../views/palette';
import { deadlockColor, reasonStyle } from '../views/palette';

export type MarkKind =
  /** The run's first cell drop, whatever the reason. */
  | 'first-drop'
  /** The first drop because the buffer was full (reason overflow). */
  | 'first-overflow'
  /** The first frame EPD refused at its first cell (reason epd). */
  | 'first-epd'
  /** The first cells PPD discarded after a lost cell of their frame (reason ppd). */
  | 'first-ppd'
  /** The first drop by a per-VC rule of the policy (Selective Drop, FBA, DFBA, thresholds,
   * EUBR+, GFR): any reason other than overflow, PPD and EPD. */
  | 'first-rule'
  /** A connection's first fast retransmit. */
  | 'first-fr'
  /** A connection's first retransmission timeout. */
  | 'first-timeout'
  /** A flagged deadlock: stalls of one kind that overlap in time (one mark per episode). */
  | 'deadlock';

export interface Mark {
  kind: MarkKind;
  /** Simulated seconds. */
  t: number;
  /** The connection (0-based) it concerns, where it concerns one. */
  conn?: number;
  /** What a person reads (tooltip, list). */
  label: string;
  /** A deadlock's end (its rescue), seconds, and every connection stalled in it (`conn` is
   * the first of them). */
  t1?: number;
  conns?: number[];
  /** A deadlock's kind: (b) rescued by a retransmission timeout, (a) stop-and-go. */
  deadlock?: DeadlockKind;
}

/** Words for each kind (the timeline's legend), and its colour. */
const FR_WORDS = tcpEventRow('FAST_RETRANSMIT').words;
const TIMEOUT_WORDS = tcpEventRow('TIMEOUT').words;

export const MARK_KINDS: Record<MarkKind, { name: string; color: string }> = {
  'first-drop': { name: 'first drop', color: '#555555' },
  'first-overflow': { name: 'first buffer overflow', color: '#D55E00' },
  'first-epd': { name: 'first EPD drop', color: '#0072B2' },
  'first-ppd': { name: 'first PPD discard', color: '#B86E00' },
  'first-rule': { name: 'first per-VC rule drop', color: '#009E73' },
  'first-fr': { name: `first ${FR_WORDS}`, color: '#9A7400' },
  'first-timeout': { name: `first ${TIMEOUT_WORDS}`, color: '#C00000' },
  deadlock: { name: 'deadlock', color: deadlockColor('b', false) },
};

/** The colour of a kind as CSS: the light colour above, or the dark theme's own where
 * timeline.css gives one (--tl-<kind>), so that every mark keeps 3:1 on a projector. */
export function markColor(kind: MarkKind): string {
  return `var(--tl-${kind}, ${MARK_KINDS[kind].color})`;
}

/** The colour of a mark: a deadlock's is its kind's, the same as its band in the views. */
export function colorOfMark(m: Pick<Mark, 'kind' | 'deadlock'>, dark: boolean): string {
  return m.kind === 'deadlock' && m.deadlock ? deadlockColor(m.deadlock, dark) : markColor(m.kind);
}

/** The kinds of moment a list of marks has, as the timeline's legend names them: each kind
 * once, a deadlock once per deadlock kind. */
export function legendOfMarks(
  marks: readonly Mark[],
  dark: boolean,
): { key: string; name: string; color: string }[] {
  const out = new Map<string, { key: string; name: string; color: string }>();
  for (const m of marks) {
    const key = m.kind === 'deadlock' ? `deadlock-${m.deadlock ?? 'b'}` : m.kind;
    if (out.has(key)) continue;
    const name =
      m.kind !== 'deadlock'
        ? MARK_KINDS[m.kind].name
        : m.deadlock === 'a'
          ? 'stop-and-go deadlock (a)'
          : 'deadlock (b), ends by RTO';
    out.set(key, { key, name, color: colorOfMark(m, dark) });
  }
  return [...out.values()];
}

/** At most this many deadlock marks (the first ones); a staircase can flag hundreds. */
export const MAX_DEADLOCK_MARKS = 40;

const fmt = (t: number) => `${t.toFixed(3)} s`;
const tcp = (c: number) => `TCP ${c + 1}`;

/** The run's notable moments, in time order (ties: the order of MARK_KINDS). */
export function computeMarks(store: RunStore): Mark[] {
  const out: Mark[] = [];
  const { loss, tcpEvents, stalls } = store.tables;

  // Drops: the first overall and the first of each kind.
  const lt = store.column('loss', 't');
  const lconn = store.column('loss', 'conn');
  const lvc = store.column('loss', 'vc');
  const reason = store.column('loss', 'reason');
  const seen = new Set<MarkKind>();
  const dropMark = (kind: MarkKind, i: number, what: string) => {
    if (seen.has(kind)) return;
    seen.add(kind);
    const conn = lconn[i];
    out.push({
      kind,
      t: lt[i],
      conn: conn >= 0 ? conn : undefined,
      label: `${cap(MARK_KINDS[kind].name)} at ${fmt(lt[i])}: ${what} (${conn >= 0 ? `${tcp(conn)}, ` : ''}VC ${lvc[i]})`,
    });
  };
  for (let i = 0; i < loss.rows && seen.size < 5; i++) {
    const r = reason[i];
    const words = reasonStyle(r).label;
    dropMark('first-drop', i, words);
    if (r === Drop.OVERFLOW) dropMark('first-overflow', i, 'the buffer was full');
    else if (r === Drop.EPD) dropMark('first-epd', i, 'a new frame refused above the threshold');
    else if (r === Drop.PPD) dropMark('first-ppd', i, 'the rest of a damaged frame');
    else dropMark('first-rule', i, words);
  }

  // Each connection's first fast retransmit and first timeout.
  const et = store.column('tcpEvents', 't');
  const econn = store.column('tcpEvents', 'conn');
  const ekind = store.column('tcpEvents', 'kind');
  const firstFr = new Set<number>();
  const firstTo = new Set<number>();
  for (let i = 0; i < tcpEvents.rows; i++) {
    const c = econn[i];
    if (ekind[i] === TcpEvent.FAST_RETRANSMIT && !firstFr.has(c)) {
      firstFr.add(c);
      out.push({
        kind: 'first-fr',
        t: et[i],
        conn: c,
        label: `First ${FR_WORDS} of ${tcp(c)} at ${fmt(et[i])}`,
      });
    } else if (ekind[i] === TcpEvent.TIMEOUT && !firstTo.has(c)) {
      firstTo.add(c);
      out.push({
        kind: 'first-timeout',
        t: et[i],
        conn: c,
        label: `First ${TIMEOUT_WORDS} of ${tcp(c)} at ${fmt(et[i])}`,
      });
    }
  }

  // Deadlocks: flagged stalls of one kind that overlap in time form one episode.
  const st0 = store.column('stalls', 't0');
  const st1 = store.column('stalls', 't');
  const sconn = store.column('stalls', 'conn');
  const skind = store.column('stalls', 'kind');
  const idx = Array.from({ length: stalls.rows }, (_, i) => i).sort((a, b) => st0[a] - st0[b]);
  const open: { t: number; t1: number; conn: number; stallKind: number; conns: Set<number> }[] = [];
  for (const i of idx) {
    const ep = open.find((e) => e.stallKind === skind[i] && st0[i] <= e.t1);
    if (ep) {
      ep.t1 = Math.max(ep.t1, st1[i]);
      ep.conns.add(sconn[i]);
    } else {
      if (open.length >= MAX_DEADLOCK_MARKS) continue;
      open.push({
        t: st0[i],
        t1: st1[i],
        conn: sconn[i],
        stallKind: skind[i],
        conns: new Set([sconn[i]]),
      });
    }
  }
  for (const e of open) {
    const stopAndGo = e.stallKind === StallKind.DELAYED_ACK;
    const which = stopAndGo
      ? 'stop-and-go deadlock (a), rescued by the delayed-ACK timer'
      : 'deadlock (b), rescued by a retransmission timeout';
    const conns = [...e.conns].sort((a, b) => a - b).map(tcp);
    out.push({
      kind: 'deadlock',
      t: e.t,
      t1: e.t1,
      conn: e.conn,
      conns: [...e.conns].sort((a, b) => a - b),
      deadlock: stopAndGo ? 'a' : 'b',
      label: `${cap(which)}: ${conns.join(', ')}, ${fmt(e.t)} to ${fmt(e.t1)}`,
    });
  }

  const order = Object.keys(MARK_KINDS);
  return out.sort((a, b) => a.t - b.t || order.indexOf(a.kind) - order.indexOf(b.kind));
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Where a mark takes the run: a moment to its time; an episode (a deadlock) to its end, when
 * it is flagged and counted, with the plots zoomed to show it whole with a margin each side.
 */
export function markTarget(m: Mark, duration: number): { t: number; zoom: [number, number] } {
  if (m.t1 === undefined || !(m.t1 > m.t)) return { t: m.t, zoom: zoomAround(m.t, duration) };
  const pad = Math.max(0.15 * (m.t1 - m.t), 1e-3);
  return {
    // 1 µs past its end: a run paused at the end's instant has not yet handled the event
    // that ends and flags it.
    t: Math.min(duration, m.t1 + 1e-6),
    zoom: [Math.max(0, m.t - pad), Math.min(duration, m.t1 + pad)],
  };
}

/**
 * The time window the plots zoom to around a moment at `t` of a run of `duration` seconds:
 * mostly before it (what led there), a little after (what follows once the run goes on).
 */
export function zoomAround(t: number, duration: number): [number, number] {
  const w = Math.min(5, Math.max(0.02, duration / 25));
  const a = Math.max(0, t - 1.5 * w);
  const b = Math.min(duration, t + 0.5 * w);
  return [a, b > a ? b : Math.min(duration, a + 2 * w)];
}
