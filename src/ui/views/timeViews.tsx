import { useMemo } from 'react';
import { StallKind, TcpEvent } from '../../sim';
import { fillMergedSpans } from './spans';
import { decimate, decimateByKey } from '../data/decimate';
import type { RunStore } from '../data/runStore';
import { consequenceOf } from '../inspect/consequence';
import type { DropRecord } from '../inspect/explain';
import { matchesHighlight, strokeColumns, thresholdLine, tickColumns } from './draw';
import type { MarkColors } from './palette';
import { BACKGROUND_COLOR, deadlockColor, markColors, reasonStyle, seriesColor } from './palette';
import { ViewLegend } from './Legend';
import type { ChartSpec } from './TimeChart';
import { TimeChart } from './TimeChart';
import type { ViewState } from './viewState';

interface ViewProps {
  store: RunStore;
  view: ViewState;
  height: number;
}

/** Words for each kind of flagged stall (deadlocks a and b of Nakanishi et al., S2); the plot's
 * legend names its bands more briefly. */
export const DEADLOCK_B_LABEL = 'red: deadlock (b), rescued only by a retransmission timeout';
export const DEADLOCK_A_LABEL =
  'purple: stop-and-go deadlock (a), rescued only by the delayed-ACK timer';

const KB = (v: number) => (v >= 1e6 ? `${(v / 1e6).toFixed(1)}M` : `${Math.round(v / 1e3)}k`);

/** Connections to draw: the selected one, or all (hovered one last, on top). */
function connsToDraw(store: RunStore, selected: number, hover: number | null): number[] {
  const n = store.info?.nConn ?? 0;
  if (selected >= 0 && selected < n) return [selected];
  const all = Array.from({ length: n }, (_, i) => i);
  if (hover !== null && hover < n) {
    all.splice(hover, 1);
    all.push(hover);
  }
  return all;
}

/**
 * The connection whose series (column `col` of an event table with t and conn columns) is
 * nearest to `value` at time t, within `tol`; looks back from t for each connection's latest
 * row.
 */
