/**
 * What each view draws, as data: one legend item per kind of mark, in the colour the view
 * uses for the current theme, and what the legend reads from the run so far. The view
 * registry (registry.ts) gives each view its builder; legend.ts looks it up; the views render
 * the items as a one-line legend (ViewLegend.tsx).
 */
import type { RunInfo } from '../../worker/protocol';
import type { RunStore } from '../data/runStore';
import { StallKind, tcpEventRow } from '../../sim';
import type { ReasonShape } from './palette';
import { deadlockColor, markColors, reasonStyle, seriesColor } from './palette';

const TIMEOUT = tcpEventRow('TIMEOUT');
const FAST_RETX = tcpEventRow('FAST_RETRANSMIT');

/** The glyph of a legend item. */
export type LegendMark =
  | 'swatch' // a filled square (cells, stacked areas, bars)
  | 'line' // a solid line
  | 'dashed' // a dashed line
  | 'dotted' // a dotted vertical line (timeouts)
  | 'tick' // a short vertical tick (segments sent)
  | 'cross' // an ✕ (retransmissions)
  | 'triangle' // a small triangle (fast retransmits)
  | 'band' // a tinted band with a solid edge (deadlocks)
  | 'hollow' // a hollow square (dead cells)
  | 'shape'; // a drop reason's filled shape (LegendItem.shape)

export interface LegendItem {
  mark: LegendMark;
  color: string;
  label: string;
  /** The shape of a 'shape' mark. */
  shape?: ReasonShape;
}

/** What the legend depends on besides the view: the theme, the run and what it has drawn. */
export interface LegendContext {
  dark: boolean;
  /** Connection the time-sequence plot shows (-1: all). */
  selectedConn?: number;
  /** Flagged deadlocks so far: timeout-rescued (b) and stop-and-go (a). */
  stalls?: { timeout: boolean; stopAndGo: boolean };
  /** Drop reason codes seen so far (loss view). */
  reasons?: readonly number[];
  /** Does the per-VC view draw a per-VC limit? */
  limits?: boolean;
  /** Dead cells so far (loss view), while the store holds every row of them. */
  deadCells?: number;
  /** Is the time cursor (the instant the paused run shows) drawn on the time plots? */
  cursor?: boolean;
}

/** At most this many VC swatches; a longer list ends with "…". */
const MAX_VCS = 8;

function vcItems(info: RunInfo, dark: boolean): LegendItem[] {
  const n = Math.min(info.nVc, MAX_VCS);
  const items: LegendItem[] = Array.from({ length: n }, (_, i) => ({
    mark: 'swatch' as const,
    color: seriesColor(i, dark),
    label: `VC ${i}`,
  }));
  if (info.nVc > MAX_VCS) items[n - 1] = { ...items[n - 1], label: `VC ${n - 1} …` };
  return items;
}

/** Do background (CBR/VBR) cells queue in the buffer the views show? */
export function backgroundInBuffer(info: RunInfo): boolean {
  const s = info.scenario;
  return (s.cbrMbps > 0 || s.vbrMbps > 0) && s.cbrSharesBuffer;
}

function thresholdItems(info: RunInfo, dark: boolean): LegendItem[] {
  const K = info.scenario.bufferCells;
  const shown = info.thresholds.some((t) => t.cells > 0 && t.cells < K);
  const m = markColors(dark);
  return shown ? [{ mark: 'dashed', color: m.threshold, label: 'policy threshold' }] : [];
}

/** A view's legend: its items for a run, and what it reads from the run so far. */
export interface LegendDef {
  items(info: RunInfo, ctx: LegendContext): LegendItem[];
  /** The legend's part of the context read from the run so far (stalls, reasons, limits). */
  read?(store: RunStore): Partial<LegendContext>;
  /** A plot over time: it names the time cursor when one is drawn. */
  timePlot?: boolean;
}

const fgOf = (dark: boolean) => (dark ? '#eceef2' : '#1b1f24');

export const queueLegend: LegendDef = {
  items: (info, ctx) => [
    ...vcItems(info, ctx.dark),
    ...(backgroundInBuffer(info)
      ? [
          {
            mark: 'swatch' as const,
            color: markColors(ctx.dark).background,
            label: 'CBR/VBR background',
          },
        ]
      : []),
    ...thresholdItems(info, ctx.dark),
  ],
};

