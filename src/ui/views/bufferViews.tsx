import { useRef } from 'react';
import { METRICS } from '../../sim';
import type { RunStore } from '../data/runStore';
import { BACKGROUND_COLOR, markColors, reasonStyle, seriesColor } from './palette';
import { ViewLegend } from './ViewLegend';
import { cssVar, prepareCanvas, useRedraw, useWidth } from './useRedraw';
import { matchesHighlight } from './draw';
import { dropRecord } from './dropRecord';
import type { ViewState } from './viewState';

interface Flash {
  wall: number;
  reason: number;
  vc: number;
}

const FLASH_MS = 700;

/** Grid geometry of a K-cell buffer in a w×h box: R rows, C columns of s-px square cells. */
export function bufferGrid(K: number, w: number, h: number) {
  const s0 = Math.sqrt((w * h) / Math.max(1, K));
  const R = Math.max(1, Math.min(Math.floor(h / Math.max(s0, 0.01)), K));
  const C = Math.ceil(K / R);
  const s = Math.min(w / C, h / R);
  return { R, C, s };
}

/** Cells of the buffer grouped by VC (a counting sort, into arrays reused from frame to frame):
 * the cells of VC b are cells[start[b]..start[b+1]), oldest first; b = nVc holds background
 * traffic. Cell i is the i-th oldest: from the buffer's order, or, when the snapshot has only
 * per-VC counts, VC by VC. */
const grouped = { cells: new Uint32Array(0), start: new Uint32Array(0), n: 0 };
function cellsByVc(buf: RunStore['buffer'], nVc: number): typeof grouped {
  const bucket = (q: number) => Math.min(q, nVc);
  const nb = nVc + 1;
  if (grouped.start.length < nb + 1) grouped.start = new Uint32Array(nb + 1);
  const start = grouped.start.fill(0, 0, nb + 1);
  grouped.n = 0;
  if (!buf) return grouped;
  if (buf.n > 0) {
    const n = buf.n;
    if (grouped.cells.length < n) grouped.cells = new Uint32Array(n);
    for (let i = 0; i < n; i++) start[bucket(buf.order[i]) + 1]++;
    for (let b = 0; b < nb; b++) start[b + 1] += start[b];
    const next = start.slice(0, nb);
    for (let i = 0; i < n; i++) grouped.cells[next[bucket(buf.order[i])]++] = i;
    grouped.n = n;
    return grouped;
  }
  // Per-VC counts only: VC by VC, in the order of the counts.
  let n = 0;
  for (let q = 0; q < buf.xi.length; q++) n += buf.xi[q];
  if (grouped.cells.length < n) grouped.cells = new Uint32Array(n);
  // Buckets grow with q, so cells 0..n−1 in this order are already grouped.
  for (let i = 0; i < n; i++) grouped.cells[i] = i;
  for (let q = 0; q < buf.xi.length; q++) start[bucket(q) + 1] += buf.xi[q];
  for (let b = 0; b < nb; b++) start[b + 1] += start[b];
  grouped.n = n;
  return grouped;
}

interface QueueDraw {
  store: RunStore;
  view: ViewState;
  canvas: HTMLCanvasElement | null;
  box: HTMLDivElement | null;
  width: number;
  height: number;
  flashes: Flash[];
  seen: { version: number; drawnDrops: number; run: unknown };
  animating: boolean;
}