function nearestAt(
  tab: RunStore['tables']['cwnd'],
  col: string,
  t: number,
  value: number,
  tol: number,
  nConn: number,
): number | null {
  if (tab.rows === 0 || nConn === 0) return null;
  const conn = tab.col<Int32Array>('conn');
  const vals = tab.col(col);
  const seen = new Uint8Array(nConn);
  let found = 0;
  let best: number | null = null;
  let bestD = tol;
  const end = Math.min(tab.rows, tab.lowerBound(t));
  for (let i = end - 1; i >= 0 && found < nConn && end - i < 20_000; i--) {
    const c = conn[i];
    if (seen[c]) continue;
    seen[c] = 1;
    found++;
    const d = Math.abs(vals[i] - value);
    if (d <= bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** The loss-table row `i` as a drop record (the inspector's input). */
export function dropRecord(store: RunStore, i: number): DropRecord {
  const l = store.tables.loss;
  return {
    t: l.col('t')[i],
    vc: l.col<Int32Array>('vc')[i],
    conn: l.col<Int32Array>('conn')[i],
    seq: l.col('seq')[i],
    reason: l.col<Uint8Array>('reason')[i],
    cells: l.col<Int32Array>('cells')[i],
    X: l.col('X')[i],
    Xi: l.col('Xi')[i],
    Na: l.col('Na')[i],
    threshold: l.col('threshold')[i],
    extra: l.col('extra')[i],
  };
}

/** Rings a point and labels it (inspector highlights). */
function ring(
  ctx: CanvasRenderingContext2D,
  px: number,
  py: number,
  label: string,
  big: boolean,
  color = markColors(false).highlight,
) {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = big ? 3 : 2;
  ctx.beginPath();
  ctx.arc(px, py, big ? 10 : 8, 0, Math.PI * 2);
  ctx.stroke();
  ctx.font = `bold ${big ? 14 : 11}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  ctx.fillText(label, px + 10, py - 6);
  ctx.restore();
}

/** Alpha for connection c given the hover (others fade). */
function alphaFor(c: number, hover: number | null): number {
  return hover === null || hover === c ? 1 : 0.22;
}

/** Timeout and fast-retransmit marks of connection set `conns` in [t0, t1). */
function tcpEventMarks(
  store: RunStore,
  ctx: CanvasRenderingContext2D,
  x: (t: number) => number,
  height: number,
  t0: number,
  t1: number,
  conns: Set<number> | null,
  big: boolean,
  m: MarkColors = markColors(false),
): { timeouts: number; fastRetx: number } {
  const ev = store.tables.tcpEvents;
  const t = ev.col('t');
  const conn = ev.col<Int32Array>('conn');
  const kind = ev.col<Uint8Array>('kind');
  let timeouts = 0;
  let fastRetx = 0;
  const from = ev.lowerBound(t0);
  let inWindow = 0;
  for (let i = from; i < ev.rows && t[i] < t1; i++) {
    if (kind[i] === TcpEvent.TIMEOUT && (!conns || conns.has(conn[i]))) inWindow++;
  }
  // Few timeouts: full-height dotted lines with labels; many: short ticks at the top.
  const sparse = inWindow <= 30;
  let lastLine = -Infinity;
  let lastLabel = -Infinity;
  ctx.save();
  ctx.font = `${big ? 14 : 11}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (let i = from; i < ev.rows && t[i] < t1; i++) {
    if (conns && !conns.has(conn[i])) continue;
    const px = Math.round(x(t[i])) + 0.5;
    if (kind[i] === TcpEvent.TIMEOUT) {
      timeouts++;
      if (px - lastLine < 1) continue;
      lastLine = px;
      ctx.strokeStyle = m.timeout;
      ctx.globalAlpha = sparse ? 0.85 : 0.7;
      ctx.lineWidth = sparse ? 1.2 : 1.5;
      ctx.setLineDash(sparse ? [2, 3] : []);
      ctx.beginPath();
      ctx.moveTo(px, 0);
      ctx.lineTo(px, sparse ? height : 10);
      ctx.stroke();
      if (sparse && px - lastLabel > 40) {
        ctx.fillStyle = m.timeout;
        ctx.globalAlpha = 1;
        ctx.fillText('RTO', px + 3, 2);
        lastLabel = px;
      }
    } else if (kind[i] === TcpEvent.FAST_RETRANSMIT) {
      fastRetx++;
      ctx.globalAlpha = 1;
      ctx.fillStyle = m.fastRetx;
      ctx.beginPath();
      ctx.moveTo(px, height - 9);
      ctx.lineTo(px + 5, height - 1);
      ctx.lineTo(px - 5, height - 1);
      ctx.closePath();
      ctx.fill();
    }
  }
  ctx.restore();
  return { timeouts, fastRetx };
}

/** View 3: tcptrace-style time-sequence plot. */
export function TimeSeqView({ store, view, height }: ViewProps) {
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'sequence (bytes)',
      yFormat: KB,
      yDomain(t0, t1) {
        const v = view.get();
        const conns = new Set(connsToDraw(store, v.selectedConn, null));
        const seg = store.tables.segments;
        const acks = store.tables.acks;
        let lo = Infinity;
        let hi = -Infinity;
        const scan = (tab: typeof seg, f: (i: number) => number) => {
          const t = tab.col('t');
          const c = tab.col<Int32Array>('conn');
          for (let i = tab.lowerBound(t0); i < tab.rows && t[i] < t1; i++) {
            if (!conns.has(c[i])) continue;
            const val = f(i);
            if (val < lo) lo = val;
            if (val > hi) hi = val;
          }
        };
        const seq = seg.col('seq');
        const len = seg.col<Int32Array>('len');
        scan(seg, (i) => seq[i] + len[i]);
        scan(seg, (i) => seq[i]);
        const ack = acks.col('ack');
        const win = acks.col('win');
        scan(acks, (i) => ack[i] + win[i]);
        if (!(hi > lo)) return [0, 1e5];
        return [lo, hi];
      },
      draw({ ctx, x, y, width, height, t0, t1, view: v }) {
        const conns = connsToDraw(store, v.selectedConn, v.hoverConn);
        const seg = store.tables.segments;
        const acks = store.tables.acks;
        const st = seg.col('t');
        const sc = seg.col<Int32Array>('conn');
        const sq = seg.col('seq');
        const sl = seg.col<Int32Array>('len');
        const rx = seg.col<Uint8Array>('retx');
        const at = acks.col('t');
        const ac = acks.col<Int32Array>('conn');
        const aa = acks.col('ack');
        const aw = acks.col('win');
        const cols = Math.max(1, Math.floor(width));
        const s0 = seg.lowerBound(t0);
        const a0 = acks.lowerBound(t0);
        let points = 0;
        let retx = 0;
        const n = store.info?.nConn ?? 0;
        const want = new Uint8Array(n);
        for (const c of conns) want[c] = 1;
        // One pass per series over the window's rows, split by connection.
        const wins = decimateByKey(at, (i) => aa[i] + aw[i], a0, acks.rows, t0, t1, cols, ac, want);
        const ackCols = decimateByKey(at, aa, a0, acks.rows, t0, t1, cols, ac, want);
        const segCols = decimateByKey(
          st,
          (i) => sq[i] + sl[i],
          s0,
          seg.rows,
          t0,
          t1,
          cols,
          sc,
          want,
          (i) => rx[i] === 0,
        );
        const cw = width / cols;
        const m = markColors(v.dark);
        for (const c of conns) {
          const color = seriesColor(c, v.dark);
          ctx.globalAlpha = alphaFor(c, v.hoverConn);
          // Receive-window edge (ack + rwnd), then the ACK line, then the segments sent (first
          // transmissions: one tick per pixel column, min..max sequence).
          ctx.strokeStyle = m.window;
          ctx.lineWidth = 1;
          points += strokeColumns(ctx, wins[c]!, 0, cw, y);
          ctx.strokeStyle = color;
          ctx.lineWidth = v.presenter ? 2.5 : 1.5;
          points += strokeColumns(ctx, ackCols[c]!, 0, cw, y);
          ctx.fillStyle = color;
          points += tickColumns(ctx, segCols[c]!, cw, y, 3);
        }
        // Flagged deadlock stalls, behind the marks: a red band over each one a timeout ended
        // (deadlock b), a purple one over each the delayed-ACK timer ended (deadlock a).
        const stalls = store.tables.stalls;
        const sT0 = stalls.col('t0');
        const sT1 = stalls.col('t');
        const sConn = stalls.col<Int32Array>('conn');
        const sKind = stalls.col<Int32Array>('kind');
        let stallsDrawn = 0;
        let stopAndGo = 0;
        // Stalls of one kind that overlap or nearly touch (several connections, or a chain of
        // stalls of one) are drawn as one band: an even tint over the deadlocked stretch rather
        // than stripes that darken where connections overlap.
        const spans: [number[], number[]] = [[], []];
        for (let i = 0; i < stalls.rows; i++) {
          if (!want[sConn[i]] || sT1[i] < t0 || sT0[i] > t1) continue;
          const delayedAck = sKind[i] === StallKind.DELAYED_ACK;
          spans[delayedAck ? 1 : 0].push(Math.max(0, x(sT0[i])), Math.min(width, x(sT1[i])));
          stallsDrawn++;
          if (delayedAck) stopAndGo++;
        }
        // A tint over each band and a strip in the full colour along its top edge, so that the
        // band stays visible on a projector in either theme.
        let bands = 0;
        for (const kind of [0, 1] as const) {
          ctx.fillStyle = deadlockColor(kind ? 'a' : 'b', v.dark);
          ctx.globalAlpha = m.bandAlpha;
          bands += fillMergedSpans(ctx, spans[kind], height, v.presenter ? 4 : 3);
          ctx.globalAlpha = 1;
          fillMergedSpans(ctx, spans[kind], v.presenter ? 6 : 4, v.presenter ? 4 : 3);
        }
        // The bands are named by the legend under the plot (legend.ts).
        ctx.globalAlpha = 1;
        // Retransmissions on top, each marked (thinned per pixel when very many).
        ctx.globalAlpha = 1;
        ctx.strokeStyle = m.retx;
        ctx.lineWidth = v.presenter ? 2.5 : 1.6;
        const show = new Set(conns);
        let lastPx = -1;
        let lastPy = -1;
        for (let i = s0; i < seg.rows && st[i] < t1; i++) {
          if (rx[i] !== 1 || !show.has(sc[i])) continue;
          retx++;
          const px = Math.round(x(st[i]));
          const py = Math.round(y(sq[i] + sl[i]));
          if (px === lastPx && Math.abs(py - lastPy) < 3) continue;
          lastPx = px;
          lastPy = py;
          ctx.globalAlpha = alphaFor(sc[i], v.hoverConn);
          const r = v.presenter ? 4 : 3;
          ctx.beginPath();
          ctx.moveTo(px - r, py - r);
          ctx.lineTo(px + r, py + r);
          ctx.moveTo(px + r, py - r);
          ctx.lineTo(px - r, py + r);
          ctx.stroke();
        }
        ctx.globalAlpha = 1;
        // The inspected drop: its segment's sends (original and retransmissions) ringed.
        let highlighted = 0;
        const d = v.inspected;
        if (d && show.has(d.conn)) {
          const dx = x(d.t);
          ctx.save();
          ctx.strokeStyle = m.highlight;
          ctx.setLineDash([3, 3]);
          ctx.beginPath();
          ctx.moveTo(dx, 0);
          ctx.lineTo(dx, height);
          ctx.stroke();
          ctx.restore();
          for (let i = seg.lowerBound(t0); i < seg.rows && st[i] < t1; i++) {
            if (sc[i] !== d.conn || sq[i] !== d.seq) continue;
            const what = rx[i] ? 'retransmitted' : 'sent';
            ring(ctx, x(st[i]), y(sq[i] + sl[i]), what, v.presenter, m.highlight);
            highlighted++;
          }
        }
        const marks = tcpEventMarks(store, ctx, x, height, t0, t1, show, v.presenter, m);
        return {
          points,
          retx,
          conns: conns.length,
          timeouts: marks.timeouts,
          stalls: stallsDrawn,
          'stall-bands': bands,
          'stop-and-go': stopAndGo,
          highlighted,
        };
      },
      pick(t, value, tol) {
        if (view.get().selectedConn >= 0) return null;
        return nearestAt(store.tables.acks, 'ack', t, value, tol * 3, store.info?.nConn ?? 0);
      },
    }),
    [store, view],
  );
  return (
    <>
      <TimeChart
        store={store}
        view={view}
        spec={spec}
        height={height}
        label="Time-sequence plot: sequence numbers sent, ACKs and the receive window over time"
        testId="view-timeseq"
      />
      <ViewLegend store={store} view={view} kind="timeseq" />
    </>
  );
}

/** View 4: cwnd and ssthresh per connection. */
export function CwndView({ store, view, height }: ViewProps) {
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'cwnd (bytes)',
      yFormat: KB,
      yDomain(t0, t1) {
        const tab = store.tables.cwnd;
        const t = tab.col('t');
        const cw = tab.col('cwnd');
        const ss = tab.col('ssthresh');
        let hi = 0;
        for (let i = tab.lowerBound(t0); i < tab.rows && t[i] < t1; i++) {
          if (cw[i] > hi) hi = cw[i];
          if (ss[i] > hi && ss[i] < 1e12) hi = Math.min(ss[i], Math.max(hi, 2 * cw[i]));
        }
        return [0, hi > 0 ? hi * 1.05 : 1e4];
      },
      draw({ ctx, x, y, width, height, t0, t1, view: v }) {
        const tab = store.tables.cwnd;
        const t = tab.col('t');
        const conn = tab.col<Int32Array>('conn');
        const cw = tab.col('cwnd');
        const ss = tab.col('ssthresh');
        const from = tab.lowerBound(t0);
        const cols = Math.max(1, Math.floor(width));
        const conns = connsToDraw(store, -1, v.hoverConn);
        const n = store.info?.nConn ?? 0;
        const want = new Uint8Array(n).fill(1);
        const cwCols = decimateByKey(t, cw, from, tab.rows, t0, t1, cols, conn, want);
        // ssthresh (dashed) only where it is set and, with many connections, for the hovered one.
        const wantSs = new Uint8Array(n);
        for (const c of conns) if (conns.length <= 8 || v.hoverConn === c) wantSs[c] = 1;
        const ssCols = decimateByKey(
          t,
          ss,
          from,
          tab.rows,
          t0,
          t1,
          cols,
          conn,
          wantSs,
          (i) => ss[i] < 1e12,
        );
        let points = 0;
        for (const c of conns) {
          ctx.globalAlpha = alphaFor(c, v.hoverConn);
          ctx.strokeStyle = seriesColor(c, v.dark);
          ctx.lineWidth = v.presenter ? 2.5 : 1.4;
          ctx.setLineDash([]);
          points += strokeColumns(ctx, cwCols[c]!, 0, width / cols, y);
          const b = ssCols[c];
          if (b) {
            ctx.setLineDash([4, 3]);
            ctx.lineWidth = 1;
            points += strokeColumns(ctx, b, 0, width / cols, y);
          }
        }
        ctx.setLineDash([]);
        ctx.globalAlpha = 1;
        let highlighted = 0;
        const d = v.inspected;
        if (d) {
          const c = consequenceOf(store, d);
          if (c.recovery && c.cwndAfter !== null && c.recovery.t >= t0 && c.recovery.t < t1) {
            const label = `${c.recovery.kind}: cwnd cut`;
            ring(
              ctx,
              x(c.recovery.t),
              y(c.cwndAfter),
              label,
              v.presenter,
              markColors(v.dark).highlight,
            );
            highlighted++;
          }
        }
        const marks = tcpEventMarks(
          store,
          ctx,
          x,
          height,
          t0,
          t1,
          null,
          v.presenter,
          markColors(v.dark),
        );
        return { points, conns: conns.length, timeouts: marks.timeouts, highlighted };
      },
      pick(t, value, tol) {
        return nearestAt(store.tables.cwnd, 'cwnd', t, value, tol, store.info?.nConn ?? 0);
      },
    }),
    [store],
  );
  return (
    <>
      <TimeChart
        store={store}
        view={view}
        spec={spec}
        height={height}
        label="Congestion window (solid) and slow-start threshold (dashed) of each connection over time"
        testId="view-cwnd"
      />
      <ViewLegend store={store} view={view} kind="cwnd" />
    </>
  );
}

