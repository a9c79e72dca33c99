import type { Scenario } from '../../sim';
import { DROP_REASONS } from '../../sim';

/** A drop as the model recorded it (one row of the loss probe, domain.md §4 rule inputs). */
export interface DropRecord {
  t: number;
  vc: number;
  conn: number;
  seq: number;
  reason: number;
  cells: number;
  X: number;
  Xi: number;
  Na: number;
  threshold: number;
  extra: number;
}

export interface Explanation {
  /** The rule in words and symbols. */
  rule: string;
  /** The inputs at that instant and the quantities computed from them, in order. */
  values: { name: string; value: string; testId: string }[];
  /** Why the rule fired, with the numbers. */
  verdict: string;
}

/** A number with at most `digits` decimals, trailing zeros after the point removed. */
export const n = (v: number, digits = 0) => {
  if (!Number.isFinite(v)) return '–';
  const s = v.toFixed(digits);
  return digits > 0 ? s.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : s;
};
const f = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '–');

/**
 * Explains a recorded drop: the rule that fired (by its reason) with the inputs the model
 * wrote at that instant (X, X_i, N_a, the threshold, and the rule's extra value), and the
 * quantities derived from them (fair share X/N_a, SD's load X_i·N_a/X, FBA's W(X), DFBA's
 * probability). Pure: it only reads the record and the scenario's parameters.
 */
