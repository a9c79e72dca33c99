import { DROP_REASON_TABLE } from '../../sim';

/**
 * Colours of every mark the views draw, for the light and the dark theme. The series are
 * Okabe & Ito's colour-blind-safe hues (2008), darkened where the light theme needs it, so
 * that every mark keeps a contrast of at least 3:1 against the plot background and every
 * coloured text 4.5:1 (WCAG 2.1, 1.4.11 and 1.4.3; checked by a unit test over both themes).
 * Colours repeat past seven series; hover names them.
 */
const SERIES_LIGHT = ['#0072B2', '#C27400', '#009E73', '#C0609A', '#3A8FC7', '#D55E00', '#9A8700'];
const SERIES_DARK = ['#56B4E9', '#E69F00', '#009E73', '#CC79A7', '#7fa7ff', '#FF7A3D', '#F0E442'];

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

/** Drop reasons by code: the words the views use and a colour per theme, as the model's table
 * declares them (DROP_REASON_TABLE: the port's reasons and each policy's). */
const REASONS: { label: string; light: string; dark: string }[] = DROP_REASON_TABLE.map((r) => ({
  label: r.label,
  light: r.color.light,
  dark: r.color.dark,
}));

export function reasonStyle(code: number, dark = false): { color: string; label: string } {
  const r = REASONS[code];
  return r
    ? { color: dark ? r.dark : r.light, label: r.label }
    : { color: '#888888', label: `reason ${code}` };
}