/** View 5: buffer occupancy X and stacked X_i over time, with the policy's thresholds. */
export function OccupancyView({ store, view, height }: ViewProps) {
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'cells in buffer',
      yDomain() {
        return [0, store.info?.scenario.bufferCells ?? 1];
      },
      draw({ ctx, x, y, width, t0, t1, view: v }) {
        const tab = store.tables.queue;
        const info = store.info;
        if (!info || tab.rows === 0) return { points: 0 };
        const t = tab.col('t');
        const from = tab.lowerBound(t0);
        const cols = Math.max(1, Math.floor(width));
        const nVc = info.nVc;
        // Stacked X_i: per column, the last sample of each VC (stacked in VC order).
        const lastRow = new Int32Array(cols).fill(-1);
        for (let i = from; i < tab.rows && t[i] < t1; i++) {
          const j = Math.min(cols - 1, Math.floor(((t[i] - t0) / (t1 - t0)) * cols));
          if (j >= 0) lastRow[j] = i;
        }
        const cw = width / cols;
        const base = new Float64Array(cols);
        const series: { name: string; color: string }[] = [];
        for (let vc = 0; vc < nVc; vc++)
          series.push({ name: `vc${vc}`, color: seriesColor(vc, v.dark) });
        series.push({ name: 'background', color: BACKGROUND_COLOR });
        for (const s of series) {
          const col = tab.col<Int32Array>(s.name);
          if (!col) continue;
          ctx.fillStyle = s.color;
          const vcIndex = s.name.startsWith('vc') ? Number(s.name.slice(2)) : -1;
          // Opaque unless another VC is hovered, so that each area keeps its contrast.
          ctx.globalAlpha =
            v.hoverConn !== null && vcIndex >= 0 && info.vcOfConn[v.hoverConn] !== vcIndex
              ? 0.2
              : 1;
          for (let j = 0; j < cols; j++) {
            const r = lastRow[j];
            if (r < 0) continue;
            const val = col[r];
            if (val <= 0) continue;
            const yTop = y(base[j] + val);
            ctx.fillRect(j * cw, yTop, cw + 0.5, y(base[j]) - yTop);
            base[j] += val;
          }
        }
        ctx.globalAlpha = 1;
        // Total X as a min/max envelope line.
        ctx.strokeStyle = markColors(v.dark).total;
        ctx.lineWidth = v.presenter ? 2 : 1;
        const X = decimate(t, tab.col<Int32Array>('X'), from, tab.rows, t0, t1, cols);
        const points = strokeColumns(ctx, X, 0, cw, y);
        void x;
        return { points };
      },
      annotate(g, { y, width, view: v }) {
        const info = store.info;
        if (!info) return;
        const K = info.scenario.bufferCells;
        const hl = v.highlightThreshold;
        let highlighted = '';
        const kLabel = `K = ${K}`;
        if (matchesHighlight(kLabel, hl)) highlighted = kLabel;
        thresholdLine(g, y(K), width, kLabel, 'currentColor', highlighted === kLabel);
        for (const th of info.thresholds) {
          if (!(th.cells > 0 && th.cells < K)) continue;
          const on = matchesHighlight(th.label, hl);
          if (on) highlighted = th.label;
          thresholdLine(
            g,
            y(th.cells),
            width,
            `${th.label} = ${Math.round(th.cells)}`,
            markColors(v.dark).threshold,
            on,
          );
        }
        (g.closest('[data-testid]') as HTMLElement | null)?.setAttribute(
          'data-highlight-threshold',
          highlighted,
        );
      },
    }),
    [store],
  );
  return (
    <>
      <TimeChart
        store={store}
        view={view}
        spec={spec}
        height={height}
        label="Buffer occupancy over time: total X as a line, each VC's X_i stacked, thresholds dashed"
        testId="view-occupancy"
      />
      <ViewLegend store={store} view={view} kind="occupancy" />
    </>
  );
}

