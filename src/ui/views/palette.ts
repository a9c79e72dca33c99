import { DROP_REASON_TABLE } from '../../sim';

/**
 * Colours of every mark the views draw, for the light and the dark theme. The eight series (a
 * VC's or a connection's colour) are eight colours (blue, orange, teal, deep blue, purple, wine,
 * olive, brown) whose lightness and hue were tuned so that any two stay apart under normal vision,
 * protanopia and deuteranopia (Machado et al. 2009, severity 1: at least 21 ΔE*ab in light, 25
 * in dark), and every mark keeps a contrast of at least 3:1 against the plot background (WCAG
 * 2.2, 1.4.11); both are computed by a unit test (tests/unit/ui/views/palette.test.ts). Colours
 * repeat past eight series; the legends name them.
 */
const SERIES_LIGHT = [
  '#0088B8',
  '#D05800',
  '#009888',
  '#0030B8',
  '#780878',
  '#900050',
  '#688048',
  '#584010',
];
const SERIES_DARK = [
  '#0088A8',
  '#C86000',
  '#00C8B0',
  '#1078F8',
  '#F890F8',
  '#C06068',
  '#E0D040',
  '#98C068',
];

export function seriesColor(i: number, dark: boolean): string {
  const p = dark ? SERIES_DARK : SERIES_LIGHT;
  return p[((i % p.length) + p.length) % p.length];
}

/** Background (CBR/VBR) cells that share the buffer. */
export const BACKGROUND_COLOR = '#8a8a94';

export interface MarkColors {
  /** Retransmission timeouts: lines, "RTO" labels, the band of a deadlock (b). */
  timeout: string;
  /** Stop-and-go stalls (deadlock a), rescued by the delayed-ACK timer. */
  stopAndGo: string;
  /** Fast retransmits (triangles). */
  fastRetx: string;
  /** Retransmitted segments (crosses). */
  retx: string;
  /** The receive-window edge, ACK + rwnd. */
  window: string;
  /** Total buffer occupancy X. */
  total: string;
  /** Policy thresholds (dashed) and their labels. */
  threshold: string;
  /** Dead cells (hollow marks). */
  dead: string;
  /** What a lesson or the inspector points at (rings, a highlighted threshold). */
  highlight: string;
  /** Background cells. */
  background: string;
  /** Opacity of the deadlock tint (an edge strip in the full colour marks each band). */
  bandAlpha: number;
}

const MARKS_LIGHT: MarkColors = {
  timeout: '#C00000',
  stopAndGo: '#6A3D9A',
  fastRetx: '#B86E00',
  retx: '#D55E00',
  window: '#808088',
  total: '#222222',
  threshold: '#0072B2',
  dead: '#555555',
  highlight: '#d40000',
  background: BACKGROUND_COLOR,
  bandAlpha: 0.1,
};
const MARKS_DARK: MarkColors = {
  timeout: '#ff5c5c',
  stopAndGo: '#b48cf0',
  fastRetx: '#E69F00',
  retx: '#FF7A3D',
  window: '#8a8a94',
  total: '#eeeeee',
  threshold: '#56B4E9',
  dead: '#bbbbbb',
  highlight: '#ff5c5c',
  background: BACKGROUND_COLOR,
  bandAlpha: 0.2,
};

export function markColors(dark: boolean): MarkColors {
  return dark ? MARKS_DARK : MARKS_LIGHT;
}

/** The two kinds of throughput deadlock (Nakanishi et al., S2): (b) rescued only by a
 * retransmission timeout, (a) stop-and-go, rescued only by the delayed-ACK timer. */
export type DeadlockKind = 'a' | 'b';

/** The one colour of each deadlock kind, used by the bands, the legends and the timeline:
 * (b) the timeout's red, (a) purple. */
export function deadlockColor(kind: DeadlockKind, dark: boolean): string {
  const m = markColors(dark);
  return kind === 'a' ? m.stopAndGo : m.timeout;
}

/** The shape of a drop reason's mark in the loss raster and its legend: the reasons that can
 * fire in one run (the port's, a policy's, GFR's five) never share one. */
export type ReasonShape = 'bar' | 'triangle' | 'diamond' | 'circle' | 'square' | 'cross' | 'plus';

/** Each shape as an SVG path, filled, in a box from −5 to 5 about its centre (the legend draws
 * it in SVG, the raster as a canvas Path2D: one outline for both). */
export const SHAPE_PATHS: Record<ReasonShape, string> = {
  bar: 'M-1.5 -5 H1.5 V5 H-1.5 Z',
  triangle: 'M0 -5 L5 4.5 L-5 4.5 Z',
  diamond: 'M0 -5.5 L5.5 0 L0 5.5 L-5.5 0 Z',
  circle: 'M4.5 0 A4.5 4.5 0 1 1 -4.5 0 A4.5 4.5 0 1 1 4.5 0 Z',
  square: 'M-4 -4 H4 V4 H-4 Z',
  cross: 'M-5 -3 L-3 -5 L0 -2 L3 -5 L5 -3 L2 0 L5 3 L3 5 L0 2 L-3 5 L-5 3 L-2 0 Z',
  plus: 'M-1.6 -5 H1.6 V-1.6 H5 V1.6 H1.6 V5 H-1.6 V1.6 H-5 V-1.6 H-1.6 Z',
};

/** The shape of each drop reason, by the reason's name (a reason not named here: a square). */
const REASON_SHAPES: Record<string, ReasonShape> = {
  overflow: 'bar',
  ppd: 'triangle',
  epd: 'diamond',
  selective: 'circle',
  fba: 'square',
  'clp1-threshold': 'diamond',
  'high-threshold': 'circle',
  'per-vc-threshold': 'square',
  'fifo-threshold': 'circle',
  dfba: 'square',
  eubr: 'circle',
  'gfr-nonconforming': 'cross',
  mfs: 'plus',
  front: 'diamond',
};

/** Drop reasons by code: the words the views use and a colour per theme, as the model's table
 * declares them (DROP_REASON_TABLE: the port's reasons and each policy's), and the shape of
 * their mark. */
const REASONS: { label: string; light: string; dark: string; shape: ReasonShape }[] =
  DROP_REASON_TABLE.map((r) => ({
    label: r.label,
    light: r.color.light,
    dark: r.color.dark,
    shape: REASON_SHAPES[r.name] ?? 'square',
  }));

export interface ReasonStyle {
  color: string;
  label: string;
  shape: ReasonShape;
}

export function reasonStyle(code: number, dark = false): ReasonStyle {
  const r = REASONS[code];
  return r
    ? { color: dark ? r.dark : r.light, label: r.label, shape: r.shape }
    : { color: '#888888', label: `reason ${code}`, shape: 'square' };
}
