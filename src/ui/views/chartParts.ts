/**
 * What the time views share: the props, the connections to draw and their fading, the nearest
 * series to the pointer, the inspector's ring and the TCP event marks (timeouts and fast
 * retransmits, in the words and colours of the model's TCP_EVENT_TABLE).
 */
import { tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { MarkColors } from './palette';
import { markColors } from './palette';
import type { ViewState } from './viewState';

export interface ViewProps {
  store: RunStore;
  view: ViewState;
  height: number;
  /** The id of the element that describes the view's state in words (ViewDescription). */
  describedBy?: string;
}

const TIMEOUT = tcpEventRow('TIMEOUT');
const FAST_RETX = tcpEventRow('FAST_RETRANSMIT');

/** A byte count for an axis tick: "3166M", "1.5M", "66k" (no trailing ".0", to stay clear of the
 * rotated axis title). */
export const KB = (v: number) =>
  v >= 1e6 ? `${+(v / 1e6).toFixed(1)}M` : `${Math.round(v / 1e3)}k`;

/** Connections to draw: the selected one, or all (hovered one last, on top). */
export function connsToDraw(store: RunStore, selected: number, hover: number | null): number[] {
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
 * The connection whose series (`vals`, a column of table `name`, with t and conn columns) is
 * nearest to `value` at time t, within `tol`; looks back from t for each connection's latest
 * row.
 */
export function nearestAt(
  store: RunStore,
  name: 'acks' | 'cwnd',
  vals: ArrayLike<number>,
  t: number,
  value: number,
  tol: number,
  nConn: number,
): number | null {
  const tab = store.tables[name];
  if (tab.rows === 0 || nConn === 0) return null;
  const conn = store.column(name, 'conn');
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

/** Rings a point and labels it (inspector highlights). */
export function ring(
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
export function alphaFor(c: number, hover: number | null): number {
  return hover === null || hover === c ? 1 : 0.22;
}

/** Timeout and fast-retransmit marks of connection set `conns` in [t0, t1). */
export function tcpEventMarks(
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
  const t = store.column('tcpEvents', 't');
  const conn = store.column('tcpEvents', 'conn');
  const kind = store.column('tcpEvents', 'kind');
  let timeouts = 0;
  let fastRetx = 0;
  const from = ev.lowerBound(t0);
  let inWindow = 0;
  for (let i = from; i < ev.rows && t[i] < t1; i++) {
    if (kind[i] === TIMEOUT.code && (!conns || conns.has(conn[i]))) inWindow++;
  }
  // Few timeouts: full-height dotted lines with labels; many: short ticks at the top.
  const sparse = inWindow <= 30;
  let lastLine = -Infinity;
  let lastLabel = -Infinity;
  let lastTriangle = -Infinity;
  ctx.save();
  ctx.font = `${big ? 14 : 11}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (let i = from; i < ev.rows && t[i] < t1; i++) {
    if (conns && !conns.has(conn[i])) continue;
    const px = Math.round(x(t[i])) + 0.5;
    if (kind[i] === TIMEOUT.code) {
      timeouts++;
      if (px - lastLine < 1) continue;
      lastLine = px;
      ctx.strokeStyle = m[TIMEOUT.mark];
      ctx.globalAlpha = sparse ? 0.85 : 0.7;
      ctx.lineWidth = sparse ? 1.2 : 1.5;
      ctx.setLineDash(sparse ? [2, 3] : []);
      ctx.beginPath();
      ctx.moveTo(px, 0);
      ctx.lineTo(px, sparse ? height : 10);
      ctx.stroke();
      if (sparse && px - lastLabel > 40) {
        ctx.fillStyle = m[TIMEOUT.mark];
        ctx.globalAlpha = 1;
        ctx.fillText(TIMEOUT.short, px + 3, 2);
        lastLabel = px;
      }
    } else if (kind[i] === FAST_RETX.code) {
      fastRetx++;
      // One triangle per pixel column (a long run holds thousands in a few columns).
      if (px === lastTriangle) continue;
      lastTriangle = px;
      ctx.globalAlpha = 1;
      ctx.fillStyle = m[FAST_RETX.mark];
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