/** View 6: drops by time and VC, coloured by reason; dead cells marked apart. */
export function LossRasterView({ store, view, height }: ViewProps) {
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'VC',
      yFormat: (v) => (Number.isInteger(v) ? String(v) : ''),
      yDomain() {
        return [-0.5, (store.info?.nVc ?? 1) - 0.5];
      },
      draw({ ctx, x, y, t0, t1, view: v }) {
        const loss = store.tables.loss;
        const dead = store.tables.dead;
        const info = store.info;
        if (!info) return { drops: 0, dead: 0, 'first-drop-x': -1, 'first-drop-y': -1 };
        const rowH = Math.max(3, Math.abs(y(0) - y(1)) * 0.7);
        const lt = loss.col('t');
        const lv = loss.col<Int32Array>('vc');
        const lr = loss.col<Uint8Array>('reason');
        const lc = loss.col<Int32Array>('conn');
        let drops = 0;
        let firstX = -1;
        let firstY = -1;
        let lastKey = '';
        for (let i = loss.lowerBound(t0); i < loss.rows && lt[i] < t1; i++) {
          drops++;
          const px = Math.round(x(lt[i]));
          const key = `${px}:${lv[i]}:${lr[i]}`;
          if (key === lastKey) continue;
          lastKey = key;
          ctx.globalAlpha = v.hoverConn === null || v.hoverConn === lc[i] ? 1 : 0.2;
          ctx.fillStyle = reasonStyle(lr[i], v.dark).color;
          ctx.fillRect(px - 1, y(lv[i]) - rowH / 2, 2.5, rowH * 0.62);
          if (firstX < 0) {
            firstX = px;
            firstY = y(lv[i]) - rowH / 2 + rowH * 0.31;
          }
        }
        // Dead cells: hollow marks in the lower part of the VC's row.
        const dt = dead.col('t');
        const dv = dead.col<Int32Array>('vc');
        let deadN = 0;
        ctx.globalAlpha = 1;
        ctx.strokeStyle = markColors(v.dark).dead;
        ctx.lineWidth = 1;
        lastKey = '';
        for (let i = dead.lowerBound(t0); i < dead.rows && dt[i] < t1; i++) {
          deadN++;
          const px = Math.round(x(dt[i]));
          const key = `${px}:${dv[i]}`;
          if (key === lastKey) continue;
          lastKey = key;
          ctx.strokeRect(px - 1.5, y(dv[i]) + rowH * 0.18, 3, rowH * 0.3);
        }
        // The inspected drop, ringed.
        const d = v.inspected;
        if (d && d.t >= t0 && d.t < t1)
          ring(ctx, x(d.t), y(d.vc) - rowH * 0.19, '', v.presenter, markColors(v.dark).highlight);
        return { drops, dead: deadN, 'first-drop-x': firstX, 'first-drop-y': Math.round(firstY) };
      },
      click(t, value, tTol) {
        // The drop nearest to the click on that VC's row, within 4 px.
        const loss = store.tables.loss;
        const vc = Math.round(value);
        const lt = loss.col('t');
        const lv = loss.col<Int32Array>('vc');
        let best = -1;
        let bestD = tTol;
        for (let i = loss.lowerBound(t - tTol); i < loss.rows && lt[i] <= t + tTol; i++) {
          if (lv[i] !== vc) continue;
          const dist = Math.abs(lt[i] - t);
          if (dist <= bestD) {
            bestD = dist;
            best = i;
          }
        }
        if (best >= 0) view.set({ inspected: dropRecord(store, best) });
      },
    }),
    [store, view],
  );
  return (
    <>
      <TimeChart
        store={store}
        view={view}
        spec={spec}
        height={height}
        label="Cell-loss raster: each drop by time and VC, coloured by the rule that fired; hollow marks are dead cells. Click a drop to see why it was dropped."
        testId="view-loss"
      />
      <ViewLegend store={store} view={view} kind="loss" />
    </>
  );
}