export function explainDrop(d: DropRecord, s: Scenario): Explanation {
  const base = [
    { name: 'X (cells in buffer)', value: n(d.X), testId: 'X' },
    { name: `X_i (cells of VC ${d.vc})`, value: n(d.Xi), testId: 'Xi' },
    { name: 'N_a (active VCs)', value: n(d.Na), testId: 'Na' },
  ];
  const fair = d.Na > 0 ? d.X / d.Na : NaN;
  const withFair = [...base, { name: 'fair share X/N_a', value: f(fair), testId: 'fair' }];
  const reason = DROP_REASONS[d.reason] ?? `reason ${d.reason}`;
  switch (reason) {
    case 'overflow':
      return {
        rule: 'Plain UBR: a cell is lost when the buffer is full (X = K).',
        values: [...base, { name: 'K', value: n(d.threshold), testId: 'threshold' }],
        verdict: `The buffer held ${n(d.X)} of ${n(d.threshold)} cells: no room for this cell. The frame's other cells still cross the link as dead cells unless PPD/EPD stops them.`,
      };
    case 'ppd':
      return {
        rule: 'Partial Packet Discard (S0 §3.1): once a frame has lost a cell, its remaining cells are discarded (the EOM is kept).',
        values: [...base, { name: 'K', value: n(d.threshold), testId: 'threshold' }],
        verdict: `An earlier cell of this frame overflowed the full buffer; the rest of the frame (${d.cells} cells) is dropped so it does not waste the link.`,
      };
    case 'epd':
      return {
        rule: 'Early Packet Discard (S0 §3.2): a new frame is refused whole when X ≥ R at its first cell.',
        values: [
          ...base,
          { name: 'R (EPD threshold)', value: n(d.threshold), testId: 'threshold' },
        ],
        verdict: `X = ${n(d.X)} ≥ R = ${n(d.threshold)} when the frame's first cell arrived, so all ${d.cells} cells of the frame were refused.`,
      };
    case 'selective': {
      const Z = s.policy === 'eubr' ? s.sdZ : s.sdZ;
      return {
        rule: 'Selective Drop (S1): refuse a frame of VC i when X > R and X_i·N_a/X > Z.',
        values: [
          ...withFair,
          { name: 'R', value: n(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: f(d.extra), testId: 'extra' },
          { name: 'Z', value: f(Z), testId: 'Z' },
        ],
        verdict: `X = ${n(d.X)} > R = ${n(d.threshold)} and VC ${d.vc} holds ${f(d.extra)}× its fair share (> Z = ${f(Z)}): it uses more than its share, so its frame is refused.`,
      };
    }
    case 'fba': {
      const load = d.X > 0 ? (d.Xi * d.Na) / d.X : NaN;
      return {
        rule: 'Fair Buffer Allocation (S1): refuse when X > R and X_i·N_a/X > W(X) = Z·(K − R)/(X − R).',
        values: [
          ...withFair,
          { name: 'R', value: n(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: f(load), testId: 'load' },
          { name: 'W(X)', value: f(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${n(d.X)} > R = ${n(d.threshold)} and VC ${d.vc}'s load ${f(load)} > W(X) = ${f(d.extra)}; W shrinks as the buffer fills, so heavy VCs are refused first.`,
      };
    }
    case 'clp1-threshold':
      return {
        rule: 'Two thresholds (S3): CLP=1 (tagged) frames are refused when X ≥ LBO.',
        values: [...base, { name: 'LBO', value: n(d.threshold), testId: 'threshold' }],
        verdict: `A tagged frame arrived with X = ${n(d.X)} ≥ LBO = ${n(d.threshold)}.`,
      };
    case 'high-threshold':
      return {
        rule: 'Two thresholds (S3): every frame is refused when X ≥ HBO.',
        values: [...base, { name: 'HBO', value: n(d.threshold), testId: 'threshold' }],
        verdict: `X = ${n(d.X)} ≥ HBO = ${n(d.threshold)}.`,
      };
    case 'per-vc-threshold':
      return {
        rule: 'GFR per-VC threshold (S3): refuse a frame of VC i when X ≥ LBO and X_i ≥ T_i = max(2·MFS, K/N).',
        values: [
          ...base,
          { name: 'T_i', value: n(d.threshold), testId: 'threshold' },
          { name: 'LBO', value: n(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${n(d.X)} ≥ LBO = ${n(d.extra)} and X_i = ${n(d.Xi)} ≥ T_i = ${n(d.threshold)}.`,
      };
    case 'fifo-threshold':
      return {
        rule: 'FIFO thresholds (S1): when X_i first exceeds R_i, one frame of VC i is dropped; the rule re-arms below R_i.',
        values: [...base, { name: 'R_i', value: n(d.threshold), testId: 'threshold' }],
        verdict: `X_i = ${n(d.Xi)} crossed R_i = ${n(d.threshold)}.`,
      };
    case 'dfba': {
      const deterministic = d.extra === 1 && (d.threshold === d.X || d.X >= d.threshold);
      return {
        rule: 'DFBA (S1): above H every frame is refused; between L and H CLP=1 frames are, and a CLP=0 frame of a VC above its share X·W_i/W is refused with p = Z_i·(α·(X_i − X·W_i/W)/(X·(1 − W_i/W)) + (1 − α)·(X − L)/(H − L)).',
        values: [
          ...withFair,
          {
            name: deterministic ? 'threshold (H or L)' : 'weighted share X·W_i/W',
            value: n(d.threshold, 1),
            testId: 'threshold',
          },
          { name: 'drop probability p', value: f(d.extra), testId: 'extra' },
        ],
        verdict:
          d.extra >= 1
            ? `A deterministic branch fired (X = ${n(d.X)} against ${n(d.threshold)}).`
            : `X_i = ${n(d.Xi)} exceeds its weighted share ${n(d.threshold, 1)}; the frame was refused with probability ${f(d.extra)}.`,
      };
    }
    case 'eubr':
      return {
        rule: 'EUBR+ (S4): above R the UBR+ test (SD or FBA) refuses frames of heavy VCs; a VC that lost a frame is protected for a guard period (the recovery zone) unless X ≥ P.',
        values: [
          ...withFair,
          { name: 'threshold (R or P)', value: n(d.threshold), testId: 'threshold' },
          { name: 'protected until (s)', value: f(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${n(d.X)} ≥ ${n(d.threshold)}; VC ${d.vc} is now in its recovery zone until ${f(d.extra)} s.`,
      };
    case 'gfr-nonconforming':
      return {
        rule: 'GFR (S3): F-GCRA found the frame not eligible for the MCR guarantee, and gfrAction = discard.',
        values: base,
        verdict: `VC ${d.vc} sent faster than its MCR allows (with burst tolerance MBS).`,
      };
    case 'mfs':
      return {
        rule: 'GFR (S3): cells beyond the maximum frame size MFS are discarded.',
        values: [...base, { name: 'MFS (cells)', value: n(d.threshold), testId: 'threshold' }],
        verdict: `The frame was longer than MFS = ${n(d.threshold)} cells.`,
      };
    default:
      return { rule: reason, values: base, verdict: '' };
  }
}