/** Draws the queue view (and keeps redrawing while a drop flash fades). */
function drawQueue(q: QueueDraw): void {
  const { store, view, width, height } = q;
  const el = q.canvas;
  const info = store.info;
  const buf = store.buffer;
  if (!el || !info || width === 0) return;
  const v = view.get();
  const now = performance.now();
  // New drops of this batch become flashes (one per loss event).
  if (q.seen.run !== info) {
    q.seen.version = -1;
    q.seen.drawnDrops = 0;
    q.seen.run = info;
    q.flashes.length = 0;
  }
  if (q.seen.version !== store.version) {
    q.seen.version = store.version;
    const { from, to } = store.freshLoss;
    const reason = store.column('loss', 'reason');
    const vcs = store.column('loss', 'vc');
    for (let i = Math.max(from, to - 12); i < to; i++) {
      q.flashes.push({ wall: now, reason: reason[i], vc: vcs[i] });
      q.seen.drawnDrops++;
    }
    if (q.flashes.length > 12) q.flashes.splice(0, q.flashes.length - 12);
  }
  const ctx = prepareCanvas(el, width, height, store.playing);
  if (!ctx) return;
  const K = info.scenario.bufferCells;
  const X = buf?.X ?? 0;
  const na = buf?.na ?? 0;
  // The caption under the grid, and the latest drop's label beside it, or on a second line
  // when both do not fit (a narrow phone, presenter mode's larger type).
  const smallFont = `${v.presenter ? 14 : 11}px system-ui, sans-serif`;
  const boldFont = `bold ${v.presenter ? 14 : 12}px system-ui, sans-serif`;
  const caption = `X = ${X} of K = ${K} cells · N_a = ${na} active VC${na === 1 ? '' : 's'}${buf && buf.n === 0 && X > 0 ? ' · grouped by VC' : ''}`;
  // The latest drop is the run's latest loss event, read as the lesson cards read it; shown
  // while its flash lasts, and whenever the run stands still.
  const latest = store.latestDrop();
  const flash = q.flashes[q.flashes.length - 1];
  const showLatest = !!latest && (!store.playing || (!!flash && now - flash.wall < FLASH_MS * 2));
  const latestText = latest
    ? `✕ drop, VC ${latest.vc}: ${reasonStyle(latest.reason, v.dark).label}${latest.cells > 1 ? ` (${latest.cells} cells)` : ''}`
    : '';
  ctx.font = smallFont;
  const captionW = ctx.measureText(caption).width;
  const linkW = Math.max(
    ctx.measureText('→ link').width,
    ctx.measureText(
      `${info.topology?.ports[info.focusPort]?.mbps ?? info.scenario.linkMbps} ${METRICS.goodputMbps.unit}`,
    ).width,
  );
  ctx.font = boldFont;
  // A typical label's width, so the layout does not change from one drop to the next.
  const latestW = Math.max(
    ctx.measureText(latestText).width,
    ctx.measureText('✕ drop, VC 10: EPD (R exceeded) (90 cells)').width,
  );
  const lineH = v.presenter ? 18 : 15;
  // Reserve the second line whenever a drop label could not share the caption's line, so the
  // grid does not jump when a label appears.
  const twoLines = 8 + captionW + 16 + latestW + 16 > width - 4;
  const pad = { l: 8, r: Math.ceil(linkW) + 14, t: 26, b: twoLines ? 30 + lineH : 30 };
  const gw = width - pad.l - pad.r;
  const gh = height - pad.t - pad.b;
  const { R, C, s } = bufferGrid(K, gw, gh);
  const right = pad.l + gw;
  const left = right - C * s;
  const top = pad.t + (gh - R * s) / 2;
  const fg = cssVar('--fg', '#1d1d1f');
  const mc = markColors(v.dark);
  const muted = cssVar('--line', '#d9d9de');
  // Empty places.
  ctx.fillStyle = muted;
  ctx.globalAlpha = 0.35;
  ctx.fillRect(left, top, C * s, R * s);
  ctx.globalAlpha = 1;
  const nVc = info.nVc;
  const colorOf = (q: number) => (q >= nVc ? BACKGROUND_COLOR : seriesColor(q, v.dark));
  const hoverVc = v.hoverConn !== null ? info.vcOfConn[v.hoverConn] : -1;
  // Cell i (0 = oldest) sits in column C−1−⌊i/R⌋, row R−1−(i mod R). The cells are drawn one
  // colour at a time (one path and one fill per VC, not a fill per cell: a full buffer holds
  // thousands), in the VCs' order; `b` is the VC (nVc: background traffic).
  const gap = s >= 5 ? 1 : 0;
  const byVc = cellsByVc(buf && (buf.n > 0 || X > 0) ? buf : null, nVc);
  for (let b = 0; b <= nVc; b++) {
    const from = byVc.start[b];
    const to = byVc.start[b + 1];
    if (from === to) continue;
    ctx.fillStyle = colorOf(b);
    ctx.globalAlpha = hoverVc >= 0 && b !== hoverVc ? 0.25 : 1;
    ctx.beginPath();
    for (let j = from; j < to; j++) {
      const i = byVc.cells[j];
      const col = C - 1 - Math.floor(i / R);
      const row = R - 1 - (i % R);
      ctx.rect(left + col * s, top + row * s, s - gap, s - gap);
    }
    ctx.fill();
  }
  const drawn = byVc.n;
  ctx.globalAlpha = 1;
  // Thresholds: a boundary after `c` cells from the head.
  const xAt = (c: number) => right - (c / R) * s;
  ctx.font = smallFont;
  ctx.textBaseline = 'bottom';
  const marks = [
    { label: `K = ${K}`, cells: K },
    ...info.thresholds.filter((t) => t.cells > 0 && t.cells < K),
  ];
  // K labels the left edge; each threshold is labelled right of its line, never over the
  // previous label.
  let nextFree = 0;
  let highlighted = '';
  for (const m of marks.sort((a, b) => b.cells - a.cells)) {
    const px = xAt(m.cells);
    const isK = m.cells === K;
    const on = matchesHighlight(m.label, v.highlightThreshold);
    if (on) highlighted = m.label;
    ctx.strokeStyle = on ? mc.highlight : isK ? fg : mc.threshold;
    ctx.lineWidth = on ? 3.5 : isK ? 2 : 1.5;
    ctx.setLineDash(isK || on ? [] : [4, 3]);
    ctx.beginPath();
    ctx.moveTo(px, top - 4);
    ctx.lineTo(px, top + R * s + 4);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = on ? mc.highlight : isK ? fg : mc.threshold;
    const label = isK ? m.label : `${m.label} = ${Math.round(m.cells)}`;
    const tw = ctx.measureText(label).width;
    const lx = isK ? Math.max(2, px - 2) : Math.max(px + 3, nextFree);
    ctx.fillText(label, lx, top - 6);
    nextFree = lx + tw + 10;
  }
  // The output link.
  ctx.fillStyle = fg;
  ctx.textBaseline = 'middle';
  ctx.fillText('→ link', right + 8, top + (R * s) / 2 - 8);
  ctx.fillStyle = cssVar('--muted', '#5c5c66');
  ctx.fillText(
    `${info.topology?.ports[info.focusPort]?.mbps ?? info.scenario.linkMbps} ${METRICS.goodputMbps.unit}`,
    right + 8,
    top + (R * s) / 2 + 8,
  );
  // Occupancy caption.
  ctx.textBaseline = 'top';
  ctx.fillStyle = fg;
  ctx.fillText(caption, pad.l, top + R * s + 8);
  // Drop flashes at the tail (where the refused cells would have gone).
  const tailX = xAt(Math.min(X, K));
  let active = 0;
  for (const f of q.flashes) {
    const age = now - f.wall;
    if (age > FLASH_MS && !v.reducedMotion) continue;
    if (v.reducedMotion && age > FLASH_MS * 2) continue;
    active++;
    const a = v.reducedMotion ? 1 : 1 - age / FLASH_MS;
    const st = reasonStyle(f.reason, v.dark);
    ctx.globalAlpha = Math.max(0, a);
    ctx.strokeStyle = st.color;
    ctx.lineWidth = 3;
    const rad = v.reducedMotion ? 10 : 6 + 10 * (age / FLASH_MS);
    const cy = top + (R - 1 - (f.vc % R)) * s + s / 2;
    ctx.beginPath();
    ctx.arc(tailX - s, Math.min(Math.max(cy, top), top + R * s), rad, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.globalAlpha = 1;
  if (latest && showLatest) {
    // The words in the text colour (readable in both themes), the reason's colour as a swatch.
    const ly = top + R * s + 8 + (twoLines ? lineH : 0);
    ctx.textBaseline = 'top';
    ctx.font = boldFont;
    ctx.textAlign = 'right';
    ctx.fillStyle = fg;
    ctx.fillText(latestText, width - 4, ly);
    ctx.textAlign = 'left';
    const sw = v.presenter ? 12 : 10;
    ctx.fillStyle = reasonStyle(latest.reason, v.dark).color;
    ctx.fillRect(width - 4 - ctx.measureText(latestText).width - sw - 4, ly + 1, sw, sw);
  }
  q.box?.setAttribute('data-caption-lines', twoLines ? '2' : '1');
  q.box?.setAttribute('data-cells-drawn', String(drawn));
  q.box?.setAttribute('data-drops-drawn', String(q.seen.drawnDrops));
  q.box?.setAttribute('data-x', String(X));
  // The words drawn under the grid, for a reader of the page (and the lesson tests).
  q.box?.setAttribute('data-caption', caption);
  q.box?.setAttribute('data-latest-drop', latest && showLatest ? latestText : '');
  q.box?.setAttribute('data-highlight-threshold', highlighted);
  // Keep animating while a flash fades and no batch comes (paused, or the run is over); while
  // the run plays, each batch redraws the view through the frame scheduler, which paces it.
  if (active > 0 && !v.reducedMotion && !q.animating && !store.playing) {
    q.animating = true;
    requestAnimationFrame(() => {
      q.animating = false;
      drawQueue(q);
    });
  }
}

/**
 * View 1: the switch output buffer, cells coloured by VC in arrival order; the head (next to
 * leave on the link) at the right. K and the policy's thresholds are marked; a drop flashes
 * at the tail with the rule that fired.
 */
export function QueueView({
  store,
  view,
  height,
  describedBy,
}: {
  store: RunStore;
  view: ViewState;
  height: number;
  /** The id of the view's description in words (ViewDescription). */
  describedBy?: string;
}) {
  const [box, width] = useWidth<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const state = useRef<QueueDraw | null>(null);
  useRedraw(
    store,
    view,
    () => {
      state.current ??= {
        store,
        view,
        canvas: null,
        box: null,
        width,
        height,
        flashes: [],
        seen: { version: -1, drawnDrops: 0, run: null },
        animating: false,
      };
      const q = state.current;
      Object.assign(q, { store, view, canvas: canvas.current, box: box.current, width, height });
      drawQueue(q);
    },
    [width, height],
    box,
  );

  return (
    <>
      <div
        className="queue-view"
        ref={box}
        data-testid="view-queue"
        style={{ height }}
        onClick={() => {
          // A click on the buffer opens the inspector on the latest drop (the flashing one).
          const rows = store.tables.loss.rows;
          if (rows > 0) view.set({ inspected: dropRecord(store, rows - 1) });
        }}
      >
        <canvas
          ref={canvas}
          role="img"
          aria-label="The switch output buffer: each square is a cell, coloured by VC, oldest at the right next to the link"
          aria-describedby={describedBy}
        />
      </div>
      <ViewLegend store={store} view={view} kind="queue" />
    </>
  );
}

export { PerVcView } from './perVcView';
