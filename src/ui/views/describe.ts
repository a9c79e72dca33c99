/**
 * Each view's state at the instant shown, in words: what a screen reader says of the view (its
 * accessible description) and what the page's live region announces. One function per view,
 * each with its words in it (the one place to change or translate them), declared in the
 * view's registry entry (registry.ts `describe`). They read only what the worker's batches put
 * in the run store (its tables, its buffer snapshot, its metrics) and the run's info: they say
 * what the views draw and compute nothing of the model.
 */
import { METRICS, POLICY_LABELS, StallKind, tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import { HIDDEN_WHY, METRIC_INFO, metricShown } from '../metricInfo';
import { reasonStyle } from './palette';

/** What a view shows at the instant the run stands at, as its description reads it. */
export interface ViewInstant {
  store: RunStore;
  /** The instant shown (simulated seconds). */
  t: number;
  /** The connection the time-sequence view shows (-1: all). */
  selectedConn: number;
  /** The time window the time views show (simulated seconds). */
  window: [number, number];
  /** Metrics an open question hides (ViewSnapshot.hiddenMetrics): not said either. */
  hidden?: readonly string[];
}

const TIMEOUT = tcpEventRow('TIMEOUT').code;
const FAST_RETX = tcpEventRow('FAST_RETRANSMIT').code;

// ---- Numbers as the descriptions say them ----

/** "3 cells", "1 cell". */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
/** A simulated instant, as the clock shows it: "2.885 s". */
export const at = (t: number): string => `${t.toFixed(3)} s`;
/** A byte count: "820 bytes", "12.3 kB", "1.23 MB". */
export const bytes = (b: number): string =>
  b >= 1e6
    ? `${(b / 1e6).toFixed(2)} MB`
    : b >= 1e3
      ? `${(b / 1e3).toFixed(1)} kB`
      : `${Math.round(b)} bytes`;
const cells = (n: number) => count(Math.round(n), 'cell');
/** A span of simulated time: "0.72 s". */
const seconds = (s: number) => `${s.toFixed(2)} s`;
const span = ([t0, t1]: [number, number]) => `From ${at(t0)} to ${at(t1)}`;
/** "a, b and c". */
const list = (xs: string[]) =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;

/** Rows of `name` with t0 ≤ t ≤ t1: [from, to). */
function rowsIn(store: RunStore, name: keyof RunStore['tables'], t0: number, t1: number) {
  const tab = store.tables[name];
  const t = store.column(name, 't');
  const from = tab.lowerBound(t0);
  let to = tab.lowerBound(t1);
  while (to < tab.rows && t[to] <= t1) to++;
  return [from, to] as const;
}

/** The fair share X/N_a of the buffer's VCs (background cells apart), as the per-VC view
 * draws it; 0 with no active VC. */
export function fairShare(buf: NonNullable<RunStore['buffer']>, nVc: number): number {
  return buf.na > 0 ? (buf.X - (buf.xi[nVc] ?? 0)) / buf.na : 0;
}

/** The latest drop at or before `t`, as the buffer view names it. */
function lastDrop(store: RunStore, t: number): string {
  const d = store.latestDrop();
  if (!d || d.t > t + 1e-9) return 'No drop yet.';
  const dt = t - d.t;
  const when = dt < 0.005 ? 'just now' : `${dt.toFixed(2)} s ago`;
  return `Last drop ${when}: VC ${d.vc}, ${cells(d.cells)}, ${reasonStyle(d.reason).label}.`;
}

// ---- The views ----

/** The switch buffer: fill, the VC holding most against its fair share, the policy's
 * thresholds, the latest drop. */
export function describeQueue({ store, t }: ViewInstant): string {
  const info = store.info;
  const buf = store.buffer;
  if (!info || !buf) return 'Switch buffer: no data yet.';
  const K = info.scenario.bufferCells;
  const nVc = info.nVc;
  const X = buf.X;
  const out: string[] = [];
  if (X === 0) out.push(`Switch buffer empty, K = ${K} cells.`);
  else {
    out.push(`X = ${X} of K = ${K} cells, ${Math.round((100 * X) / K)} %.`);
    let top = 0;
    for (let v = 1; v < nVc; v++) if (buf.xi[v] > buf.xi[top]) top = v;
    const most = buf.xi[top] ?? 0;
    const fair = Math.round(fairShare(buf, nVc));
    if (buf.na === 1 && most > 0) out.push(`All in VC ${top}.`);
    else if (most > 0) {
      const vs = most > fair ? 'above' : most < fair ? 'below' : 'at';
      out.push(`VC ${top} holds ${most}, ${vs} its fair share of ${fair}.`);
    }
    const bg = buf.xi[nVc] ?? 0;
    if (bg > 0) out.push(`${count(bg, 'background cell')}.`);
  }
  for (const th of info.thresholds) {
    if (!(th.cells > 0 && th.cells < K)) continue;
    out.push(`${th.label} = ${Math.round(th.cells)} ${X >= th.cells ? 'reached' : 'not reached'}.`);
  }
  out.push(lastDrop(store, t));
  return out.join(' ');
}

/** The per-VC bars: each VC's cells, the fair share and the policy's per-VC limits. */
export function describePerVc({ store }: ViewInstant): string {
  const info = store.info;
  const buf = store.buffer;
  if (!info || !buf) return 'Per-VC buffer use: no data yet.';
  const nVc = info.nVc;
  const vcs = Array.from({ length: nVc }, (_, v) => v);
  const holding = vcs.filter((v) => buf.xi[v] > 0).sort((a, b) => buf.xi[b] - buf.xi[a]);
  const out: string[] = [];
  if (holding.length === 0) out.push(`No VC holds a cell (${count(nVc, 'VC')}).`);
  else {
    const shown = nVc <= 8 ? vcs : holding.slice(0, 5);
    const rest = nVc <= 8 ? 0 : nVc - shown.length;
    out.push(
      `Cells per VC: ${shown.map((v) => `VC ${v} ${buf.xi[v]}`).join(', ')}${rest > 0 ? `; ${count(rest, 'other VC')} ${holding.length > shown.length ? `hold ${cells(holding.slice(5).reduce((s, v) => s + buf.xi[v], 0))}` : 'hold none'}` : ''}.`,
    );
  }
  if (buf.na > 0)
    out.push(
      `Fair share X/N_a = ${Math.round(fairShare(buf, nVc))} with ${count(buf.na, 'active VC')}.`,
    );
  const limited = vcs.filter((v) => Number.isFinite(buf.limits[v]));
  if (limited.length > 0) {
    const lims = new Set(limited.map((v) => Math.round(buf.limits[v])));
    out.push(
      lims.size === 1
        ? `Per-VC limit ${[...lims][0]} cells.`
        : `Per-VC limits: ${limited.map((v) => `VC ${v} ${Math.round(buf.limits[v])}`).join(', ')}.`,
    );
    const over = limited.filter((v) => buf.xi[v] > buf.limits[v]);
    if (over.length > 0) out.push(`Over the limit: ${list(over.map((v) => `VC ${v}`))}.`);
  }
  return out.join(' ');
}

/** Stalls in the window, by what ended them. */
function stallsIn(store: RunStore, w: [number, number], want: (c: number) => boolean): string[] {
  const st = store.tables.stalls;
  const t0 = store.column('stalls', 't0');
  const t1 = store.column('stalls', 't');
  const conn = store.column('stalls', 'conn');
  const kind = store.column('stalls', 'kind');
  let deadlock = 0;
  let stopAndGo = 0;
  for (let i = 0; i < st.rows; i++) {
    if (!want(conn[i]) || t1[i] < w[0] || t0[i] > w[1]) continue;
    if (kind[i] === StallKind.DELAYED_ACK) stopAndGo++;
    else deadlock++;
  }
  const out: string[] = [];
  if (deadlock) out.push(`${count(deadlock, 'deadlock')} (ended by a timeout)`);
  if (stopAndGo)
    out.push(`${count(stopAndGo, 'stop-and-go stall')} (ended by the delayed-ACK timer)`);
  return out;
}

/** Timeouts and fast retransmits in the window. */
function tcpEventsIn(store: RunStore, w: [number, number], want: (c: number) => boolean) {
  const [from, to] = rowsIn(store, 'tcpEvents', w[0], w[1]);
  const conn = store.column('tcpEvents', 'conn');
  const kind = store.column('tcpEvents', 'kind');
  let timeouts = 0;
  let fast = 0;
  for (let i = from; i < to; i++) {
    if (!want(conn[i])) continue;
    if (kind[i] === TIMEOUT) timeouts++;
    else if (kind[i] === FAST_RETX) fast++;
  }
  return { timeouts, fast };
}

/** The time-sequence of the connection shown (or all): retransmissions, timeouts, fast
 * retransmits and deadlocks in the window, the current ACK, the segments sent so far. */
/** An ACK that has not moved for this long (s) is said to wait: about two round trips of the
 * lab's LAN and WAN scenarios, far below any timeout. */
const STILL_ACK_S = 0.1;

export function describeTimeSeq({ store, t, selectedConn, window: w }: ViewInstant): string {
  const info = store.info;
  if (!info) return 'TCP time-sequence: no data yet.';
  const one = selectedConn >= 0 && selectedConn < info.nConn;
  const want = one ? (c: number) => c === selectedConn : () => true;
  const who = one ? `TCP ${selectedConn + 1}` : `All ${count(info.nConn, 'connection')}`;
  const [from, to] = rowsIn(store, 'segments', w[0], w[1]);
  const sc = store.column('segments', 'conn');
  const rx = store.column('segments', 'retx');
  let retx = 0;
  for (let i = from; i < to; i++) if (rx[i] === 1 && want(sc[i])) retx++;
  const ev = tcpEventsIn(store, w, want);
  const what = [
    count(retx, 'retransmission'),
    count(ev.timeouts, 'timeout'),
    count(ev.fast, 'fast retransmit'),
    ...stallsIn(store, w, want),
  ];
  const out = [`${who}. ${span(w)}: ${list(what)}.`];
  if (one) {
    const ac = store.column('acks', 'conn');
    const ack = store.column('acks', 'ack');
    const at_ = store.column('acks', 't');
    const [, end] = rowsIn(store, 'acks', 0, t);
    let last = -1;
    let since = -1;
    // The latest ACK, and since when it has stood at that byte (duplicates, or no ACK at all):
    // a connection that waits (a deadlock, a stall) says so while it lasts.
    for (let i = end - 1; i >= 0 && end - i < 50_000; i--) {
      if (ac[i] !== selectedConn) continue;
      if (last < 0) last = i;
      else if (ack[i] !== ack[last]) break;
      since = i;
    }
    if (last >= 0) {
      const still = t - at_[since];
      out.push(
        still >= STILL_ACK_S
          ? `ACK at ${bytes(ack[last])}, not moved for ${seconds(still)}.`
          : `ACK at ${bytes(ack[last])}.`,
      );
    }
  }
  const m = store.metrics;
  if (m) {
    const per = one ? [m.perConnection[selectedConn]].filter(Boolean) : m.perConnection;
    const sent = per.reduce((s, c) => s + c.segmentsSent, 0);
    const again = per.reduce((s, c) => s + c.segmentsRetransmitted, 0);
    out.push(
      `Since the start: ${count(sent, 'segment')} sent, ${again.toLocaleString('en-US')} retransmitted.`,
    );
  }
  return out.join(' ');
}

/** The congestion windows at the instant, and the cuts in the window. */
export function describeCwnd({ store, t, window: w }: ViewInstant): string {
  const info = store.info;
  if (!info) return 'Congestion windows: no data yet.';
  const n = info.nConn;
  const [, end] = rowsIn(store, 'cwnd', 0, t);
  const conn = store.column('cwnd', 'conn');
  const cw = store.column('cwnd', 'cwnd');
  const ss = store.column('cwnd', 'ssthresh');
  const cwnd = new Float64Array(n).fill(NaN);
  const ssth = new Float64Array(n).fill(NaN);
  let found = 0;
  for (let i = end - 1; i >= 0 && found < n && end - i < 50_000; i--) {
    const c = conn[i];
    if (c < n && Number.isNaN(cwnd[c])) {
      cwnd[c] = cw[i];
      ssth[c] = ss[i];
      found++;
    }
  }
  const out: string[] = [];
  const known = Array.from({ length: n }, (_, c) => c).filter((c) => !Number.isNaN(cwnd[c]));
  if (known.length === 0) out.push(`cwnd at ${at(t)}: none yet.`);
  else if (n <= 6)
    out.push(
      `cwnd at ${at(t)}: ${known
        .map(
          (c) =>
            `TCP ${c + 1} ${bytes(cwnd[c])}${ssth[c] < 1e12 ? ` (ssthresh ${bytes(ssth[c])})` : ''}`,
        )
        .join(', ')}.`,
    );
  else {
    const by = [...known].sort((a, b) => cwnd[a] - cwnd[b]);
    const lo = by[0];
    const hi = by[by.length - 1];
    const mean = known.reduce((s, c) => s + cwnd[c], 0) / known.length;
    out.push(
      `cwnd at ${at(t)} over ${count(known.length, 'connection')}: smallest ${bytes(cwnd[lo])} (TCP ${lo + 1}), largest ${bytes(cwnd[hi])} (TCP ${hi + 1}), mean ${bytes(mean)}.`,
    );
  }
  const ev = tcpEventsIn(store, w, () => true);
  out.push(
    `${span(w)}: ${count(ev.timeouts, 'timeout')} (cwnd to one segment), ${count(ev.fast, 'fast retransmit')} (cwnd halved).`,
  );
  return out.join(' ');
}

/** The buffer's occupancy over the window: its range, now, and the thresholds reached. */
export function describeOccupancy({ store, t, window: w }: ViewInstant): string {
  const info = store.info;
  if (!info) return 'Buffer occupancy: no data yet.';
  const K = info.scenario.bufferCells;
  const [from, to] = rowsIn(store, 'queue', w[0], w[1]);
  if (to <= from) return `${span(w)}: no samples. K = ${K} cells.`;
  const X = store.column('queue', 'X');
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = from; i < to; i++) {
    if (X[i] < lo) lo = X[i];
    if (X[i] > hi) hi = X[i];
  }
  const now = store.buffer?.X ?? X[to - 1];
  // The buffer at the instant shown is part of the window, though its sample may not be yet
  // (samples come every millisecond): the range and the thresholds reached include it.
  if (t >= w[0] && t <= w[1]) {
    lo = Math.min(lo, now);
    hi = Math.max(hi, now);
  }
  const out = [`${span(w)}: X between ${lo} and ${hi} of K = ${K} cells; ${now} at ${at(t)}.`];
  const reached: string[] = [];
  const not: string[] = [];
  for (const th of info.thresholds) {
    if (!(th.cells > 0 && th.cells < K)) continue;
    (hi >= th.cells ? reached : not).push(`${th.label} = ${Math.round(th.cells)}`);
  }
  if (hi >= K) reached.unshift('K');
  if (reached.length) out.push(`Reached ${list(reached)}.`);
  if (not.length) out.push(`Not reached: ${list(not)}.`);
  return out.join(' ');
}

