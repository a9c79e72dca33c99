/**
 * Colour-blind-safe colours (Okabe & Ito, 2008) for VCs and connections, and a separate
 * qualitative set for drop reasons. Colours repeat past eight series; hover names them.
 */
const OKABE_ITO = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];
const OKABE_ITO_DARK = [
  '#56B4E9',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#7fa7ff',
  '#FF7A3D',
  '#F0E442',
];

export function seriesColor(i: number, dark: boolean): string {
  const p = dark ? OKABE_ITO_DARK : OKABE_ITO;
  return p[((i % p.length) + p.length) % p.length];
}

/** Background cells that share the buffer. */
export const BACKGROUND_COLOR = '#8a8a94';

/** Drop reasons by code (DROP_REASONS order), with the words the views use. */
export const REASON_STYLE: { color: string; label: string }[] = [
  { color: '#999999', label: 'none' },
  { color: '#D55E00', label: 'buffer overflow' },
  { color: '#E69F00', label: 'PPD (rest of frame)' },
  { color: '#0072B2', label: 'EPD (R exceeded)' },
  { color: '#009E73', label: 'Selective Drop' },
  { color: '#56B4E9', label: 'FBA' },
  { color: '#CC79A7', label: 'CLP1 threshold (LBO)' },
  { color: '#882255', label: 'high threshold (HBO)' },
  { color: '#44AA99', label: 'per-VC threshold' },
  { color: '#117733', label: 'FIFO threshold R_i' },
  { color: '#AA4499', label: 'DFBA' },
  { color: '#332288', label: 'EUBR+ purge/test' },
  { color: '#DDCC77', label: 'GFR non-conforming' },
  { color: '#888888', label: 'beyond MFS' },
];

export function reasonStyle(code: number): { color: string; label: string } {
  return REASON_STYLE[code] ?? { color: '#999999', label: `reason ${code}` };
}

export const RETX_COLOR = '#D55E00';
export const TIMEOUT_COLOR = '#C00000';
/** Stop-and-go stalls (deadlock a), rescued by the delayed-ACK timer. */
export const STOP_AND_GO_COLOR = '#6A3D9A';
export const FAST_RETX_COLOR = '#E69F00';