export const occupancyLegend: LegendDef = {
  timePlot: true,
  items: (info, ctx) => {
    const m = markColors(ctx.dark);
    return [
      { mark: 'line', color: m.total, label: 'total X' },
      ...vcItems(info, ctx.dark).map((it) => ({ ...it, label: `${it.label} (X_i)` })),
      ...(backgroundInBuffer(info)
        ? [{ mark: 'swatch' as const, color: m.background, label: 'background' }]
        : []),
      { mark: 'line', color: fgOf(ctx.dark), label: 'K' },
      ...thresholdItems(info, ctx.dark),
    ];
  },
};

export const perVcLegend: LegendDef = {
  items: (_info, ctx) => [
    { mark: 'swatch', color: seriesColor(0, ctx.dark), label: 'X_i of each VC' },
    { mark: 'dashed', color: fgOf(ctx.dark), label: 'fair share X/N_a' },
    ...(ctx.limits
      ? [{ mark: 'line' as const, color: ctx.dark ? '#ff7a6b' : '#c0392b', label: 'per-VC limit' }]
      : []),
  ],
  read: (store) => {
    const buf = store.buffer;
    return { limits: !!buf && Array.from(buf.limits).some(Number.isFinite) };
  },
};

export const timeSeqLegend: LegendDef = {
  timePlot: true,
  items: (_info, ctx) => {
    const m = markColors(ctx.dark);
    const conn = ctx.selectedConn ?? -1;
    const connColor = conn >= 0 ? seriesColor(conn, ctx.dark) : fgOf(ctx.dark);
    const items: LegendItem[] = [
      { mark: 'tick', color: connColor, label: 'segment sent' },
      { mark: 'cross', color: m.retx, label: 'retransmission' },
      { mark: 'line', color: connColor, label: 'ACK' },
      { mark: 'line', color: m.window, label: 'ACK + window' },
      { mark: 'dotted', color: m[TIMEOUT.mark], label: TIMEOUT.short },
      { mark: 'triangle', color: m[FAST_RETX.mark], label: FAST_RETX.words },
    ];
    if (ctx.stalls?.timeout)
      items.push({
        mark: 'band',
        color: deadlockColor('b', ctx.dark),
        label: 'deadlock (b), ends by RTO',
      });
    if (ctx.stalls?.stopAndGo)
      items.push({
        mark: 'band',
        color: deadlockColor('a', ctx.dark),
        label: 'stop-and-go deadlock (a)',
      });
    return items;
  },
  read: (store) => {
    const stalls = store.tables.stalls;
    const kind = store.column('stalls', 'kind');
    let timeout = false;
    let stopAndGo = false;
    for (let i = 0; i < stalls.rows && !(timeout && stopAndGo); i++) {
      if (kind[i] === StallKind.DELAYED_ACK) stopAndGo = true;
      else timeout = true;
    }
    return { stalls: { timeout, stopAndGo } };
  },
};

export const cwndLegend: LegendDef = {
  timePlot: true,
  items: (_info, ctx) => {
    const m = markColors(ctx.dark);
    return [
      { mark: 'line', color: fgOf(ctx.dark), label: 'cwnd' },
      { mark: 'dashed', color: fgOf(ctx.dark), label: 'ssthresh' },
      { mark: 'dotted', color: m[TIMEOUT.mark], label: TIMEOUT.short },
      { mark: 'triangle', color: m[FAST_RETX.mark], label: FAST_RETX.words },
    ];
  },
};

export const lossLegend: LegendDef = {
  timePlot: true,
  items: (_info, ctx) => [
    ...(ctx.reasons ?? []).map((code) => {
      const st = reasonStyle(code, ctx.dark);
      return { mark: 'shape' as const, color: st.color, label: st.label, shape: st.shape };
    }),
    {
      mark: 'hollow',
      color: markColors(ctx.dark).dead,
      label: ctx.deadCells === undefined ? 'dead cells' : `dead cells: ${ctx.deadCells}`,
    },
  ],
  read: (store) => {
    const loss = store.tables.loss;
    const r = store.column('loss', 'reason');
    const seen = new Set<number>();
    for (let i = Math.max(0, loss.rows - 5000); i < loss.rows; i++) seen.add(r[i]);
    const out: Partial<LegendContext> = { reasons: [...seen].sort((a, b) => a - b) };
    const dead = store.tables.dead;
    if (dead.thinned === 0) {
      const cells = store.column('dead', 'cells');
      let n = 0;
      for (let i = 0; i < dead.rows; i++) n += cells[i];
      out.deadCells = n;
    }
    return out;
  },
};