/** The drops in the window: how many, of which VCs, by which rule; dead cells; the latest. */
export function describeLoss({ store, t, window: w }: ViewInstant): string {
  const info = store.info;
  if (!info) return 'Cell losses: no data yet.';
  const [from, to] = rowsIn(store, 'loss', w[0], w[1]);
  const vc = store.column('loss', 'vc');
  const reason = store.column('loss', 'reason');
  const nCells = store.column('loss', 'cells');
  const out: string[] = [];
  if (to <= from) out.push(`${span(w)}: no drops.`);
  else {
    const byVc = new Map<number, number>();
    const byReason = new Map<number, number>();
    let sum = 0;
    for (let i = from; i < to; i++) {
      byVc.set(vc[i], (byVc.get(vc[i]) ?? 0) + 1);
      byReason.set(reason[i], (byReason.get(reason[i]) ?? 0) + 1);
      sum += nCells[i];
    }
    const vcs = [...byVc.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const shownVcs = vcs.slice(0, 6).map(([v, k]) => `VC ${v} ${k}`);
    if (vcs.length > 6) shownVcs.push(`${count(vcs.length - 6, 'other VC')}`);
    const rules = [...byReason.entries()]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([r, k]) => `${reasonStyle(r).label} ${k}`);
    out.push(
      `${span(w)}: ${count(to - from, 'drop')}, ${cells(sum)}. By VC: ${shownVcs.join(', ')}. By rule: ${rules.join(', ')}.`,
    );
  }
  const [d0, d1] = rowsIn(store, 'dead', w[0], w[1]);
  if (d1 > d0) {
    const dc = store.column('dead', 'cells');
    let sum = 0;
    for (let i = d0; i < d1; i++) sum += dc[i];
    out.push(`Dead cells: ${cells(sum)} of ${count(d1 - d0, 'damaged frame')} crossed the link.`);
  }
  out.push(lastDrop(store, t));
  return out.join(' ');
}

/** The network: each switch output port, its policy, occupancy and link load. */
export function describeNetwork({ store }: ViewInstant): string {
  const info = store.info;
  const topo = info?.topology;
  if (!info || !topo) return 'Network: no data yet.';
  const switches = topo.nodes.filter((n) => n.kind === 'switch').length;
  const out = [
    `${count(switches, 'switch', 'switches')}, ${count(topo.ports.length, 'output port')}.`,
  ];
  topo.ports.forEach((p, i) => {
    const X = store.ports?.X[i];
    const util = store.ports?.util[i];
    const bits = [
      `${POLICY_LABELS[p.policy as keyof typeof POLICY_LABELS] ?? p.policy}, K = ${p.K}`,
      `${p.mbps} ${METRICS.goodputMbps.unit}`,
      count(p.vcs.length, 'VC'),
    ];
    if (X !== undefined) bits.push(`X = ${X}`);
    if (util !== undefined) bits.push(`link ${Math.round(util * 100)} % busy`);
    const drops = store.portDrops[i];
    if (drops > 0) bits.push(`${cells(drops)} dropped`);
    const tags = [
      i === topo.bottleneck ? 'the bottleneck' : '',
      i === info.focusPort ? 'shown in the buffer views' : '',
    ].filter(Boolean);
    out.push(`Port ${p.id}${tags.length ? ` (${tags.join(', ')})` : ''}: ${bits.join(', ')}.`);
  });
  return out.join(' ');
}

/** The metrics the tiles show, with their values. */
export function describeMetrics({ store, t, hidden = [] }: ViewInstant): string {
  const m = store.metrics;
  if (!m) return 'Metrics: not yet measured.';
  const tiles = METRIC_INFO.filter((d) => metricShown(d.key, store.info?.scenario));
  const said = tiles.map((d) =>
    hidden.includes(d.key) ? `${d.label} ${HIDDEN_WHY}` : `${d.label} ${d.format(m[d.key])}`,
  );
  return `Metrics at ${at(t)}: ${said.join('; ')}.`;
}
